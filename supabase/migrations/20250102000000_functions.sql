-- Edge functions: what the functions in supabase/functions need from the database.
-- Records of calls to external services (local providers), payment webhook events, idempotency
-- keys for staff actions, yearly "still interested?" requests, and the RPCs that keep each
-- multi-row change in one transaction: pre-registration with duplicate detection, plot offers
-- by idempotency key, re-confirmation, checkout orders and the payment webhook, bookings with
-- capacity, and the waiting-list tools (consolidator, location migrator).
-- The tables live in `private`: the API never exposes them, so they add nothing to the public
-- RLS matrix. Public-form RPCs are granted to service_role only (the function validates the
-- body, then calls them, as with join_waiting_list); staff RPCs check the caller inside.

-- ============================================================================
-- tables
-- ============================================================================
-- What a local provider (email, payments, campaign list) would have sent. Tests read it.
create table private.provider_calls (
  id bigint generated always as identity primary key,
  provider text not null check (provider in ('email', 'payments', 'campaigns')),
  operation text not null,
  request jsonb not null,
  created_at timestamptz not null default now()
);
create index provider_calls_provider_idx on private.provider_calls (provider, operation, id desc);

-- Every payment webhook event applied, by the provider's event id: a redelivery changes nothing.
create table private.webhook_events (
  id bigint generated always as identity primary key,
  provider text not null check (provider in ('stripe', 'local')),
  event_id text not null,
  type text not null,
  session_id text,
  outcome text not null,
  received_at timestamptz not null default now(),
  unique (provider, event_id)
);

-- Staff actions sent with an idempotency key: the first result is kept and returned again.
create table private.idempotency_keys (
  action text not null,
  key text not null check (length(key) between 8 and 200),
  actor_id uuid,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (action, key)
);

-- A yearly "still interested?" request: confirmed by token, or the entry is removed after due_by.
create table private.reconfirmations (
  id bigint generated always as identity primary key,
  entry_id bigint not null references public.waiting_list_entries (id) on delete cascade,
  token text not null unique default encode(extensions.gen_random_bytes(16), 'hex'),
  status text not null default 'sent' check (status in ('sent', 'confirmed', 'removed')),
  sent_at timestamptz not null default now(),
  due_by timestamptz not null,
  responded_at timestamptz
);
create unique index reconfirmations_one_open_per_entry on private.reconfirmations (entry_id) where status = 'sent';
create index reconfirmations_due_idx on private.reconfirmations (due_by) where status = 'sent';

