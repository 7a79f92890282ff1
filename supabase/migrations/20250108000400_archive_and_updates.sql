-- Archiving a site, welcome slots that cannot start in the past, and the monthly "where you are
-- now" mail to applicants who ask for it (1b and 6).
-- - A site is archived, never deleted (entries, payments and history point at it): archive_site
--   (admins only, one transaction) moves its live list to another site keeping every join date
--   (migrate_location: merged into that list in queue order) or withdraws it, withdraws its
--   pre-registrations, cancels its coming welcome slots (their guests are told by the bookings
--   outbox), and points its old pages at the list's new site (or /sites) with a redirect. Each
--   person is owed a mail saying what happened and why (private.site_closure_notices, drained by
--   the list-updates function). Triggers refuse new entries, offers, pre-registrations, welcome
--   slots and tours at an archived site.
-- - Welcome slots: a slot created or moved must start in the future; past slots stay as they are.
-- - Monthly updates: waiting_list_entries.monthly_updates (opt-in, off by default), changed by the
--   applicant's private reference. On the 1st of each month the job snapshots the position of
--   every opted-in waiting applicant (private.list_position_snapshots, one row per entry and
--   month) and the list-updates function claims one mail per snapshot through the outbox (kind
--   monthly_update, about 'entry', period 'YYYY-MM'), naming last month's position.

-- == Tables ==

alter table public.global_sites add column archived_at timestamptz;
comment on column public.global_sites.archived_at is
  'When the site closed (archive_site). Archived sites leave the public catalogue; staff still see them.';

alter table public.waiting_list_entries add column monthly_updates boolean not null default false;
comment on column public.waiting_list_entries.monthly_updates is
  'The applicant asked for a monthly e-mail with their position (set_monthly_updates by reference).';

create table private.list_position_snapshots (
  entry_id bigint not null references public.waiting_list_entries (id) on delete cascade,
  period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  queue_position bigint not null check (queue_position > 0),
  list_length bigint not null check (list_length >= 0),
  estimated_wait_months numeric,
  taken_at timestamptz not null default now(),
  primary key (entry_id, period)
);
comment on table private.list_position_snapshots is
  'Each opted-in applicant''s place on the 1st of each month: what the monthly mail says, and where they moved from next time.';
alter table private.list_position_snapshots enable row level security;

-- One mail owed per person a site closure touched (an entry moved or withdrawn, a
-- pre-registration withdrawn). claimed_at/sent_at as in the outbox: a failed send is released.
create table private.site_closure_notices (
  id bigint generated always as identity primary key,
  site_id bigint not null references public.global_sites (id) on delete cascade,
  entry_id bigint references public.waiting_list_entries (id) on delete cascade,
  pre_registration_id bigint references public.pre_registrations (id) on delete cascade,
  outcome text not null check (outcome in ('moved', 'withdrawn')),
  moved_to_site_id bigint references public.global_sites (id) on delete set null,
  reason text check (reason is null or length(reason) between 1 and 500),
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  check (num_nonnulls(entry_id, pre_registration_id) = 1),
  check (outcome = 'withdrawn' or moved_to_site_id is not null)
);
comment on table private.site_closure_notices is
  'Mail owed because a site closed: the entry moved (and where) or was withdrawn, or the pre-registration was withdrawn.';
create index site_closure_notices_unclaimed_idx on private.site_closure_notices (id) where claimed_at is null;
create index site_closure_notices_entry_idx on private.site_closure_notices (entry_id);
create index site_closure_notices_prereg_idx on private.site_closure_notices (pre_registration_id);
create index site_closure_notices_site_idx on private.site_closure_notices (site_id);
create index site_closure_notices_to_site_idx on private.site_closure_notices (moved_to_site_id);
alter table private.site_closure_notices enable row level security;

insert into private.notification_kinds (kind, about, function_path, request, pending_query, description) values
  ('monthly_update', 'entry', 'list-updates', '{"action": "monthly"}',
   $q$select 1 from private.list_position_snapshots s
      join public.waiting_list_entries w on w.id = s.entry_id
      where w.monthly_updates and w.status = 'waiting' and s.taken_at > now() - interval '20 days'
        and not exists (select 1 from private.notification_outbox n
                        where n.kind = 'monthly_update' and n.entry_id = s.entry_id and n.period = s.period)$q$,
   'The monthly position mail to an applicant who opted in (snapshots in private.list_position_snapshots).'),
  ('site_closure', 'other', 'list-updates', '{"action": "closures"}',
   $q$select 1 from private.site_closure_notices c where c.claimed_at is null$q$,
   'A site closed: each applicant moved or withdrawn, and each pre-registration withdrawn, is told why (private.site_closure_notices).');

