-- A list that is visibly fair.
-- - The order of a queue ((joined_at, id) among the 'waiting' entries of a location_key) changes
--   only through recorded events. A trigger refuses, for every API caller (anon, staff, the
--   service role), an UPDATE that changes an entry's joined_at, site_id or (without a site) its
--   place, unless a recorded path made it: public.move_waiting_list_entry (a staff move with a
--   reason of at least 5 characters) or public.migrate_location (a whole list moved to a site).
--   Those paths set the transaction-local setting roots.queue_change for their own UPDATE only.
--   Sessions without request claims (migrations, seed, maintenance as the database owner, who
--   could drop the trigger anyway) are not refused, but what they change is recorded all the same
--   (cause 'maintenance'). Personal columns (names, e-mail, phone…, e.g. an erasure) and the
--   status stay writable as before: a status change is itself a recorded event.
-- - public.waiting_list_events: what happened to an entry beyond its status (joined, imported
--   with an earlier join date, asked and confirmed "still interested?", moved by staff with the
--   reason, moved to another list, merged). Audited, so a staff move's reason is in the audit log.
-- - private.waiting_list_queue_log: a ledger of every entry entering or leaving a queue, with the
--   key it held there and the cause. An applicant's position changes are worked out from it:
--   each row of someone ahead of them (by key) while they waited is one place up or down.
-- - public.get_waiting_list_history(reference): the applicant's own events and their position
--   changes per month with the causes, counted, never naming anyone.
-- - public.get_site_list_figures(slug): a site's list in public figures (get_site_list_stats,
--   plus offers per month for the last 12 months and the median wait from joining to an offer
--   of the last year's offers; the median is withheld below 3 offers, where it would describe
--   one or two people's own waits).

-- == Tables ==

create table public.waiting_list_events (
  id bigint generated always as identity primary key,
  entry_id bigint not null references public.waiting_list_entries (id) on delete cascade,
  location_key text not null,
  kind text not null check (kind in ('joined', 'imported', 'asked_to_confirm', 'confirmed', 'moved', 'place_changed', 'merged')),
  reason text check (reason is null or length(reason) <= 500),
  position_before bigint,
  position_after bigint,
  from_location text,
  to_location text,
  queue_date_before timestamptz,
  queue_date_after timestamptz,
  actor_id uuid,
  created_at timestamptz not null default now(),
  constraint waiting_list_events_move_reason_check check (kind <> 'moved' or length(trim(coalesce(reason, ''))) >= 5)
);
comment on table public.waiting_list_events is
  'What happened to an entry beyond its status: joined or imported, asked and confirmed "still interested?", moved by staff (with the reason), moved to another list, merged.';
create index waiting_list_events_entry_idx on public.waiting_list_events (entry_id, id);
alter table public.waiting_list_events enable row level security;

create table private.waiting_list_queue_log (
  id bigint generated always as identity primary key,
  location_key text not null,
  entry_id bigint not null references public.waiting_list_entries (id) on delete cascade,
  key_joined_at timestamptz not null,
  delta smallint not null check (delta in (-1, 1)),
  cause text not null,
  created_at timestamptz not null default now()
);
comment on table private.waiting_list_queue_log is
  'Every entry entering (+1) or leaving (-1) a queue with the key (joined_at, entry_id) it held there and the cause.';
-- The history reads a list's rows in id order after a given row, keys and causes from the index.
create index waiting_list_queue_log_list_idx on private.waiting_list_queue_log (location_key, id)
  include (key_joined_at, entry_id, delta, cause, created_at);
create index waiting_list_queue_log_entry_idx on private.waiting_list_queue_log (entry_id, id);
alter table private.waiting_list_queue_log enable row level security;

-- == Functions ==

-- Before an UPDATE of an entry (after the place triggers): the queue key changes only through a
-- recorded path.
create or replace function private.lock_queue_order()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.joined_at is distinct from old.joined_at
      or new.site_id is distinct from old.site_id
      or (new.site_id is null and lower(trim(new.location)) is distinct from old.location_key))
    and nullif(current_setting('request.jwt.claims', true), '') is not null
    and coalesce(current_setting('roots.queue_change', true), '') = '' then
    raise exception 'An entry''s place in the queue changes only through a recorded move with a reason'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

