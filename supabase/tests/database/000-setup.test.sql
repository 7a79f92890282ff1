-- Test helpers, installed once (committed) in the throwaway database before the other files:
-- create users with deterministic ids, act as a user / anon / the service role, try a
-- statement as an actor and report what happened, and the standard actors and test sites.

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- A deterministic user id for an identifier, so SQL in tests can name users.
create or replace function tests.uid(p_identifier text)
returns uuid
language sql
immutable
as $$ select md5('tests:' || p_identifier)::uuid $$;

-- Creates an auth user <identifier>@test.local (the sign-up trigger creates the profile) and
-- gives the profile a staff role when p_role is set.
create or replace function tests.create_user(
  p_identifier text, p_role text default null, p_user_meta jsonb default '{}', p_app_meta jsonb default '{}'
)
returns uuid
language plpgsql
as $$
declare
  v_id uuid := tests.uid(p_identifier);
begin
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change)
  values ('00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated', p_identifier || '@test.local',
    extensions.crypt('password', extensions.gen_salt('bf', 4)), now(),
    '{"provider": "email", "providers": ["email"]}'::jsonb || p_app_meta, p_user_meta, now(), now(), '', '', '', '')
  on conflict (id) do nothing;
  if p_role is not null then
    update public.profiles set role_id = (select id from public.roles where name = p_role) where id = v_id;
  end if;
  return v_id;
end;
$$;

-- The JWT claims Supabase Auth would issue for the user.
create or replace function tests.claims_for(p_identifier text, p_aal text default 'aal1')
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'sub', u.id, 'role', 'authenticated', 'aud', 'authenticated', 'email', u.email,
    'aal', p_aal, 'amr', case when p_aal = 'aal2'
      then '[{"method": "password", "timestamp": 1}, {"method": "totp", "timestamp": 2}]'::jsonb
      else '[{"method": "password", "timestamp": 1}]'::jsonb end,
    'session_id', md5('session:' || p_identifier)::uuid,
    'app_metadata', coalesce(u.raw_app_meta_data, '{}'), 'user_metadata', coalesce(u.raw_user_meta_data, '{}')
  )
  from auth.users u where u.id = tests.uid(p_identifier)
$$;

create or replace function tests.authenticate_as(p_identifier text, p_aal text default 'aal1')
returns void
language plpgsql
as $$
declare
  v_claims jsonb := tests.claims_for(p_identifier, p_aal);
begin
  if v_claims is null then
    raise exception 'tests: no user %', p_identifier;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', v_claims::text, true);
end;
$$;

create or replace function tests.authenticate_as_anon()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role": "anon"}', true);
end;
$$;

create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
end;
$$;

create or replace function tests.clear_authentication()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'postgres', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- Acts as a named actor: anon, service_role, or a user identifier (optionally "name@aal2").
create or replace function tests.act_as(p_actor text)
returns void
language plpgsql
as $$
begin
  if p_actor = 'anon' then
    perform tests.authenticate_as_anon();
  elsif p_actor = 'service_role' then
    perform tests.authenticate_as_service_role();
  elsif p_actor like '%@aal2' then
    perform tests.authenticate_as(split_part(p_actor, '@', 1), 'aal2');
  else
    perform tests.authenticate_as(p_actor);
  end if;
end;
$$;

-- Runs p_sql as p_actor and undoes it. Returns 'ok:<rows>' (rows returned or changed) or
-- 'error:<message>'. The statement runs in a subtransaction that is always rolled back.
create or replace function tests.attempt(p_actor text, p_sql text)
returns text
language plpgsql
as $$
declare
  v_rows bigint;
begin
  begin
    perform tests.act_as(p_actor);
    execute p_sql;
    get diagnostics v_rows = row_count;
    raise exception using errcode = 'TS001', message = v_rows::text;
  exception
    when sqlstate 'TS001' then
      return 'ok:' || sqlerrm;
    when others then
      return 'error:' || sqlerrm;
  end;
end;
$$;

-- Rows of p_sql (a query) as p_actor.
create or replace function tests.count_as(p_actor text, p_sql text)
returns bigint
language plpgsql
as $$
declare
  v_count bigint;
begin
  perform tests.act_as(p_actor);
  execute format('select count(*) from (%s) q', p_sql) into v_count;
  perform tests.clear_authentication();
  return v_count;
end;
$$;

create or replace function tests.rls_enabled(p_schema text)
returns boolean
language sql
stable
as $$
  select coalesce(bool_and(c.relrowsecurity), true)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = p_schema and c.relkind in ('r', 'p')
$$;

-- The standard cast, inside the caller's transaction: open test sites A (9001) and B (9002),
-- upcoming site C (9003); a member, an impostor (user_metadata.role = founder), patch
-- managers of A and of B, and one user per admin role.
create or replace function tests.create_actors()
returns void
language plpgsql
as $$
begin
  insert into public.global_sites (id, city, city_slug, location, slug, status) values
    (9001, 'Testford', 'testford', 'Test Site A', 'test-site-a', 'open'),
    (9002, 'Testford', 'testford', 'Test Site B', 'test-site-b', 'active'),
    (9003, 'Testford', 'testford', 'Test Site C', 'test-site-c', 'upcoming')
  on conflict (id) do nothing;
  perform tests.create_user('member');
  perform tests.create_user('impostor', null, '{"role": "founder"}');
  perform tests.create_user('pm_a', 'patch_manager');
  perform tests.create_user('pm_b', 'patch_manager');
  perform tests.create_user('team', 'roots_team');
  perform tests.create_user('founder', 'founder');
  perform tests.create_user('official', 'roots_official');
  insert into public.patch_manager_sites (user_id, site_id) values
    (tests.uid('pm_a'), 9001), (tests.uid('pm_b'), 9002)
  on conflict do nothing;
end;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

begin;
select plan(9);
select has_function('tests', 'attempt', array['text', 'text'], 'tests.attempt() is installed');
select has_function('tests', 'create_actors', 'tests.create_actors() is installed');
select tests.create_actors();
select is((select u.id from auth.users u where u.email = 'member@test.local'), tests.uid('member'),
  'tests.uid names the user create_actors made');
select is((select p.email from public.profiles p where p.id = tests.uid('member')), 'member@test.local',
  'the sign-up trigger made that user''s profile');
select isnt(tests.uid('member'), tests.uid('impostor'), 'two names give two ids');
select is(tests.create_user('setup_probe'), tests.uid('setup_probe'), 'create_user returns the id tests.uid gives');
select is((select r.name from public.profiles p join public.roles r on r.id = p.role_id where p.id = tests.uid('team')), 'roots_team',
  'a staff actor has their role on the profile');
select is((tests.claims_for('pm_a') ->> 'sub')::uuid, tests.uid('pm_a'), 'an actor''s claims carry their id');
select throws_ok($$select tests.authenticate_as('nobody_in_particular')$$, 'P0001', 'tests: no user nobody_in_particular',
  'acting as a name nobody was created under raises');
select * from finish();
rollback;
