-- Course creator: an expert moves the lessons of their own courses up and down (one place at a
-- time, positions unique whatever the order of moves) and deletes their own draft course with
-- its lessons; another expert's course stays out of reach by RPC and by hand; anon can do
-- neither; staff keep their broader rights.
begin;
select plan(36);

select tests.create_actors();
select tests.create_user('expert_a');
select tests.create_user('expert_b');
insert into public.growing_experts (id, slug, name, published, user_id) values
  (93001, 'test-order-expert-a', 'Expert A', true, tests.uid('expert_a')),
  (93002, 'test-order-expert-b', 'Expert B', true, tests.uid('expert_b'));
insert into public.courses (id, slug, title, expert_id, published) values
  (93101, 'test-order-course-a', 'Course A', 93001, false),
  (93102, 'test-order-course-b', 'Course B', 93002, false),
  (93103, 'test-order-course-a-live', 'Course A live', 93001, true),
  (93104, 'test-order-course-b-live', 'Course B live', 93002, true);
insert into public.course_contents (id, course_id, position, title, published) values
  (93201, 93101, 0, 'A one', false), (93202, 93101, 1, 'A two', false), (93203, 93101, 2, 'A three', false),
  (93211, 93102, 0, 'B one', false), (93212, 93102, 1, 'B two', false),
  (93221, 93103, 0, 'A live one', true),
  (93231, 93104, 0, 'B live one', true), (93232, 93104, 5, 'B live two', true);

select ok((select prosrc ~* 'for no key update' from pg_proc where proname = 'move_course_lesson'),
  'a move locks its course first, so moves of one course happen one after another');
select ok(not (select prosecdef from pg_proc where proname = 'move_course_lesson'),
  'moves run as the caller, so RLS still applies');

-- ============================================================================
-- expert A: moves the lessons of their own course
-- ============================================================================
select tests.authenticate_as('expert_a');
select is(public.move_course_lesson(93203, 'up'), 2, 'the last lesson moved up is lesson 2');
select results_eq($$select id from public.course_contents where course_id = 93101 order by position$$,
  $$values (93201::bigint), (93203::bigint), (93202::bigint)$$, 'it swapped places with the lesson above');
select is(public.move_course_lesson(93201, 'up'), 1, 'the first lesson moved up stays lesson 1');
select is(public.move_course_lesson(93202, 'down'), 3, 'the last lesson moved down stays lesson 3');
select results_eq($$select id from public.course_contents where course_id = 93101 order by position$$,
  $$values (93201::bigint), (93203::bigint), (93202::bigint)$$, 'moves past either end change nothing');
select is(public.move_course_lesson(93201, 'down'), 2, 'the first lesson moved down is lesson 2');
select results_eq($$select id from public.course_contents where course_id = 93101 order by position$$,
  $$values (93203::bigint), (93201::bigint), (93202::bigint)$$, 'the new order is kept');
do $$
declare
  i integer;
begin
  for i in 1..30 loop
    perform public.move_course_lesson(93201 + (i * 7) % 3, case when i % 3 = 0 then 'up' else 'down' end);
  end loop;
end;
$$;
select results_eq($$select position from public.course_contents where course_id = 93101 order by position$$,
  $$values (0), (1), (2)$$, 'after many moves the positions are still 0, 1 and 2, each once');
select throws_ok($$select public.move_course_lesson(93201, 'sideways')$$, '22023', 'Move a lesson up or down',
  'a lesson moves only up or down');
select throws_ok($$select public.move_course_lesson(99999999, 'up')$$, 'PT404', 'There is no lesson with that id',
  'a lesson that does not exist cannot be moved');
select is(public.move_course_lesson(93221, 'down'), 1, 'an expert moves lessons of their own published course too');
select tests.clear_authentication();

-- ============================================================================
-- expert A: another expert's course, by RPC and by hand
-- ============================================================================
select tests.authenticate_as('expert_a');
select throws_ok($$select public.move_course_lesson(93211, 'down')$$, 'PT404', 'There is no lesson with that id',
  'another expert''s draft lesson cannot be moved (nor seen)');