-- After an INSERT or UPDATE of an entry: the queue ledger, and the join event of a new entry.
create or replace function private.record_queue_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_path text := nullif(current_setting('roots.queue_change', true), '');
  v_in_old boolean := tg_op = 'UPDATE' and old.status = 'waiting';
  v_in_new boolean := new.status = 'waiting';
  v_imported boolean := tg_op = 'INSERT' and new.joined_at < now();
  v_other text;
begin
  if tg_op = 'INSERT' then
    insert into public.waiting_list_events (entry_id, location_key, kind, to_location, queue_date_after, actor_id)
    values (new.id, new.location_key, case when v_imported then 'imported' else 'joined' end, new.location, new.joined_at, auth.uid());
  end if;
  if v_in_old and v_in_new and old.location_key = new.location_key and old.joined_at = new.joined_at then
    return null;
  end if;
  v_other := coalesce(v_path, case when nullif(current_setting('request.jwt.claims', true), '') is null then 'maintenance' else 'changed' end);
  if v_in_old then
    insert into private.waiting_list_queue_log (location_key, entry_id, key_joined_at, delta, cause)
    values (old.location_key, old.id, old.joined_at, -1, case when v_in_new then v_other else new.status end);
  end if;
  if v_in_new then
    insert into private.waiting_list_queue_log (location_key, entry_id, key_joined_at, delta, cause)
    values (new.location_key, new.id, new.joined_at, 1,
      case
        when tg_op = 'INSERT' then case when v_imported then 'imported' else 'joined' end
        when old.status <> 'waiting' then 'reinstated'
        else v_other
      end);
  end if;
  return null;
end;
$$;

-- The yearly "still interested?": asked, and answered yes, are events of the entry.
create or replace function private.record_reconfirmation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or (new.status = 'confirmed' and old.status is distinct from 'confirmed') then
    insert into public.waiting_list_events (entry_id, location_key, kind, queue_date_after)
    select e.id, e.location_key, case when tg_op = 'INSERT' then 'asked_to_confirm' else 'confirmed' end,
      case when tg_op = 'INSERT' then new.due_by end
    from public.waiting_list_entries e where e.id = new.entry_id;
  end if;
  return null;
end;
$$;

-- An entry's place among the waiting entries of its list (null when not waiting).
create or replace function private.queue_position(p_entry_id bigint)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select case when e.status = 'waiting' then (
    select count(*) + 1 from public.waiting_list_entries w
    where w.location_key = e.location_key and w.status = 'waiting' and (w.joined_at, w.id) < (e.joined_at, e.id)
  ) end
  from public.waiting_list_entries e where e.id = p_entry_id
$$;