-- Outbox of offer e-mails: an offer made by any path (the function, the RPC from the admin page,
-- expiry or a decline passing a place on) is claimed by one notifier and e-mailed once.
create table private.offer_notifications (
  offer_id bigint primary key references public.plot_offers (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz
);

-- Only security-definer functions and the service role touch these tables.
alter table private.provider_calls enable row level security;
alter table private.webhook_events enable row level security;
alter table private.idempotency_keys enable row level security;
alter table private.reconfirmations enable row level security;
alter table private.offer_notifications enable row level security;
revoke all on private.provider_calls, private.webhook_events, private.idempotency_keys, private.reconfirmations,
  private.offer_notifications from anon, authenticated;
grant all on private.provider_calls, private.webhook_events, private.idempotency_keys, private.reconfirmations,
  private.offer_notifications to service_role;

-- Orders link to what they pay for; guided-tour bookings get a private reference to cancel by.
alter table public.memberships add column order_id bigint references public.orders (id) on delete set null;
create index memberships_order_id_idx on public.memberships (order_id);
alter table public.guided_tour_bookings
  add column reference text not null unique default encode(extensions.gen_random_bytes(16), 'hex');

-- ============================================================================
-- functions: provider call records (local providers) and the stack's mail outbox
-- ============================================================================
-- Records a call; a local email also lands in the Docker-free stack's outbox when it exists.
create or replace function public.record_provider_call(p_provider text, p_operation text, p_request jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into private.provider_calls (provider, operation, request)
  values (p_provider, p_operation, p_request)
  returning id into v_id;
  if p_provider = 'email' and to_regclass('_stack.outbox') is not null then
    execute 'insert into _stack.outbox (channel, recipient, subject, body, meta) values ($1, $2, $3, $4, $5)'
      using 'email', p_request ->> 'to', p_request ->> 'subject', coalesce(p_request ->> 'text', ''),
        jsonb_build_object('source', 'functions', 'html', p_request ->> 'html', 'tag', p_request ->> 'tag');
  end if;
  return v_id;
end;
$$;

-- ============================================================================
-- functions: waiting list
-- ============================================================================
-- Pre-registers for an upcoming site, or returns the live pre-registration the same person has.
create or replace function public.pre_register(
  p_site_id bigint, p_first_name text, p_last_name text, p_email text,
  p_phone text default null, p_postcode text default null, p_consent_marketing boolean default false
)
returns table (reference text, created boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_status text;
  v_reference text;
begin
  select coalesce(s.status, 'upcoming') into v_status from public.global_sites s where s.id = p_site_id;
  if not found then
    raise exception 'Unknown site' using errcode = 'P0002';
  end if;
  if v_status <> 'upcoming' then
    raise exception 'This site is open: join its waiting list instead' using errcode = '22023';
  end if;
  insert into public.pre_registrations (site_id, first_name, last_name, email, phone, postcode, consent_privacy, consent_marketing)
  values (p_site_id, trim(p_first_name), trim(p_last_name), trim(p_email), p_phone, p_postcode, true, coalesce(p_consent_marketing, false))
  on conflict (site_id, email_normalised) where status = 'registered' do nothing
  returning pre_registrations.reference into v_reference;
  if v_reference is not null then
    return query select v_reference, true;
    return;
  end if;
  return query
  select p.reference, false from public.pre_registrations p
  where p.site_id = p_site_id and p.email_normalised = lower(trim(p_email)) and p.status = 'registered';
end;
$$;

-- A pre-registration by its private reference (the applicant's own view).
create or replace function public.get_pre_registration(p_reference text)
returns table (reference text, site_id bigint, location text, status text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select p.reference, p.site_id, s.location, p.status, p.created_at
  from public.pre_registrations p join public.global_sites s on s.id = p.site_id
  where p.reference = p_reference
$$;

-- make_plot_offers with an idempotency key: the same key returns the first result and offers
-- nothing more. A second request with the key waits for the first to commit.
-- Returns {"repeated": bool, "offers": [{"offer_id", "entry_id", "respond_by"}]}.
create or replace function public.make_plot_offers_once(
  p_key text, p_site_id bigint, p_count integer, p_respond_days integer default 7
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
begin
  if not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  insert into private.idempotency_keys (action, key, actor_id)
  values ('make_plot_offers', p_key, auth.uid())
  on conflict do nothing;
  if not found then
    select k.result into v_result from private.idempotency_keys k where k.action = 'make_plot_offers' and k.key = p_key;
    return jsonb_build_object('repeated', true, 'offers', coalesce(v_result, '[]'));
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('offer_id', o.id, 'entry_id', o.entry_id, 'respond_by', o.respond_by) order by o.id), '[]')
    into v_result
  from public.make_plot_offers(p_site_id, p_count, p_respond_days) o;
  update private.idempotency_keys set result = v_result where action = 'make_plot_offers' and key = p_key;
  return jsonb_build_object('repeated', false, 'offers', v_result);
end;
$$;

-- Claims the live offers of a site (or of every site: admins and the service role) that nobody
-- has e-mailed yet, and returns who to tell. Two notifiers at once never claim one offer twice.
create or replace function public.claim_offer_notifications(p_site_id bigint default null)
returns table (offer_id bigint, token text, respond_by timestamptz, email text, first_name text, location text, site_id bigint)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_site_id is null and not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Not allowed to notify offers at every site' using errcode = '42501';
  end if;
  if p_site_id is not null and not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  return query
  with claimed as (
    insert into private.offer_notifications (offer_id)
    select o.id from public.plot_offers o
    where o.status = 'offered' and (p_site_id is null or o.site_id = p_site_id)
    on conflict do nothing
    returning offer_notifications.offer_id
  )
  select o.id, o.response_token, o.respond_by, e.email, e.first_name, e.location, o.site_id
  from claimed c
  join public.plot_offers o on o.id = c.offer_id
  join public.waiting_list_entries e on e.id = o.entry_id
  order by o.id;
end;
$$;

-- Records which claimed offers were e-mailed; the others are released for the next run.
create or replace function public.finish_offer_notifications(p_sent bigint[], p_failed bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  update private.offer_notifications set sent_at = now() where offer_id = any (p_sent) and sent_at is null;
  delete from private.offer_notifications where offer_id = any (p_failed) and sent_at is null;
$$;

-- Asks every applicant of a site who has waited (or last confirmed) over a year whether they are
-- still interested. An entry with an open request is not asked again. Returns the new requests.
create or replace function public.request_reconfirmations(p_site_id bigint, p_respond_days integer default 30)
returns table (token text, due_by timestamptz, email text, first_name text, location text, reference text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to work this site''s waiting list' using errcode = '42501';
  end if;
  if p_respond_days is null or p_respond_days < 7 or p_respond_days > 90 then
    raise exception 'The reply deadline must be 7 to 90 days away' using errcode = '22023';
  end if;
  return query
  with asked as (
    insert into private.reconfirmations (entry_id, due_by)
    select w.id, now() + make_interval(days => p_respond_days)
    from public.waiting_list_entries w
    where w.site_id = p_site_id and w.status = 'waiting'
      and coalesce(w.last_confirmed_at, w.joined_at) < now() - interval '1 year'
    on conflict (entry_id) where status = 'sent' do nothing
    returning reconfirmations.entry_id, reconfirmations.token, reconfirmations.due_by
  )
  select a.token, a.due_by, w.email, w.first_name, w.location, w.reference
  from asked a join public.waiting_list_entries w on w.id = a.entry_id
  order by w.joined_at, w.id;
end;
$$;

-- The applicant answers "still interested" by the token in their email.
create or replace function public.confirm_still_interested(p_token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  r private.reconfirmations;
begin
  select * into r from private.reconfirmations where token = p_token for update;
  if not found then
    raise exception 'Request not found' using errcode = 'P0002';
  end if;
  if r.status = 'confirmed' then
    return 'already_confirmed';
  end if;
  if r.status = 'removed' then
    raise exception 'This request has closed and the place was released' using errcode = '22023';
  end if;
  update private.reconfirmations set status = 'confirmed', responded_at = now() where id = r.id;
  update public.waiting_list_entries set last_confirmed_at = now() where id = r.entry_id;
  return 'confirmed';
end;
$$;

-- Removes the applicants of a site who did not answer by the deadline. Returns how many.
create or replace function public.remove_unconfirmed(p_site_id bigint)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to work this site''s waiting list' using errcode = '42501';
  end if;
  with due as (
    select r.id, r.entry_id from private.reconfirmations r
    join public.waiting_list_entries w on w.id = r.entry_id
    where r.status = 'sent' and r.due_by < now() and w.site_id = p_site_id
    for update of r skip locked
  ),
  closed as (
    update private.reconfirmations r set status = 'removed', responded_at = now() from due where r.id = due.id
    returning r.entry_id
  )
  update public.waiting_list_entries w set status = 'removed'
  from closed c where w.id = c.entry_id and w.status = 'waiting';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- ============================================================================
-- functions: waiting-list tools (admins)
-- ============================================================================
-- Duplicate applicants: live entries of one place that belong to one person (same email, or
-- the same name and phone digits), across categories. Merging keeps the earliest-joined entry,
-- fills its missing details from the others and marks the others removed. p_dry_run only lists.
create or replace function public.consolidate_applicants(p_dry_run boolean default true, p_location text default null)
returns table (keep_id bigint, merged_ids bigint[], location text, email text, joined_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
declare
  g record;
begin
  if not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Only admins can merge applicants' using errcode = '42501';
  end if;
  for g in
    with live as (
      select w.*, coalesce(
          nullif(regexp_replace(coalesce(w.phone, ''), '[^0-9]', '', 'g'), '') || ':' || lower(trim(w.first_name)) || ' ' || lower(trim(w.last_name)),
          w.email_normalised) as person_phone
      from public.waiting_list_entries w
      where w.status in ('waiting', 'offered')
        and (p_location is null or w.location_key = lower(trim(p_location)))
    ),
    -- two entries are the same person when either key matches: join the keys into groups
    linked as (
      select a.id, min(b.id) over (partition by a.id) as root
      from live a join live b on a.location_key = b.location_key
        and (a.email_normalised = b.email_normalised or a.person_phone = b.person_phone)
    ),
    groups as (
      select distinct l.root, l.id from linked l
    )
    select array_agg(x.id order by x.joined_at, x.id) as ids
    from groups gr join live x on x.id = gr.id
    group by gr.root
    having count(*) > 1
  loop
    if not p_dry_run then
      update public.waiting_list_entries k set
        phone = coalesce(k.phone, (select d.phone from public.waiting_list_entries d where d.id = any (g.ids[2:]) and d.phone is not null order by d.joined_at limit 1)),
        postcode = coalesce(k.postcode, (select d.postcode from public.waiting_list_entries d where d.id = any (g.ids[2:]) and d.postcode is not null order by d.joined_at limit 1)),
        category_id = coalesce(k.category_id, (select d.category_id from public.waiting_list_entries d where d.id = any (g.ids[2:]) and d.category_id is not null order by d.joined_at limit 1)),
        consent_marketing = k.consent_marketing or exists (select 1 from public.waiting_list_entries d where d.id = any (g.ids[2:]) and d.consent_marketing)
      where k.id = g.ids[1];
      update public.plot_offers set status = 'withdrawn', responded_at = now()
      where entry_id = any (g.ids[2:]) and status = 'offered';
      update public.waiting_list_entries set status = 'removed' where id = any (g.ids[2:]);
    end if;
    return query
    select w.id, g.ids[2:], w.location, w.email, w.joined_at from public.waiting_list_entries w where w.id = g.ids[1];
  end loop;
end;
$$;

-- Moves the live entries of one place (e.g. a waiting-list-only place that now has a site) to
-- a site, keeping their join dates and so their order. A person already on the site's list
-- keeps one entry: the earlier. Returns what moved (or would move, on a dry run).
create or replace function public.migrate_location(p_from_location text, p_to_site_id bigint, p_dry_run boolean default true)
returns table (moved integer, merged integer, to_location text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_to public.global_sites;
  v_from text := lower(trim(p_from_location));
  v_moved integer := 0;
  v_merged integer := 0;
begin
  if not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Only admins can move waiting lists' using errcode = '42501';
  end if;
  select * into v_to from public.global_sites where id = p_to_site_id;
  if not found then
    raise exception 'Unknown site' using errcode = 'P0002';
  end if;
  if v_from = '' then
    raise exception 'Name the place to move from' using errcode = '22023';
  end if;
  -- the later of two entries of one person is removed; the earlier one moves
  select count(*) into v_merged
  from public.waiting_list_entries s
  join public.waiting_list_entries t on t.email_normalised = s.email_normalised
  where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
    and t.location_key = lower(trim(v_to.location)) and t.status in ('waiting', 'offered') and t.id <> s.id;
  select count(*) into v_moved
  from public.waiting_list_entries s
  where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id;
  v_moved := v_moved - v_merged;
  if not p_dry_run then
    -- keep the earlier join date on the surviving entry of each pair
    update public.waiting_list_entries t set joined_at = least(t.joined_at, s.joined_at)
    from public.waiting_list_entries s
    where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
      and t.email_normalised = s.email_normalised and t.location_key = lower(trim(v_to.location))
      and t.status in ('waiting', 'offered') and t.id <> s.id;
    update public.waiting_list_entries s set status = 'removed'
    from public.waiting_list_entries t
    where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
      and t.email_normalised = s.email_normalised and t.location_key = lower(trim(v_to.location))
      and t.status in ('waiting', 'offered') and t.id <> s.id;
    update public.waiting_list_entries s set site_id = p_to_site_id, location = v_to.location
    where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id;
  end if;
  return query select v_moved, v_merged, v_to.location;
end;
$$;

-- ============================================================================
-- functions: payments (service role: the payments function and its verified webhook)
-- ============================================================================
-- Records a checkout the provider has opened, with what it is for, all pending.
create or replace function public.create_checkout_order(
  p_kind text, p_email text, p_user_id uuid, p_idempotency_key text, p_session_id text, p_total_pence integer,
  p_items jsonb, p_site_id bigint default null, p_plan_id bigint default null, p_voucher jsonb default null,
  p_member jsonb default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order bigint;
  v_member bigint;
  v_code text;
begin
  insert into public.orders (user_id, email, kind, status, total_pence, checkout_session_id, idempotency_key)
  values (p_user_id, p_email, p_kind, 'pending', p_total_pence, p_session_id, p_idempotency_key)
  returning id into v_order;
  insert into public.order_items (order_id, product_id, plan_id, description, quantity, unit_price_pence)
  select v_order, (i ->> 'product_id')::bigint, (i ->> 'plan_id')::bigint, i ->> 'description',
    (i ->> 'quantity')::integer, (i ->> 'unit_price_pence')::integer
  from jsonb_array_elements(p_items) i;
  if p_kind = 'deposit' then
    insert into public.deposits (user_id, email, site_id, order_id, amount_pence, status)
    values (p_user_id, p_email, p_site_id, v_order, p_total_pence, 'pending');
  elsif p_kind = 'gift_voucher' then
    v_code := upper(substr(encode(extensions.gen_random_bytes(8), 'hex'), 1, 4) || '-'
      || substr(encode(extensions.gen_random_bytes(8), 'hex'), 1, 4) || '-'
      || substr(encode(extensions.gen_random_bytes(8), 'hex'), 1, 4));
    insert into public.gift_vouchers (code, value_pence, buyer_user_id, buyer_email, recipient_name, recipient_email,
      message, status, order_id, expires_at)
    values (v_code, p_total_pence, p_user_id, p_email, p_voucher ->> 'recipient_name', p_voucher ->> 'recipient_email',
      p_voucher ->> 'message', 'pending', v_order, now() + interval '1 year');
    update public.orders set voucher_id = (select id from public.gift_vouchers where order_id = v_order) where id = v_order;
  elsif p_kind = 'membership' then
    select m.id into v_member from public.members m where m.user_id = p_user_id;
    if v_member is null then
      insert into public.members (user_id, first_name, last_name, email, phone)
      values (p_user_id, p_member ->> 'first_name', p_member ->> 'last_name', p_email, p_member ->> 'phone')
      returning id into v_member;
    end if;
    insert into public.memberships (member_id, site_id, plan_id, plot_size, status, order_id)
    values (v_member, p_site_id, p_plan_id,
      coalesce((select pl.plot_size from public.plans pl where pl.id = p_plan_id), 'full'), 'pending', v_order);
  end if;
  return v_order;
end;
$$;

-- Applies one verified webhook event. A redelivered event id changes nothing ('duplicate').
-- Paid: order paid, payment recorded, voucher active, deposit paid, membership active.
-- Expired or failed: order cancelled or failed and what it was for released.
create or replace function public.apply_payment_event(
  p_provider text, p_event_id text, p_type text, p_session_id text, p_payment_ref text, p_amount_pence integer
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.orders;
  v_outcome text;
begin
  perform 1 from private.webhook_events where provider = p_provider and event_id = p_event_id;
  if found then
    return 'duplicate';
  end if;
  select * into o from public.orders where checkout_session_id = p_session_id for update;
  if not found then
    v_outcome := 'ignored: unknown session';
  elsif p_type = 'checkout.session.completed' then
    if o.status = 'paid' then
      v_outcome := 'ignored: already paid';
    elsif p_amount_pence is distinct from o.total_pence then
      raise exception 'Paid amount % does not match the order total %', p_amount_pence, o.total_pence using errcode = '22023';
    else
      update public.orders set status = 'paid' where id = o.id;
      insert into public.payments (order_id, provider, provider_ref, amount_pence, currency, status, event_id)
      values (o.id, p_provider, coalesce(p_payment_ref, p_session_id), p_amount_pence, o.currency, 'succeeded', p_event_id);
      update public.gift_vouchers set status = 'active' where order_id = o.id and status = 'pending';
      update public.deposits set status = 'paid' where order_id = o.id and status = 'pending';
      update public.memberships set status = 'active' where order_id = o.id and status = 'pending';
      v_outcome := 'paid';
    end if;
  elsif p_type in ('checkout.session.expired', 'checkout.session.async_payment_failed') then
    if o.status <> 'pending' then
      v_outcome := 'ignored: not pending';
    else
      update public.orders set status = case when p_type = 'checkout.session.expired' then 'cancelled' else 'failed' end
      where id = o.id;
      update public.gift_vouchers set status = 'cancelled' where order_id = o.id and status = 'pending';
      update public.deposits set status = 'failed' where order_id = o.id and status = 'pending';
      update public.memberships set status = 'cancelled' where order_id = o.id and status = 'pending';
      v_outcome := case when p_type = 'checkout.session.expired' then 'cancelled' else 'failed' end;
    end if;
  else
    v_outcome := 'ignored: event type';
  end if;
  insert into private.webhook_events (provider, event_id, type, session_id, outcome)
  values (p_provider, p_event_id, p_type, p_session_id, v_outcome)
  on conflict (provider, event_id) do nothing;
  if not found then
    -- a concurrent delivery of the same event won: undo ours
    raise exception 'duplicate event' using errcode = '40001';
  end if;
  return v_outcome;
end;
$$;

-- ============================================================================
-- functions: bookings (welcome slots and guided tours)
-- ============================================================================
-- Books a place; the capacity trigger on welcome_slot_bookings locks the slot. The same person
-- booking the same slot again gets their existing booking.
create or replace function public.book_welcome_slot(p_slot_id bigint, p_name text, p_email text, p_phone text default null,
  p_user_id uuid default null)
returns table (reference text, created boolean, starts_at timestamptz, location text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reference text;
begin
  perform 1 from public.welcome_slots where id = p_slot_id;
  if not found then
    raise exception 'Unknown welcome slot' using errcode = 'P0002';
  end if;
  select b.reference into v_reference from public.welcome_slot_bookings b
  where b.slot_id = p_slot_id and b.email_normalised = lower(trim(p_email)) and b.status = 'booked';
  if v_reference is null then
    insert into public.welcome_slot_bookings (slot_id, name, email, phone, user_id)
    values (p_slot_id, p_name, p_email, p_phone, p_user_id)
    returning welcome_slot_bookings.reference into v_reference;
    return query select v_reference, true, w.starts_at, s.location
      from public.welcome_slots w join public.global_sites s on s.id = w.site_id where w.id = p_slot_id;
    return;
  end if;
  return query select v_reference, false, w.starts_at, s.location
    from public.welcome_slots w join public.global_sites s on s.id = w.site_id where w.id = p_slot_id;
end;
$$;

-- Requests places on a guided tour; the tour row is locked so two requests for the last places
-- cannot both succeed.
create or replace function public.book_guided_tour(p_tour_id bigint, p_name text, p_email text, p_phone text default null,
  p_party_size integer default 1, p_wants_membership boolean default false, p_user_id uuid default null)
returns table (reference text, starts_at timestamptz, location text, places_left integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.guided_tours;
  v_location text;
  v_taken integer;
  v_reference text;
begin
  select * into t from public.guided_tours where id = p_tour_id and published for update;
  if not found then
    raise exception 'Unknown guided tour' using errcode = 'P0002';
  end if;
  if t.starts_at < now() then
    raise exception 'This guided tour has already taken place' using errcode = '22023';
  end if;
  select coalesce(sum(b.party_size), 0) into v_taken from public.guided_tour_bookings b
  where b.tour_id = t.id and b.status in ('requested', 'confirmed');
  if v_taken + p_party_size > t.capacity then
    raise exception 'This guided tour is full' using errcode = '23514';
  end if;
  select s.location into v_location from public.global_sites s where s.id = t.site_id;
  insert into public.guided_tour_bookings (tour_id, location, name, email, phone, party_size, wants_membership, user_id)
  values (t.id, v_location, p_name, p_email, p_phone, p_party_size, coalesce(p_wants_membership, false), p_user_id)
  returning guided_tour_bookings.reference into v_reference;
  return query select v_reference, t.starts_at, v_location, t.capacity - v_taken - p_party_size;
end;
$$;

create or replace function public.cancel_guided_tour_booking(p_reference text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.guided_tour_bookings set status = 'cancelled' where reference = p_reference and status in ('requested', 'confirmed');
  return found;
end;
$$;

-- ============================================================================
-- grants
-- ============================================================================
revoke all on function public.record_provider_call(text, text, jsonb),
  public.pre_register(bigint, text, text, text, text, text, boolean), public.get_pre_registration(text),
  public.make_plot_offers_once(text, bigint, integer, integer), public.claim_offer_notifications(bigint),
  public.finish_offer_notifications(bigint[], bigint[]), public.request_reconfirmations(bigint, integer),
  public.confirm_still_interested(text), public.remove_unconfirmed(bigint),
  public.consolidate_applicants(boolean, text), public.migrate_location(text, bigint, boolean),
  public.create_checkout_order(text, text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, jsonb),
  public.apply_payment_event(text, text, text, text, text, integer),
  public.book_welcome_slot(bigint, text, text, text, uuid),
  public.book_guided_tour(bigint, text, text, text, integer, boolean, uuid),
  public.cancel_guided_tour_booking(text)
  from public, anon, authenticated;
-- Public forms, applicant links, local providers and the webhook: through the functions only.
grant execute on function public.record_provider_call(text, text, jsonb),
  public.pre_register(bigint, text, text, text, text, text, boolean), public.get_pre_registration(text),
  public.confirm_still_interested(text), public.finish_offer_notifications(bigint[], bigint[]),
  public.create_checkout_order(text, text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, jsonb),
  public.apply_payment_event(text, text, text, text, text, integer),
  public.book_welcome_slot(bigint, text, text, text, uuid),
  public.book_guided_tour(bigint, text, text, text, integer, boolean, uuid),
  public.cancel_guided_tour_booking(text)
  to service_role;
-- Staff actions check the caller inside.
grant execute on function public.make_plot_offers_once(text, bigint, integer, integer), public.claim_offer_notifications(bigint),
  public.request_reconfirmations(bigint, integer), public.remove_unconfirmed(bigint), public.consolidate_applicants(boolean, text), public.migrate_location(text, bigint, boolean)
  to authenticated, service_role;

-- ============================================================================
-- functions: the local payment provider's sessions (its hosted checkout page reads them)
-- ============================================================================
create or replace function public.local_checkout_session(p_session_id text, p_idempotency_key text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select c.request from private.provider_calls c
  where c.provider = 'payments' and c.operation = 'checkout.create'
    and ((p_session_id is not null and c.request ->> 'id' = p_session_id)
      or (p_idempotency_key is not null and c.request ->> 'idempotency_key' = p_idempotency_key))
  order by c.id desc
  limit 1
$$;
revoke all on function public.local_checkout_session(text, text) from public, anon, authenticated;
grant execute on function public.local_checkout_session(text, text) to service_role;

-- ============================================================================
-- functions: idempotency keys for staff actions done in a function (e.g. sending a template)
-- ============================================================================
-- Claims a key: null when it is new (the caller goes ahead), else the stored result, or
-- {"in_progress": true} while the first request with it is still running.
create or replace function public.claim_idempotency_key(p_action text, p_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (private.is_staff() or coalesce(auth.role() = 'service_role', false)) then
    raise exception 'Only staff can use idempotency keys' using errcode = '42501';
  end if;
  insert into private.idempotency_keys (action, key, actor_id) values (p_action, p_key, auth.uid())
  on conflict do nothing;
  if found then
    return null;
  end if;
  return coalesce(
    (select k.result from private.idempotency_keys k where k.action = p_action and k.key = p_key),
    '{"in_progress": true}'::jsonb
  );
end;
$$;

-- Stores the result of a claimed key, or (result null) releases it so a retry runs again.
create or replace function public.finish_idempotency_key(p_action text, p_key text, p_result jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_result is null then
    delete from private.idempotency_keys
    where action = p_action and key = p_key and result is null and actor_id is not distinct from auth.uid();
  else
    update private.idempotency_keys set result = p_result
    where action = p_action and key = p_key and result is null and actor_id is not distinct from auth.uid();
  end if;
end;
$$;
revoke all on function public.claim_idempotency_key(text, text), public.finish_idempotency_key(text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.claim_idempotency_key(text, text), public.finish_idempotency_key(text, text, jsonb)
  to authenticated, service_role;
