-- What Supabase's database advisor (its public lint query, supabase/splinter) warned about on this
-- schema, made clean; supabase/tests/database/001-lints.test.sql keeps it so.
--
-- - Multiple permissive policies: where a role had two permissive policies for one action (an
--   admin's and an owner's), Postgres ran both for every row. Each pair is now one policy per role
--   and action, its conditions joined with `or`, so who may do what is exactly as before (the RLS
--   matrix, 002-rls-matrix.test.sql, checks every table, actor and operation). The policies that
--   were `to anon, authenticated` and had a second one for authenticated are split: visitors keep
--   the first condition as it was, signed-in users get both.
-- - Unindexed foreign keys: private.notification_outbox's offer_id and booking_id had none, so a
--   deleted offer or booking (their rows cascade) scanned the whole outbox.
-- - Public bucket allows listing: "Anyone can read images" let anyone list every file of the public
--   bucket `images`. A public bucket serves its files by URL without a policy (Storage reads them
--   as itself), so visitors lose nothing they should have. Staff keep what their uploads, changes and
--   removals need (Storage reads the row as the caller before it updates or deletes it): they see
--   the objects they may write, under the same rule as their writes.
-- - Extension in public: pg_cron. Supabase's image creates it in pg_catalog (its after-create
--   script re-creates it there, whatever schema a migration names) and the stand-in's bootstrap now
--   does the same (stack/bootstrap.sql); a migration cannot move it, as pg_cron is not relocatable
--   and only a superuser may drop and re-create it. 20250101000900_scheduled_work.sql's
--   `create extension if not exists pg_cron` finds it in place in both.

-- == Indexes ==

-- Partial, as most rows name only one of the two (notification_outbox_one_subject): a cascade's
-- `where offer_id = $1` implies not null, so it uses them.
create index notification_outbox_offer_id_idx on private.notification_outbox (offer_id)
  where offer_id is not null;
create index notification_outbox_booking_id_idx on private.notification_outbox (booking_id)
  where booking_id is not null;

-- == Policies ==

-- profiles (foundation)
drop policy "Admins can read every profile" on public.profiles;
drop policy "Users can read their own profile" on public.profiles;
create policy "Users can read their own profile, admins every profile" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));
drop policy "Admins can update every profile" on public.profiles;
drop policy "Users can update their own profile" on public.profiles;
create policy "Users can update their own profile, admins every profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()))
  with check (id = (select auth.uid()) or (select private.is_admin()));

-- patch_manager_sites (sites)
drop policy "Admins can read patch manager sites" on public.patch_manager_sites;
drop policy "Patch managers can read their own sites" on public.patch_manager_sites;
create policy "Patch managers can read their own sites, admins every site" on public.patch_manager_sites
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- waiting_list_entries and pre_registrations (waiting list)
drop policy "Applicants can read their own entries" on public.waiting_list_entries;
drop policy "Staff can read entries of their sites" on public.waiting_list_entries;
create policy "Applicants and their sites' staff can read entries" on public.waiting_list_entries
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.is_admin())
    or site_id = any ((select private.managed_site_ids())::bigint[])
  );
drop policy "Applicants can read their own pre-registrations" on public.pre_registrations;
drop policy "Staff can read pre-registrations of their sites" on public.pre_registrations;
create policy "Applicants and their sites' staff can read pre-registrations" on public.pre_registrations
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.is_admin())
    or site_id = any ((select private.managed_site_ids())::bigint[])
  );

-- guided_tour_bookings and welcome_slot_bookings (operations)
drop policy "Admins can read guided tour bookings" on public.guided_tour_bookings;
drop policy "Users can read their own guided tour bookings" on public.guided_tour_bookings;
create policy "Users can read their own tour bookings, admins every one" on public.guided_tour_bookings
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
drop policy "Admins can read welcome slot bookings" on public.welcome_slot_bookings;
drop policy "Users can read their own welcome slot bookings" on public.welcome_slot_bookings;
create policy "Users can read their own slot bookings, admins every one" on public.welcome_slot_bookings
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- growing_experts, courses and course_contents (courses): visitors read what is published (the
-- admin clause kept as it was); signed-in users that too, and an expert their own.
drop policy "Anyone can read published growing experts" on public.growing_experts;
drop policy "Experts can read their own profile" on public.growing_experts;
create policy "Visitors can read published growing experts" on public.growing_experts
  for select to anon
  using (published or (select private.is_admin()));
