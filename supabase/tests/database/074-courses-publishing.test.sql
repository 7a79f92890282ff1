-- Publishing a course (admins): lessons with safe links only, reordered in one statement,
-- published together with the course, never with no lesson or an empty one.
begin;
select plan(10);

select tests.create_actors();

-- ============================================================================
-- courses: lessons with safe links, reordering, publishing
-- ============================================================================
insert into public.courses (id, slug, title) values (91001, 'test-course', 'Test course');
select tests.authenticate_as('founder');
select throws_ok($$select public.set_course_published(91001, true)$$,
  '22023', 'Add at least one lesson before publishing the course', 'a course without lessons is not published');
insert into public.course_contents (id, course_id, position, title, content) values
  (91001, 91001, 0, 'First',
   '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Call", "marks": [{"type": "link", "attrs": {"href": "tel:+441234567890"}}]}, {"type": "text", "text": " or write", "marks": [{"type": "link", "attrs": {"href": "mailto:hi@example.com"}}]}]}]}'),
  (91002, 91001, 1, 'Second', '{"type": "doc", "content": [{"type": "paragraph"}]}');
select throws_ok($$update public.course_contents set content =
    '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": [{"type": "link", "attrs": {"href": "ftp://files.example"}}]}]}]}'
  where id = 91002$$,
  '23514', null, 'a lesson cannot link to ftp:');
select throws_ok($$select public.set_course_published(91001, true)$$,
  '22023', 'The lesson "Second" is empty: write it before publishing', 'an empty lesson blocks publishing');
select lives_ok($$update public.course_contents set content =
    '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "See", "marks": [{"type": "link", "attrs": {"href": "https://roots.example/guide"}}]}]}]}'
  where id = 91002$$, 'an https link is accepted');
select throws_ok($$select public.reorder_course_lessons(91001, array[91002]::bigint[])$$,
  '22023', 'List every lesson of the course exactly once', 'reordering must name every lesson');
select lives_ok($$select public.reorder_course_lessons(91001, array[91002, 91001]::bigint[])$$, 'lessons swap places in one statement');
select results_eq($$select id from public.course_contents where course_id = 91001 order by position$$,
  $$values (91002::bigint), (91001::bigint)$$, 'the new order is kept');
select is((public.set_course_published(91001, true)).published, true, 'a course with written lessons is published');
select tests.authenticate_as_anon();
select is((select count(*)::int from public.course_contents where course_id = 91001), 2, 'anon reads the published lessons');
select tests.authenticate_as('pm_a');
select throws_ok($$select public.set_course_published(91001, false)$$,
  '42501', 'Only admins can change courses', 'a patch manager cannot withdraw a course');
select tests.clear_authentication();

select * from finish();
rollback;