-- A staff move with a reason: to just before or just after another waiting entry of the same
-- list, to a position (1 = the front), or to another site's list keeping the join date. Patch
-- managers move only at their own sites (both ends of a move between sites). The event, with the
-- reason, goes into waiting_list_events and so into the audit log.
create or replace function public.move_waiting_list_entry(
  p_entry_id bigint,
  p_reason text,
  p_before_entry_id bigint default null,
  p_after_entry_id bigint default null,
  p_position integer default null,
  p_to_site_id bigint default null
)
returns table (entry_id bigint, location text, position_before bigint, position_after bigint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := trim(coalesce(p_reason, ''));
  e public.waiting_list_entries;
  x public.waiting_list_entries;
  v_site public.global_sites;
  v_pred public.waiting_list_entries;
  v_succ public.waiting_list_entries;
  v_count bigint;
  v_new timestamptz;
  v_before bigint;
  v_after bigint;
  v_from_location text;
  v_candidate timestamptz;
begin
  if length(v_reason) < 5 then
    raise exception 'Give a reason for the move (at least 5 characters)' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'Keep the reason to 500 characters' using errcode = '22023';
  end if;
  if num_nonnulls(p_before_entry_id, p_after_entry_id, p_position, p_to_site_id) <> 1 then
    raise exception 'Choose one place to move the entry to' using errcode = '22023';
  end if;
  select * into e from public.waiting_list_entries w where w.id = p_entry_id for update;
  if not found then
    raise exception 'Entry not found' using errcode = 'PT404';
  end if;
  if not private.can_work_site(e.site_id) then
    raise exception 'Not allowed to work this site''s waiting list' using errcode = '42501';
  end if;
  if e.status <> 'waiting' then
    raise exception 'Only a waiting entry can be moved' using errcode = '22023';
  end if;
  v_before := private.queue_position(e.id);
  v_from_location := e.location;

  if p_to_site_id is not null then
    select * into v_site from public.global_sites s where s.id = p_to_site_id;
    if not found then
      raise exception 'Unknown site' using errcode = 'PT404';
    end if;
    if not private.can_work_site(p_to_site_id) then
      raise exception 'Not allowed to work that site''s waiting list' using errcode = '42501';
    end if;
    if coalesce(v_site.status, 'upcoming') = 'upcoming' then
      raise exception 'That site is not open yet' using errcode = '22023';
    end if;
    if lower(trim(v_site.location)) = e.location_key then
      raise exception 'The entry is already on that list' using errcode = '22023';
    end if;
    if exists (
      select 1 from public.waiting_list_entries w
      where w.location_key = lower(trim(v_site.location)) and w.email_normalised = e.email_normalised
        and w.status in ('waiting', 'offered')
    ) then
      raise exception 'This person is already on that list' using errcode = '22023';
    end if;
    perform set_config('roots.queue_change', 'staff_move', true);
    update public.waiting_list_entries w set site_id = p_to_site_id, location = v_site.location where w.id = e.id;
    perform set_config('roots.queue_change', '', true);
    select * into e from public.waiting_list_entries w where w.id = p_entry_id;
    v_after := private.queue_position(e.id);
    insert into public.waiting_list_events (entry_id, location_key, kind, reason, position_before, position_after,
      from_location, to_location, queue_date_before, queue_date_after, actor_id)
    values (e.id, e.location_key, 'moved', v_reason, v_before, v_after, v_from_location, e.location,
      e.joined_at, e.joined_at, auth.uid());
    return query select e.id, e.location, v_before, v_after;
    return;
  end if;

  -- The neighbours the entry goes between (others of the same list, waiting, itself left out).
  if p_before_entry_id is not null or p_after_entry_id is not null then
    select * into x from public.waiting_list_entries w where w.id = coalesce(p_before_entry_id, p_after_entry_id);
    if not found or x.location_key <> e.location_key or x.status <> 'waiting' then
      raise exception 'Move it next to a waiting entry of the same list' using errcode = '22023';
    end if;
    if x.id = e.id then
      raise exception 'Move it next to another entry' using errcode = '22023';
    end if;
    if p_before_entry_id is not null then
      v_succ := x;
      select * into v_pred from public.waiting_list_entries w
      where w.location_key = e.location_key and w.status = 'waiting' and w.id <> e.id
        and (w.joined_at, w.id) < (x.joined_at, x.id)
      order by w.joined_at desc, w.id desc limit 1;
    else
      v_pred := x;
      select * into v_succ from public.waiting_list_entries w
      where w.location_key = e.location_key and w.status = 'waiting' and w.id <> e.id
        and (w.joined_at, w.id) > (x.joined_at, x.id)
      order by w.joined_at, w.id limit 1;
    end if;
  else
    select count(*) into v_count from public.waiting_list_entries w
    where w.location_key = e.location_key and w.status = 'waiting';
    if p_position < 1 or p_position > v_count then
      raise exception 'Choose a position from 1 to %', v_count using errcode = '22023';
    end if;
    if p_position > 1 then
      select * into v_pred from public.waiting_list_entries w
      where w.location_key = e.location_key and w.status = 'waiting' and w.id <> e.id
      order by w.joined_at, w.id offset p_position - 2 limit 1;
    end if;
    select * into v_succ from public.waiting_list_entries w
    where w.location_key = e.location_key and w.status = 'waiting' and w.id <> e.id
    order by w.joined_at, w.id offset p_position - 1 limit 1;
  end if;

  -- A queue date strictly between the neighbours' keys (the id breaks ties).
  foreach v_candidate in array array[
    case
      when v_pred.id is null and v_succ.id is null then e.joined_at
      when v_pred.id is null then v_succ.joined_at - interval '1 second'
      when v_succ.id is null then v_pred.joined_at + interval '1 second'
      else v_pred.joined_at + (v_succ.joined_at - v_pred.joined_at) / 2
    end,
    v_pred.joined_at, v_succ.joined_at
  ] loop
    if v_candidate is not null
      and (v_pred.id is null or (v_candidate, e.id) > (v_pred.joined_at, v_pred.id))
      and (v_succ.id is null or (v_candidate, e.id) < (v_succ.joined_at, v_succ.id)) then
      v_new := v_candidate;
      exit;
    end if;
  end loop;
  if v_new is null then
    raise exception 'There is no room between those two entries; move one of them first' using errcode = '22023';
  end if;
  if v_new = e.joined_at then
    raise exception 'The entry is already there' using errcode = '22023';
  end if;
  perform set_config('roots.queue_change', 'staff_move', true);
  update public.waiting_list_entries w set joined_at = v_new where w.id = e.id;
  perform set_config('roots.queue_change', '', true);
  v_after := private.queue_position(e.id);
  insert into public.waiting_list_events (entry_id, location_key, kind, reason, position_before, position_after,
    from_location, to_location, queue_date_before, queue_date_after, actor_id)
  values (e.id, e.location_key, 'moved', v_reason, v_before, v_after, e.location, e.location, e.joined_at, v_new, auth.uid());
  return query select e.id, e.location, v_before, v_after;
end;
$$;
comment on function public.move_waiting_list_entry(bigint, text, bigint, bigint, integer, bigint) is
  'Staff move of a waiting entry, with a reason: before/after another entry, to a position, or to another site keeping the join date.';

-- migrate_location as before (20250101000200_waiting_list.sql), now through the recorded path:
-- each moved entry gets a 'place_changed' event and each surviving entry that took an earlier join
-- date a 'merged' event; the queue ledger names the cause 'list_moved'.
create or replace function public.migrate_location(p_from_location text, p_to_site_id bigint, p_dry_run boolean default true)
returns table (moved integer, merged integer, to_location text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_to public.global_sites;
  v_from text := lower(trim(p_from_location));
  v_to_key text;
  v_moved integer := 0;
  v_merged integer := 0;
begin
  if not (coalesce(auth.role() = 'service_role', false) or private.is_admin()) then
    raise exception 'Only admins can move waiting lists' using errcode = '42501';
  end if;
  select * into v_to from public.global_sites where id = p_to_site_id;
  if not found then
    raise exception 'Unknown site' using errcode = 'PT404';
  end if;
  if v_from = '' then
    raise exception 'Name the place to move from' using errcode = '22023';
  end if;
  v_to_key := lower(trim(v_to.location));
  -- the later of two entries of one person is removed; the earlier one moves
  select count(*) into v_merged
  from public.waiting_list_entries s
  join public.waiting_list_entries t on t.email_normalised = s.email_normalised
  where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
    and t.location_key = v_to_key and t.status in ('waiting', 'offered') and t.id <> s.id;
  select count(*) into v_moved
  from public.waiting_list_entries s
  where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id;
  v_moved := v_moved - v_merged;
  if not p_dry_run then
    perform set_config('roots.queue_change', 'list_moved', true);
    -- keep the earlier join date on the surviving entry of each pair
    insert into public.waiting_list_events (entry_id, location_key, kind, reason, from_location, to_location,
      queue_date_before, queue_date_after, actor_id)
    select t.id, t.location_key, 'merged', 'Your entry on the list for ' || s.location || ' was merged into this one, keeping the earlier join date',
      s.location, t.location, t.joined_at, s.joined_at, auth.uid()
    from public.waiting_list_entries s
    join public.waiting_list_entries t on t.email_normalised = s.email_normalised
    where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
      and t.location_key = v_to_key and t.status in ('waiting', 'offered') and t.id <> s.id
      and s.joined_at < t.joined_at;
    update public.waiting_list_entries t set joined_at = least(t.joined_at, s.joined_at)
    from public.waiting_list_entries s
    where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
      and t.email_normalised = s.email_normalised and t.location_key = v_to_key
      and t.status in ('waiting', 'offered') and t.id <> s.id;
    update public.waiting_list_entries s set status = 'removed'
    from public.waiting_list_entries t
    where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
      and t.email_normalised = s.email_normalised and t.location_key = v_to_key
      and t.status in ('waiting', 'offered') and t.id <> s.id;
    with m as (
      update public.waiting_list_entries s set site_id = p_to_site_id, location = v_to.location
      where s.location_key = v_from and s.status in ('waiting', 'offered') and s.site_id is distinct from p_to_site_id
      returning s.id, s.location, s.joined_at
    )
    insert into public.waiting_list_events (entry_id, location_key, kind, reason, from_location, to_location,
      queue_date_before, queue_date_after, actor_id)
    select m.id, v_to_key, 'place_changed', 'The list for ' || p_from_location || ' moved to the site ' || v_to.location || ', keeping join dates',
      trim(p_from_location), m.location, m.joined_at, m.joined_at, auth.uid()
    from m;
    perform set_config('roots.queue_change', '', true);
  end if;
  return query select v_moved, v_merged, v_to.location;
end;
$$;

-- The applicant's own history by private reference: their events (joined, imported, asked and
-- confirmed, moved with the reason, moved to another list, merged), their status changes, and per
-- month how many places they moved up or down and why (counts by cause; nobody is named), dated
-- at the month's last such change.
-- Rows: happened_at, kind, reason (only of their own moves), positions before/after (their own
-- moves), the list, queue_date (their own join date or new queue date), places_up, places_down,
-- causes ({cause: net places gained}).
create or replace function public.get_waiting_list_history(p_reference text)
returns table (
  happened_at timestamptz,
  kind text,
  reason text,
  position_before bigint,
  position_after bigint,
  location text,
  queue_date timestamptz,
  places_up integer,
  places_down integer,
  causes jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  e public.waiting_list_entries;
begin
  if p_reference is null or p_reference !~ '^[0-9a-f-]{8,64}$' then
    return;
  end if;
  select * into e from public.waiting_list_entries w where w.reference = lower(p_reference);
  if not found then
    return;
  end if;
  return query
  with own as (
    select v.created_at as at, v.kind, v.reason, v.position_before, v.position_after,
      coalesce(v.to_location, e.location) as location,
      case when v.kind in ('joined', 'imported', 'moved', 'merged', 'asked_to_confirm') then v.queue_date_after end as queue_date,
      v.id as ord
    from public.waiting_list_events v where v.entry_id = e.id
  ),
  statuses as (
    select h.changed_at as at, case when h.to_status = 'waiting' then 'reinstated' else h.to_status end as kind,
      h.id as ord
    from public.waiting_list_status_history h
    where h.entry_id = e.id and h.from_status is not null and h.from_status is distinct from h.to_status
  ),
  mine as (
    select q.id, q.location_key, q.key_joined_at, q.delta, lead(q.id) over (order by q.id) as next_id
    from private.waiting_list_queue_log q where q.entry_id = e.id
  ),
  spans as (
    select m.id as from_id, coalesce(m.next_id, 9223372036854775807) as to_id, m.location_key, m.key_joined_at
    from mine m where m.delta = 1
  ),
  effects as (
    select date_trunc('month', x.created_at) as month, x.cause, sum(-x.delta)::integer as gain, max(x.created_at) as last_at
    from spans s
    join private.waiting_list_queue_log x
      on x.location_key = s.location_key and x.id > s.from_id and x.id < s.to_id
      and x.entry_id <> e.id and (x.key_joined_at, x.entry_id) < (s.key_joined_at, e.id)
    group by 1, 2
    having sum(-x.delta) <> 0
  ),
  months as (
    select f.month, max(f.last_at) as last_at,
      coalesce(sum(f.gain) filter (where f.gain > 0), 0)::integer as up,
      coalesce(-sum(f.gain) filter (where f.gain < 0), 0)::integer as down,
      jsonb_object_agg(f.cause, f.gain) as causes
    from effects f group by f.month
  )
  select o.at, o.kind, o.reason, o.position_before, o.position_after, o.location, o.queue_date,
    null::integer, null::integer, null::jsonb
  from own o
  union all
  select s.at, s.kind, null, null, null, e.location, null, null, null, null from statuses s
  union all
  select m.last_at, 'position', null, null, null, e.location, null, m.up, m.down, m.causes from months m
  order by 1, 2;
end;
$$;
comment on function public.get_waiting_list_history(text) is
  'Own history by private reference: events, status changes and position changes per month with their causes (counts only).';

-- A site's list in public figures: get_site_list_stats, offers per month over the last 12
-- months (oldest first, this month last) and the median wait from joining to an offer of the
-- last year's offers (null below 3 offers).
create or replace function public.get_site_list_figures(p_slug text)
returns table (
  list_length bigint,
  waiting bigint,
  top_joined_on date,
  offers_last_year bigint,
  window_months numeric,
  estimated_wait_months numeric,
  median_wait_months numeric,
  offers_by_month jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_key text;
  v_median numeric;
  v_n bigint;
  v_months jsonb;
begin
  select lower(trim(s.location)) into v_key from public.global_sites s where s.slug = lower(trim(p_slug));
  if v_key is null then
    return;
  end if;
  select count(*), percentile_cont(0.5) within group (order by extract(epoch from h.changed_at - w.joined_at))
    into v_n, v_median
  from public.waiting_list_status_history h
  join public.waiting_list_entries w on w.id = h.entry_id
  where h.location_key = v_key and h.to_status = 'offered' and h.changed_at > now() - interval '1 year';
  select jsonb_agg(jsonb_build_object('month', to_char(m.month, 'YYYY-MM'), 'offers', coalesce(c.n, 0)) order by m.month)
    into v_months
  from generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') m (month)
  left join (
    select date_trunc('month', h.changed_at) as month, count(*) as n
    from public.waiting_list_status_history h
    where h.location_key = v_key and h.to_status = 'offered'
      and h.changed_at >= date_trunc('month', now()) - interval '11 months'
    group by 1
  ) c on c.month = m.month;
  return query
  select s.list_length, s.waiting, s.top_joined_on, s.offers_last_year, s.window_months, s.estimated_wait_months,
    case when v_n >= 3 then round((v_median / 2629800.0)::numeric, 1) end,
    v_months
  from public.get_site_list_stats(p_slug) s;
end;
$$;
comment on function public.get_site_list_figures(text) is
  'A site''s list in public figures: get_site_list_stats, offers per month (12 months) and the median wait to an offer (null below 3 offers).';

-- == Triggers ==

-- Named to run after the place triggers (before-triggers fire in name order).
create trigger waiting_list_entries_zz_lock_queue before update on public.waiting_list_entries
  for each row execute function private.lock_queue_order();
create trigger waiting_list_entries_queue_log after insert or update on public.waiting_list_entries
  for each row execute function private.record_queue_change();
create trigger reconfirmations_events after insert or update of status on private.reconfirmations
  for each row execute function private.record_reconfirmation();
create trigger waiting_list_events_audit after insert or update or delete on public.waiting_list_events
  for each row execute function private.audit_write();

-- == Backfill ==

-- The entries already there: their join, and the ledger from their status history (keys as now).
insert into public.waiting_list_events (entry_id, location_key, kind, to_location, queue_date_after, created_at)
select w.id, w.location_key, 'joined', w.location, w.joined_at, w.joined_at from public.waiting_list_entries w;
insert into private.waiting_list_queue_log (location_key, entry_id, key_joined_at, delta, cause, created_at)
select h.location_key, h.entry_id, w.joined_at,
  case when h.to_status = 'waiting' then 1 else -1 end,
  case when h.to_status = 'waiting' then case when h.from_status is null then 'joined' else 'reinstated' end else h.to_status end,
  h.changed_at
from public.waiting_list_status_history h
join public.waiting_list_entries w on w.id = h.entry_id
where (h.to_status = 'waiting') <> (h.from_status is not distinct from 'waiting')
order by h.changed_at, h.id;

-- == Policies ==

create policy "Staff can read events of their sites' entries" on public.waiting_list_events
  for select to authenticated
  using (
    (select private.is_admin())
    or exists (
      select 1 from public.waiting_list_entries e
      where e.id = entry_id and e.site_id = any ((select private.managed_site_ids())::bigint[])
    )
  );

-- == Grants ==

grant select on public.waiting_list_events to authenticated;
grant select on public.waiting_list_events to service_role;
-- A record, like the audit log: written only by the security-definer triggers and functions above.
revoke insert, update, delete, truncate on public.waiting_list_events from service_role;
revoke all on private.waiting_list_queue_log from anon, authenticated;
grant select on private.waiting_list_queue_log to service_role;
revoke all on function private.lock_queue_order(), private.record_queue_change(), private.record_reconfirmation(),
  private.queue_position(bigint) from public;
revoke all on function public.move_waiting_list_entry(bigint, text, bigint, bigint, integer, bigint),
  public.get_waiting_list_history(text), public.get_site_list_figures(text) from public, anon, authenticated;
-- Staff: the caller is checked inside.
grant execute on function public.move_waiting_list_entry(bigint, text, bigint, bigint, integer, bigint)
  to authenticated, service_role;
-- Applicant-facing (the private reference) and public figures: anon too.
grant execute on function public.get_waiting_list_history(text), public.get_site_list_figures(text)
  to anon, authenticated, service_role;
