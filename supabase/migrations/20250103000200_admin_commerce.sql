-- Admin commerce (issue 9) and gift-voucher redemption at checkout (issue 6).
-- Gift vouchers keep a balance: a shop checkout may spend part or all of it, held on the order
-- while it is pending and given back if the checkout is cancelled, fails or is refunded. Staff
-- refund paid orders through the payment provider (the refund event, from the provider's webhook
-- or its synchronous answer, marks payment and order refunded once), create checkout links for a
-- person (phone sales), and read store figures and sales reports. Product images are https links
-- or small inline images of the allowed types (png, gif, jpeg, bmp, icon), checked by MIME type
-- and by their leading bytes. Every staff change is written to audit_log by the existing triggers.
-- No new tables: columns on orders, payments and gift_vouchers, so the RLS matrix is unchanged.

-- ============================================================================
-- columns and checks
-- ============================================================================
alter table public.gift_vouchers add column balance_pence integer;
update public.gift_vouchers set balance_pence = case when status = 'redeemed' then 0 else value_pence end;

-- A new voucher starts with its whole value (create_checkout_order and the seed do not name it).
create or replace function private.voucher_default_balance()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.balance_pence := coalesce(new.balance_pence, new.value_pence);
  return new;
end;
$$;
revoke all on function private.voucher_default_balance() from public;
create trigger gift_vouchers_default_balance before insert on public.gift_vouchers
  for each row execute function private.voucher_default_balance();

alter table public.gift_vouchers
  alter column balance_pence set not null,
  add constraint gift_vouchers_balance_within_value check (balance_pence between 0 and value_pence);

alter table public.orders
  add column subtotal_pence integer check (subtotal_pence is null or subtotal_pence >= 0),
  add column discount_pence integer not null default 0 check (discount_pence >= 0),
  add column redeemed_voucher_id bigint references public.gift_vouchers (id) on delete set null,
  add column created_by uuid references auth.users (id) on delete set null,
  add column refund_requested_at timestamptz,
  add column refund_requested_by uuid references auth.users (id) on delete set null,
  add column refund_reason text check (refund_reason is null or length(refund_reason) between 3 and 500),
  add column refunded_at timestamptz,
  add constraint orders_discount_within_subtotal check (subtotal_pence is null or discount_pence <= subtotal_pence);
create index orders_redeemed_voucher_id_idx on public.orders (redeemed_voucher_id);
create index orders_created_by_idx on public.orders (created_by);
create index orders_refund_requested_by_idx on public.orders (refund_requested_by);
create index orders_status_created_at_idx on public.orders (status, created_at desc);
create index orders_created_at_idx on public.orders (created_at desc);

alter table public.payments
  add column refund_ref text,
  add column refunded_at timestamptz;
create index payments_status_created_at_idx on public.payments (status, created_at desc);

