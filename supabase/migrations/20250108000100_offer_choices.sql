-- Fairer offers: offers that target a category of plot or applicant and keep it when
-- they pass on; staff extending an offer's deadline (recorded, the applicant told); a viewing
-- booked from the offer page on the site's welcome-slot calendar before answering; a per-site
-- rule on whether a first decline keeps the applicant's place; and "one plot at a time": accepting
-- a plot asks the applicant's other live entries "keep your place?", withdrawing the ones that
-- answer no or do not answer in 14 days.
-- Rules decided here (see docs/architecture.md, "Fairer offers"):
-- - A category offer goes to the next waiting applicants whose category_id is the one chosen
--   and/or whose plot_size_preference is the size chosen, 'any' or unstated, in queue order.
-- - A viewing that starts later than one day before the deadline moves the deadline to two days
--   after the viewing starts (recorded as an extension, cause 'viewing'); cancelling the viewing
--   leaves the deadline where it is.
-- - A first decline at a site whose first_decline_keeps_place is on returns the entry to
--   'waiting' with its joined_at unchanged; the decline is recorded, and a later decline removes
--   the applicant as before. The place passes on to the next applicant either way.

-- == Tables ==

alter table public.plot_offers
  add column category_id bigint references public.waiting_list_categories (id) on delete set null,
  add column plot_size text check (plot_size is null or plot_size in ('half', 'full'));
comment on column public.plot_offers.category_id is 'The applicant category the offer was made to; passed on within it.';
comment on column public.plot_offers.plot_size is 'The plot size offered (half or full); passed on to applicants wanting that size or any.';
create index plot_offers_category_id_idx on public.plot_offers (category_id);

alter table public.global_sites
  add column first_decline_keeps_place boolean not null default false;
comment on column public.global_sites.first_decline_keeps_place is
  'On: an applicant''s first decline of an offer at this site keeps their place in the queue; a second removes them.';

-- Every change of an offer's deadline: by staff (with their reason) or by a viewing booked late.
create table private.plot_offer_extensions (
  id bigint generated always as identity primary key,
  offer_id bigint not null references public.plot_offers (id) on delete cascade,
  entry_id bigint not null references public.waiting_list_entries (id) on delete cascade,
  cause text not null check (cause in ('staff', 'viewing')),
  extended_by uuid,
  extended_at timestamptz not null default now(),
  old_respond_by timestamptz not null,
  new_respond_by timestamptz not null,
  reason text not null check (length(trim(reason)) between 1 and 500),
  check (new_respond_by > old_respond_by)
);
create index plot_offer_extensions_offer_idx on private.plot_offer_extensions (offer_id, extended_at);
create index plot_offer_extensions_entry_idx on private.plot_offer_extensions (entry_id);
alter table private.plot_offer_extensions enable row level security;

