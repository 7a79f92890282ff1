-- Public forms write only through their functions, and the tables hold the functions' rules.
-- A security pass found that anon could insert straight into waiting_list_entries,
-- pre_registrations, welcome_slot_bookings and guided_tour_bookings over REST, skipping the
-- checks, the confirmation e-mail and the rate limits of the waiting-list and bookings functions
-- (an entry for an invented place; a guided tour filled past its capacity). So:
-- - anon and signed-in users lose the insert grants and policies on those four tables; the
--   functions write them with the service role through the RPCs (join_waiting_list,
--   pre_register, book_welcome_slot, book_guided_tour), as they already did;
-- - guided tours get what welcome slots have: capacity enforced by a trigger under a lock on
--   the tour row, whatever writes the booking, and one live booking per e-mail per tour;
-- - an entry at a site takes that site's place, and a category must be the site's (or shared);
-- - private.form_quota_uses backs per-connection limits the functions take through
--   take_form_quota() (the connection is hashed, never stored as an address).

-- ============================================================================
-- tables
-- ============================================================================
create table private.form_quota_uses (
  id bigint generated always as identity primary key,
  action text not null check (length(action) between 1 and 100),
  client text not null check (length(client) between 1 and 128),
  amount integer not null check (amount between 1 and 1000),
  used_at timestamptz not null default now()
);
create index form_quota_uses_lookup_idx on private.form_quota_uses (action, client, used_at);
alter table private.form_quota_uses enable row level security;
revoke all on private.form_quota_uses from public, anon, authenticated;
grant all on private.form_quota_uses to service_role;

-- ============================================================================
-- grants and policies: no direct writes from the API roles
-- ============================================================================
drop policy "Anyone can join a waiting list" on public.waiting_list_entries;
drop policy "Signed-in users can join a waiting list" on public.waiting_list_entries;
drop policy "Anyone can pre-register" on public.pre_registrations;
drop policy "Signed-in users can pre-register" on public.pre_registrations;
drop policy "Anyone can book a welcome slot" on public.welcome_slot_bookings;
drop policy "Signed-in users can book a welcome slot" on public.welcome_slot_bookings;
drop policy "Anyone can book a guided tour" on public.guided_tour_bookings;
drop policy "Signed-in users can book a guided tour" on public.guided_tour_bookings;

-- The earlier grants were per column: revoke each column's, and the table's.
do $$
declare
  c record;
begin
  for c in
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and table_name in ('waiting_list_entries', 'pre_registrations', 'welcome_slot_bookings', 'guided_tour_bookings')
  loop
    execute format('revoke insert (%I) on public.%I from anon, authenticated', c.column_name, c.table_name);
  end loop;
end
$$;
revoke insert on public.waiting_list_entries, public.pre_registrations, public.welcome_slot_bookings,
  public.guided_tour_bookings from anon, authenticated;

-- ============================================================================
-- functions: guided tour capacity and one booking per person, enforced atomically
-- ============================================================================
create or replace function private.book_guided_tour_places()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tour public.guided_tours;
  v_taken integer;
begin
  if new.tour_id is null or new.status not in ('requested', 'confirmed') then
    return new;
  end if;
  -- One booking at a time per tour: two requests for the last places cannot both succeed.
  select * into v_tour from public.guided_tours where id = new.tour_id for update;
  if tg_op = 'INSERT' and v_tour.starts_at < now() then
    raise exception 'This guided tour has already taken place' using errcode = '22023';
  end if;
  if exists (
    select 1 from public.guided_tour_bookings b
    where b.tour_id = new.tour_id and b.status in ('requested', 'confirmed') and b.id <> new.id
      and lower(trim(b.email)) = lower(trim(new.email))
  ) then
    raise exception 'This e-mail address already has a booking on this tour' using errcode = '23505';
  end if;
  select coalesce(sum(b.party_size), 0) into v_taken from public.guided_tour_bookings b
  where b.tour_id = new.tour_id and b.status in ('requested', 'confirmed') and b.id <> new.id;
  if v_taken + new.party_size > v_tour.capacity then
    raise exception 'This guided tour is full' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function private.book_guided_tour_places() from public;

create trigger guided_tour_bookings_capacity before insert or update of status, party_size, tour_id, email
  on public.guided_tour_bookings
  for each row execute function private.book_guided_tour_places();

-- ============================================================================
-- functions: an entry belongs to its site
-- ============================================================================
create or replace function private.check_entry_place()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_location text;
begin
  -- The place of an entry at a site is the site's: whatever was sent, the queue it joins is
  -- that site's (so no entry can invent a place next to a real site).
  if new.site_id is not null then
    select s.location into v_location from public.global_sites s where s.id = new.site_id;
    new.location := v_location;
  end if;
  if new.category_id is not null and not exists (
    select 1 from public.waiting_list_categories c
    where c.id = new.category_id and (c.site_id is null or c.site_id is not distinct from new.site_id)
  ) then
    raise exception 'That category is not one of this site''s' using errcode = '23503';
  end if;
  return new;
end;
$$;
revoke all on function private.check_entry_place() from public;

create trigger waiting_list_entries_place before insert or update of site_id, location, category_id
  on public.waiting_list_entries
  for each row execute function private.check_entry_place();

-- ============================================================================
-- functions: per-connection limits for public forms
-- ============================================================================
-- Records `p_amount` uses of `p_action` by `p_client` (a hash of the connection) and answers
-- whether they fit in `p_max` over the last `p_window_seconds`; uses that do not fit are not
-- recorded. Serialised per action and client, so parallel requests cannot all squeeze in.
create or replace function public.take_form_quota(p_action text, p_client text, p_amount integer,
  p_max integer, p_window_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_used integer;
begin
  if p_amount is null or p_amount < 1 or p_max is null or p_max < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'A quota needs a positive amount, maximum and window' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('form_quota'), hashtext(p_action || ':' || p_client));
  delete from private.form_quota_uses
  where action = p_action and client = p_client and used_at < now() - interval '1 day';
  select coalesce(sum(amount), 0) into v_used from private.form_quota_uses
  where action = p_action and client = p_client and used_at > now() - make_interval(secs => p_window_seconds);
  if v_used + p_amount > p_max then
    return false;
  end if;
  insert into private.form_quota_uses (action, client, amount) values (p_action, p_client, p_amount);
  return true;
end;
$$;
revoke all on function public.take_form_quota(text, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.take_form_quota(text, text, integer, integer, integer) to service_role;
