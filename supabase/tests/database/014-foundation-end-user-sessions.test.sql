-- Staff sign a user out everywhere (20250115000100_end_user_sessions.sql): admins only; not their
-- own account; an unknown user is a 404; the user's sessions and their refresh tokens go, nobody
-- else's; the audit log names who did it to whom.
begin;
select plan(12);

select tests.create_actors();

-- The member is signed in on two devices, the patch manager on one.
insert into auth.sessions (id, user_id, created_at, updated_at, aal)
values ('00000000-0000-4000-8000-000000000991', tests.uid('member'), now(), now(), 'aal1'),
  ('00000000-0000-4000-8000-000000000992', tests.uid('member'), now(), now(), 'aal1'),
  ('00000000-0000-4000-8000-000000000993', tests.uid('pm_a'), now(), now(), 'aal1');
insert into auth.refresh_tokens (token, user_id, session_id, revoked, created_at, updated_at)
values ('rt-991', tests.uid('member')::text, '00000000-0000-4000-8000-000000000991', false, now(), now()),
  ('rt-993', tests.uid('pm_a')::text, '00000000-0000-4000-8000-000000000993', false, now(), now());

-- ============================================================================
-- who may
-- ============================================================================
select is(tests.attempt('member', format('select public.end_user_sessions(%L)', tests.uid('pm_a'))),
  'error:Only admins may sign a user out', 'a member cannot sign anyone out');
select is(tests.attempt('pm_a', format('select public.end_user_sessions(%L)', tests.uid('member'))),
  'error:Only admins may sign a user out', 'nor can a patch manager');
select is(tests.attempt('impostor', format('select public.end_user_sessions(%L)', tests.uid('member'))),
  'error:Only admins may sign a user out', 'nor a user whose metadata claims a staff role');
select is(tests.attempt('anon', format('select public.end_user_sessions(%L)', tests.uid('member'))),
  'error:permission denied for function end_user_sessions', 'nor a visitor');
select is((select count(*)::int from auth.sessions where user_id = tests.uid('member')), 2, '…and the member is still signed in twice');

-- ============================================================================
-- bad input
-- ============================================================================
select tests.authenticate_as('team');
select throws_ok('select public.end_user_sessions(''00000000-0000-4000-8000-00000000dead'')', 'PT404', 'There is no such user.',
  'an unknown user (404 through the API)');
select throws_ok(format('select public.end_user_sessions(%L)', tests.uid('team')), '22023',
  'This is your own account: sign out on the devices you use instead.', 'not one''s own account');

-- ============================================================================
-- signing out
-- ============================================================================
select is(public.end_user_sessions(tests.uid('member')), 2, 'an admin ends the member''s two sessions');
select is(public.end_user_sessions(tests.uid('member')), 0, 'asked again: signed in nowhere, nothing to end');
select tests.clear_authentication();
select is((select count(*)::int from auth.sessions where user_id = tests.uid('member')), 0, '…they are gone');
select results_eq($$select token from auth.refresh_tokens where token in ('rt-991', 'rt-993') order by token$$,
  $$values ('rt-993'::varchar)$$, '…with their refresh tokens; the patch manager''s session and token stay');
select is((select count(*)::int from public.audit_log a where a.table_name = 'sessions' and a.row_id = tests.uid('member')::text
  and a.action = 'delete' and a.actor_id = tests.uid('team') and a.actor_role = 'roots_team' and (a.before ->> 'sessions')::int = 2), 1,
  'the audit log says who signed whom out, and how many sessions ended');

select * from finish();
rollback;
