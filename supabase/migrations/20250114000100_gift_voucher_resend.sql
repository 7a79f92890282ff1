-- Sending a gift voucher again. A buyer who mistyped the recipient's address, or a recipient who
-- lost the e-mail, had nobody to turn to: the voucher went once, to the address typed, and staff
-- could not even see where. Admins now see on the order's page to whom and when it went, and may
-- send it again, to the same address or a corrected one: the voucher's delivery is released and
-- the payments function's sender mails it once more (a new idempotency key per round, so the
-- e-mail provider does not drop it as a repeat). The change of address is in the audit log.

-- == Tables ==

alter table public.gift_vouchers
  add column if not exists resent_count integer not null default 0 check (resent_count >= 0);
comment on column public.gift_vouchers.resent_count is
  'How many times staff sent the voucher again (resend_gift_voucher); part of its e-mail''s idempotency key.';

-- == Functions ==

-- When the voucher's e-mail went (null: not yet). Admins only; the delivery outbox is private.
create or replace function public.gift_voucher_sent_at(p_voucher_id bigint)
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins may see a gift voucher''s delivery' using errcode = '42501';
  end if;
  return (select d.sent_at from private.gift_voucher_deliveries d where d.voucher_id = p_voucher_id);
end;
$$;

-- Sends a voucher again, to p_recipient_email (the same address or a corrected one). Only a
-- voucher that can still be spent (paid, with a balance, not expired) is sent. A voucher whose
-- delivery date is still ahead keeps its date, to the new address; one already sent (or due) is
-- released for the sender at once. Returns the voucher as it now stands.
create or replace function public.resend_gift_voucher(p_voucher_id bigint, p_recipient_email text)
returns public.gift_vouchers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.gift_vouchers;
  v_email text := btrim(coalesce(p_recipient_email, ''));
begin
  if not private.is_admin() then
    raise exception 'Only admins may send a gift voucher again' using errcode = '42501';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 254 then
    raise exception 'Enter a valid e-mail address, like name@example.com.' using errcode = '22023';
  end if;
  select * into v from public.gift_vouchers g where g.id = p_voucher_id for update;
  if not found then
    raise exception 'There is no such gift voucher.' using errcode = 'PT404';
  end if;
  if v.status <> 'active' or v.balance_pence = 0 or (v.expires_at is not null and v.expires_at <= now()) then
    raise exception 'This gift voucher can no longer be spent (%), so it is not sent again.',
      case when v.status = 'pending' then 'not paid for'
        when v.status = 'cancelled' then 'cancelled'
        when v.status = 'redeemed' or v.balance_pence = 0 then 'used in full'
        else 'expired' end
      using errcode = '22023';
  end if;
  update public.gift_vouchers g
  set recipient_email = v_email, resent_count = g.resent_count + 1
  where g.id = v.id
  returning * into v;
  delete from private.gift_voucher_deliveries d where d.voucher_id = v.id;
  return v;
end;
$$;

-- The sender's claim now says which round it is (resent_count), for the e-mail's idempotency key.
drop function if exists public.claim_gift_voucher_deliveries(bigint);
create function public.claim_gift_voucher_deliveries(p_voucher_id bigint default null)
returns table (voucher_id bigint, code text, value_pence integer, buyer_name text, buyer_email text,
  recipient_name text, recipient_email text, message text, deliver_on date, expires_at timestamptz,
  resent_count integer)
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with claimed as (
    insert into private.gift_voucher_deliveries (voucher_id)
    select g.id from public.gift_vouchers g
    where private.gift_voucher_due(g) and (p_voucher_id is null or g.id = p_voucher_id)
      and not exists (select 1 from private.gift_voucher_deliveries d where d.voucher_id = g.id)
    on conflict do nothing
    returning gift_voucher_deliveries.voucher_id
  )
  select g.id, g.code, g.value_pence, g.buyer_name, g.buyer_email, g.recipient_name, g.recipient_email, g.message,
    g.deliver_on, g.expires_at, g.resent_count
  from claimed c
  join public.gift_vouchers g on g.id = c.voucher_id
  order by g.id;
end;
$$;

-- == Grants ==

revoke all on function public.claim_gift_voucher_deliveries(bigint) from public, anon, authenticated;
grant execute on function public.claim_gift_voucher_deliveries(bigint) to service_role;
revoke all on function public.gift_voucher_sent_at(bigint), public.resend_gift_voucher(bigint, text) from public, anon;
grant execute on function public.gift_voucher_sent_at(bigint), public.resend_gift_voucher(bigint, text)
  to authenticated, service_role;
