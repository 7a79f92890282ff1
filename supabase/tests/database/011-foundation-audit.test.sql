-- Who did what: every audited write names the member of staff (id, role, name and e-mail as they
-- were), the function that wrote for them with the service role, the action and the fields that
-- changed (before → after, updated_at left out). The acting-user headers count only from the
-- service role; the service role outside any request is the scheduler.
begin;
select plan(20);

select tests.create_actors();
update public.profiles set full_name = 'Tess Team' where id = tests.uid('team');
update public.profiles set full_name = 'Olive Official' where id = tests.uid('official');
insert into public.courses (id, slug, title, summary, published) values (96101, 'test-audit-course', 'Audit course', 'First', false);

create or replace function pg_temp.last_entry()
returns public.audit_log
language sql
as $$ select * from public.audit_log where table_name = 'courses' and row_id = '96101' order by id desc limit 1 $$;

-- ============================================================================
-- a member of staff, signed in
-- ============================================================================
select tests.authenticate_as('team');
update public.courses set title = 'Audit course, renamed' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, actor_name, actor_email, via, action from pg_temp.last_entry()$$,
  $$values (tests.uid('team'), 'roots_team', 'Tess Team', 'team@test.local', null::text, 'update')$$,
  'a signed-in admin''s change names them by role, name and e-mail');
select is((pg_temp.last_entry()).changes, '{"title": {"before": "Audit course", "after": "Audit course, renamed"}}'::jsonb,
  'and records only the field that changed, before and after');

select tests.authenticate_as('official');
insert into public.courses (id, slug, title, published) values (96102, 'test-audit-course-two', 'Second course', false);
select tests.clear_authentication();
select results_eq($$select actor_role, action, changes -> 'title', changes ? 'summary' from public.audit_log where table_name = 'courses' and row_id = '96102'$$,
  $$values ('roots_official', 'insert', '{"before": null, "after": "Second course"}'::jsonb, false)$$,
  'an insert records the fields it set and leaves out the empty ones');

select tests.authenticate_as('official');
delete from public.courses where id = 96102;
select tests.clear_authentication();
select results_eq($$select action, changes -> 'slug' from public.audit_log where table_name = 'courses' and row_id = '96102' order by id desc limit 1$$,
  $$values ('delete', '{"before": "test-audit-course-two", "after": null}'::jsonb)$$, 'a delete records what went');

-- A signed-in user cannot claim to be someone else with the function headers.
select tests.authenticate_as('team');
select set_config('request.headers', json_build_object('x-roots-acting-user', tests.uid('official'), 'x-roots-function', 'payments')::text, true);
update public.courses set summary = 'Second' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, via from pg_temp.last_entry()$$,
  $$values (tests.uid('team'), 'roots_team', null::text)$$, 'the acting-user headers count for nothing from a signed-in user');

-- ============================================================================
-- a function acting with the service role for a member of staff
-- ============================================================================
select tests.authenticate_as_service_role();
select set_config('request.headers', json_build_object('x-roots-acting-user', tests.uid('official'), 'x-roots-function', 'payments')::text, true);
update public.courses set summary = 'Third' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, actor_name, actor_email, via from pg_temp.last_entry()$$,
  $$values (tests.uid('official'), 'roots_official', 'Olive Official', 'official@test.local', 'payments')$$,
  'a function''s write for a member of staff names them and the function');
select is((pg_temp.last_entry()).changes, '{"summary": {"before": "Second", "after": "Third"}}'::jsonb, 'with the change it made');

select tests.authenticate_as_service_role();
select set_config('request.headers', '{"x-roots-function": "bookings"}', true);
update public.courses set summary = 'Fourth' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, actor_email, via from pg_temp.last_entry()$$,
  $$values (null::uuid, 'service_role', null::text, 'bookings')$$, 'a function''s own write names the function');

select tests.authenticate_as_service_role();
select set_config('request.headers', '{"x-roots-acting-user": "not-a-uuid", "x-roots-function": "Bad Name; --"}', true);
update public.courses set summary = 'Fifth' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, via from pg_temp.last_entry()$$,
  $$values (null::uuid, 'service_role', null::text)$$, 'malformed headers are ignored, not stored');

select tests.authenticate_as_service_role();
select set_config('request.headers', json_build_object('x-roots-acting-user', tests.uid('member'))::text, true);
update public.courses set summary = 'Sixth' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, actor_email from pg_temp.last_entry()$$,
  $$values (tests.uid('member'), 'service_role', 'member@test.local')$$,
  'acting for someone with no staff role keeps the service role and names the person');

select tests.authenticate_as_service_role();
select set_config('request.headers', '{}', true);
update public.courses set summary = 'Seventh' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, via from pg_temp.last_entry()$$,
  $$values (null::uuid, 'service_role', null::text)$$, 'an API request with the service role key and no headers is the service role');

-- ============================================================================
-- the scheduler (pg_cron: the service role outside any API request)
-- ============================================================================
select set_config('request.headers', '', true);
select private.act_as_scheduler();
update public.courses set summary = 'Eighth' where id = 96101;
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, via, changes from pg_temp.last_entry()$$,
  $$values (null::uuid, 'scheduler', null::text, '{"summary": {"before": "Seventh", "after": "Eighth"}}'::jsonb)$$,
  'a scheduled job is recorded as the scheduler');

-- ============================================================================
-- no claims (migrations, seeds), a member, an approval through review
-- ============================================================================
select is_empty($$select 1 from public.audit_log where table_name = 'profiles' and row_id in (tests.uid('team')::text, tests.uid('official')::text)$$,
  'maintenance without claims (the setup above) is not attributed to anyone');
select tests.create_user('expert_a');
insert into public.growing_experts (id, slug, name, published, user_id) values (96001, 'test-audit-expert', 'Expert A', true, tests.uid('expert_a'));
insert into public.courses (id, slug, title, expert_id, published) values (96103, 'test-audit-course-live', 'Live', 96001, true);
insert into public.course_contents (id, course_id, position, title, published) values (96201, 96103, 0, 'Lesson', true);
select tests.authenticate_as('expert_a');
select is(public.submit_lesson_edit(96201, 'Lesson, better', '{"type": "doc", "content": []}'), 'in_review', 'an expert sends an edit');
select tests.authenticate_as('team');
select is(public.review_course_revision((select id from public.course_revisions(96103)), true), 'approved', 'staff approve it');
select tests.clear_authentication();
select results_eq($$select actor_id, actor_role, action, changes -> 'title' from public.audit_log where table_name = 'course_contents' and row_id = '96201' order by id desc limit 1$$,
  $$values (tests.uid('team'), 'roots_team', 'update', '{"before": "Lesson", "after": "Lesson, better"}'::jsonb)$$,
  'the approval is recorded as the reviewer''s change to the lesson');

-- ============================================================================
-- who reads it
-- ============================================================================
select ok(tests.count_as('official', $$select 1 from public.audit_log where table_name = 'courses' and row_id = '96101' and actor_name is not null$$) >= 2,
  'admins read the entries with the names');
select is(tests.count_as('pm_a', 'select 1 from public.audit_log'), 0::bigint, 'a patch manager reads none');
select is(tests.count_as('expert_a', 'select 1 from public.audit_log'), 0::bigint, 'an expert reads none');
select throws_ok($$select tests.count_as('anon', 'select 1 from public.audit_log')$$, '42501', 'permission denied for table audit_log',
  'anon reads none');
select tests.clear_authentication();

select * from finish();
rollback;
