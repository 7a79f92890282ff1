-- Platform bootstrap for the Docker-free stack.
-- Gives a vanilla Postgres 15 what the Supabase platform image provides before any
-- migration runs: API roles, the auth and extensions schemas, Supabase Auth's tables,
-- auth.uid()/auth.role()/auth.jwt(), and Supabase's default grants.
-- It runs only in this stack, never as a migration; `supabase start` has all of it already.

-- ============================================================================
-- roles, as Supabase's image has them
-- ============================================================================
-- This file runs as supabase_admin, the cluster's bootstrap superuser (initdb -U
-- supabase_admin), as on Supabase. `postgres` is the developer's role: not a superuser, but
-- CREATEROLE, CREATEDB, REPLICATION and BYPASSRLS, a member of the API roles and of
-- pg_read_all_data / pg_signal_backend / pg_monitor, and (since 2025) not a member of
-- supabase_auth_admin. Migrations, seeds and `supabase test db` run as postgres.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login password 'postgres';
  end if;
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole password 'postgres';
  end if;
  if not exists (select 1 from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user nologin createdb createrole replication;
  end if;
end
$$;

alter role supabase_admin with superuser createdb createrole replication bypassrls login password 'postgres';
alter role postgres with nosuperuser createdb createrole login replication bypassrls;
-- The API roles inherit (Supabase changed them from noinherit in 2023); authenticator does not,
-- so a request has only the privileges of the role it switches into.
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
do $$
begin
  -- A cluster made before this model may have granted it; on Supabase it is reserved.
  if pg_has_role('postgres', 'supabase_auth_admin', 'member') then
    revoke supabase_auth_admin from postgres;
  end if;
  execute format('grant all on database %I to postgres', current_database());
end
$$;
alter role authenticator set statement_timeout = '8s';
-- As on Supabase: a request waiting over 8 s for a row another holds fails (55P03, HTTP 500)
-- instead of hanging on.
alter role authenticator set lock_timeout = '8s';
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role supabase_admin set search_path = "$user", public, auth, extensions;

-- ============================================================================
-- schemas and extensions
-- ============================================================================
create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgtap with schema extensions;
-- PostGIS from Debian (postgresql-15-postgis-3). On Supabase a migration's `create extension
-- postgis with schema extensions` runs as the superuser through supautils; here the platform
-- creates it so the migration finds it in place.
create extension if not exists postgis with schema extensions;
grant all on schema extensions to postgres;
grant all privileges on all tables in schema extensions to postgres with grant option;
grant all privileges on all routines in schema extensions to postgres with grant option;
grant all privileges on all sequences in schema extensions to postgres with grant option;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;

do $$ begin
  execute format('alter database %I set search_path = "$user", public, extensions', current_database());
end $$;
alter role postgres set search_path = "$user", public, extensions;

-- Exposed schemas: PostgREST sees public (and graphql_public, absent here).
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;
-- What postgres (migrations) and supabase_admin (the platform) create in public is granted to
-- the API roles; RLS and explicit revokes decide the rest.
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- The stack's own outbox (what Inbucket/Mailpit is under `supabase start`): the auth server
-- writes mail and SMS here, and local e-mail providers add theirs through
-- private.record_provider_call. Not part of any migration: on Supabase it does not exist.
create schema if not exists _stack;
create table if not exists _stack.outbox (
  id bigserial primary key,
  created_at timestamptz not null default now(),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  meta jsonb not null default '{}'
);
create index if not exists outbox_recipient_idx on _stack.outbox (recipient, id desc);
revoke all on schema _stack from public;
grant usage on schema _stack to supabase_auth_admin, postgres;
grant select, insert, delete on _stack.outbox to supabase_auth_admin, postgres;
grant usage on sequence _stack.outbox_id_seq to supabase_auth_admin, postgres;

-- ============================================================================
-- auth schema: the tables in the shape Supabase Auth (GoTrue) migrates them to
-- ============================================================================
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role, dashboard_user;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'factor_type') then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'factor_status') then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'code_challenge_method') then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'auth' and t.typname = 'one_time_token_type') then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'
    );
  end if;
end
$$;

create table if not exists auth.instances (
  id uuid primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create table if not exists auth.schema_migrations (version varchar(255) primary key);

-- Every auth table has RLS on with no policies, as on the platform: only the auth
-- server (and the superuser) reads them.
do $$
declare t record;
begin
  for t in select tablename from pg_tables where schemaname = 'auth' loop
    execute format('alter table auth.%I enable row level security', t.tablename);
  end loop;
end
$$;

-- As on the platform, the auth server's role owns its tables (so RLS does not hide them from
-- it) and its types and functions.
do $$
declare r record;
begin
  for r in select tablename from pg_tables where schemaname = 'auth' loop
    execute format('alter table auth.%I owner to supabase_auth_admin', r.tablename);
  end loop;
  for r in select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where n.nspname = 'auth' and t.typtype = 'e' loop
    execute format('alter type auth.%I owner to supabase_auth_admin', r.typname);
  end loop;
end
$$;
grant all on schema auth to postgres;
grant all on all tables in schema auth to postgres, dashboard_user;
grant all on all sequences in schema auth to postgres, dashboard_user;

-- ============================================================================
-- auth helper functions, as Supabase defines them
-- ============================================================================
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to public;
grant all on all routines in schema auth to postgres;

-- ============================================================================
-- storage schema: what Supabase Storage migrates a project to
-- ============================================================================
-- The shape of supabase/storage's tenant migrations (migrations/tenant/*.sql) as they stand
-- now: storage.buckets and storage.objects owned by supabase_storage_admin (the role the
-- Storage server connects as, a member of authenticator so it can switch into the API roles),
-- RLS on both with no policies, ALL on both to the API roles and, with grant option, to
-- postgres; the path helpers (foldername, filename, extension) and storage.search, which the
-- list endpoint calls as the caller so that RLS decides what it sees. The gateway's
-- /storage/v1 (stack/gateway/storage) serves the files, kept on disk beside the cluster.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin login noinherit createrole password 'postgres';
  end if;
end
$$;
alter role supabase_storage_admin with login noinherit createrole noreplication password 'postgres';
alter role supabase_storage_admin set search_path = storage;
grant authenticator to supabase_storage_admin;

create schema if not exists storage;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin, dashboard_user;
-- Since 2025 postgres may not create in storage, nor act as supabase_storage_admin: it keeps
-- USAGE, ALL (with grant option) on buckets and objects, and may manage their policies only
-- (supautils.policy_grants, below).
revoke create on schema storage from postgres;
do $$
begin
  if pg_has_role('postgres', 'supabase_storage_admin', 'member') then
    revoke supabase_storage_admin from postgres;
  end if;
end
$$;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

-- What follows is created as the Storage server creates it: as supabase_storage_admin.
set local role supabase_storage_admin;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;
alter table storage.buckets add column if not exists type storage.buckettype not null default 'STANDARD';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The path helpers policies use, e.g. (storage.foldername(name))[1] = auth.uid()::text.
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[] := string_to_array(name, '/');
begin
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[] := string_to_array(name, '/');
begin
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[] := string_to_array(name, '/');
begin
  return reverse(split_part(reverse(_parts[array_length(_parts, 1)]), '.', 1));
end
$$;

-- What the request is doing (storage.object.upload, storage.object.list, …), for policies.
create or replace function storage.operation() returns text
language plpgsql stable
as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable
as $$
begin
  return query
    select sum((obj.metadata ->> 'size')::bigint)::bigint as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$$;

-- The list endpoint (POST /object/list/{bucket}): one level under `prefix`, folders as entries
-- with a null id, names relative to the prefix; `search` narrows the level by a case-insensitive
-- prefix. Sorted by name (case-insensitive, byte order, folders among files), or by a timestamp
-- with the folders first. Runs as the caller: what RLS hides is not listed, nor folders that
-- hold only hidden objects. `levels` is kept for the signature; the level comes from `prefix`.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable security invoker
as $$
declare
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at' else 'name' end;
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
begin
  return query execute format($q$
    with level as (
      select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
        substr(o.name, length($1) + 1) as rest
      from storage.objects o
      where o.bucket_id = $2 and starts_with(lower(o.name), lower($1 || $3))
    ),
    folders as (
      select distinct on (lower(split_part(rest, '/', 1))) split_part(rest, '/', 1) as name
      from level
      where strpos(rest, '/') > 0
      order by lower(split_part(rest, '/', 1)), rest
    ),
    entries as (
      select f.name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
        null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder, lower(f.name) || '/' as name_key
      from folders f
      union all
      select l.rest, l.id, l.updated_at, l.created_at, l.last_accessed_at, l.metadata, false, lower(l.rest)
      from level l
      where strpos(l.rest, '/') = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    order by %s
    limit $4 offset $5
  $q$,
    case when v_column = 'name' then format('e.name_key collate "C" %s', v_order)
      else format('e.is_folder desc, case when e.is_folder then e.name end %s, e.%I %s, e.name_key collate "C"', v_order, v_column, v_order) end)
  using coalesce(prefix, ''), bucketname, coalesce(search, ''), least(coalesce(limits, 100), 1500), greatest(coalesce(offsets, 0), 0);
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- A DELETE on either table outside the Storage API would orphan files: refused unless the
-- transaction says it is the API (storage.allow_delete_query), as the Storage server sets it.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

reset role;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant execute on all functions in schema storage to postgres, anon, authenticated, service_role;
grant all on all routines in schema storage to dashboard_user;

-- supautils.policy_grants lets postgres create, alter and drop policies on the storage tables it
-- does not own (Supabase lists storage.buckets and storage.objects there). supautils has no
-- Debian package; these event triggers give postgres the owner's rights for the one policy
-- command and take them back when it ends (or its transaction rolls back), so a migration's
-- `create policy … on storage.objects` works here as there, while `alter table storage.objects`
-- still fails with "must be owner of table objects".
create or replace function _stack.policy_grants_start() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce(nullif(current_setting('role'), 'none'), session_user) = 'postgres'
     and not pg_has_role('postgres', 'supabase_storage_admin', 'member') then
    grant supabase_storage_admin to postgres;
    perform set_config('stack.policy_grant', 'granted', true);
  end if;
end
$$;
create or replace function _stack.policy_grants_end() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if current_setting('stack.policy_grant', true) = 'granted' then
    revoke supabase_storage_admin from postgres;
    perform set_config('stack.policy_grant', '', true);
  end if;
end
$$;
revoke all on function _stack.policy_grants_start(), _stack.policy_grants_end() from public;
drop event trigger if exists stack_policy_grants_start;
create event trigger stack_policy_grants_start on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') execute function _stack.policy_grants_start();
drop event trigger if exists stack_policy_grants_end;
create event trigger stack_policy_grants_end on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') execute function _stack.policy_grants_end();

-- PostgREST reloads its schema cache on this channel; the gateway listens to it too.
create or replace function extensions.notify_schema_reload() returns void
language sql
as $$ select pg_notify('pgrst', 'reload schema') $$;

-- ============================================================================
-- scheduled work: pg_cron, and stand-ins for pg_net and Vault
-- ============================================================================
-- pg_cron comes from Debian (postgresql-15-cron, preloaded by stack/postgres.ts). On Supabase a
-- migration's `create extension pg_cron` runs as the superuser through supautils, whose
-- after-create hook re-creates it in pg_catalog (whatever schema was named; its tables and
-- functions are in `cron` either way) and grants postgres the cron schema; here the platform
-- creates it the same way and a migration's `create extension if not exists pg_cron` finds it in
-- place. (pg_cron is not relocatable: only dropping and re-creating it moves it.) A database
-- bootstrapped when it was created in public (the advisor's "extension in public") has it moved
-- here, its jobs kept.
-- pg_cron lives in one database per cluster (cron.database_name); other databases of the
-- cluster (e.g. one the CLI test pushes into) have no scheduler, as a database cannot.
do $$
begin
  if current_database() = current_setting('cron.database_name', true) then
    if exists (
      select 1 from pg_catalog.pg_extension
      where extname = 'pg_cron' and extnamespace <> 'pg_catalog'::regnamespace
    ) then
      create temporary table pg_cron_jobs on commit drop as select * from cron.job;
      drop extension pg_cron;
      create extension pg_cron schema pg_catalog;
      insert into cron.job select * from pg_cron_jobs;
      perform setval('cron.jobid_seq', (select max(jobid) from cron.job));
    end if;
    create extension if not exists pg_cron schema pg_catalog;
    grant usage on schema cron to postgres with grant option;
    grant all privileges on all tables in schema cron to postgres with grant option;
    grant all privileges on all sequences in schema cron to postgres with grant option;
    grant execute on all functions in schema cron to postgres with grant option;
    -- As on Supabase since 2023: postgres reads cron.job but changes it only through
    -- cron.schedule, cron.unschedule and cron.alter_job, which act on the caller's own jobs.
    revoke all on table cron.job from postgres;
    grant select on table cron.job to postgres with grant option;
  end if;
end
$$;

-- pg_net has no Debian package. This schema is its interface (net.http_post, net.http_get, the
-- request queue and net._http_response, with pg_net's signatures and defaults); the gateway's
-- worker (stack/gateway/net.ts) sends what is queued and records each answer, as pg_net's
-- background worker does.
create schema if not exists net;
create table if not exists net.http_request_queue (
  id bigserial primary key,
  method text not null check (method in ('GET', 'POST', 'DELETE')),
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);
create table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

create or replace function net._urlencode_params(url text, params jsonb) returns text
language sql immutable set search_path = ''
as $$
  select url || case when params is null or params = '{}'::jsonb then ''
    else case when position('?' in url) > 0 then '&' else '?' end ||
      (select string_agg(k || '=' || v, '&') from jsonb_each_text(params) as p (k, v)) end
$$;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language sql volatile security definer set search_path = net
as $$
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._urlencode_params(url, params), coalesce(headers, '{}'::jsonb),
    convert_to(coalesce(body, '{}'::jsonb)::text, 'UTF8'), timeout_milliseconds)
  returning id
$$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language sql volatile security definer set search_path = net
as $$
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('GET', net._urlencode_params(url, params), coalesce(headers, '{}'::jsonb), null, timeout_milliseconds)
  returning id
$$;

-- The worker wakes on this rather than polling fast.
create or replace function net._notify_worker() returns trigger
language plpgsql set search_path = ''
as $$ begin perform pg_notify('stack_net', ''); return null; end $$;
drop trigger if exists notify_worker on net.http_request_queue;
create trigger notify_worker after insert on net.http_request_queue
  for each statement execute function net._notify_worker();

revoke all on all functions in schema net from public;
grant usage on schema net to postgres, anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer), net.http_get(text, jsonb, jsonb, integer)
  to postgres, anon, authenticated, service_role;
grant select on net.http_request_queue, net._http_response to postgres;

-- Vault (supabase_vault) is on every Supabase project; jobs read their secrets from
-- vault.decrypted_secrets. This stand-in keeps the same names and functions without
-- encryption: it only ever holds the local stack's demo keys.
create schema if not exists vault;
create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create or replace view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
  from vault.secrets;
create or replace function vault.create_secret(new_secret text, new_name text default null,
  new_description text default '', new_key_id uuid default null) returns uuid
language sql volatile security definer set search_path = ''
as $$
  insert into vault.secrets (secret, name, description, key_id)
  values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
  returning id
$$;
create or replace function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null,
  new_description text default null, new_key_id uuid default null) returns void
language sql volatile security definer set search_path = ''
as $$
  update vault.secrets set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
    description = coalesce(new_description, description), key_id = coalesce(new_key_id, key_id), updated_at = now()
  where id = secret_id
$$;
revoke all on schema vault from public;
revoke all on all tables in schema vault from public;
revoke all on all functions in schema vault from public;
grant usage on schema vault to postgres, service_role;
grant select on vault.decrypted_secrets to postgres, service_role;
grant select, delete on vault.secrets to postgres, service_role;
grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  to postgres, service_role;
