-- Staff roles and the MFA rule: where a role comes from (profile, app_metadata, never
-- user_metadata), aal2 for staff with a verified factor, require_staff_mfa for all staff,
-- the role-change guard, the sign-up trigger and the audit log of staff writes.
begin;
select plan(29);

select tests.create_actors();
select tests.create_user('app_pm', null, '{}', '{"role": "patch_manager"}');
select tests.create_user('app_bogus', null, '{}', '{"role": "superuser"}');

-- ============================================================================
-- roles
-- ============================================================================
select results_eq(
  $$select name from public.roles order by name$$,
  array['founder', 'patch_manager', 'roots_official', 'roots_team'],
  'the four staff roles exist'
);

select tests.authenticate_as('official');
select is(public.current_staff_role(), 'roots_official', 'an official without a factor has staff rights at aal1');
select tests.authenticate_as('pm_a');
select is(public.current_staff_role(), 'patch_manager', 'a patch manager has their role');
select tests.clear_authentication();

-- ============================================================================
-- impostor: user_metadata.role = founder
-- ============================================================================
select tests.authenticate_as('impostor');
select is(public.current_staff_role(), null, 'user_metadata.role gives no role');
select is((select count(*) from public.profiles), 1::bigint, 'the impostor reads only their own profile');
select is((select count(*) from public.waiting_list_entries), 0::bigint, 'the impostor reads no waiting-list entry');
select throws_ok(
  $$update public.profiles set role_id = (select id from public.roles where name = 'founder') where id = auth.uid()$$,
  '42501', 'Only admins can change a role',
  'a member cannot give themselves a role'
);
select tests.clear_authentication();

-- ============================================================================
-- app_metadata (only the service role can set it)
-- ============================================================================
select tests.authenticate_as('app_pm');
select is(public.current_staff_role(), 'patch_manager', 'app_metadata.role gives a role when the profile has none');
select tests.authenticate_as('app_bogus');
select is(public.current_staff_role(), null, 'an app_metadata.role that is not a staff role gives nothing');
select tests.clear_authentication();

-- ============================================================================
-- MFA: a verified factor requires aal2
-- ============================================================================
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
values (gen_random_uuid(), tests.uid('official'), 'phone app', 'totp', 'verified', now(), now()),
       (gen_random_uuid(), tests.uid('team'), 'unused', 'totp', 'unverified', now(), now());

select tests.authenticate_as('official');
select is(public.current_staff_role(), null, 'an official with a verified factor has no staff rights at aal1');
select is((select count(*) from public.audit_log), 0::bigint, 'and reads no admin data at aal1');
select throws_ok(
  $$insert into public.redirects (source_path, target) values ('/mfa-test', '/sites')$$,
  '42501', 'new row violates row-level security policy for table "redirects"',
  'and cannot write admin data at aal1'
);
select tests.authenticate_as('official', 'aal2');
select is(public.current_staff_role(), 'roots_official', 'the same official has staff rights at aal2');
select lives_ok(
  $$insert into public.redirects (source_path, target) values ('/mfa-test', '/sites')$$,
  'and can write admin data at aal2'
);
select tests.authenticate_as('team');
select is(public.current_staff_role(), 'roots_team', 'an unverified factor does not require aal2');
select tests.clear_authentication();

-- A patch manager with a verified factor sees their list only at aal2.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
values (9001, 'x', 'Ann', 'Applicant', 'ann@example.com', true);
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
values (gen_random_uuid(), tests.uid('pm_a'), 'phone app', 'totp', 'verified', now(), now());
select is(tests.count_as('pm_a', 'select 1 from public.waiting_list_entries where site_id = 9001'), 0::bigint,
  'a patch manager with a verified factor sees no entry at aal1');
select is(tests.count_as('pm_a@aal2', 'select 1 from public.waiting_list_entries where site_id = 9001'), 1::bigint,
  'and sees their site''s entries at aal2');

