-- Admin area, part 2 (operations): promo bars by date and site, the tag-manager id, marketing
-- spend per site with cost per sign-up, event capacity, task assignees, rich-text link schemes,
-- reordering and publishing courses, and the audit entries of staff changes.
begin;
select plan(42);

select tests.create_actors();

-- ============================================================================
-- promo bars: anon sees only live bars; only admins write; staff writes are audited
-- ============================================================================
insert into public.promo_bars (id, text, active, starts_at, ends_at, site_id) values
  (91001, 'Live everywhere', true, now() - interval '1 day', now() + interval '1 day', null),
  (91002, 'Ended yesterday', true, now() - interval '3 days', now() - interval '1 day', null),
  (91003, 'Starts tomorrow', true, now() + interval '1 day', null, null),
  (91004, 'Switched off', false, null, null, null),
  (91005, 'Live at site A', true, null, null, 9001);

select tests.authenticate_as_anon();
select results_eq(
  $$select id from public.promo_bars where id between 91001 and 91005 order by id$$,
  $$values (91001::bigint), (91005::bigint)$$,
  'anon reads only active bars inside their dates'
);
select throws_ok($$insert into public.promo_bars (text, active) values ('Anon bar', true)$$,
  '42501', 'permission denied for table promo_bars', 'anon cannot write promo bars');

select tests.authenticate_as('pm_a');
select is((select count(*)::int from public.promo_bars where id between 91001 and 91005), 2,
  'a patch manager sees only the live bars too');
select throws_ok($$insert into public.promo_bars (text, active) values ('PM bar', true)$$,
  '42501', 'new row violates row-level security policy for table "promo_bars"', 'a patch manager cannot add a promo bar');
select is_empty($$update public.promo_bars set text = 'hacked' where id = 91001 returning id$$,
  'a patch manager cannot change a promo bar');

select tests.authenticate_as('team');
select is((select count(*)::int from public.promo_bars where id between 91001 and 91005), 5, 'an admin reads every bar');
select lives_ok($$insert into public.promo_bars (id, text, active, site_id) values (91006, 'Team bar', true, 9002)$$,
  'an admin adds a promo bar for one site');
select throws_ok($$insert into public.promo_bars (text, link) values ('Elsewhere', '//evil.example/offer')$$,
  '23514', null, 'a promo link cannot point to another site with //');
select throws_ok($$insert into public.promo_bars (text, link) values ('Plain', 'http://roots.example')$$,
  '23514', null, 'a promo link is a path or https');
select throws_ok($$insert into public.promo_bars (text, active, starts_at, ends_at) values ('Backwards', true, now(), now() - interval '1 day')$$,
  '23514', null, 'a bar cannot end before it starts');
select tests.clear_authentication();
select is(
  (select count(*)::int from public.audit_log where table_name = 'promo_bars' and row_id = '91006' and action = 'insert'
     and actor_id = tests.uid('team') and actor_role = 'roots_team'),
  1, 'the new bar is in the audit log with its author');

-- ============================================================================
-- tag-manager id (app_settings 'gtm_id')
-- ============================================================================
delete from public.app_settings where key = 'gtm_id';
select tests.authenticate_as('founder');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"GTM-ab12"')$$,
  '23514', 'This is not a valid GTM-ID', 'lower-case letters are refused');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"UA-123456"')$$,
  '23514', 'This is not a valid GTM-ID', 'another prefix is refused');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"GTM-"')$$,
  '23514', 'This is not a valid GTM-ID', 'the prefix alone is refused');
select throws_ok($$insert into public.app_settings (key, value) values ('gtm_id', '123')$$,
  '23514', 'This is not a valid GTM-ID', 'a number is refused');
select lives_ok($$insert into public.app_settings (key, value) values ('gtm_id', '"GTM-AB12CD3"')$$, 'GTM-AB12CD3 is accepted');
select throws_ok($$update public.app_settings set value = '"GTM-AB 12"' where key = 'gtm_id'$$,
  '23514', 'This is not a valid GTM-ID', 'an update is checked too');