-- An inline product image: data:image/<png|gif|jpeg|bmp|icon>;base64,… whose first bytes are
-- that format's signature, at most ~500 KB; or an https link.
create or replace function private.valid_product_image(p_url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_url is null
    or p_url ~ '^https://[^\s]+$'
    or (length(p_url) <= 700000 and case substring(p_url from '^data:(image/[a-z.+-]+);base64,')
      when 'image/png' then p_url like 'data:image/png;base64,iVBORw0KGgo%'
      when 'image/gif' then p_url like 'data:image/gif;base64,R0lGOD%'
      when 'image/jpeg' then p_url like 'data:image/jpeg;base64,/9j/%'
      when 'image/bmp' then p_url like 'data:image/bmp;base64,Qk%'
      when 'image/x-icon' then p_url like 'data:image/x-icon;base64,AAABAA%'
      when 'image/vnd.microsoft.icon' then p_url like 'data:image/vnd.microsoft.icon;base64,AAABAA%'
      else false end
      and p_url ~ '^data:image/[a-z.+-]+;base64,[A-Za-z0-9+/]+={0,2}$')
$$;
revoke all on function private.valid_product_image(text) from public;
grant execute on function private.valid_product_image(text) to authenticated, service_role;

alter table public.products
  add constraint products_image_allowed check (private.valid_product_image(image_url)),
  add constraint products_name_length check (length(btrim(name)) between 1 and 120),
  add constraint products_price_limit check (price_pence <= 1000000),
  add constraint products_description_length check (description is null or length(description) <= 2000);
alter table public.product_categories
  add constraint product_categories_name_length check (length(btrim(name)) between 1 and 80);
alter table public.plans
  add constraint plans_name_length check (length(btrim(name)) between 1 and 80),
  add constraint plans_price_limit check (price_pence <= 1000000),
  add constraint plans_description_length check (description is null or length(description) <= 1000);
alter table public.joining_fees
  add constraint joining_fees_amount_limit check (amount_pence <= 100000);

-- ============================================================================
-- functions: gift vouchers at checkout
-- ============================================================================
-- Why a voucher cannot be spent, or null when it can. Codes are matched as printed (ABCD-1234-EF56),
-- whatever the case, spaces or dashes typed.
create or replace function private.voucher_problem(v public.gift_vouchers)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when v.id is null then 'That gift voucher code is not valid.'
    when v.status = 'pending' then 'That gift voucher has not been paid for yet.'
    when v.status = 'cancelled' then 'That gift voucher has been cancelled.'
    when v.status = 'redeemed' or v.balance_pence = 0 then 'That gift voucher has already been used in full.'
    when v.expires_at is not null and v.expires_at <= now() then
      'That gift voucher expired on ' || to_char(v.expires_at at time zone 'Europe/London', 'FMDD Mon YYYY') || '.'
  end
$$;
revoke all on function private.voucher_problem(public.gift_vouchers) from public;

create or replace function private.normal_voucher_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when length(c) = 12 then substr(c, 1, 4) || '-' || substr(c, 5, 4) || '-' || substr(c, 9, 4) else c end
  from (select upper(regexp_replace(coalesce(p_code, ''), '[\s-]', '', 'g')) as c) n
$$;
revoke all on function private.normal_voucher_code(text) from public;

-- What a voucher would take off a total, without spending it (the checkout form's preview).
-- Raises 22023 with the reason when it cannot be used.
create or replace function public.quote_gift_voucher(p_code text, p_total_pence integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v public.gift_vouchers;
  v_problem text;
begin
  select * into v from public.gift_vouchers g where g.code = private.normal_voucher_code(p_code);
  v_problem := private.voucher_problem(v);
  if v_problem is not null then
    raise exception '%', v_problem using errcode = '22023';
  end if;
  return jsonb_build_object('code', v.code, 'balance_pence', v.balance_pence, 'expires_at', v.expires_at,
    'discount_pence', least(v.balance_pence, greatest(p_total_pence, 0)),
    'total_pence', greatest(p_total_pence, 0) - least(v.balance_pence, greatest(p_total_pence, 0)));
end;
$$;

-- A shop order (public checkout, or a staff checkout link with p_created_by), optionally paying
-- part or all of it with a gift voucher. The voucher row is locked, so two checkouts spending the
-- same voucher at once take its balance one after the other: the second sees what is left and,
-- if that differs from what its buyer was shown (p_expected_discount), is refused with nothing
-- written. An order the voucher covers in full is paid at once (no provider session).
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
  v public.gift_vouchers;
  v_problem text;
  v_subtotal integer;
  v_discount integer := 0;
  v_order bigint;
  v_status text := 'pending';
begin
  select coalesce(sum((i ->> 'quantity')::integer * (i ->> 'unit_price_pence')::integer), 0)::integer into v_subtotal
  from jsonb_array_elements(p_items) i;
  if nullif(btrim(coalesce(p_voucher_code, '')), '') is not null then
    select * into v from public.gift_vouchers g where g.code = private.normal_voucher_code(p_voucher_code) for update;
    v_problem := private.voucher_problem(v);
    if v_problem is not null then
      raise exception '%', v_problem using errcode = '22023';
    end if;
    v_discount := least(v.balance_pence, v_subtotal);
  end if;
  if v_discount is distinct from coalesce(p_expected_discount, 0) then
    raise exception 'The gift voucher balance changed while you were checking out: check the new total and try again.'
      using errcode = '40001';
  end if;
  v_order := public.create_checkout_order('shop', p_email, p_user_id, p_idempotency_key, p_session_id,
    v_subtotal - v_discount, p_items);
  update public.orders
  set subtotal_pence = v_subtotal, discount_pence = v_discount, redeemed_voucher_id = v.id, created_by = p_created_by
  where id = v_order;
  if v_discount > 0 then
    update public.gift_vouchers g
    set balance_pence = g.balance_pence - v_discount,
      status = case when g.balance_pence - v_discount = 0 then 'redeemed' else g.status end,
      redeemed_at = case when g.balance_pence - v_discount = 0 then now() end,
      redeemed_order_id = case when g.balance_pence - v_discount = 0 then v_order else g.redeemed_order_id end
    where g.id = v.id;
  end if;
  if v_subtotal - v_discount = 0 then
    update public.orders set status = 'paid' where id = v_order;
    v_status := 'paid';
  end if;
  return jsonb_build_object('order_id', v_order, 'subtotal_pence', v_subtotal, 'discount_pence', v_discount,
    'total_pence', v_subtotal - v_discount, 'status', v_status);
end;
$$;

-- ============================================================================
-- functions: what follows an order's status
-- ============================================================================
-- Paid: stock goes down. Cancelled, failed or refunded: a gift voucher spent on it gets that
-- amount back (and is usable again); a refunded deposit is marked refunded; a refunded gift
-- voucher purchase cancels the voucher.
create or replace function private.order_status_followups()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'pending' and new.status = 'paid' then
    update public.products p set stock = greatest(p.stock - i.quantity, 0)
    from public.order_items i
    where i.order_id = new.id and i.product_id = p.id and p.stock is not null;
  end if;
  if new.redeemed_voucher_id is not null and new.discount_pence > 0
     and ((old.status = 'pending' and new.status in ('cancelled', 'failed')) or (old.status = 'paid' and new.status = 'refunded')) then
    update public.gift_vouchers g
    set balance_pence = least(g.value_pence, g.balance_pence + new.discount_pence),
      status = case when g.status = 'redeemed' then 'active' else g.status end,
      redeemed_at = null,
      redeemed_order_id = null
    where g.id = new.redeemed_voucher_id;
  end if;
  if old.status = 'paid' and new.status = 'refunded' then
    update public.deposits set status = 'refunded' where order_id = new.id and status = 'paid';
    update public.gift_vouchers set status = 'cancelled', balance_pence = 0 where order_id = new.id and status = 'active';
    update public.memberships set status = 'cancelled' where order_id = new.id and status in ('pending', 'active');
  end if;
  return new;
end;
$$;
revoke all on function private.order_status_followups() from public;
create trigger orders_status_followups after update of status on public.orders
  for each row when (old.status is distinct from new.status) execute function private.order_status_followups();

-- ============================================================================
-- functions: refunds
-- ============================================================================
-- An admin asks for a paid order to be refunded in full (the payments function then asks the
-- provider). Asking again returns the same request. An order paid wholly by gift voucher is
-- refunded at once (the voucher gets its balance back). A gift voucher that has been spent
-- cannot be refunded.
create or replace function public.request_order_refund(p_order_id bigint, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.orders;
  p public.payments;
begin
  if not private.is_admin() then
    raise exception 'Only admins can refund orders' using errcode = '42501';
  end if;
  if p_reason is null or length(btrim(p_reason)) < 3 or length(btrim(p_reason)) > 500 then
    raise exception 'Give the reason for the refund (3 to 500 characters).' using errcode = '22023';
  end if;
  select * into o from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'There is no order %.', p_order_id using errcode = 'P0002';
  end if;
  if o.status = 'refunded' then
    return jsonb_build_object('order_id', o.id, 'status', 'refunded', 'amount_pence', o.total_pence, 'repeated', true);
  end if;
  if o.status <> 'paid' then
    raise exception 'Only a paid order can be refunded; this one is %.', o.status using errcode = '22023';
  end if;
  if exists (select 1 from public.gift_vouchers g where g.order_id = o.id and g.balance_pence < g.value_pence) then
    raise exception 'The gift voucher bought with this order has been spent, so the order cannot be refunded.' using errcode = '22023';
  end if;
  if o.refund_requested_at is null then
    update public.orders set refund_requested_at = now(), refund_requested_by = auth.uid(), refund_reason = btrim(p_reason)
    where id = o.id;
  end if;
  select * into p from public.payments where order_id = o.id and status = 'succeeded' order by id desc limit 1;
  if p.id is null then
    if o.total_pence = 0 then
      update public.orders set status = 'refunded', refunded_at = now() where id = o.id;
      return jsonb_build_object('order_id', o.id, 'status', 'refunded', 'amount_pence', 0);
    end if;
    raise exception 'This order has no successful payment to refund.' using errcode = '22023';
  end if;
  return jsonb_build_object('order_id', o.id, 'status', 'requested', 'provider', p.provider,
    'payment_ref', p.provider_ref, 'amount_pence', p.amount_pence);
end;
$$;

-- Applies one refund event (the provider's webhook, or its synchronous answer to our request).
-- A redelivered event id changes nothing ('duplicate'); a second event for a payment already
-- refunded changes nothing either. Only full refunds change statuses.
create or replace function public.apply_refund_event(
  p_provider text, p_event_id text, p_payment_ref text, p_refund_ref text, p_amount_pence integer, p_status text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.payments;
  v_outcome text;
begin
  perform 1 from private.webhook_events where provider = p_provider and event_id = p_event_id;
  if found then
    return 'duplicate';
  end if;
  select * into p from public.payments where provider = p_provider and provider_ref = p_payment_ref for update;
  if not found then
    v_outcome := 'ignored: unknown payment';
  elsif p_status in ('failed', 'canceled') then
    update public.orders set refund_requested_at = null, refund_requested_by = null
    where id = p.order_id and status = 'paid';
    v_outcome := 'refund failed';
  elsif p_status <> 'succeeded' then
    v_outcome := 'ignored: refund ' || coalesce(p_status, 'unknown');
  elsif p.status = 'refunded' then
    v_outcome := 'ignored: already refunded';
  elsif p_amount_pence is distinct from p.amount_pence then
    v_outcome := 'ignored: partial refund';
  else
    update public.payments set status = 'refunded', refund_ref = p_refund_ref, refunded_at = now() where id = p.id;
    update public.orders set status = 'refunded', refunded_at = now(), refund_requested_at = coalesce(refund_requested_at, now())
    where id = p.order_id and status = 'paid';
    v_outcome := 'refunded';
  end if;
  insert into private.webhook_events (provider, event_id, type, session_id, outcome)
  values (p_provider, p_event_id, 'refund', null, v_outcome)
  on conflict (provider, event_id) do nothing;
  if not found then
    raise exception 'duplicate event' using errcode = '40001';
  end if;
  return v_outcome;
end;
$$;

-- The local payment provider's earlier call with an idempotency key (a repeated refund request
-- gets the same refund, as Stripe does).
create or replace function public.local_provider_call(p_operation text, p_key text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select c.request from private.provider_calls c
  where c.provider = 'payments' and c.operation = p_operation and c.request ->> 'idempotency_key' = p_key
  order by c.id desc
  limit 1
$$;

-- ============================================================================
-- functions: store figures and reports (admins; RLS applies as well)
-- ============================================================================
create or replace function private.require_admin(p_what text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only admins can read %', p_what using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_admin(text) from public;
grant execute on function private.require_admin(text) to authenticated;

-- Sales today, this week (from Monday) and this month (UK time), top products of the last 30
-- days, gift vouchers sold and redeemed this month.
create or replace function public.store_dashboard()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_now timestamp := now() at time zone 'Europe/London';
  v_month timestamptz := date_trunc('month', v_now) at time zone 'Europe/London';
begin
  perform private.require_admin('the store figures');
  return jsonb_build_object(
    'sales', (
      select jsonb_object_agg(p.k, jsonb_build_object('orders', coalesce(s.n, 0), 'total_pence', coalesce(s.t, 0)))
      from (values ('today', date_trunc('day', v_now) at time zone 'Europe/London'),
                   ('week', date_trunc('week', v_now) at time zone 'Europe/London'),
                   ('month', v_month)) p (k, since)
      left join lateral (
        select count(*) n, sum(o.total_pence) t from public.orders o where o.status = 'paid' and o.created_at >= p.since
      ) s on true
    ),
    'top_products', (
      select coalesce(jsonb_agg(x order by x.quantity desc, x.name), '[]'::jsonb)
      from (
        select i.product_id, max(i.description) as name, sum(i.quantity)::integer as quantity,
          sum(i.quantity * i.unit_price_pence)::bigint as total_pence
        from public.order_items i join public.orders o on o.id = i.order_id
        where o.status = 'paid' and i.product_id is not null and o.created_at >= now() - interval '30 days'
        group by i.product_id
        order by 3 desc, 2
        limit 5
      ) x
    ),
    'vouchers', jsonb_build_object(
      'sold', (select count(*) from public.gift_vouchers g where g.status in ('active', 'redeemed') and g.created_at >= v_month),
      'sold_pence', (select coalesce(sum(g.value_pence), 0) from public.gift_vouchers g where g.status in ('active', 'redeemed') and g.created_at >= v_month),
      'redeemed', (select count(*) from public.orders o where o.status = 'paid' and o.discount_pence > 0 and o.created_at >= v_month),
      'redeemed_pence', (select coalesce(sum(o.discount_pence), 0) from public.orders o where o.status = 'paid' and o.discount_pence > 0 and o.created_at >= v_month)
    ),
    'refunds', (select jsonb_build_object('orders', count(*), 'total_pence', coalesce(sum(o.total_pence), 0))
      from public.orders o where o.status = 'refunded' and o.refunded_at >= v_month)
  );
end;
$$;

-- Sales per day, week or month (UK time) from p_from to p_to inclusive: paid orders, what was
-- charged, what gift vouchers paid, and what was later refunded (by the day of the order).
create or replace function public.sales_report(p_from date, p_to date, p_interval text default 'day')
returns table (period date, orders bigint, sales_pence bigint, voucher_pence bigint, refunded_orders bigint, refunded_pence bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_admin('sales reports');
  if p_interval not in ('day', 'week', 'month') then
    raise exception 'Report by day, week or month.' using errcode = '22023';
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'The end date must be on or after the start date.' using errcode = '22023';
  end if;
  if p_to - p_from > 731 then
    raise exception 'Report at most two years at a time.' using errcode = '22023';
  end if;
  return query
  with periods as (
    select g::date as period
    from generate_series(date_trunc(p_interval, p_from::timestamp), p_to::timestamp, ('1 ' || p_interval)::interval) g
  ), o as (
    select date_trunc(p_interval, (x.created_at at time zone 'Europe/London'))::date as period, x.status, x.total_pence, x.discount_pence
    from public.orders x
    where x.status in ('paid', 'refunded')
      and x.created_at >= (p_from::timestamp at time zone 'Europe/London')
      and x.created_at < ((p_to + 1)::timestamp at time zone 'Europe/London')
  )
  select p.period,
    count(o.period) filter (where o.status = 'paid'),
    coalesce(sum(o.total_pence) filter (where o.status = 'paid'), 0)::bigint,
    coalesce(sum(o.discount_pence) filter (where o.status = 'paid'), 0)::bigint,
    count(o.period) filter (where o.status = 'refunded'),
    coalesce(sum(o.total_pence) filter (where o.status = 'refunded'), 0)::bigint
  from periods p left join o on o.period = p.period
  group by p.period
  order by p.period;
end;
$$;

-- ============================================================================
-- grants
-- ============================================================================
revoke all on function public.quote_gift_voucher(text, integer) from public, anon, authenticated;
revoke all on function public.create_shop_order(text, uuid, text, text, jsonb, text, integer, uuid) from public, anon, authenticated;
revoke all on function public.apply_refund_event(text, text, text, text, integer, text) from public, anon, authenticated;
revoke all on function public.local_provider_call(text, text) from public, anon, authenticated;
revoke all on function public.request_order_refund(bigint, text) from public, anon;
revoke all on function public.store_dashboard() from public, anon;
revoke all on function public.sales_report(date, date, text) from public, anon;
grant execute on function public.quote_gift_voucher(text, integer), public.create_shop_order(text, uuid, text, text, jsonb, text, integer, uuid),
  public.apply_refund_event(text, text, text, text, integer, text), public.local_provider_call(text, text) to service_role;
grant execute on function public.request_order_refund(bigint, text), public.store_dashboard(), public.sales_report(date, date, text)
  to authenticated, service_role;
