-- Admin area, part 2 (operations): what the promo-bar, marketing, events, tasks and course
-- screens need beyond the tables of the commerce and operations migrations.
-- - promo bars and marketing spend per site (site_id; null = every site / not site-specific);
-- - the tag-manager id setting (app_settings 'gtm_id'): GTM- then upper-case letters or digits;
-- - event capacity; task assignees must be staff;
-- - rich text (event descriptions, lessons) may only link to http, https, mailto and tel;
-- - lessons reordered and courses published through RPCs that check the caller.
-- Every write stays under the existing admin-only policies and audit triggers.

-- ============================================================================
-- functions: shape checks used by constraints
-- ============================================================================
-- True when every link in a ProseMirror document goes to http(s), mailto or tel, and every image
-- comes from http(s) or a path on our own origin (the editor's rules, lib/rich-text/rules.ts).
create or replace function private.rich_text_links_ok(p_doc jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_doc is null or (
    not exists (
      select 1 from jsonb_path_query(p_doc, 'lax $.**.marks[*] ? (@.type == "link")') m
      where not coalesce((m -> 'attrs' ->> 'href') ~* '^(https?://[^/?#[:space:]]+|mailto:[^[:space:]]+|tel:[^[:space:]]+)', false)
    )
    and not exists (
      select 1 from jsonb_path_query(p_doc, 'lax $.** ? (@.type == "image")') i
      where not coalesce((i -> 'attrs' ->> 'src') ~* '^(https?://[^/?#[:space:]]+|/[^/\\])', false)
    )
  )
$$;

-- The tag-manager id: GTM- followed by upper-case letters or digits.
create or replace function private.valid_gtm_id(p_value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$ select jsonb_typeof(p_value) = 'string' and (p_value #>> '{}') ~ '^GTM-[A-Z0-9]+$' $$;

revoke all on function private.rich_text_links_ok(jsonb), private.valid_gtm_id(jsonb) from public;
-- Constraints run with the writer's rights: admins (authenticated) and the service role write.
grant execute on function private.rich_text_links_ok(jsonb), private.valid_gtm_id(jsonb) to authenticated, service_role;

-- ============================================================================
-- tables: new columns and constraints
-- ============================================================================
alter table public.promo_bars
  add column site_id bigint references public.global_sites (id) on delete cascade;
comment on column public.promo_bars.site_id is 'The site whose pages show the bar; null shows it on every public page.';
create index promo_bars_site_id_idx on public.promo_bars (site_id);
-- A link is a path on this site (never '//host', which browsers read as another site) or https.
alter table public.promo_bars
  add constraint promo_bars_link_safe check (link is null or link ~ '^(/([^/\\[:space:]][^[:space:]]*)?|https://[^/[:space:]]+[^[:space:]]*)$'),
  add constraint promo_bars_text_not_blank check (length(trim(text)) > 0);

alter table public.marketing_expenses
  add column site_id bigint references public.global_sites (id) on delete set null,
  add column campaign text not null default 'General',
  add constraint marketing_expenses_campaign_check check (length(trim(campaign)) between 1 and 120),
  add constraint marketing_expenses_channel_check check (length(trim(channel)) between 1 and 60),
  add constraint marketing_expenses_description_check check (description is null or length(description) <= 500);
comment on column public.marketing_expenses.site_id is 'The site the spend was for; null for spend across every site.';
create index marketing_expenses_site_id_idx on public.marketing_expenses (site_id, spent_on);

alter table public.app_settings
  add constraint app_settings_gtm_id_check check (key <> 'gtm_id' or private.valid_gtm_id(value));

alter table public.events
  add column capacity integer,
  add constraint events_capacity_check check (capacity is null or capacity between 1 and 10000),
  add constraint events_title_check check (length(trim(title)) between 1 and 200),
  add constraint events_description_links_check check (private.rich_text_links_ok(description));

alter table public.tasks
  add constraint tasks_description_check check (description is null or length(description) <= 2000);
create index tasks_status_due_idx on public.tasks (status, due_on);

alter table public.courses
  add constraint courses_title_check check (length(trim(title)) between 1 and 200),
  add constraint courses_summary_check check (summary is null or length(summary) <= 1000);

-- Lessons are reordered in one statement, so the position key is checked at the statement's end.
alter table public.course_contents
  drop constraint course_contents_course_id_position_key,
  add constraint course_contents_course_id_position_key unique (course_id, position) deferrable initially immediate,
  add constraint course_contents_title_check check (length(trim(title)) between 1 and 200),
  add constraint course_contents_links_check check (private.rich_text_links_ok(content));

-- ============================================================================
-- functions: triggers with readable messages
-- ============================================================================
-- Says why a tag-manager id is refused before the constraint would (same rule).
create or replace function private.check_gtm_id()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.key = 'gtm_id' and not private.valid_gtm_id(new.value) then
    raise exception 'This is not a valid GTM-ID' using errcode = '23514',
      hint = 'GTM- followed by upper-case letters or digits, e.g. GTM-AB12CD3';
  end if;
  return new;
end;
$$;
revoke all on function private.check_gtm_id() from public;
create trigger app_settings_check_gtm_id before insert or update on public.app_settings
  for each row execute function private.check_gtm_id();

-- A task is assigned to a member of staff or to nobody.
create or replace function private.check_task_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.assigned_to is not null and not exists (
    select 1 from public.profiles p where p.id = new.assigned_to and p.role_id is not null
  ) then
    raise exception 'Tasks can only be assigned to staff' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function private.check_task_assignee() from public;
create trigger tasks_check_assignee before insert or update of assigned_to on public.tasks
  for each row execute function private.check_task_assignee();

-- ============================================================================
-- functions: RPCs (security invoker: RLS still decides every row)
-- ============================================================================
-- Spend, waiting-list sign-ups and cost per sign-up per site over a date range; the row with a
-- null site is the total (spend on every site included).
create or replace function public.marketing_summary(p_from date, p_to date)
returns table (site_id bigint, location text, spend_pence bigint, signups bigint, cost_per_signup_pence bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins can see marketing figures' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'Choose a date range whose end is not before its start' using errcode = '22023';
  end if;
  return query
  with spend as (
    select e.site_id, sum(e.amount_pence)::bigint as pence
    from public.marketing_expenses e
    where e.spent_on between p_from and p_to
    group by e.site_id
  ), joins as (
    select w.site_id, count(*)::bigint as n
    from public.waiting_list_entries w
    where w.site_id is not null and w.joined_at >= p_from::timestamptz and w.joined_at < (p_to + 1)::timestamptz
    group by w.site_id
  ), per_site as (
    select g.id, g.location, coalesce(s.pence, 0)::bigint as pence, coalesce(j.n, 0)::bigint as n
    from public.global_sites g
    left join spend s on s.site_id = g.id
    left join joins j on j.site_id = g.id
    where s.pence is not null or j.n is not null
  )
  select p.id, p.location, p.pence, p.n, case when p.n > 0 then round(p.pence::numeric / p.n)::bigint end
  from per_site p
  union all
  select null::bigint, null::text, t.pence, t.n, case when t.n > 0 then round(t.pence::numeric / t.n)::bigint end
  from (select coalesce((select sum(pence) from spend), 0)::bigint as pence, coalesce((select sum(n) from joins), 0)::bigint as n) t
  order by 1 nulls last;
end;
$$;
revoke all on function public.marketing_summary(date, date) from public;
grant execute on function public.marketing_summary(date, date) to authenticated, service_role;

-- Puts a course's lessons in the order given (every lesson exactly once).
create or replace function public.reorder_course_lessons(p_course_id bigint, p_lesson_ids bigint[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  if not private.is_admin() then
    raise exception 'Only admins can change courses' using errcode = '42501';
  end if;
  select count(*) into v_count from public.course_contents c where c.course_id = p_course_id;
  if coalesce(cardinality(p_lesson_ids), 0) <> v_count
     or (select count(distinct i) from unnest(p_lesson_ids) i) <> v_count
     or exists (select 1 from unnest(p_lesson_ids) i
                where not exists (select 1 from public.course_contents c where c.id = i and c.course_id = p_course_id)) then
    raise exception 'List every lesson of the course exactly once' using errcode = '22023';
  end if;
  update public.course_contents c
  set position = o.ord - 1
  from unnest(p_lesson_ids) with ordinality as o (id, ord)
  where c.id = o.id and c.course_id = p_course_id and c.position <> o.ord - 1;
end;
$$;
revoke all on function public.reorder_course_lessons(bigint, bigint[]) from public;
grant execute on function public.reorder_course_lessons(bigint, bigint[]) to authenticated, service_role;

-- Publishes (or withdraws) a course together with its lessons. A course is published only
-- with at least one lesson, and no empty lesson.
create or replace function public.set_course_published(p_course_id bigint, p_published boolean)
returns public.courses
language plpgsql
set search_path = ''
as $$
declare
  v public.courses;
  v_empty text;
begin
  if not private.is_admin() then
    raise exception 'Only admins can change courses' using errcode = '42501';
  end if;
  if p_published then
    if not exists (select 1 from public.course_contents c where c.course_id = p_course_id) then
      raise exception 'Add at least one lesson before publishing the course' using errcode = '22023';
    end if;
    select c.title into v_empty from public.course_contents c
    where c.course_id = p_course_id and not jsonb_path_exists(c.content, 'lax $.** ? (@.type == "text" || @.type == "image")')
    order by c.position limit 1;
    if v_empty is not null then
      raise exception 'The lesson "%" is empty: write it before publishing', v_empty using errcode = '22023';
    end if;
  end if;
  update public.course_contents c set published = p_published where c.course_id = p_course_id and c.published <> p_published;
  update public.courses c set published = p_published where c.id = p_course_id returning * into v;
  if v.id is null then
    raise exception 'There is no course with that id' using errcode = 'P0002';
  end if;
  return v;
end;
$$;
revoke all on function public.set_course_published(bigint, boolean) from public;
grant execute on function public.set_course_published(bigint, boolean) to authenticated, service_role;