select tests.authenticate_as('pm_a');
select throws_ok($$insert into public.app_settings (key, value) values ('other_key', '"GTM-ZZ1"')$$,
  '42501', 'new row violates row-level security policy for table "app_settings"', 'a patch manager cannot write settings');
select tests.clear_authentication();
select is((select value #>> '{}' from public.app_settings where key = 'gtm_id'), 'GTM-AB12CD3', 'the valid id is kept');

-- ============================================================================
-- marketing: spend per site and cost per waiting-list sign-up
-- ============================================================================
insert into public.marketing_expenses (channel, campaign, amount_pence, spent_on, site_id) values
  ('Social', 'Spring', 3000, date '2030-03-02', 9001),
  ('Print', 'Spring', 1500, date '2030-03-10', 9001),
  ('Radio', 'Brand', 5000, date '2030-03-05', null),
  ('Social', 'Old', 9999, date '2030-02-01', 9001);
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'Test Site A', 'Sign', 'Up' || g, 'signup' || g || '@example.com', true, timestamptz '2030-03-15 12:00+00'
from generate_series(1, 3) g;

select tests.authenticate_as('official');
select results_eq(
  $$select site_id, spend_pence, signups, cost_per_signup_pence from public.marketing_summary(date '2030-03-01', date '2030-03-31')$$,
  $$values (9001::bigint, 4500::bigint, 3::bigint, 1500::bigint), (null::bigint, 9500::bigint, 3::bigint, 3167::bigint)$$,
  'spend and sign-ups per site in the range, and the total with spend on every site'
);
select throws_ok($$select * from public.marketing_summary(date '2030-03-31', date '2030-03-01')$$,
  '22023', 'Choose a date range whose end is not before its start', 'a backwards range is refused');
select throws_ok($$insert into public.marketing_expenses (channel, campaign, amount_pence) values ('Social', '  ', 100)$$,
  '23514', null, 'a campaign needs a name');
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.marketing_summary(date '2030-03-01', date '2030-03-31')$$,
  '42501', 'Only admins can see marketing figures', 'a patch manager cannot see marketing figures');
select tests.authenticate_as_anon();
select throws_ok($$select * from public.marketing_summary(date '2030-03-01', date '2030-03-31')$$,
  '42501', 'permission denied for function marketing_summary', 'anon cannot call the summary');
select tests.clear_authentication();

-- ============================================================================
-- events and tasks
-- ============================================================================
select tests.authenticate_as('team');
select throws_ok($$insert into public.events (slug, title, starts_at, capacity) values ('zero-places', 'Zero', now(), 0)$$,
  '23514', null, 'an event has at least one place');
select lives_ok($$insert into public.events (slug, title, starts_at, capacity, site_id) values ('thirty-places', 'Thirty', now(), 30, 9001)$$,
  'an event with a capacity and a site');
select throws_ok(
  $$insert into public.events (slug, title, starts_at, description) values ('bad-link', 'Bad', now(),
    '{"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "x", "marks": [{"type": "link", "attrs": {"href": "javascript:alert(1)"}}]}]}]}')$$,
  '23514', null, 'an event description cannot link to javascript:');
select throws_ok($$insert into public.tasks (title, assigned_to) values ('For a member', tests.uid('member'))$$,
  '23514', 'Tasks can only be assigned to staff', 'a task cannot be assigned to a member');
select lives_ok($$insert into public.tasks (title, assigned_to, site_id, status) values ('For a patch manager', tests.uid('pm_a'), 9001, 'todo')$$,
  'a task is assigned to a member of staff');
select lives_ok($$update public.tasks set status = 'doing' where title = 'For a patch manager'$$, 'an admin moves a task');
select is((select status from public.tasks where title = 'For a patch manager'), 'doing', 'the task is in its new column');
select tests.authenticate_as('pm_a');
select is_empty($$select 1 from public.tasks where title = 'For a patch manager'$$, 'patch managers do not see the task board');
select tests.clear_authentication();

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
