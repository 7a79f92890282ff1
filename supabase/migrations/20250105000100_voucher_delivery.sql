-- Gift voucher delivery (issue 17): a voucher bought for someone reaches them.
-- - The buyer gives their name, the recipient's e-mail and, if they like, a delivery date (from
--   today, UK time, up to a year ahead). The voucher is valid for a year from the day it is
--   delivered.
-- - The recipient's e-mail (code, amount, who it is from, their message, how to redeem) goes
--   through an outbox, private.gift_voucher_deliveries: a voucher is claimed by one sender and
--   e-mailed once. The payments function sends a voucher for immediate delivery as soon as the
--   webhook marks it paid; the scheduler's drain (every minute) asks it to send the rest when
--   they are due, and retries whatever a failed send released. A voucher cancelled or refunded
--   before its date is never sent.
-- - Spending a voucher is one helper, private.spend_gift_voucher, used by shop orders and open
--   to any order written in the same transaction (membership setup: see its comment).
-- - The success pages read what the server knows about a checkout session through
--   checkout_session_summary (service role; the payments function answers it by session id).
-- No new table in an exposed schema: two columns on gift_vouchers and a private outbox, so the
-- RLS matrix is unchanged.

-- ============================================================================
-- columns
-- ============================================================================
alter table public.gift_vouchers
  add column buyer_name text check (buyer_name is null or length(btrim(buyer_name)) between 1 and 100),
  add column deliver_on date;

-- What the drain looks for every minute: active vouchers with a recipient.
create index gift_vouchers_to_deliver_idx on public.gift_vouchers (deliver_on)
  where status = 'active' and recipient_email is not null;