-- A viewing an applicant booked from their offer page: a welcome-slot booking at the offer's site.
create table private.plot_offer_viewings (
  id bigint generated always as identity primary key,
  offer_id bigint not null references public.plot_offers (id) on delete cascade,
  booking_id bigint not null unique references public.welcome_slot_bookings (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index plot_offer_viewings_offer_idx on private.plot_offer_viewings (offer_id);
alter table private.plot_offer_viewings enable row level security;

-- Each decline, and whether it kept the applicant's place (so only the first one does).
create table private.plot_offer_declines (
  offer_id bigint primary key references public.plot_offers (id) on delete cascade,
  entry_id bigint not null references public.waiting_list_entries (id) on delete cascade,
  kept_place boolean not null,
  declined_at timestamptz not null default now()
);
create index plot_offer_declines_entry_idx on private.plot_offer_declines (entry_id);
alter table private.plot_offer_declines enable row level security;

-- "Keep your place at X?": asked of every other live entry of an applicant who accepted a plot.
create table private.keep_place_questions (
  id bigint generated always as identity primary key,
  entry_id bigint not null references public.waiting_list_entries (id) on delete cascade,
  accepted_offer_id bigint not null references public.plot_offers (id) on delete cascade,
  token text not null unique default encode(extensions.gen_random_bytes(16), 'hex'),
  status text not null default 'asked' check (status in ('asked', 'kept', 'withdrawn', 'lapsed', 'closed')),
  asked_at timestamptz not null default now(),
  due_by timestamptz not null,
  answered_at timestamptz
);
create unique index keep_place_questions_one_open_per_entry on private.keep_place_questions (entry_id)
  where status = 'asked';
create index keep_place_questions_due_idx on private.keep_place_questions (due_by) where status = 'asked';
create index keep_place_questions_offer_idx on private.keep_place_questions (accepted_offer_id);
alter table private.keep_place_questions enable row level security;

-- Mail owed (see 20250108000000_notification_kinds.sql), drained by waiting-list-process.
insert into private.notification_kinds (kind, about, function_path, request, pending_query, description) values
  ('offer_extension', 'entry', 'waiting-list-process', '{"action": "notify_choices"}',
   $q$select 1 from private.plot_offer_extensions x join public.plot_offers o on o.id = x.offer_id
      where x.cause = 'staff' and o.status = 'offered'
        and not exists (select 1 from private.notification_outbox n
                        where n.kind = 'offer_extension' and n.entry_id = x.entry_id and n.period = 'extension-' || x.id)$q$,
   'A deadline staff extended, e-mailed to the applicant with the new date (period extension-<id>).'),
  ('offer_viewing', 'booking', 'waiting-list-process', '{"action": "notify_choices"}',
   $q$select 1 from private.plot_offer_viewings v join public.welcome_slot_bookings b on b.id = v.booking_id
      where b.status = 'booked'
        and not exists (select 1 from private.notification_outbox n where n.kind = 'offer_viewing' and n.booking_id = v.booking_id)$q$,
   'A viewing booked from an offer page, confirmed by e-mail with the deadline.'),
  ('keep_place_question', 'entry', 'waiting-list-process', '{"action": "notify_choices"}',
   $q$select 1 from private.keep_place_questions q
      where q.status = 'asked'
        and not exists (select 1 from private.notification_outbox n
                        where n.kind = 'keep_place_question' and n.entry_id = q.entry_id and n.period = 'keep-place-' || q.id)$q$,
   '"Keep your place at X?" after the applicant accepted a plot elsewhere (period keep-place-<id>).'),
  ('keep_place_lapsed', 'entry', 'waiting-list-process', '{"action": "notify_choices"}',
   $q$select 1 from private.keep_place_questions q
      where q.status = 'lapsed'
        and not exists (select 1 from private.notification_outbox n
                        where n.kind = 'keep_place_lapsed' and n.entry_id = q.entry_id and n.period = 'keep-place-lapsed-' || q.id)$q$,
   'An entry withdrawn because "keep your place?" was not answered by its deadline (period keep-place-lapsed-<id>).');

-- == Functions ==

-- Offers plots to the next p_count waiting applicants of a site in queue order, within a
-- category (p_category_id) and/or a plot size (p_plot_size: applicants wanting that size, any, or
-- unstated) when given, skipping p_skip_entry (the applicant who just declined and kept their
-- place). Rows another session is offering right now are skipped (for update skip locked), and
-- the unique live offer per entry makes a double offer impossible. No permission check.
-- (Called with three arguments as before, it offers to anyone waiting at the site.)
drop function private.offer_next(bigint, integer, integer);
create function private.offer_next(
  p_site_id bigint, p_count integer, p_respond_days integer,
  p_category_id bigint default null, p_plot_size text default null, p_skip_entry bigint default null
)
returns setof public.plot_offers
language plpgsql
security definer
set search_path = ''
as $$
begin
  return query
  with next_entries as (
    select w.id
    from public.waiting_list_entries w
    where w.site_id = p_site_id and w.status = 'waiting'
      and (p_category_id is null or w.category_id = p_category_id)
      and (p_plot_size is null or w.plot_size_preference is null or w.plot_size_preference in (p_plot_size, 'any'))
      and w.id is distinct from p_skip_entry
    order by w.joined_at, w.id
    limit p_count
    for update skip locked
  ),
  marked as (
    update public.waiting_list_entries w set status = 'offered'
    from next_entries n
    where w.id = n.id and w.status = 'waiting'
    returning w.id, w.site_id, w.location_key
  ),
  offered as (
    insert into public.plot_offers (entry_id, site_id, location_key, offered_by, respond_by, category_id, plot_size)
    select m.id, m.site_id, m.location_key, auth.uid(), now() + make_interval(days => p_respond_days),
      p_category_id, p_plot_size
    from marked m
    returning *
  )
  select * from offered order by id;
end;
$$;

-- Staff action: offer plots at a site to the next p_count applicants, optionally of one category
-- (one of the site's or a global one) and/or one plot size.
drop function public.make_plot_offers_once(text, bigint, integer, integer);
drop function public.make_plot_offers(bigint, integer, integer);
create function public.make_plot_offers(
  p_site_id bigint, p_count integer, p_respond_days integer default 7,
  p_category_id bigint default null, p_plot_size text default null
)
returns setof public.plot_offers
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  if p_count is null or p_count < 1 or p_count > 500 then
    raise exception 'Offer between 1 and 500 plots at a time' using errcode = '22023';
  end if;
  if p_respond_days is null or p_respond_days < 1 or p_respond_days > 60 then
    raise exception 'The response deadline must be 1 to 60 days away' using errcode = '22023';
  end if;
  if p_category_id is not null and not exists (
    select 1 from public.waiting_list_categories c
    where c.id = p_category_id and (c.site_id is null or c.site_id = p_site_id)
  ) then
    raise exception 'That category is not one of this site''s' using errcode = '22023';
  end if;
  if p_plot_size is not null and p_plot_size not in ('half', 'full') then
    raise exception 'A plot size is half or full' using errcode = '22023';
  end if;
  return query select * from private.offer_next(p_site_id, p_count, p_respond_days, p_category_id, p_plot_size);
end;
$$;

-- make_plot_offers with an idempotency key: the same key returns the first result and offers
-- nothing more. A second request with the key waits for the first to commit.
-- Returns {"repeated": bool, "offers": [{"offer_id", "entry_id", "respond_by"}]}.
create function public.make_plot_offers_once(
  p_key text, p_site_id bigint, p_count integer, p_respond_days integer default 7,
  p_category_id bigint default null, p_plot_size text default null
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
  from public.make_plot_offers(p_site_id, p_count, p_respond_days, p_category_id, p_plot_size) o;
  update private.idempotency_keys set result = v_result where action = 'make_plot_offers' and key = p_key;
  return jsonb_build_object('repeated', false, 'offers', v_result);
end;
$$;

-- Expires unanswered offers past their deadline and offers each freed place to the next
-- applicant of that site, in the same category and size. Returns how many offers expired.
create or replace function public.expire_plot_offers(p_site_id bigint default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expired integer := 0;
  r record;
begin
  if p_site_id is null and not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Not allowed to expire offers at every site' using errcode = '42501';
  end if;
  if p_site_id is not null and not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to make offers at this site' using errcode = '42501';
  end if;
  for r in
    with due as (
      select o.id from public.plot_offers o
      where o.status = 'offered' and o.respond_by < now()
        and (p_site_id is null or o.site_id = p_site_id)
      for update skip locked
    ),
    expired as (
      update public.plot_offers o set status = 'expired', responded_at = now()
      from due where o.id = due.id
      returning o.entry_id, o.site_id, o.category_id, o.plot_size
    ),
    entries as (
      update public.waiting_list_entries w set status = 'expired'
      from expired x where w.id = x.entry_id and w.status = 'offered'
      returning w.site_id
    )
    select x.site_id, x.category_id, x.plot_size, count(*)::integer as n from expired x
    group by x.site_id, x.category_id, x.plot_size
  loop
    v_expired := v_expired + r.n;
    if r.site_id is not null then
      perform private.offer_next(r.site_id, r.n, 7, r.category_id, r.plot_size);
    end if;
  end loop;
  return v_expired;
end;
$$;

-- The applicant accepts or declines by the token in their offer link.
-- A decline passes the place on to the next applicant of the offer's category. At a site whose
-- first_decline_keeps_place is on, the applicant's first decline returns them to 'waiting' with
-- their original joined_at (recorded in plot_offer_declines); otherwise they leave the list.
-- Accepting asks each of the applicant's other live entries (same e-mail) "keep your place?",
-- to be answered within 14 days.
create or replace function public.respond_to_plot_offer(p_token text, p_accept boolean)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.plot_offers;
  v_keep boolean;
begin
  select * into o from public.plot_offers where response_token = p_token for update;
  if not found then
    raise exception 'Offer not found' using errcode = 'PT404';
  end if;
  if o.status <> 'offered' then
    raise exception 'This offer is no longer open' using errcode = '22023';
  end if;
  if o.respond_by < now() then
    raise exception 'This offer has expired' using errcode = '22023';
  end if;
  update public.plot_offers set status = case when p_accept then 'accepted' else 'declined' end, responded_at = now()
  where id = o.id;
  if p_accept then
    update public.waiting_list_entries set status = 'accepted' where id = o.entry_id;
    insert into private.keep_place_questions (entry_id, accepted_offer_id, due_by)
    select w.id, o.id, now() + interval '14 days'
    from public.waiting_list_entries w
    join public.waiting_list_entries me on me.id = o.entry_id
    where w.email_normalised = me.email_normalised and w.id <> me.id and w.status in ('waiting', 'offered')
    on conflict (entry_id) where status = 'asked' do nothing;
    return 'accepted';
  end if;
  v_keep := private.decline_keeps_place(o);
  insert into private.plot_offer_declines (offer_id, entry_id, kept_place) values (o.id, o.entry_id, v_keep);
  update public.waiting_list_entries set status = case when v_keep then 'waiting' else 'declined' end
  where id = o.entry_id;
  if o.site_id is not null then
    perform private.offer_next(o.site_id, 1, 7, o.category_id, o.plot_size, o.entry_id);
  end if;
  return 'declined';
end;
$$;

-- Whether declining this open offer would keep the applicant's place: the site's rule is on and
-- they have not kept their place by declining before.
create or replace function private.decline_keeps_place(o public.plot_offers)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.first_decline_keeps_place from public.global_sites s where s.id = o.site_id), false)
    and not exists (select 1 from private.plot_offer_declines d where d.entry_id = o.entry_id and d.kept_place)
$$;

-- Staff extend an open offer's deadline, with a reason: later than now and the current deadline,
-- at most 60 days away. Recorded with who, when and old → new; the applicant is e-mailed
-- (offer_extension). Returns {extension_id, old_respond_by, new_respond_by}.
create or replace function public.extend_plot_offer(p_offer_id bigint, p_respond_by timestamptz, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.plot_offers;
  v_id bigint;
begin
  select * into o from public.plot_offers where id = p_offer_id for update;
  if not found then
    raise exception 'Offer not found' using errcode = 'PT404';
  end if;
  if o.site_id is null or not private.can_work_site(o.site_id) then
    raise exception 'Not allowed to change offers at this site' using errcode = '42501';
  end if;
  if o.status <> 'offered' then
    raise exception 'This offer is closed: only an open offer can be extended' using errcode = '22023';
  end if;
  if p_respond_by is null or p_respond_by <= now() then
    raise exception 'The new deadline must be in the future' using errcode = '22023';
  end if;
  if p_respond_by > now() + interval '60 days' then
    raise exception 'The new deadline can be at most 60 days away' using errcode = '22023';
  end if;
  if p_respond_by <= o.respond_by then
    raise exception 'The new deadline must be later than the current one' using errcode = '22023';
  end if;
  if p_reason is null or length(trim(p_reason)) not between 1 and 500 then
    raise exception 'Give a reason for the extension (up to 500 characters)' using errcode = '22023';
  end if;
  insert into private.plot_offer_extensions (offer_id, entry_id, cause, extended_by, old_respond_by, new_respond_by, reason)
  values (o.id, o.entry_id, 'staff', auth.uid(), o.respond_by, p_respond_by, trim(p_reason))
  returning id into v_id;
  update public.plot_offers set respond_by = p_respond_by where id = o.id;
  return jsonb_build_object('extension_id', v_id, 'old_respond_by', o.respond_by, 'new_respond_by', p_respond_by);
end;
$$;

-- The deadline changes of the offers at a site, newest first (staff of that site).
create or replace function public.plot_offer_extensions_at(p_site_id bigint)
returns table (id bigint, offer_id bigint, cause text, extended_by uuid, extended_at timestamptz,
  old_respond_by timestamptz, new_respond_by timestamptz, reason text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.can_work_site(p_site_id) then
    raise exception 'Not allowed to see offers at this site' using errcode = '42501';
  end if;
  return query
  select x.id, x.offer_id, x.cause, x.extended_by, x.extended_at, x.old_respond_by, x.new_respond_by, x.reason
  from private.plot_offer_extensions x join public.plot_offers o on o.id = x.offer_id
  where o.site_id = p_site_id
  order by x.extended_at desc, x.id desc
  limit 500;
end;
$$;

-- What the offer page needs beyond the offer itself, by token: whether declining keeps the place,
-- the viewing booked (if any), the welcome slots that can still be booked before the deadline,
-- the deadline's changes, and whether a decline kept the place. null for an unknown token.
create or replace function public.plot_offer_choices(p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  o public.plot_offers;
begin
  select * into o from public.plot_offers where response_token = p_token;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'site_keeps_place', coalesce((select s.first_decline_keeps_place from public.global_sites s where s.id = o.site_id), false),
    'decline_keeps_place', o.status = 'offered' and private.decline_keeps_place(o),
    'kept_place', coalesce((select d.kept_place from private.plot_offer_declines d where d.offer_id = o.id), false),
    'viewing', (
      select jsonb_build_object('booking_id', b.id, 'starts_at', w.starts_at, 'duration_minutes', w.duration_minutes)
      from private.plot_offer_viewings v
      join public.welcome_slot_bookings b on b.id = v.booking_id and b.status = 'booked'
      join public.welcome_slots w on w.id = b.slot_id
      where v.offer_id = o.id
      order by v.id desc limit 1
    ),
    'slots', case when o.status = 'offered' and o.site_id is not null then coalesce((
      select jsonb_agg(jsonb_build_object('id', w.id, 'starts_at', w.starts_at, 'duration_minutes', w.duration_minutes,
        'places_left', w.capacity - w.booked_count) order by w.starts_at, w.id)
      from public.welcome_slots w
      where w.site_id = o.site_id and w.cancelled_at is null and w.starts_at > now() and w.starts_at < o.respond_by
        and w.booked_count < w.capacity
    ), '[]') else '[]' end,
    'extensions', coalesce((
      select jsonb_agg(jsonb_build_object('cause', x.cause, 'old_respond_by', x.old_respond_by,
        'new_respond_by', x.new_respond_by, 'extended_at', x.extended_at) order by x.id)
      from private.plot_offer_extensions x where x.offer_id = o.id
    ), '[]')
  );
end;
$$;

-- Books a viewing for an open offer on one of its site's welcome slots before the deadline (one
-- live viewing per offer). A slot starting later than a day before the deadline moves the
-- deadline to two days after it, recorded. Returns {booking_id, starts_at, respond_by, extended}.
create or replace function public.book_offer_viewing(p_token text, p_slot_id bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.plot_offers;
  e public.waiting_list_entries;
  w public.welcome_slots;
  v_booking bigint;
  v_new timestamptz;
begin
  select * into o from public.plot_offers where response_token = p_token for update;
  if not found then
    raise exception 'Offer not found' using errcode = 'PT404';
  end if;
  if o.status <> 'offered' or o.respond_by < now() then
    raise exception 'This offer is no longer open' using errcode = '22023';
  end if;
  select * into w from public.welcome_slots where id = p_slot_id;
  if not found or w.site_id is distinct from o.site_id then
    raise exception 'That viewing time is not one of this site''s' using errcode = '22023';
  end if;
  if w.cancelled_at is not null or w.starts_at <= now() then
    raise exception 'That viewing time is no longer available' using errcode = '22023';
  end if;
  if w.starts_at >= o.respond_by then
    raise exception 'Choose a viewing before your deadline' using errcode = '22023';
  end if;
  if exists (
    select 1 from private.plot_offer_viewings v join public.welcome_slot_bookings b on b.id = v.booking_id
    where v.offer_id = o.id and b.status = 'booked'
  ) then
    raise exception 'You already have a viewing booked: cancel it first to choose another time' using errcode = '23514';
  end if;
  select * into e from public.waiting_list_entries where id = o.entry_id;
  select b.id into v_booking from public.welcome_slot_bookings b
  where b.slot_id = w.id and b.email_normalised = e.email_normalised and b.status = 'booked';
  if v_booking is null then
    insert into public.welcome_slot_bookings (slot_id, name, email, phone, user_id)
    values (w.id, e.first_name || ' ' || e.last_name, e.email, e.phone, e.user_id)
    returning id into v_booking;
  end if;
  insert into private.plot_offer_viewings (offer_id, booking_id) values (o.id, v_booking)
  on conflict (booking_id) do nothing;
  if w.starts_at > o.respond_by - interval '1 day' then
    v_new := w.starts_at + interval '2 days';
    insert into private.plot_offer_extensions (offer_id, entry_id, cause, extended_by, old_respond_by, new_respond_by, reason)
    values (o.id, o.entry_id, 'viewing', null, o.respond_by, v_new, 'Viewing booked close to the deadline');
    update public.plot_offers set respond_by = v_new where id = o.id;
  end if;
  return jsonb_build_object('booking_id', v_booking, 'starts_at', w.starts_at,
    'respond_by', coalesce(v_new, o.respond_by), 'extended', v_new is not null);
end;
$$;

-- Cancels the viewing booked for an offer (the place goes back to the slot). The deadline stays
-- where it is. Returns false when no viewing was booked.
create or replace function public.cancel_offer_viewing(p_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.plot_offers;
begin
  select * into o from public.plot_offers where response_token = p_token;
  if not found then
    raise exception 'Offer not found' using errcode = 'PT404';
  end if;
  update public.welcome_slot_bookings b set status = 'cancelled'
  from private.plot_offer_viewings v
  where v.offer_id = o.id and b.id = v.booking_id and b.status = 'booked';
  return found;
end;
$$;

-- Withdraws a live entry (the applicant chose one plot elsewhere); its open offer, if any, is
-- withdrawn and passed on within its category.
create or replace function private.withdraw_entry_for_other_plot(p_entry_id bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  o public.plot_offers;
begin
  update public.waiting_list_entries set status = 'withdrawn'
  where id = p_entry_id and status in ('waiting', 'offered');
  if not found then
    return false;
  end if;
  for o in
    update public.plot_offers set status = 'withdrawn', responded_at = now()
    where entry_id = p_entry_id and status = 'offered'
    returning *
  loop
    if o.site_id is not null then
      perform private.offer_next(o.site_id, 1, 7, o.category_id, o.plot_size, o.entry_id);
    end if;
  end loop;
  return true;
end;
$$;

-- "Keep your place at X?" by its token: the entry it asks about and the plot accepted.
create or replace function public.keep_place_question(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('status', q.status, 'due_by', q.due_by, 'answered_at', q.answered_at,
    'first_name', e.first_name, 'location', e.location, 'entry_status', e.status,
    'accepted_location', a.location)
  from private.keep_place_questions q
  join public.waiting_list_entries e on e.id = q.entry_id
  join public.plot_offers o on o.id = q.accepted_offer_id
  join public.waiting_list_entries a on a.id = o.entry_id
  where q.token = p_token
$$;

-- The applicant's answer: keep the place ('kept') or leave that list ('withdrawn'). The same
-- answer again returns the same status; a different one after answering, or an answer after the
-- deadline, is refused. An entry no longer on its list closes the question ('closed').
create or replace function public.answer_keep_place(p_token text, p_keep boolean)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  q private.keep_place_questions;
  v_status text;
begin
  select * into q from private.keep_place_questions where token = p_token for update;
  if not found then
    raise exception 'Question not found' using errcode = 'PT404';
  end if;
  if p_keep is null then
    raise exception 'Answer yes or no' using errcode = '22023';
  end if;
  if q.status <> 'asked' then
    v_status := case when p_keep then 'kept' else 'withdrawn' end;
    if q.status = v_status then
      return q.status;
    end if;
    raise exception 'This question has already been answered' using errcode = '22023';
  end if;
  if q.due_by < now() then
    raise exception 'The deadline for this answer has passed' using errcode = '22023';
  end if;
  if p_keep then
    v_status := case when exists (select 1 from public.waiting_list_entries w where w.id = q.entry_id
      and w.status in ('waiting', 'offered')) then 'kept' else 'closed' end;
  else
    v_status := case when private.withdraw_entry_for_other_plot(q.entry_id) then 'withdrawn' else 'closed' end;
  end if;
  update private.keep_place_questions set status = v_status, answered_at = now() where id = q.id;
  return v_status;
end;
$$;

-- The scheduled job: entries whose "keep your place?" went unanswered past its deadline are
-- withdrawn (and told: keep_place_lapsed). Returns how many.
create or replace function private.lapse_keep_place_questions()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  q private.keep_place_questions;
  v_n integer := 0;
begin
  perform private.act_as_scheduler();
  for q in
    select * from private.keep_place_questions where status = 'asked' and due_by < now()
    order by id for update skip locked
  loop
    if private.withdraw_entry_for_other_plot(q.entry_id) then
      update private.keep_place_questions set status = 'lapsed', answered_at = now() where id = q.id;
      v_n := v_n + 1;
    else
      update private.keep_place_questions set status = 'closed', answered_at = now() where id = q.id;
    end if;
  end loop;
  return v_n;
end;
$$;

-- Claims the mail owed of one of this migration's kinds nobody has sent yet and returns who to
-- tell and what (details). subject_id is what finish_notifications takes: the entry id (entry
-- kinds) or the booking id (offer_viewing). The functions' own (service role).
create or replace function public.claim_offer_choice_notices(p_kind text)
returns table (subject_id bigint, email text, first_name text, location text, site_id bigint, details jsonb)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(auth.role() = 'service_role', false) then
    raise exception 'Only the functions send these notices' using errcode = '42501';
  end if;
  if p_kind = 'offer_extension' then
    return query
    with claimed as (
      insert into private.notification_outbox (kind, entry_id, period)
      select 'offer_extension', x.entry_id, 'extension-' || x.id
      from private.plot_offer_extensions x join public.plot_offers o on o.id = x.offer_id
      where x.cause = 'staff' and o.status = 'offered'
      on conflict do nothing
      returning notification_outbox.entry_id, notification_outbox.period
    )
    select e.id, e.email, e.first_name, e.location, o.site_id,
      jsonb_build_object('token', o.response_token, 'old_respond_by', x.old_respond_by,
        'new_respond_by', x.new_respond_by, 'respond_by', o.respond_by, 'reason', x.reason)
    from claimed c
    join private.plot_offer_extensions x on 'extension-' || x.id = c.period and x.entry_id = c.entry_id
    join public.plot_offers o on o.id = x.offer_id
    join public.waiting_list_entries e on e.id = x.entry_id
    order by x.id;
  elsif p_kind = 'offer_viewing' then
    return query
    with claimed as (
      insert into private.notification_outbox (kind, booking_id)
      select 'offer_viewing', v.booking_id
      from private.plot_offer_viewings v join public.welcome_slot_bookings b on b.id = v.booking_id
      where b.status = 'booked'
      on conflict do nothing
      returning notification_outbox.booking_id
    )
    select b.id, e.email, e.first_name, e.location, o.site_id,
      jsonb_build_object('token', o.response_token, 'starts_at', w.starts_at, 'duration_minutes', w.duration_minutes,
        'respond_by', o.respond_by)
    from claimed c
    join public.welcome_slot_bookings b on b.id = c.booking_id
    join public.welcome_slots w on w.id = b.slot_id
    join private.plot_offer_viewings v on v.booking_id = b.id
    join public.plot_offers o on o.id = v.offer_id
    join public.waiting_list_entries e on e.id = o.entry_id
    order by b.id;
  elsif p_kind in ('keep_place_question', 'keep_place_lapsed') then
    return query
    with claimed as (
      insert into private.notification_outbox (kind, entry_id, period)
      select p_kind, q.entry_id,
        case when p_kind = 'keep_place_question' then 'keep-place-' else 'keep-place-lapsed-' end || q.id
      from private.keep_place_questions q
      where q.status = case when p_kind = 'keep_place_question' then 'asked' else 'lapsed' end
      on conflict do nothing
      returning notification_outbox.entry_id, notification_outbox.period
    )
    select e.id, e.email, e.first_name, e.location, e.site_id,
      jsonb_build_object('token', q.token, 'due_by', q.due_by, 'accepted_location', a.location)
    from claimed c
    join private.keep_place_questions q on q.entry_id = c.entry_id
      and c.period = case when p_kind = 'keep_place_question' then 'keep-place-' else 'keep-place-lapsed-' end || q.id
    join public.waiting_list_entries e on e.id = q.entry_id
    join public.plot_offers o on o.id = q.accepted_offer_id
    join public.waiting_list_entries a on a.id = o.entry_id
    order by q.id;
  else
    raise exception 'Unknown notice kind' using errcode = '22023';
  end if;
end;
$$;

-- == Grants ==

revoke all on private.plot_offer_extensions, private.plot_offer_viewings, private.plot_offer_declines,
  private.keep_place_questions from anon, authenticated;
grant all on private.plot_offer_extensions, private.plot_offer_viewings, private.plot_offer_declines,
  private.keep_place_questions to service_role;
revoke all on function private.offer_next(bigint, integer, integer, bigint, text, bigint),
  private.decline_keeps_place(public.plot_offers),
  private.withdraw_entry_for_other_plot(bigint),
  private.lapse_keep_place_questions() from public;
revoke all on function public.make_plot_offers(bigint, integer, integer, bigint, text),
  public.make_plot_offers_once(text, bigint, integer, integer, bigint, text),
  public.expire_plot_offers(bigint),
  public.respond_to_plot_offer(text, boolean),
  public.extend_plot_offer(bigint, timestamptz, text),
  public.plot_offer_extensions_at(bigint),
  public.plot_offer_choices(text),
  public.book_offer_viewing(text, bigint),
  public.cancel_offer_viewing(text),
  public.keep_place_question(text),
  public.answer_keep_place(text, boolean),
  public.claim_offer_choice_notices(text)
  from public, anon, authenticated;
-- Applicant-facing: anon holds only the offer token (as before).
grant execute on function public.respond_to_plot_offer(text, boolean) to anon, authenticated, service_role;
-- Staff actions check the caller inside.
grant execute on function public.make_plot_offers(bigint, integer, integer, bigint, text),
  public.make_plot_offers_once(text, bigint, integer, integer, bigint, text),
  public.expire_plot_offers(bigint),
  public.extend_plot_offer(bigint, timestamptz, text),
  public.plot_offer_extensions_at(bigint)
  to authenticated, service_role;
-- Through the waiting-list-process function only (the token is the key; it sends the mail).
grant execute on function public.plot_offer_choices(text),
  public.book_offer_viewing(text, bigint),
  public.cancel_offer_viewing(text),
  public.keep_place_question(text),
  public.answer_keep_place(text, boolean),
  public.claim_offer_choice_notices(text)
  to service_role;

-- == Cron ==

-- Hourly: unanswered "keep your place?" questions past their 14 days withdraw their entries.
select cron.schedule('keep-place-lapse', '20 * * * *', 'select private.lapse_keep_place_questions()');