-- == Functions ==

-- Nothing new happens at an archived site: no entry joins or moves there, no offer, slot, tour or
-- pre-registration is made there.
create or replace function private.refuse_archived_site()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.site_id is not distinct from old.site_id then
    return new;
  end if;
  if exists (select 1 from public.global_sites s where s.id = new.site_id and s.archived_at is not null) then
    raise exception 'This site has closed' using errcode = '23514';
  end if;
  return new;
end;
$$;

-- A welcome slot starts in the future when it is created or moved through the API (any request
-- with JWT claims: staff screens, functions); a past slot stays valid for any other change
-- (cancelling it, its notes, its bookings count). SQL run by the database owner without claims
-- (migrations, seeds, test fixtures of past slots) is not an API write and may record history.
create or replace function private.check_welcome_slot_future()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' or new.starts_at is distinct from old.starts_at) and new.starts_at <= now()
    and nullif(current_setting('request.jwt.claims', true), '') is not null then
    raise exception 'A welcome slot must start in the future' using errcode = '23514';
  end if;
  return new;
end;
$$;

-- The public path of a site's page (web/src/config/paths-sites.ts: /sites/:cityslug/:slug).
create or replace function private.site_page_path(s public.global_sites)
returns text
language sql
immutable
set search_path = ''
as $$ select '/sites/' || s.city_slug || '/' || s.slug $$;