-- ============================================================================
-- require_staff_mfa: aal2 for every staff member
-- ============================================================================
insert into public.app_settings (key, value) values ('require_staff_mfa', 'true')
on conflict (key) do update set value = excluded.value;
select tests.authenticate_as('founder');
select is(public.current_staff_role(), null, 'with require_staff_mfa, staff without aal2 have no rights');
select tests.authenticate_as('founder', 'aal2');
select is(public.current_staff_role(), 'founder', 'with require_staff_mfa, staff at aal2 keep their rights');
select tests.authenticate_as('member', 'aal2');
select is(public.current_staff_role(), null, 'aal2 alone gives a member no role');
select tests.clear_authentication();
update public.app_settings set value = 'false' where key = 'require_staff_mfa';

-- ============================================================================
-- role changes, sign-up trigger, audit log
-- ============================================================================
select tests.authenticate_as('founder');
select lives_ok(
  $$update public.profiles set role_id = (select id from public.roles where name = 'roots_team') where id = tests.uid('member')$$,
  'an admin can give a user a role'
);
select tests.clear_authentication();
select is((select r.name from public.profiles p join public.roles r on r.id = p.role_id where p.id = tests.uid('member')),
  'roots_team', 'the role was given');

-- The auth server inserts as supabase_auth_admin, which postgres may not become on Supabase
-- (that membership is reserved); postgres writes auth.users as the CLI's seeds do, and the
-- trigger runs the same either way. That the auth server's own role has no right to write
-- profiles, so the trigger function must be security definer, is checked here; the sign-up
-- through the auth API itself is in stack/tests/auth.
select ok(
  not has_table_privilege('supabase_auth_admin', 'public.profiles', 'insert'),
  'the auth server''s role cannot write profiles itself'
);
insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', md5('tests:signup')::uuid, 'authenticated', 'authenticated', 'signup@test.local',
  '{}', '{"full_name": "Sign Up", "role": "founder"}', now(), now());
select is(
  (select row(p.email, p.full_name, p.role_id)::text from public.profiles p where p.id = tests.uid('signup')),
  row('signup@test.local', 'Sign Up', null::smallint)::text,
  'sign-up by the auth server creates a profile without a role'
);
-- Even when the profile cannot be written, the sign-up goes through.
alter table public.profiles add constraint profiles_refuse_test check (email <> 'refused@test.local') not valid;
insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', md5('tests:refused')::uuid, 'authenticated', 'authenticated',
  'refused@test.local', '{}', '{}', now(), now());
select ok(exists (select 1 from auth.users where email = 'refused@test.local'), 'a sign-up succeeds even when its profile cannot be created');
select is((select count(*) from public.profiles where email = 'refused@test.local'), 0::bigint, 'and no half-made profile is left');
alter table public.profiles drop constraint profiles_refuse_test;
select is(
  (select row(p.prosecdef, pg_get_userbyid(p.proowner), p.proconfig)::text from pg_proc p where p.oid = 'private.handle_new_user()'::regprocedure),
  row(true, 'postgres', array['search_path=""'])::text,
  'the sign-up trigger function is security definer, owned by postgres, with an empty search_path'
);

select tests.authenticate_as('team');
update public.global_sites set promo = 'Audited promo' where id = 9001;
select tests.clear_authentication();
select is(
  (select row(a.actor_id, a.actor_role, a.action, a.before ->> 'promo', a.after ->> 'promo')::text
   from public.audit_log a where a.table_name = 'global_sites' and a.row_id = '9001'),
  row(tests.uid('team'), 'roots_team', 'update', null::text, 'Audited promo')::text,
  'a staff write is audited with who, what, before and after'
);
select tests.authenticate_as('team');
select throws_ok(
  $$delete from public.audit_log$$, '42501', 'permission denied for table audit_log',
  'staff cannot erase the audit log'
);
select tests.clear_authentication();

select * from finish();
rollback;
