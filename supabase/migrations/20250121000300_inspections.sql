-- Inspections: a patch manager (or an admin) walks the site and scores each plot's cultivation,
-- with a note and photos, on a phone that may have no signal.
--   * public.plot_inspections: one row per inspection, its id a UUID the phone makes when the
--     inspection is typed. record_inspection(id, …) records it once: the same id sent again
--     (a retry after a lost answer, a second phone's queue) answers the same row and changes
--     nothing. Photos are objects of the private bucket inspection-photos at fixed names,
--     <site id>/<inspection id>/<n>.<ext>, uploaded (upsert) before the inspection is sent, so a
--     resend overwrites the same objects.
--   * The cultivation score is 0 to 5 (the words of each step are in
--     supabase/functions/_shared/common/inspection-scale.ts, shared by the web app and the
--     e-mails); a score below the site's pass mark fails. Pass marks: public.inspection_settings
--     per site, else app_settings.inspection_pass_mark (3).
--   * The rules, as the subscription agreement says them (inspection_terms() gives the numbers):
--       - a failed inspection of a let plot whose membership has no open warning gives a written
--         warning: what to do and a deadline, inspection_warning_days (28) after the inspection;
--       - a passing inspection while a warning is open closes it;
--       - a failed inspection after the warning's deadline starts a notice to quit: the
--         membership goes under notice (cancellation_requested, ends_on one month after the
--         inspection, or sooner if it already ends sooner), exactly as a cancellation does, and
--         run_membership_endings ends it; the member cannot withdraw it from /members;
--       - a failed inspection before the deadline adds nothing (the warning stands).
--     Warnings live in private.inspection_warnings, one open per membership.
--   * Mail: private.inspection_notices (warning, notice, cleared), claimed and sent once by the
--     plot-inspections function (notification kind inspection_notice), which also tells the
--     payment provider when a notice to quit ends the subscription.
--   * Who sees what: staff of the site (admins; patch managers of that site) read and record its
--     inspections; the plot's holder and their co-worker (private.can_see_plot) read the
--     inspections made during the current tenancy and reply in their own words
--     (public.plot_inspection_replies, 1 to 2,000 characters). Nobody else.

-- == Settings ==

alter table public.app_settings add constraint app_settings_inspection_pass_mark_check check (
  key <> 'inspection_pass_mark' or (jsonb_typeof(value) = 'number' and (value #>> '{}')::numeric in (1, 2, 3, 4, 5)));
alter table public.app_settings add constraint app_settings_inspection_warning_days_check check (
  key <> 'inspection_warning_days' or (jsonb_typeof(value) = 'number' and (value #>> '{}')::numeric between 7 and 90
    and (value #>> '{}')::numeric = floor((value #>> '{}')::numeric)));
insert into public.app_settings (key, value) values
  ('inspection_pass_mark', '3'),
  ('inspection_warning_days', '28')
on conflict (key) do nothing;

-- == Tables ==

create table public.inspection_settings (
  site_id bigint primary key references public.global_sites (id) on delete cascade,
  pass_mark smallint not null check (pass_mark between 1 and 5),
  updated_at timestamptz not null default now()
);
comment on table public.inspection_settings is
  'A site''s inspection pass mark (a score below it fails); sites without a row use app_settings.inspection_pass_mark.';
alter table public.inspection_settings enable row level security;

create table public.plot_inspections (
  id uuid primary key,
  plot_id bigint not null references public.plots (id) on delete cascade,
  site_id bigint not null references public.global_sites (id) on delete cascade,
  -- The tenancy (and its membership) the plot was under when inspected; null for a plot not let.
  tenancy_id bigint references public.plot_tenancies (id) on delete set null,
  membership_id bigint references public.memberships (id) on delete set null,
  score smallint not null check (score between 0 and 5),
  pass_mark smallint not null check (pass_mark between 1 and 5),
  passed boolean generated always as (score >= pass_mark) stored,
  note text check (note is null or length(note) <= 2000),
  photos text[] not null default '{}' check (cardinality(photos) <= 6),
  -- What the inspection did: passed, cleared (closed a warning), warning (gave one), warned (failed
  -- under a warning still running), notice (notice to quit), failed (nobody to warn).
  outcome text not null check (outcome in ('passed', 'cleared', 'warning', 'warned', 'notice', 'failed')),
  warning_deadline date,
  notice_ends_on date,
  inspected_at timestamptz not null,
  inspected_by uuid references auth.users (id) on delete set null,
  recorded_at timestamptz not null default now()
);
comment on table public.plot_inspections is
  'An inspection of a plot: cultivation score 0-5, note and photos. Recorded once per id by record_inspection.';
comment on column public.plot_inspections.id is 'Made by the phone when the inspection is typed: sending it again records nothing new.';
comment on column public.plot_inspections.photos is
  'Object names in bucket inspection-photos: <site id>/<inspection id>/<n>.<ext>.';
create index plot_inspections_plot_idx on public.plot_inspections (plot_id, inspected_at desc);
create index plot_inspections_site_idx on public.plot_inspections (site_id, inspected_at desc);
create index plot_inspections_tenancy_idx on public.plot_inspections (tenancy_id);
create index plot_inspections_membership_idx on public.plot_inspections (membership_id);
create index plot_inspections_inspected_by_idx on public.plot_inspections (inspected_by);
alter table public.plot_inspections enable row level security;

create table public.plot_inspection_replies (
  id bigint generated always as identity primary key,
  inspection_id uuid not null references public.plot_inspections (id) on delete cascade,
  author_id uuid not null references auth.users (id) on delete cascade,
  body text not null check (length(btrim(body)) between 1 and 2000),
  created_at timestamptz not null default now()
);
comment on table public.plot_inspection_replies is
  'What the plot''s holder or co-worker answers to an inspection, in their own words.';
create index plot_inspection_replies_inspection_idx on public.plot_inspection_replies (inspection_id, id);
create index plot_inspection_replies_author_idx on public.plot_inspection_replies (author_id);
alter table public.plot_inspection_replies enable row level security;

-- A written warning to a membership: open until a passing inspection clears it or a failed one
-- after its deadline turns it into a notice to quit.
create table private.inspection_warnings (
  id bigint generated always as identity primary key,
  membership_id bigint not null references public.memberships (id) on delete cascade,
  plot_id bigint not null references public.plots (id) on delete cascade,
  inspection_id uuid not null references public.plot_inspections (id) on delete cascade,
  deadline date not null,
  status text not null default 'open' check (status in ('open', 'cleared', 'notice')),
  closed_by uuid references public.plot_inspections (id) on delete set null,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'open') = (closed_at is null))
);
create unique index inspection_warnings_one_open on private.inspection_warnings (membership_id) where status = 'open';
create index inspection_warnings_membership_idx on private.inspection_warnings (membership_id, id desc);
create index inspection_warnings_plot_idx on private.inspection_warnings (plot_id);
create index inspection_warnings_inspection_idx on private.inspection_warnings (inspection_id);
create index inspection_warnings_closed_by_idx on private.inspection_warnings (closed_by);
alter table private.inspection_warnings enable row level security;

-- The mail an inspection owes the member, each claimed and sent once by plot-inspections.
create table private.inspection_notices (
  id bigint generated always as identity primary key,
  inspection_id uuid not null references public.plot_inspections (id) on delete cascade,
  kind text not null check (kind in ('warning', 'notice', 'cleared')),
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (inspection_id, kind)
);
create index inspection_notices_owed_idx on private.inspection_notices (id) where sent_at is null;
alter table private.inspection_notices enable row level security;

insert into private.notification_kinds (kind, about, function_path, request, pending_query, description) values
  ('inspection_notice', 'other', 'plot-inspections', '{"action": "notify"}',
   $q$select 1 from private.inspection_notices n
      where n.sent_at is null and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')$q$,
   'An inspection''s warning, notice to quit or cleared warning, to the member (claims live in private.inspection_notices).');

-- Photos: a private bucket; what may be read or written is decided by the policies below.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('inspection-photos', 'inspection-photos', false, 10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- == Functions ==

-- The pass mark of a site: its own, else the default setting, else 3.
create or replace function private.inspection_pass_mark(p_site_id bigint) returns smallint
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select s.pass_mark from public.inspection_settings s where s.site_id = p_site_id),
    (select (a.value #>> '{}')::smallint from public.app_settings a where a.key = 'inspection_pass_mark'),
    3::smallint)
$$;

create or replace function private.inspection_warning_days() returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce((select (a.value #>> '{}')::integer from public.app_settings a where a.key = 'inspection_warning_days'), 28)
$$;

-- The holder (or co-worker) of the plot may see an inspection made during the current tenancy.
create or replace function private.can_see_inspection(p_plot_id bigint, p_tenancy_id bigint) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_tenancy_id is not null and private.can_see_plot(p_plot_id) and exists (
    select 1 from public.plot_tenancies t where t.id = p_tenancy_id and t.plot_id = p_plot_id and t.ended_at is null)
$$;

-- The same, by the inspection's id (replies and photos).
create or replace function private.can_see_inspection_id(p_inspection_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.plot_inspections i
    where i.id = p_inspection_id
      and (private.can_work_site(i.site_id) or private.can_see_inspection(i.plot_id, i.tenancy_id)))
$$;

-- The holder or co-worker may reply (staff read replies; they answer on site or by e-mail).
create or replace function private.may_reply_to_inspection(p_inspection_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.plot_inspections i
    where i.id = p_inspection_id and private.can_see_inspection(i.plot_id, i.tenancy_id))
$$;

-- The site an inspection photo's object name belongs to (<site id>/<uuid>/<n>.<ext>), else null.
create or replace function private.inspection_photo_site(p_name text) returns bigint
language sql immutable set search_path = '' as $$
  select case when p_name ~ '^[1-9][0-9]{0,17}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9]{1,2}\.(jpg|png|webp|heic)$'
    then split_part(p_name, '/', 1)::bigint end
$$;

create or replace function private.can_read_inspection_photo(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.inspection_photo_site(p_name) is not null and (
    private.can_work_site(private.inspection_photo_site(p_name))
    or private.can_see_inspection_id(split_part(p_name, '/', 2)::uuid))
$$;

create or replace function private.can_write_inspection_photo(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.inspection_photo_site(p_name) is not null and private.can_work_site(private.inspection_photo_site(p_name))
$$;

-- An inspection as its answers (and /members) show it.
create or replace function private.inspection_json(p_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', i.id, 'plot_id', i.plot_id, 'site_id', i.site_id, 'plot_number', p.number,
    'membership_id', i.membership_id, 'score', i.score, 'pass_mark', i.pass_mark, 'passed', i.passed,
    'note', i.note, 'photos', to_jsonb(i.photos), 'outcome', i.outcome, 'warning_deadline', i.warning_deadline,
    'notice_ends_on', i.notice_ends_on, 'inspected_at', i.inspected_at, 'recorded_at', i.recorded_at)
  from public.plot_inspections i join public.plots p on p.id = i.plot_id
  where i.id = p_id
$$;

-- Records an inspection once: staff of the plot's site, a score 0-5, a note of at most 2,000
-- characters, at most 6 photos already uploaded at their fixed names, made within the last 30
-- days. The same id again answers the same inspection with `repeated: true` and changes
-- nothing. Applies the warning rules (header) and queues the member's e-mail.
create or replace function public.record_inspection(
  p_id uuid, p_plot_id bigint, p_score integer, p_note text default null, p_photos text[] default '{}',
  p_inspected_at timestamptz default null
)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.plots;
  i public.plot_inspections;
  t public.plot_tenancies;
  m public.memberships;
  w private.inspection_warnings;
  v_note text := nullif(btrim(p_note), '');
  v_photos text[] := coalesce(p_photos, '{}');
  v_at timestamptz := coalesce(p_inspected_at, now());
  v_day date;
  v_pass smallint;
  v_outcome text;
  v_deadline date;
  v_ends date;
  v_photo text;
begin
  if p_id is null then
    raise exception 'An inspection needs its id' using errcode = '22023';
  end if;
  select * into p from public.plots where id = p_plot_id;
  if not found then
    raise exception 'Plot not found' using errcode = 'PT404';
  end if;
  if not private.can_work_site(p.site_id) then
    raise exception 'Only staff of this site can inspect its plots' using errcode = '42501';
  end if;
  -- One inspection of a plot at a time: the rules read the warnings the last one left.
  perform 1 from public.plots where id = p.id for update;
  select * into i from public.plot_inspections where id = p_id;
  if found then
    if i.plot_id <> p.id then
      raise exception 'That inspection id is already used for another plot' using errcode = '22023';
    end if;
    return private.inspection_json(i.id) || '{"repeated": true}';
  end if;

  if p_score is null or p_score not between 0 and 5 then
    raise exception 'A score is a whole number from 0 to 5' using errcode = '22023';
  end if;
  if v_note is not null and length(v_note) > 2000 then
    raise exception 'A note is at most 2,000 characters' using errcode = '22023';
  end if;
  if cardinality(v_photos) > 6 then
    raise exception 'An inspection has at most 6 photos' using errcode = '22023';
  end if;
  foreach v_photo in array v_photos loop
    if private.inspection_photo_site(v_photo) is distinct from p.site_id or split_part(v_photo, '/', 2) <> p_id::text then
      raise exception 'A photo of this inspection is named %/%/<n>.jpg', p.site_id, p_id using errcode = '22023';
    end if;
  end loop;
  if v_at > now() + interval '10 minutes' or v_at < now() - interval '30 days' then
    raise exception 'An inspection is sent within 30 days of being made' using errcode = '22023';
  end if;

  v_day := (v_at at time zone 'Europe/London')::date;
  v_pass := private.inspection_pass_mark(p.site_id);
  select * into t from public.plot_tenancies where plot_id = p.id and ended_at is null;
  if t.membership_id is not null then
    select * into m from public.memberships
    where id = t.membership_id and status in ('active', 'past_due', 'suspended', 'cancellation_requested')
    for update;
  end if;

  if m.id is null then
    v_outcome := case when p_score >= v_pass then 'passed' else 'failed' end;
  else
    select * into w from private.inspection_warnings where membership_id = m.id and status = 'open' for update;
    if p_score >= v_pass then
      v_outcome := case when w.id is not null then 'cleared' else 'passed' end;
    elsif exists (select 1 from private.inspection_warnings x where x.membership_id = m.id and x.status = 'notice') then
      v_outcome := 'failed';
    elsif w.id is null then
      v_outcome := 'warning';
      v_deadline := v_day + private.inspection_warning_days();
    elsif v_day > w.deadline then
      v_outcome := 'notice';
      v_deadline := w.deadline;
      v_ends := least((v_day + interval '1 month')::date, coalesce(m.ends_on, 'infinity'::date));
    else
      v_outcome := 'warned';
      v_deadline := w.deadline;
    end if;
  end if;

  insert into public.plot_inspections (id, plot_id, site_id, tenancy_id, membership_id, score, pass_mark, note, photos,
    outcome, warning_deadline, notice_ends_on, inspected_at, inspected_by)
  values (p_id, p.id, p.site_id, t.id, m.id, p_score, v_pass, v_note, v_photos,
    v_outcome, v_deadline, v_ends, v_at, auth.uid());

  if v_outcome = 'warning' then
    insert into private.inspection_warnings (membership_id, plot_id, inspection_id, deadline)
    values (m.id, p.id, p_id, v_deadline);
    insert into private.inspection_notices (inspection_id, kind) values (p_id, 'warning');
  elsif v_outcome = 'cleared' then
    update private.inspection_warnings set status = 'cleared', closed_by = p_id, closed_at = now() where id = w.id;
    insert into private.inspection_notices (inspection_id, kind) values (p_id, 'cleared');
  elsif v_outcome = 'notice' then
    update private.inspection_warnings set status = 'notice', closed_by = p_id, closed_at = now() where id = w.id;
    -- The membership-notice machinery: under notice until ends_on, then run_membership_endings.
    update public.memberships
    set status = case when status in ('active', 'past_due') then 'cancellation_requested' else status end,
      cancellation_requested_at = case when status in ('active', 'past_due') then now() else cancellation_requested_at end,
      cancellation_reason = case when status in ('active', 'past_due')
        then 'Notice to quit: plot not cultivated after a written warning' else cancellation_reason end,
      ends_on = v_ends
    where id = m.id;
    insert into private.inspection_notices (inspection_id, kind) values (p_id, 'notice');
  end if;
  return private.inspection_json(p_id) || '{"repeated": false}';
end;
$$;

-- A notice to quit is not a cancellation the member can take back from /members.
create or replace function private.guard_notice_to_quit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.kind = 'undo_cancel' and exists (
    select 1 from private.inspection_warnings w where w.membership_id = new.membership_id and w.status = 'notice')
  then
    raise exception 'This membership is ending under a notice to quit after failed inspections: talk to your patch manager.'
      using errcode = '22023';
  end if;
  return new;
end;
$$;

-- The inspection rules' numbers, for the subscription agreement (public).
create or replace function public.inspection_terms() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'pass_mark', coalesce((select (a.value #>> '{}')::integer from public.app_settings a where a.key = 'inspection_pass_mark'), 3),
    'warning_days', private.inspection_warning_days(),
    'notice_months', 1,
    'site_pass_marks', coalesce((
      select jsonb_agg(jsonb_build_object('site_id', s.site_id, 'location', g.location, 'pass_mark', s.pass_mark)
        order by g.location)
      from public.inspection_settings s join public.global_sites g on g.id = s.site_id
      where g.archived_at is null), '[]'))
$$;

-- The sites the caller inspects (staff: admins every site with plots, patch managers theirs),
-- each with its pass mark.
create or replace function public.inspection_sites()
returns table (site_id bigint, location text, city text, pass_mark smallint, plots bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_staff() then
    raise exception 'Only staff inspect plots' using errcode = '42501';
  end if;
  return query
  select s.id, s.location, s.city, private.inspection_pass_mark(s.id), count(p.id)
  from public.global_sites s join public.plots p on p.site_id = s.id
  where s.archived_at is null and private.can_work_site(s.id)
  group by s.id
  order by s.city, s.location, s.id;
end;
$$;

-- plot-inspections claims the notices owed (a claim older than 10 minutes is retried), with what
-- their e-mails say.
create or replace function public.claim_inspection_notices()
returns table (id bigint, kind text, inspection_id uuid, membership_id bigint, email text, first_name text,
  location text, city text, plot_number text, score smallint, pass_mark smallint, note text, inspected_at timestamptz,
  warning_deadline date, notice_ends_on date, ends_on date, subscription_ref text)
language sql security definer set search_path = '' as $$
  with owed as (
    select n.id from private.inspection_notices n
    where n.sent_at is null and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')
    order by n.id
    limit 100
    for update skip locked
  ),
  claimed as (
    update private.inspection_notices n set claimed_at = now()
    from owed where n.id = owed.id
    returning n.*
  )
  select n.id, n.kind, i.id, m.id, mb.email, mb.first_name, s.location, s.city, p.number, i.score, i.pass_mark, i.note,
    i.inspected_at, i.warning_deadline, i.notice_ends_on, m.ends_on, sub.provider_ref
  from claimed n
  join public.plot_inspections i on i.id = n.inspection_id
  join public.plots p on p.id = i.plot_id
  join public.global_sites s on s.id = i.site_id
  join public.memberships m on m.id = i.membership_id
  join public.members mb on mb.id = m.member_id
  left join public.subscriptions sub on sub.membership_id = m.id and sub.status <> 'canceled'
  order by n.id
$$;

-- Sent notices are done; failed ones are released for the next run.
create or replace function public.finish_inspection_notices(p_sent bigint[], p_failed bigint[])
returns void
language sql security definer set search_path = '' as $$
  update private.inspection_notices n set sent_at = now()
  where n.id = any (coalesce(p_sent, '{}')) and n.sent_at is null;
  update private.inspection_notices n set claimed_at = null
  where n.id = any (coalesce(p_failed, '{}')) and n.sent_at is null;
$$;

-- A reply is kept trimmed, stamped now.
create or replace function private.reply_trim() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.body := btrim(new.body);
  new.created_at := now();
  return new;
end;
$$;

-- == Policies ==

create policy "Everyone can read inspection pass marks" on public.inspection_settings
  for select to anon, authenticated using (true);
create policy "Site staff can set a pass mark" on public.inspection_settings
  for insert to authenticated with check ((select private.can_work_site(site_id)));
create policy "Site staff can change a pass mark" on public.inspection_settings
  for update to authenticated using ((select private.can_work_site(site_id)))
  with check ((select private.can_work_site(site_id)));
create policy "Site staff can remove a pass mark" on public.inspection_settings
  for delete to authenticated using ((select private.can_work_site(site_id)));

create policy "Site staff and the plot's holder can read inspections" on public.plot_inspections
  for select to authenticated using (
    (select private.can_work_site(site_id)) or (select private.can_see_inspection(plot_id, tenancy_id)));

create policy "Site staff and the plot's holder can read replies" on public.plot_inspection_replies
  for select to authenticated using ((select private.can_see_inspection_id(inspection_id)));
create policy "The plot's holder can reply to an inspection" on public.plot_inspection_replies
  for insert to authenticated with check (
    author_id = (select auth.uid()) and (select private.may_reply_to_inspection(inspection_id)));

create policy "Site staff and the plot's holder can read inspection photos" on storage.objects
  for select to authenticated using (bucket_id = 'inspection-photos' and private.can_read_inspection_photo(name));
create policy "Site staff can upload inspection photos" on storage.objects
  for insert to authenticated with check (bucket_id = 'inspection-photos' and private.can_write_inspection_photo(name));
create policy "Site staff can replace inspection photos" on storage.objects
  for update to authenticated
  using (bucket_id = 'inspection-photos' and private.can_write_inspection_photo(name))
  with check (bucket_id = 'inspection-photos' and private.can_write_inspection_photo(name));
create policy "Site staff can delete inspection photos" on storage.objects
  for delete to authenticated using (bucket_id = 'inspection-photos' and private.can_write_inspection_photo(name));

-- == Triggers ==

create trigger inspection_settings_set_updated_at before update on public.inspection_settings
  for each row execute function private.set_updated_at();
create trigger inspection_settings_audit after insert or update or delete on public.inspection_settings
  for each row execute function private.audit_write();
create trigger plot_inspections_audit after insert or update or delete on public.plot_inspections
  for each row execute function private.audit_write();
create trigger plot_inspection_replies_trim before insert on public.plot_inspection_replies
  for each row execute function private.reply_trim();
create trigger plot_inspection_replies_audit after insert or update or delete on public.plot_inspection_replies
  for each row execute function private.audit_write();
create trigger inspection_warnings_audit after insert or update or delete on private.inspection_warnings
  for each row execute function private.audit_write();
create trigger membership_changes_notice_to_quit before insert on private.membership_changes
  for each row execute function private.guard_notice_to_quit();

-- == Grants ==

revoke all on public.inspection_settings, public.plot_inspections, public.plot_inspection_replies from anon, authenticated;
grant select on public.inspection_settings to anon, authenticated;
grant insert (site_id, pass_mark), update (pass_mark), delete on public.inspection_settings to authenticated;
grant select on public.plot_inspections, public.plot_inspection_replies to authenticated;
grant insert (inspection_id, author_id, body) on public.plot_inspection_replies to authenticated;
grant all on public.inspection_settings, public.plot_inspections, public.plot_inspection_replies to service_role;

revoke all on private.inspection_warnings, private.inspection_notices from public, anon, authenticated;
grant all on private.inspection_warnings, private.inspection_notices to service_role;

revoke all on function private.inspection_pass_mark(bigint), private.inspection_warning_days(),
  private.can_see_inspection(bigint, bigint), private.can_see_inspection_id(uuid), private.may_reply_to_inspection(uuid),
  private.inspection_photo_site(text), private.can_read_inspection_photo(text), private.can_write_inspection_photo(text),
  private.inspection_json(uuid), private.guard_notice_to_quit(), private.reply_trim() from public, anon, authenticated;
grant execute on function private.can_see_inspection(bigint, bigint), private.can_see_inspection_id(uuid),
  private.may_reply_to_inspection(uuid), private.inspection_photo_site(text), private.can_read_inspection_photo(text),
  private.can_write_inspection_photo(text) to authenticated, service_role;

revoke all on function public.record_inspection(uuid, bigint, integer, text, text[], timestamptz),
  public.inspection_sites() from public, anon;
grant execute on function public.record_inspection(uuid, bigint, integer, text, text[], timestamptz),
  public.inspection_sites() to authenticated, service_role;
revoke all on function public.inspection_terms() from public;
grant execute on function public.inspection_terms() to anon, authenticated, service_role;
revoke all on function public.claim_inspection_notices(), public.finish_inspection_notices(bigint[], bigint[])
  from public, anon, authenticated;
grant execute on function public.claim_inspection_notices(), public.finish_inspection_notices(bigint[], bigint[])
  to service_role;