create policy "Users can read published experts, an expert their own" on public.growing_experts
  for select to authenticated
  using (published or (select private.is_admin()) or user_id = (select auth.uid()));

drop policy "Anyone can read published courses" on public.courses;
drop policy "Experts can read their own courses" on public.courses;
create policy "Visitors can read published courses" on public.courses
  for select to anon
  using (published or (select private.is_admin()));
create policy "Users can read published courses, experts their own" on public.courses
  for select to authenticated
  using (published or (select private.is_admin()) or expert_id = (select private.my_expert_id()));
drop policy "Admins can insert courses" on public.courses;
drop policy "Experts can insert their own courses" on public.courses;
create policy "Admins can insert courses, experts their own" on public.courses
  for insert to authenticated
  with check ((select private.is_admin()) or expert_id = (select private.my_expert_id()));
drop policy "Admins can update courses" on public.courses;
drop policy "Experts can update their own courses" on public.courses;
create policy "Admins can update courses, experts their own" on public.courses
  for update to authenticated
  using ((select private.is_admin()) or expert_id = (select private.my_expert_id()))
  with check ((select private.is_admin()) or expert_id = (select private.my_expert_id()));
drop policy "Admins can delete courses" on public.courses;
drop policy "Experts can delete their own draft courses" on public.courses;
create policy "Admins can delete courses, experts their own drafts" on public.courses
  for delete to authenticated
  using ((select private.is_admin()) or (expert_id = (select private.my_expert_id()) and not published));

drop policy "Anyone can read published course contents" on public.course_contents;
drop policy "Experts can read their own lessons" on public.course_contents;
create policy "Visitors can read published course contents" on public.course_contents
  for select to anon
  using (published or (select private.is_admin()));
create policy "Users can read published lessons, experts their own" on public.course_contents
  for select to authenticated
  using (
    published
    or (select private.is_admin())
    or course_id = any ((select private.my_course_ids())::bigint[])
  );
drop policy "Admins can insert course contents" on public.course_contents;
drop policy "Experts can insert their own lessons" on public.course_contents;
create policy "Admins can insert lessons, experts into their own courses" on public.course_contents
  for insert to authenticated
  with check ((select private.is_admin()) or course_id = any ((select private.my_course_ids())::bigint[]));
drop policy "Admins can update course contents" on public.course_contents;
drop policy "Experts can update their own lessons" on public.course_contents;
create policy "Admins can update lessons, experts their own" on public.course_contents
  for update to authenticated
  using ((select private.is_admin()) or course_id = any ((select private.my_course_ids())::bigint[]))
  with check ((select private.is_admin()) or course_id = any ((select private.my_course_ids())::bigint[]));
drop policy "Admins can delete course contents" on public.course_contents;
drop policy "Experts can delete their own draft lessons" on public.course_contents;
create policy "Admins can delete lessons, experts their own drafts" on public.course_contents
  for delete to authenticated
  using (
    (select private.is_admin())
    or (course_id = any ((select private.my_course_ids())::bigint[]) and not published)
  );

-- data_erasure_requests (data rights)
drop policy "Admins can read erasure requests" on public.data_erasure_requests;
drop policy "Patch managers can read erasure requests of their sites' applicants" on public.data_erasure_requests;
create policy "Admins and the sites' patch managers can read erasure requests" on public.data_erasure_requests
  for select to authenticated
  using ((select private.is_admin()) or site_ids && (select private.managed_site_ids())::bigint[]);

-- storage.objects, bucket images (images): no listing for anyone; staff see what they may write.
drop policy "Anyone can read images" on storage.objects;
create policy "Staff can read the images they may change" on storage.objects
  for select to authenticated using (bucket_id = 'images' and private.can_write_image(name));
