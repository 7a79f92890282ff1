-- Community pages (public website, part 2): votes for new sites, land offers, and growing
-- experts who manage their own courses.
-- - votes: one per e-mail per place (the unique index of the operations migration); anyone may
--   read the tallies per place through get_site_vote_tallies(), never who voted;
-- - land offers: a submission key makes a resent form one row; tighter checks on contact details;
-- - experts: a growing_experts row linked to a user (set by staff) makes that user an expert, who
--   reads, writes and deletes their own courses and lessons; publishing stays with staff.

-- ============================================================================
-- tables: new columns and constraints
-- ============================================================================
alter table public.site_votes
  add constraint site_votes_location_name_shape check (location_name !~ '[<>{}\\]' and location_name = trim(location_name));

alter table public.land_offers
  add column submission_key uuid,
  add constraint land_offers_phone_check check (phone is null or phone ~ '^\+?[0-9 ()-]{7,20}$'),
  add constraint land_offers_acreage_range check (acreage is null or acreage <= 10000),
  add constraint land_offers_location_shape check (location = trim(location));
comment on column public.land_offers.submission_key is 'Chosen by the form once per filled-in offer: a resent form is refused as a duplicate.';
create unique index land_offers_submission_key on public.land_offers (submission_key);
grant insert (submission_key) on public.land_offers to anon, authenticated;

alter table public.growing_experts
  add column user_id uuid references auth.users (id) on delete set null;
comment on column public.growing_experts.user_id is 'The expert''s sign-in: that user manages the expert''s courses. Set by staff only.';
create unique index growing_experts_user_id_key on public.growing_experts (user_id);

-- ============================================================================
-- functions: who is calling
-- ============================================================================
-- The calling user's expert id, or null.
create or replace function private.my_expert_id()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$ select e.id from public.growing_experts e where e.user_id = auth.uid() $$;

-- The courses of the calling expert.
create or replace function private.my_course_ids()
returns bigint[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}')
  from public.courses c
  join public.growing_experts e on e.id = c.expert_id
  where e.user_id = auth.uid()
$$;

revoke all on function private.my_expert_id(), private.my_course_ids() from public;
grant execute on function private.my_expert_id(), private.my_course_ids() to authenticated, service_role;

-- ============================================================================
-- functions: triggers with readable messages
-- ============================================================================
-- Experts write their own courses and lessons; only staff publish them (and move a course to
-- another expert, which the policies refuse anyway).
create or replace function private.guard_course_publishing()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') <> 'authenticated' or private.is_admin() then
    return new;
  end if;
  if (tg_op = 'INSERT' and new.published) or (tg_op = 'UPDATE' and new.published is distinct from old.published) then
    raise exception 'Only Roots staff can publish courses' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.guard_course_publishing() from public;

create trigger courses_guard_publishing before insert or update on public.courses
  for each row execute function private.guard_course_publishing();
create trigger course_contents_guard_publishing before insert or update on public.course_contents
  for each row execute function private.guard_course_publishing();

-- Staff link an expert to a user.
create or replace function private.guard_expert_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is distinct from old.user_id
     and coalesce(auth.role(), '') = 'authenticated' and not private.is_admin() then
    raise exception 'Only Roots staff can link an expert to a sign-in' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function private.guard_expert_user() from public;
create trigger growing_experts_guard_user before update on public.growing_experts
  for each row execute function private.guard_expert_user();

-- ============================================================================
-- policies: experts and their own courses
-- ============================================================================
create policy "Experts can read their own profile" on public.growing_experts
  for select to authenticated using (user_id = (select auth.uid()));

create policy "Experts can read their own courses" on public.courses
  for select to authenticated using (expert_id = (select private.my_expert_id()));
create policy "Experts can insert their own courses" on public.courses
  for insert to authenticated with check (expert_id = (select private.my_expert_id()));
create policy "Experts can update their own courses" on public.courses
  for update to authenticated
  using (expert_id = (select private.my_expert_id()))
  with check (expert_id = (select private.my_expert_id()));
create policy "Experts can delete their own draft courses" on public.courses
  for delete to authenticated using (expert_id = (select private.my_expert_id()) and not published);

create policy "Experts can read their own lessons" on public.course_contents
  for select to authenticated using (course_id = any ((select private.my_course_ids())::bigint[]));
create policy "Experts can insert their own lessons" on public.course_contents
  for insert to authenticated with check (course_id = any ((select private.my_course_ids())::bigint[]));
create policy "Experts can update their own lessons" on public.course_contents
  for update to authenticated
  using (course_id = any ((select private.my_course_ids())::bigint[]))
  with check (course_id = any ((select private.my_course_ids())::bigint[]));
create policy "Experts can delete their own lessons" on public.course_contents
  for delete to authenticated using (course_id = any ((select private.my_course_ids())::bigint[]));

-- ============================================================================
-- functions: RPCs
-- ============================================================================
-- Votes per place (places compared without case or surrounding spaces, named as the first voter
-- wrote it), most votes first. Never says who voted.
create or replace function public.get_site_vote_tallies()
returns table (location_name text, votes bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select (array_agg(trim(v.location_name) order by v.created_at, v.id))[1], count(*)::bigint
  from public.site_votes v
  group by lower(trim(v.location_name))
  order by 2 desc, 1
$$;
comment on function public.get_site_vote_tallies() is 'Votes for a new site per place (no voter details).';
revoke all on function public.get_site_vote_tallies() from public;
grant execute on function public.get_site_vote_tallies() to anon, authenticated, service_role;
