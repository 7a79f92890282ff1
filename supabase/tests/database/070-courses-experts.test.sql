-- Experts manage their own courses and lessons only (read, write, delete drafts), while staff
-- alone publish them and link an expert to a sign-in.
begin;
select plan(14);

select tests.create_actors();
select tests.create_user('expert_a');
select tests.create_user('expert_b');
insert into public.growing_experts (id, slug, name, published, user_id) values
  (92001, 'test-expert-a', 'Expert A', true, tests.uid('expert_a')),
  (92002, 'test-expert-b', 'Expert B', true, tests.uid('expert_b'));
insert into public.courses (id, slug, title, expert_id, published) values
  (92101, 'test-course-a', 'Course A', 92001, false),
  (92102, 'test-course-b', 'Course B', 92002, false),
  (92103, 'test-course-a-live', 'Course A live', 92001, true);
insert into public.course_contents (course_id, position, title) values (92102, 0, 'Lesson B');

-- ============================================================================
-- experts: their own courses only
-- ============================================================================
select is(tests.count_as('expert_a', 'select 1 from public.courses where id in (92101, 92102, 92103)'), 2::bigint,
  'an expert reads their own draft and the published course, not another expert''s draft');
select is(tests.count_as('member', 'select 1 from public.courses where id in (92101, 92102, 92103)'), 1::bigint,
  'a member reads only the published course');
select is(tests.attempt('expert_a', $$insert into public.courses (slug, title, expert_id) values ('test-new-a', 'New', 92001)$$),
  'ok:1', 'an expert creates a course of their own');
select is(tests.attempt('expert_a', $$insert into public.courses (slug, title, expert_id) values ('test-new-b', 'New', 92002)$$),
  'error:new row violates row-level security policy for table "courses"', 'an expert cannot create a course for another expert');
select is(tests.attempt('member', $$insert into public.courses (slug, title, expert_id) values ('test-new-m', 'New', 92001)$$),
  'error:new row violates row-level security policy for table "courses"', 'a member who is no expert cannot create a course');
select is(tests.attempt('expert_a', $$update public.courses set title = 'Renamed' where id in (92101, 92102)$$),
  'ok:1', 'an expert edits their own course and not another''s');
select is(tests.attempt('expert_a', $$update public.courses set expert_id = 92002 where id = 92101$$),
  'error:new row violates row-level security policy for table "courses"', 'an expert cannot hand a course to another expert');
select is(tests.attempt('expert_a', $$update public.courses set published = true where id = 92101$$),
  'error:Only Roots staff can publish courses', 'an expert cannot publish');
select is(tests.attempt('expert_a', $$insert into public.course_contents (course_id, position, title, content)
  values (92101, 0, 'Lesson', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Hi"}]}]}')$$),
  'ok:1', 'an expert adds a lesson to their own course');
select is(tests.attempt('expert_a', $$insert into public.course_contents (course_id, position, title) values (92102, 5, 'Lesson')$$),
  'error:new row violates row-level security policy for table "course_contents"', 'an expert cannot add a lesson to another''s course');
select is(tests.attempt('expert_a', $$update public.course_contents set title = 'Mine now' where course_id = 92102$$),
  'ok:0', 'an expert cannot edit another expert''s lessons');
select is(tests.attempt('expert_a', 'delete from public.courses where id in (92101, 92102, 92103)'),
  'ok:1', 'an expert deletes their own draft course only (not a published one, not another''s)');
select is(tests.attempt('expert_a', $$update public.growing_experts set user_id = null where id = 92001$$),
  'ok:0', 'an expert cannot unlink or relink expert sign-ins');
select is(tests.attempt('team', $$update public.courses set published = true where id = 92101$$),
  'ok:1', 'staff publish an expert''s course');

select * from finish();
rollback;