-- Archives a site (admins only), in one transaction:
-- p_action 'move': its live entries join p_to_site_id's list with their join dates (an open
--   offer is withdrawn first and the entry waits again); a person already on that list keeps one
--   entry, the earlier (migrate_location). Each is told where their place went.
-- p_action 'withdraw': its live entries are withdrawn (open offers too) and told why (p_reason).
-- Either way its pre-registrations are withdrawn and told, its coming welcome slots are
-- cancelled (guests told by the bookings outbox), and its pages redirect to the new site's page
-- (move) or to /sites (withdraw). Returns what it did.
create or replace function public.archive_site(
  p_site_id bigint, p_action text, p_to_site_id bigint default null, p_reason text default null
)
returns table (moved integer, merged integer, withdrawn integer, pre_registrations_withdrawn integer,
  slots_cancelled integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_site public.global_sites;
  v_to public.global_sites;
  v_reason text := nullif(trim(coalesce(p_reason, '')), '');
  v_moved integer := 0;
  v_merged integer := 0;
  v_withdrawn integer := 0;
  v_prereg integer := 0;
  v_slots integer := 0;
  v_slot bigint;
  v_target text;
begin
  if not private.is_admin() then
    raise exception 'Only admins can archive sites' using errcode = '42501';
  end if;
  if p_action is null or p_action not in ('move', 'withdraw') then
    raise exception 'Choose whether to move the list to another site or withdraw it' using errcode = '22023';
  end if;
  if v_reason is not null and length(v_reason) > 500 then
    raise exception 'Give the reason in at most 500 characters' using errcode = '22023';
  end if;
  select * into v_site from public.global_sites where id = p_site_id for update;
  if not found then
    raise exception 'Unknown site' using errcode = 'PT404';
  end if;
  if v_site.archived_at is not null then
    raise exception 'This site is already archived' using errcode = '22023';
  end if;
  if p_action = 'move' then
    if p_to_site_id is null then
      raise exception 'Choose the site to move the list to' using errcode = '22023';
    end if;
    select * into v_to from public.global_sites where id = p_to_site_id for update;
    if not found then
      raise exception 'Unknown site to move the list to' using errcode = 'PT404';
    end if;
    if v_to.id = v_site.id or v_to.archived_at is not null or coalesce(v_to.status, 'upcoming') = 'upcoming'
      or lower(trim(v_to.location)) = lower(trim(v_site.location)) then
      raise exception 'Move the list to another site that is open' using errcode = '22023';
    end if;
  elsif v_reason is null then
    raise exception 'Say why the list is withdrawn: the applicants are told' using errcode = '22023';
  end if;

  -- Open offers at a closing site lapse: the plot they offered is gone.
  update public.plot_offers o set status = 'withdrawn', responded_at = now()
  where o.site_id = p_site_id and o.status = 'offered';

  if p_action = 'move' then
    update public.waiting_list_entries w set status = 'waiting'
    where w.site_id = p_site_id and w.status = 'offered';
    insert into private.site_closure_notices (site_id, entry_id, outcome, moved_to_site_id, reason)
    select p_site_id, w.id, 'moved', p_to_site_id, v_reason
    from public.waiting_list_entries w
    where w.site_id = p_site_id and w.status = 'waiting';
    -- The recorded move: join dates kept, duplicates merged into the earlier entry.
    select m.moved, m.merged into v_moved, v_merged
    from public.migrate_location(v_site.location, p_to_site_id, false) m;
    v_target := private.site_page_path(v_to);
  else
    with gone as (
      update public.waiting_list_entries w set status = 'withdrawn'
      where w.site_id = p_site_id and w.status in ('waiting', 'offered')
      returning w.id
    )
    insert into private.site_closure_notices (site_id, entry_id, outcome, reason)
    select p_site_id, g.id, 'withdrawn', v_reason from gone g;
    get diagnostics v_withdrawn = row_count;
    v_target := '/sites';
  end if;

  with gone as (
    update public.pre_registrations p set status = 'withdrawn'
    where p.site_id = p_site_id and p.status = 'registered'
    returning p.id
  )
  insert into private.site_closure_notices (site_id, pre_registration_id, outcome, reason)
  select p_site_id, g.id, 'withdrawn', coalesce(v_reason, 'This site will not open.') from gone g;
  get diagnostics v_prereg = row_count;

  for v_slot in
    select w.id from public.welcome_slots w
    where w.site_id = p_site_id and w.cancelled_at is null and w.starts_at > now()
  loop
    perform public.cancel_welcome_slot(v_slot, 'This site has closed.');
    v_slots := v_slots + 1;
  end loop;

  update public.global_sites set archived_at = now() where id = p_site_id;

  -- Its old pages lead to where its list went (redirects are checked on every navigation).
  insert into public.redirects (source_path, target, status_code)
  values
    (private.site_page_path(v_site), v_target, 301),
    ('/prereg/' || v_site.slug, v_target, 301),
    ('/prereg/' || v_site.slug || '/signup', v_target, 301)
  on conflict (source_path) do update set target = excluded.target, status_code = excluded.status_code;

  return query select v_moved, v_merged, v_withdrawn, v_prereg, v_slots;
end;
$$;
comment on function public.archive_site(bigint, text, bigint, text) is
  'Admins: close a site, moving its list to another site (join dates kept) or withdrawing it with a reason.';

-- How many people a site's archive would touch (the dialog says so before anyone confirms).
create or replace function public.site_archive_summary(p_site_id bigint)
returns table (live_entries bigint, offers_open bigint, pre_registrations bigint, slots_coming bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins can archive sites' using errcode = '42501';
  end if;
  if not exists (select 1 from public.global_sites s where s.id = p_site_id) then
    raise exception 'Unknown site' using errcode = 'PT404';
  end if;
  return query select
    (select count(*) from public.waiting_list_entries w where w.site_id = p_site_id and w.status in ('waiting', 'offered')),
    (select count(*) from public.plot_offers o where o.site_id = p_site_id and o.status = 'offered'),
    (select count(*) from public.pre_registrations p where p.site_id = p_site_id and p.status = 'registered'),
    (select count(*) from public.welcome_slots w where w.site_id = p_site_id and w.cancelled_at is null and w.starts_at > now());
end;
$$;

-- Claims the closure mails nobody has sent and returns who to tell what (the list-updates
-- function, as the service role). A moved applicant's link is their live entry on the new list.
create or replace function public.claim_site_closure_notices(p_limit integer default 200)
returns table (notice_id bigint, email text, first_name text, closed_location text, outcome text,
  is_pre_registration boolean, moved_to_location text, reference text, reason text, site_id bigint)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(auth.role() = 'service_role', false) then
    raise exception 'Only the service role sends closure notices' using errcode = '42501';
  end if;
  return query
  with due as (
    select c.id from private.site_closure_notices c
    where c.claimed_at is null
    order by c.id
    limit greatest(least(coalesce(p_limit, 200), 1000), 1)
    for update skip locked
  ),
  claimed as (
    update private.site_closure_notices c set claimed_at = now()
    from due where c.id = due.id
    returning c.*
  )
  select c.id,
    coalesce(w.email, p.email),
    coalesce(w.first_name, p.first_name),
    s.location,
    c.outcome,
    c.pre_registration_id is not null,
    t.location,
    case when c.outcome = 'moved' then
      coalesce(
        (select l.reference from public.waiting_list_entries l
         where l.site_id = c.moved_to_site_id and l.email_normalised = w.email_normalised
           and l.status in ('waiting', 'offered')
         order by l.joined_at limit 1),
        w.reference)
    end,
    c.reason,
    c.site_id
  from claimed c
  join public.global_sites s on s.id = c.site_id
  left join public.global_sites t on t.id = c.moved_to_site_id
  left join public.waiting_list_entries w on w.id = c.entry_id
  left join public.pre_registrations p on p.id = c.pre_registration_id
  order by c.id;
end;
$$;

-- Ends closure-notice claims: sent ones are marked, failed ones released for the next run.
create or replace function public.finish_site_closure_notices(p_sent bigint[], p_failed bigint[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(auth.role() = 'service_role', false) then
    raise exception 'Only the service role sends closure notices' using errcode = '42501';
  end if;
  update private.site_closure_notices set sent_at = now()
  where id = any (coalesce(p_sent, '{}')) and sent_at is null and claimed_at is not null;
  update private.site_closure_notices set claimed_at = null
  where id = any (coalesce(p_failed, '{}')) and sent_at is null;
end;
$$;

-- The applicant turns their monthly update on or off by their private reference (the status
-- page's toggle and the mail's unsubscribe link). False when no live entry has that reference.
create or replace function public.set_monthly_updates(p_reference text, p_on boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_on is null then
    raise exception 'Say whether you want the monthly update' using errcode = '22023';
  end if;
  update public.waiting_list_entries set monthly_updates = p_on
  where reference = p_reference and status in ('waiting', 'offered');
  return found;
end;
$$;

-- Whether the live entry with this reference gets the monthly update (null: no such live entry).
create or replace function public.get_monthly_updates(p_reference text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select w.monthly_updates from public.waiting_list_entries w
  where w.reference = p_reference and w.status in ('waiting', 'offered')
$$;

-- The monthly job: snapshots the place of every opted-in waiting applicant for p_period (by
-- default this month, UK time), with the list's length and the estimate get_waiting_list_position
-- gives (people offered a place over the last year, over the list's age within that year).
-- Running twice for a month changes nothing. The list-updates function then mails each one
-- (the drain posts to it while any snapshot is unclaimed). Returns how many it took.
create or replace function private.run_monthly_list_updates(p_period text default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_period text := coalesce(p_period, to_char(now() at time zone 'Europe/London', 'YYYY-MM'));
  v_count integer;
begin
  perform private.act_as_scheduler();
  with waiting as (
    select w.id, w.location_key, w.monthly_updates,
      row_number() over (partition by w.location_key order by w.joined_at, w.id) as pos
    from public.waiting_list_entries w
    where w.status = 'waiting'
      and w.location_key in (select o.location_key from public.waiting_list_entries o
                             where o.monthly_updates and o.status = 'waiting')
  ),
  pace as (
    select k.location_key,
      (select count(*) from public.waiting_list_status_history h
       where h.location_key = k.location_key and h.to_status = 'offered'
         and h.changed_at > now() - interval '1 year') as moved,
      (select greatest(min(h.changed_at), now() - interval '1 year') from public.waiting_list_status_history h
       where h.location_key = k.location_key and h.to_status = 'waiting') as since,
      coalesce((select c.live_count from private.waiting_list_counters c where c.location_key = k.location_key), 0)
        as live
    from (select distinct location_key from waiting) k
  )
  insert into private.list_position_snapshots (entry_id, period, queue_position, list_length, estimated_wait_months)
  select w.id, v_period, w.pos, p.live,
    case when p.moved = 0 then null
      else round(w.pos * greatest(extract(epoch from now() - p.since) / 2629800.0, 1.0) / p.moved, 1) end
  from waiting w join pace p on p.location_key = w.location_key
  where w.monthly_updates
  on conflict (entry_id, period) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Claims the monthly mails owed (a snapshot under 20 days old of an applicant still waiting and
-- still opted in, unclaimed) and returns what each says: this month's place, last month's (the
-- latest earlier snapshot), the list's length and the estimate. The list-updates function, as
-- the service role; finish with finish_notifications('monthly_update', …).
create or replace function public.claim_monthly_updates(p_limit integer default 200)
returns table (entry_id bigint, period text, reference text, email text, first_name text, location text,
  site_id bigint, queue_position bigint, previous_position bigint, list_length bigint,
  estimated_wait_months numeric)
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce(auth.role() = 'service_role', false) then
    raise exception 'Only the service role sends monthly updates' using errcode = '42501';
  end if;
  return query
  with owed as (
    select s.entry_id, s.period from private.list_position_snapshots s
    join public.waiting_list_entries w on w.id = s.entry_id
    where w.monthly_updates and w.status = 'waiting' and s.taken_at > now() - interval '20 days'
      and not exists (select 1 from private.notification_outbox n
                      where n.kind = 'monthly_update' and n.entry_id = s.entry_id and n.period = s.period)
    order by s.entry_id
    limit greatest(least(coalesce(p_limit, 200), 1000), 1)
  ),
  claimed as (
    insert into private.notification_outbox (kind, entry_id, period)
    select 'monthly_update', o.entry_id, o.period from owed o
    on conflict do nothing
    returning notification_outbox.entry_id, notification_outbox.period
  )
  select c.entry_id, c.period, w.reference, w.email, w.first_name, w.location, w.site_id,
    s.queue_position,
    (select p.queue_position from private.list_position_snapshots p
     where p.entry_id = c.entry_id and p.period < c.period order by p.period desc limit 1),
    s.list_length, s.estimated_wait_months
  from claimed c
  join private.list_position_snapshots s on s.entry_id = c.entry_id and s.period = c.period
  join public.waiting_list_entries w on w.id = c.entry_id
  order by c.entry_id;
end;
$$;

-- == Triggers ==

create trigger waiting_list_entries_open_site before insert or update of site_id on public.waiting_list_entries
  for each row execute function private.refuse_archived_site();
create trigger pre_registrations_open_site before insert or update of site_id on public.pre_registrations
  for each row execute function private.refuse_archived_site();
create trigger plot_offers_open_site before insert or update of site_id on public.plot_offers
  for each row execute function private.refuse_archived_site();
create trigger welcome_slots_open_site before insert or update of site_id on public.welcome_slots
  for each row execute function private.refuse_archived_site();
create trigger guided_tours_open_site before insert or update of site_id on public.guided_tours
  for each row execute function private.refuse_archived_site();
create trigger welcome_slots_future before insert or update of starts_at on public.welcome_slots
  for each row execute function private.check_welcome_slot_future();

-- == Grants ==

revoke all on private.list_position_snapshots, private.site_closure_notices from anon, authenticated;
grant select on private.list_position_snapshots, private.site_closure_notices to service_role;
revoke all on function private.refuse_archived_site(), private.check_welcome_slot_future(),
  private.site_page_path(public.global_sites), private.run_monthly_list_updates(text) from public;
revoke all on function public.archive_site(bigint, text, bigint, text), public.site_archive_summary(bigint),
  public.claim_site_closure_notices(integer), public.finish_site_closure_notices(bigint[], bigint[]),
  public.set_monthly_updates(text, boolean), public.get_monthly_updates(text),
  public.claim_monthly_updates(integer)
  from public, anon, authenticated;
-- Admins (checked inside).
grant execute on function public.archive_site(bigint, text, bigint, text), public.site_archive_summary(bigint)
  to authenticated, service_role;
-- The list-updates function.
grant execute on function public.claim_site_closure_notices(integer), public.finish_site_closure_notices(bigint[], bigint[]),
  public.claim_monthly_updates(integer)
  to service_role;
-- Applicant-facing: anon holds only the private reference.
grant execute on function public.set_monthly_updates(text, boolean), public.get_monthly_updates(text)
  to anon, authenticated, service_role;

-- == Cron ==

-- 06:00 UTC on the 1st: the snapshots; the drain (every minute) then asks list-updates to mail them.
select cron.schedule('monthly-list-updates', '0 6 1 * *', 'select private.run_monthly_list_updates()');
