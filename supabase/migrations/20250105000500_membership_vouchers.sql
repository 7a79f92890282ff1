-- A gift voucher pays towards a new membership (issue 17): the recipient's e-mail says the code
-- works at membership set-up as well as in the shop, so the membership checkout spends it the
-- same way a shop order does, through private.spend_gift_voucher (20250105000100), in the same
-- transaction as the order, the pending membership and the deposit. The voucher takes off the
-- first payment (first period, joining fee, deposit); when it covers all of it the order is paid
-- at once and the membership is active, as the webhook would make it.
--
-- The signature grows two parameters with defaults, so callers without a voucher are unchanged;
-- the old one is dropped so there is one function to grant and to call.

drop function if exists public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text);

create or replace function public.create_membership_order(
  p_email text, p_user_id uuid, p_idempotency_key text, p_session_id text, p_total_pence integer, p_items jsonb,
  p_site_id bigint, p_plan_id bigint, p_member jsonb, p_deposit_pence integer, p_offer_token text default null,
  p_voucher_code text default null, p_expected_discount integer default 0
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order bigint;
  v_with_voucher boolean := nullif(btrim(coalesce(p_voucher_code, '')), '') is not null;
begin
  if p_user_id is null then
    raise exception 'Sign in to become a member' using errcode = '42501';
  end if;
  if not v_with_voucher and coalesce(p_expected_discount, 0) <> 0 then
    raise exception 'The gift voucher balance changed while you were checking out: check the new total and try again.'
      using errcode = '40001';
  end if;
  if p_offer_token is not null then
    update public.waiting_list_entries e set user_id = p_user_id
    from public.plot_offers o
    where o.response_token = p_offer_token and o.entry_id = e.id and o.status = 'accepted' and o.site_id = p_site_id
      and e.user_id is null;
  end if;
  v_order := public.create_checkout_order('membership', p_email, p_user_id, p_idempotency_key, p_session_id, p_total_pence,
    p_items, p_site_id, p_plan_id, null, p_member);
  if coalesce(p_deposit_pence, 0) > 0 then
    insert into public.deposits (user_id, email, site_id, order_id, amount_pence, status)
    values (p_user_id, p_email, p_site_id, v_order, p_deposit_pence, 'pending');
  end if;
  -- After the deposit row, so a voucher that covers everything marks the deposit paid too.
  if v_with_voucher then
    perform private.spend_gift_voucher(v_order, p_voucher_code, p_expected_discount);
  end if;
  return v_order;
end;
$$;

revoke all on function public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text, text, integer)
  from public, anon, authenticated;
grant execute on function public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text, text, integer)
  to service_role;