select throws_ok($$select public.move_course_lesson(93232, 'up')$$, '42501', 'Not allowed to change another expert''s course',
  'another expert''s published lesson cannot be moved');
select tests.clear_authentication();
select is(tests.attempt('expert_a', 'update public.course_contents set position = position + 10 where course_id in (93102, 93104)'),
  'ok:0', 'an expert cannot renumber another expert''s lessons by hand');
select is(tests.attempt('expert_a', 'delete from public.course_contents where course_id in (93102, 93104)'),
  'ok:0', 'an expert cannot delete another expert''s lessons');
select is(tests.attempt('expert_a', 'delete from public.courses where id in (93102, 93104)'),
  'ok:0', 'an expert cannot delete another expert''s courses');
select is(tests.attempt('expert_a', 'delete from public.courses where id = 93103'),
  'ok:0', 'an expert cannot delete their own published course (staff withdraw it first)');
select is(tests.attempt('expert_a', 'update public.course_contents set position = 1 where id = 93203'),
  'error:duplicate key value violates unique constraint "course_contents_course_id_position_key"',
  'two lessons of a course never share a position, even written by hand');
select results_eq($$select id, position from public.course_contents where course_id in (93102, 93104) order by id$$,
  $$values (93211::bigint, 0), (93212::bigint, 1), (93231::bigint, 0), (93232::bigint, 5)$$,
  'another expert''s lessons are untouched');

-- ============================================================================
-- expert A: deletes a lesson, then their own draft course with its lessons
-- ============================================================================
select is(tests.attempt('expert_a', 'delete from public.course_contents where id = 93202'),
  'ok:1', 'an expert deletes a lesson of their own course');
select tests.authenticate_as('expert_a');
select lives_ok('delete from public.courses where id = 93101', 'an expert deletes their own draft course');
select tests.clear_authentication();
select is_empty('select 1 from public.courses where id = 93101', 'the course is gone');
select is_empty('select 1 from public.course_contents where course_id = 93101', 'its lessons went with it');

-- ============================================================================
-- a member who is no expert
-- ============================================================================
select tests.authenticate_as('member');
select throws_ok($$select public.move_course_lesson(93211, 'down')$$, 'PT404', 'There is no lesson with that id',
  'a member cannot move a draft lesson');
select throws_ok($$select public.move_course_lesson(93232, 'up')$$, '42501', 'Not allowed to change another expert''s course',
  'a member cannot move a published lesson');
select tests.clear_authentication();
select is(tests.attempt('member', 'delete from public.courses where id in (93102, 93103, 93104)'),
  'ok:0', 'a member deletes no course');

-- ============================================================================
-- anon
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$select public.move_course_lesson(93211, 'down')$$, '42501', 'permission denied for function move_course_lesson',
  'anon cannot move lessons');
select throws_ok($$select private.can_edit_course(93102)$$, '42501', 'permission denied for function can_edit_course',
  'anon cannot call the helper');
select tests.clear_authentication();
select is(tests.attempt('anon', 'delete from public.courses where id = 93102'),
  'error:permission denied for table courses', 'anon cannot delete courses');
select is(tests.attempt('anon', 'update public.course_contents set position = 7 where id = 93211'),
  'error:permission denied for table course_contents', 'anon cannot renumber lessons');

-- ============================================================================
-- staff keep their broader rights
-- ============================================================================
select tests.authenticate_as('team');
select is(public.move_course_lesson(93212, 'up'), 1, 'an admin moves any expert''s lessons');
select tests.clear_authentication();
select results_eq($$select id from public.course_contents where course_id = 93102 order by position$$,
  $$values (93212::bigint), (93211::bigint)$$, 'the admin''s move is kept');
select is(tests.attempt('team', 'delete from public.courses where id in (93102, 93104)'),
  'ok:2', 'an admin deletes any course, draft or published');
select is(tests.attempt('pm_a', 'delete from public.courses where id = 93102'),
  'ok:0', 'a patch manager deletes no course');

select * from finish();
rollback;
