-- Review of experts' edits to published work: an expert's edit of a published lesson or course is
-- kept as a revision while the live version stays public; staff approve it (the live row takes
-- it) or send it back with a note the expert reads; drafts are saved at once; nobody but staff
-- changes published words by hand; another expert, a member, a patch manager and anon are refused.
begin;
select plan(46);

select tests.create_actors();
select tests.create_user('expert_a');
select tests.create_user('expert_b');
insert into public.growing_experts (id, slug, name, published, user_id) values
  (94001, 'test-review-expert-a', 'Expert A', true, tests.uid('expert_a')),
  (94002, 'test-review-expert-b', 'Expert B', true, tests.uid('expert_b'));
insert into public.courses (id, slug, title, summary, expert_id, published) values
  (94101, 'test-review-course-a-live', 'Course A live', 'Live summary', 94001, true),
  (94102, 'test-review-course-a-draft', 'Course A draft', null, 94001, false),
  (94103, 'test-review-course-b-live', 'Course B live', null, 94002, true);
insert into public.course_contents (id, course_id, position, title, content, published) values
  (94201, 94101, 0, 'Live lesson', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Old words"}]}]}', true),
  (94202, 94101, 1, 'Lesson waiting to be published', '{"type": "doc", "content": []}', false),
  (94211, 94103, 0, 'B live lesson', '{"type": "doc", "content": []}', true);

create temporary table doc (name text primary key, value jsonb) on commit drop;
insert into doc values
  ('new', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Better words", "marks": [{"type": "strong"}]}]}]}'),
  ('newer', '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Best words"}]}]}');
grant select on doc to authenticated, anon;

-- ============================================================================
-- expert A: edits of their own published lesson and course go to review
-- ============================================================================
select tests.authenticate_as('expert_a');
select is(public.submit_lesson_edit(94201, 'Live lesson, better', (select value from doc where name = 'new')), 'in_review',
  'an expert''s edit of a published lesson goes to review');
select results_eq($$select title, content ->> 'content' like '%Old words%' from public.course_contents where id = 94201$$,
  $$values ('Live lesson', true)$$, 'the live lesson stays as it was');
select is(public.submit_lesson_edit(94201, '  Live lesson, best  ', (select value from doc where name = 'newer')), 'in_review',
  'a second edit of the same lesson goes to review too');
select results_eq($$select lesson_id, status, title, content ->> 'content' like '%Best words%', live_title from public.course_revisions(94101)$$,
  $$values (94201::bigint, 'pending', 'Live lesson, best', true, 'Live lesson')$$,
  'the expert sees one edit waiting, the newest, beside the live title');
select is(public.submit_course_edit(94101, 'Course A, renamed', 'New summary'), 'in_review',
  'an expert''s edit of a published course''s details goes to review');
select results_eq($$select title, summary from public.courses where id = 94101$$, $$values ('Course A live', 'Live summary')$$,
  'the live course stays as it was');
select is(public.submit_lesson_edit(94202, 'Lesson, written', (select value from doc where name = 'new')), 'saved',
  'a lesson not yet published is saved at once');
select is((select title from public.course_contents where id = 94202), 'Lesson, written', 'and the draft lesson has it');
select is(public.submit_course_edit(94102, 'Course A draft, renamed', ''), 'saved', 'a draft course is saved at once');
select results_eq($$select title, summary from public.courses where id = 94102$$, $$values ('Course A draft, renamed', null::text)$$,
  'and the draft course has it (an empty summary is none)');
select throws_ok($$select public.submit_lesson_edit(94201, '   ', (select value from doc where name = 'new'))$$, '22023',
  'Give the lesson a title of at most 200 characters', 'a lesson needs a title');
select tests.clear_authentication();
select is(tests.count_as('anon', $$select 1 from public.course_contents where id = 94201 and title = 'Live lesson'$$), 1::bigint,
  'visitors still read the live lesson');

-- ============================================================================
-- expert A: no way round the review by hand
-- ============================================================================
select tests.authenticate_as('expert_a');
select throws_ok($$update public.course_contents set title = 'Sneaky' where id = 94201$$, '42501',
  'This lesson is published: edits go to the Roots team for review first', 'an expert cannot retitle a published lesson by hand');
select throws_ok($$update public.course_contents set content = (select value from doc where name = 'new') where id = 94201$$, '42501',
  'This lesson is published: edits go to the Roots team for review first', 'nor change its text by hand');
select throws_ok($$update public.course_contents set course_id = 94102 where id = 94201$$, '42501',
  'This lesson is published: edits go to the Roots team for review first', 'nor move it to another course');
select throws_ok($$update public.courses set title = 'Sneaky' where id = 94101$$, '42501',
  'This course is published: edits go to the Roots team for review first', 'nor retitle a published course');
select throws_ok($$update public.courses set slug = 'sneaky' where id = 94101$$, '42501',
  'This course is published: edits go to the Roots team for review first', 'nor change its address');
select throws_ok($$update public.course_contents set published = false where id = 94201$$, '42501',
  'Only Roots staff can publish courses', 'nor unpublish the lesson to edit it as a draft');
select tests.clear_authentication();
select is(tests.attempt('expert_a', 'delete from public.course_contents where id = 94201'), 'ok:0',
  'an expert cannot delete a published lesson');
select is(tests.attempt('expert_a', 'update public.course_contents set position = 7 where id = 94201'), 'ok:1',
  'reordering stays the expert''s to do');
select is(tests.attempt('expert_a', 'select * from private.course_revisions'),
  'error:permission denied for table course_revisions', 'an expert cannot read the revisions table');

-- ============================================================================
-- another expert, a member, a patch manager, anon
-- ============================================================================
select tests.authenticate_as('expert_a');
select throws_ok($$select public.submit_lesson_edit(94211, 'Mine now', '{"type": "doc", "content": []}')$$, '42501',
  'Not allowed to change another expert''s course', 'an expert cannot edit another expert''s published lesson');
select throws_ok($$select public.submit_course_edit(94103, 'Mine now', null)$$, '42501',
  'Not allowed to change another expert''s course', 'nor another expert''s published course');
select throws_ok($$select public.review_course_revision(1, true)$$, '42501', 'Only admins can review courses',
  'an expert cannot approve their own edit');
select throws_ok($$select * from public.course_revisions()$$, '42501', 'Only admins can review courses',
  'an expert cannot list every course''s edits');
select tests.authenticate_as('expert_b');
select throws_ok($$select * from public.course_revisions(94101)$$, 'PT404', 'There is no course with that id',
  'another expert cannot read A''s edits');
select throws_ok($$select public.submit_lesson_edit(94202, 'Mine now', '{"type": "doc", "content": []}')$$, 'PT404',
  'There is no lesson with that id', 'nor see A''s draft lesson');
select tests.authenticate_as('member');
select throws_ok($$select public.submit_lesson_edit(94201, 'Mine now', '{"type": "doc", "content": []}')$$, '42501',
  'Not allowed to change another expert''s course', 'a member cannot edit a published lesson');
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.course_revisions()$$, '42501', 'Only admins can review courses',
  'a patch manager cannot review courses');
select tests.authenticate_as_anon();
select throws_ok($$select public.submit_lesson_edit(94201, 'Mine now', '{"type": "doc", "content": []}')$$, '42501',
  'permission denied for function submit_lesson_edit', 'anon cannot send edits');
select throws_ok($$select * from public.course_revisions()$$, '42501', 'permission denied for function course_revisions',
  'anon cannot read edits');
select tests.clear_authentication();

-- ============================================================================
-- staff: approve the lesson, send the course details back with a note
-- ============================================================================
select tests.authenticate_as('team');
select results_eq($$select course_id, lesson_id, title from public.course_revisions() where course_id = 94101 order by lesson_id nulls first$$,
  $$values (94101::bigint, null::bigint, 'Course A, renamed'), (94101::bigint, 94201::bigint, 'Live lesson, best')$$,
  'staff see both edits waiting');
select set_config('tests.lesson_revision', (select id from public.course_revisions() where lesson_id = 94201)::text, true);
select is(public.review_course_revision(current_setting('tests.lesson_revision')::bigint, true), 'approved',
  'staff approve the lesson edit');
select results_eq($$select title, content ->> 'content' like '%Best words%' from public.course_contents where id = 94201$$,
  $$values ('Live lesson, best', true)$$, 'the live lesson takes the approved words');
select throws_ok($$select public.review_course_revision((select id from public.course_revisions() where course_id = 94101 and lesson_id is null), false, '  ')$$,
  '22023', 'Say in a few words (at most 1,000 characters) why the change is sent back', 'sending back needs a note');
select is(public.review_course_revision((select id from public.course_revisions() where course_id = 94101 and lesson_id is null), false,
  'Keep the old title: learners search for it.'), 'rejected', 'staff send the course details back with a note');
select throws_ok($$select public.review_course_revision(current_setting('tests.lesson_revision')::bigint, true)$$, 'PT404',
  'That change is no longer waiting: it was reviewed or replaced by a newer one', 'a change already reviewed cannot be approved');
select is((select count(*) from public.course_revisions() where course_id = 94101), 0::bigint, 'nothing from the course is waiting now');
select lives_ok($$update public.course_contents set title = 'Live lesson, tidied' where id = 94201$$,
  'staff still edit published lessons directly');
select tests.clear_authentication();
select results_eq($$select title, summary from public.courses where id = 94101$$, $$values ('Course A live', 'Live summary')$$,
  'the course sent back is unchanged');
select is(tests.count_as('anon', $$select 1 from public.course_contents where id = 94201 and title = 'Live lesson, tidied'$$), 1::bigint,
  'visitors read the approved lesson');

-- ============================================================================
-- expert A: reads the note, sends a new edit, drops it
-- ============================================================================
select tests.authenticate_as('expert_a');
select results_eq($$select status, review_note, title from public.course_revisions(94101)$$,
  $$values ('rejected', 'Keep the old title: learners search for it.', 'Course A, renamed')$$, 'the expert reads why it came back');
select is(public.submit_course_edit(94101, 'Course A live', 'Live summary'), 'saved',
  'an edit back to the live words needs no review and clears the old one');
select is(public.submit_course_edit(94101, 'Course A live', 'A clearer summary'), 'in_review', 'a new edit goes to review');
select lives_ok($$select public.discard_course_revision((select id from public.course_revisions(94101)))$$,
  'the expert can drop an edit waiting for review');
select is((select count(*) from public.course_revisions(94101)), 0::bigint, 'and it is gone');
select tests.clear_authentication();

select * from finish();
rollback;