-- ============================================================================
-- tables: the delivery outbox
-- ============================================================================
-- A voucher due to its recipient is claimed by one sender (a row here) and e-mailed once; a
-- failed send deletes its claim, so the next drain tries again.
create table private.gift_voucher_deliveries (
  voucher_id bigint primary key references public.gift_vouchers (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz
);

-- Only security-definer functions and the service role touch it.
alter table private.gift_voucher_deliveries enable row level security;
revoke all on private.gift_voucher_deliveries from anon, authenticated;
grant all on private.gift_voucher_deliveries to service_role;

-- ============================================================================
-- functions: when a voucher is due
-- ============================================================================
-- Today in the UK: delivery dates are the buyer's calendar days.
create or replace function private.london_today()
returns date
language sql
stable
set search_path = ''
as $$ select (now() at time zone 'Europe/London')::date $$;

-- A voucher is due to its recipient once it is paid (active) and its delivery date, if any, has
-- come.
create or replace function private.gift_voucher_due(g public.gift_vouchers)
returns boolean
language sql
stable
set search_path = ''
as $$
  select g.status = 'active' and g.recipient_email is not null
    and (g.deliver_on is null or g.deliver_on <= private.london_today())
$$;

revoke all on function private.london_today(), private.gift_voucher_due(public.gift_vouchers) from public;

-- ============================================================================
-- functions: buying a voucher
-- ============================================================================
-- A gift voucher checkout the provider has opened: the order and the pending voucher
-- (create_checkout_order), with who it is from and when it goes. p_voucher holds buyer_name,
-- recipient_name, recipient_email, message and deliver_on ('YYYY-MM-DD', or null for as soon as
-- it is paid). A date before today or over a year ahead, or a date with nobody to send to, is
-- refused (22023) with nothing written.
create or replace function public.create_gift_voucher_order(
  p_email text, p_user_id uuid, p_idempotency_key text, p_session_id text, p_value_pence integer, p_voucher jsonb
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := private.london_today();
  v_deliver_on date := nullif(btrim(coalesce(p_voucher ->> 'deliver_on', '')), '')::date;
  v_order bigint;
begin
  if v_deliver_on is not null then
    if nullif(btrim(coalesce(p_voucher ->> 'recipient_email', '')), '') is null then
      raise exception 'Add the recipient''s e-mail address to choose a delivery date.' using errcode = '22023';
    elsif v_deliver_on < v_today then
      raise exception 'Choose today or a later date.' using errcode = '22023';
    elsif v_deliver_on > (v_today + interval '1 year')::date then
      raise exception 'Choose a date within a year.' using errcode = '22023';
    end if;
  end if;
  v_order := public.create_checkout_order('gift_voucher', p_email, p_user_id, p_idempotency_key, p_session_id, p_value_pence,
    jsonb_build_array(jsonb_build_object('description', 'Gift voucher £' || (p_value_pence / 100)::text, 'quantity', 1,
      'unit_price_pence', p_value_pence)),
    null, null, p_voucher);
  update public.gift_vouchers g
  set buyer_name = nullif(btrim(coalesce(p_voucher ->> 'buyer_name', '')), ''),
    deliver_on = v_deliver_on,
    expires_at = case when v_deliver_on is null then g.expires_at
      else (v_deliver_on::timestamp at time zone 'Europe/London') + interval '1 year' end
  where g.order_id = v_order;
  return v_order;
end;
$$;

-- ============================================================================
-- functions: spending a voucher on an order
-- ============================================================================
-- Spends a gift voucher on a pending order written earlier in the same transaction: the voucher
-- row is locked, the discount is least(balance, order total), and if that is not what the buyer
-- was shown (p_expected_discount, from quote_gift_voucher) nothing is spent (40001). An unusable
-- voucher raises 22023 with the reason. The order keeps its subtotal, the discount and the
-- voucher; a voucher spent in full is redeemed. An order the voucher covers in full is paid at
-- once, with what it pays for (a deposit paid, a membership active), as the webhook would.
-- Cancelled, failed or refunded later, the order gives the voucher its part back
-- (private.order_status_followups).
-- Shop orders call it from create_shop_order. A membership checkout calls it the same way from
-- its own RPC, right after the order is written:
--   v := private.spend_gift_voucher(v_order, p_voucher_code, p_expected_discount);
-- with the provider session opened for the total minus the quoted discount (or no session, id
-- 'cs_voucher_…', when the voucher covers everything).
create or replace function private.spend_gift_voucher(p_order_id bigint, p_code text, p_expected_discount integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.orders;
  v public.gift_vouchers;
  v_problem text;
  v_subtotal integer;
  v_discount integer;
begin
  select * into o from public.orders where id = p_order_id for update;
  if not found or o.status <> 'pending' or o.redeemed_voucher_id is not null then
    raise exception 'Only an unpaid order without a voucher can take a gift voucher' using errcode = '22023';
  end if;
  if o.kind = 'gift_voucher' then
    raise exception 'A gift voucher cannot pay for another gift voucher.' using errcode = '22023';
  end if;
  select * into v from public.gift_vouchers g where g.code = private.normal_voucher_code(p_code) for update;
  v_problem := private.voucher_problem(v);
  if v_problem is not null then
    raise exception '%', v_problem using errcode = '22023';
  end if;
  v_subtotal := coalesce(o.subtotal_pence, o.total_pence);
  v_discount := least(v.balance_pence, o.total_pence);
  if v_discount is distinct from coalesce(p_expected_discount, 0) then
    raise exception 'The gift voucher balance changed while you were checking out: check the new total and try again.'
      using errcode = '40001';
  end if;
  update public.orders
  set subtotal_pence = v_subtotal, discount_pence = v_discount, total_pence = o.total_pence - v_discount, redeemed_voucher_id = v.id
  where id = o.id;
  if v_discount > 0 then
    update public.gift_vouchers g
    set balance_pence = g.balance_pence - v_discount,
      status = case when g.balance_pence - v_discount = 0 then 'redeemed' else g.status end,
      redeemed_at = case when g.balance_pence - v_discount = 0 then now() end,
      redeemed_order_id = case when g.balance_pence - v_discount = 0 then o.id else g.redeemed_order_id end
    where g.id = v.id;
  end if;
  if o.total_pence - v_discount = 0 then
    update public.orders set status = 'paid' where id = o.id;
    update public.deposits set status = 'paid' where order_id = o.id and status = 'pending';
    update public.memberships set status = 'active' where order_id = o.id and status = 'pending';
  end if;
  return jsonb_build_object('order_id', o.id, 'subtotal_pence', v_subtotal, 'discount_pence', v_discount,
    'total_pence', o.total_pence - v_discount, 'status', case when o.total_pence - v_discount = 0 then 'paid' else 'pending' end);
end;
$$;

revoke all on function private.spend_gift_voucher(bigint, text, integer) from public;

-- A shop order (public checkout, or a staff checkout link with p_created_by), optionally paying
-- part or all of it with a gift voucher: as in 20250103000200_admin_commerce.sql, now spending
-- through private.spend_gift_voucher, the one owner of that rule.
create or replace function public.create_shop_order(
  p_email text, p_user_id uuid, p_idempotency_key text, p_session_id text, p_items jsonb,
  p_voucher_code text default null, p_expected_discount integer default 0, p_created_by uuid default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_subtotal integer;
  v_order bigint;
  v_with_voucher boolean := nullif(btrim(coalesce(p_voucher_code, '')), '') is not null;
begin
  select coalesce(sum((i ->> 'quantity')::integer * (i ->> 'unit_price_pence')::integer), 0)::integer into v_subtotal
  from jsonb_array_elements(p_items) i;
  if not v_with_voucher and coalesce(p_expected_discount, 0) <> 0 then
    raise exception 'The gift voucher balance changed while you were checking out: check the new total and try again.'
      using errcode = '40001';
  end if;
  v_order := public.create_checkout_order('shop', p_email, p_user_id, p_idempotency_key, p_session_id, v_subtotal, p_items);
  update public.orders set subtotal_pence = v_subtotal, created_by = p_created_by where id = v_order;
  if v_with_voucher then
    return private.spend_gift_voucher(v_order, p_voucher_code, p_expected_discount);
  end if;
  if v_subtotal = 0 then
    update public.orders set status = 'paid' where id = v_order;
  end if;
  return jsonb_build_object('order_id', v_order, 'subtotal_pence', v_subtotal, 'discount_pence', 0,
    'total_pence', v_subtotal, 'status', case when v_subtotal = 0 then 'paid' else 'pending' end);
end;
$$;

-- ============================================================================
-- functions: the delivery outbox (service role: the payments function)
-- ============================================================================
-- Claims the vouchers due to their recipients that nobody has e-mailed (one voucher, or all),
-- and returns what each e-mail needs. Two senders at once never claim one voucher twice.
create or replace function public.claim_gift_voucher_deliveries(p_voucher_id bigint default null)
returns table (voucher_id bigint, code text, value_pence integer, buyer_name text, buyer_email text,
  recipient_name text, recipient_email text, message text, deliver_on date, expires_at timestamptz)
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
    g.deliver_on, g.expires_at
  from claimed c
  join public.gift_vouchers g on g.id = c.voucher_id
  order by g.id;
end;
$$;

-- Records which claimed vouchers were e-mailed; the others are released for the next drain.
create or replace function public.finish_gift_voucher_deliveries(p_sent bigint[], p_failed bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  update private.gift_voucher_deliveries set sent_at = now() where voucher_id = any (p_sent) and sent_at is null;
  delete from private.gift_voucher_deliveries where voucher_id = any (p_failed) and sent_at is null;
$$;

-- ============================================================================
-- functions: what the success pages show (service role: the payments function, by session id)
-- ============================================================================
-- The order behind a checkout session as its buyer may see it: status, amounts, what was bought,
-- where (a deposit's or membership's site), and for a gift voucher to whom and when it goes and
-- whether it has been sent. Never the voucher code or the buyer's details. Null when no order
-- has that session.
create or replace function public.checkout_session_summary(p_session_id text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'status', o.status, 'kind', o.kind, 'total_pence', o.total_pence,
    'subtotal_pence', coalesce(o.subtotal_pence, o.total_pence), 'discount_pence', o.discount_pence,
    'items', coalesce((select jsonb_agg(jsonb_build_object('description', i.description, 'quantity', i.quantity,
      'unit_price_pence', i.unit_price_pence) order by i.id) from public.order_items i where i.order_id = o.id), '[]'::jsonb),
    'site', coalesce(
      (select s.location from public.deposits d join public.global_sites s on s.id = d.site_id where d.order_id = o.id limit 1),
      (select s.location from public.memberships m join public.global_sites s on s.id = m.site_id where m.order_id = o.id limit 1)),
    'voucher', (select jsonb_build_object('value_pence', g.value_pence, 'status', g.status, 'recipient_name', g.recipient_name,
        'recipient_email', g.recipient_email, 'deliver_on', g.deliver_on, 'sent_at', d.sent_at, 'expires_at', g.expires_at)
      from public.gift_vouchers g left join private.gift_voucher_deliveries d on d.voucher_id = g.id
      where g.order_id = o.id limit 1))
  from public.orders o
  where o.checkout_session_id = p_session_id
$$;

-- ============================================================================
-- functions: the scheduler's drain (20250104000000_scheduled_work.sql), with vouchers
-- ============================================================================
-- Asks the functions that own an outbox to drain it, when it holds something. Returns how many
-- requests it queued. The first two checks are as before; the third asks the payments function
-- to send the gift vouchers that are due and not yet e-mailed.
create or replace function private.drain_notification_outboxes()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_queued integer := 0;
begin
  -- Live offers nobody has e-mailed (a claim that failed is released by its notifier).
  if exists (
    select 1 from public.plot_offers o
    where o.status = 'offered' and not exists (select 1 from private.offer_notifications n where n.offer_id = o.id)
  ) then
    if private.post_to_function('waiting-list-process', '{"action": "notify"}') is not null then
      v_queued := v_queued + 1;
    end if;
  end if;
  -- Guests of welcome slots staff cancelled who have not been told.
  if exists (
    select 1 from public.welcome_slot_bookings b
    where b.status = 'cancelled' and b.cancelled_by = 'staff'
      and not exists (select 1 from private.welcome_slot_cancellation_notices n where n.booking_id = b.id)
  ) then
    if private.post_to_function('bookings', '{"action": "notify"}') is not null then
      v_queued := v_queued + 1;
    end if;
  end if;
  -- Gift vouchers due to their recipients that nobody has e-mailed.
  if exists (
    select 1 from public.gift_vouchers g
    where g.status = 'active' and g.recipient_email is not null and private.gift_voucher_due(g)
      and not exists (select 1 from private.gift_voucher_deliveries d where d.voucher_id = g.id)
  ) then
    if private.post_to_function('payments/deliver-vouchers', '{"action": "deliver_vouchers"}') is not null then
      v_queued := v_queued + 1;
    end if;
  end if;
  return v_queued;
end;
$$;

-- ============================================================================
-- grants
-- ============================================================================
revoke all on function public.create_gift_voucher_order(text, uuid, text, text, integer, jsonb),
  public.claim_gift_voucher_deliveries(bigint), public.finish_gift_voucher_deliveries(bigint[], bigint[]),
  public.checkout_session_summary(text) from public, anon, authenticated;
grant execute on function public.create_gift_voucher_order(text, uuid, text, text, integer, jsonb),
  public.claim_gift_voucher_deliveries(bigint), public.finish_gift_voucher_deliveries(bigint[], bigint[]),
  public.checkout_session_summary(text) to service_role;
