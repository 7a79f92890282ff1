-- Foundation: hardened defaults, the private schema, staff roles and profiles, the MFA rule,
-- settings, the audit log of staff writes and what every area shares: the phone rule, the local
-- providers' record, idempotency keys for staff actions and per-connection quotas for public forms.
-- Permissions start here: every later migration uses private.is_staff() and private.is_admin()
-- in its policies (private.can_work_site() and private.managed_site_ids() come with the sites).

-- == Setup ==

-- Nothing is executable or readable by default: each object grants what it needs.
revoke execute on all functions in schema public from public, anon, authenticated;
alter default privileges in schema public revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
create schema if not exists private;
revoke all on schema private from public;
-- Policies run as the caller, so the API roles must reach the helpers they call.
grant usage on schema private to anon, authenticated, service_role;
alter default privileges in schema private revoke execute on functions from public;

-- == Checks (functions the tables' constraints call) ==

-- The tag-manager id: GTM- followed by upper-case letters or digits.
create or replace function private.valid_gtm_id(p_value jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$ select jsonb_typeof(p_value) = 'string' and (p_value #>> '{}') ~ '^GTM-[A-Z0-9]+$' $$;

-- An optional +, then 6 to 20 digits, spaces, brackets or hyphens. A shape check like
-- private.valid_social_media: immutable, not security definer, run as whoever writes the row.
create or replace function private.valid_phone(p_phone text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select p_phone ~ '^\+?[0-9 ()-]{6,20}$' $$;
comment on function private.valid_phone(text) is
  'The one phone rule; PHONE_PATTERN in supabase/functions/_shared/common/phone.ts is the same.';

-- == Tables ==

create table public.roles (
  id smallint generated always as identity primary key,
  name text not null unique check (name ~ '^[a-z][a-z_]*$'),
  label text not null check (length(trim(label)) > 0)
);
comment on table public.roles is 'Staff roles. Names are lowercased with spaces as underscores.';
alter table public.roles enable row level security;
insert into public.roles (name, label) values
  ('roots_official', 'Roots Official'),
  ('roots_team', 'Roots Team'),
  ('founder', 'Founder'),
  ('patch_manager', 'Patch Manager');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  role_id smallint references public.roles (id) on delete set null,
  full_name text check (full_name is null or length(full_name) <= 200),
  phone text,
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_phone_check check (phone is null or private.valid_phone(phone))
);
comment on table public.profiles is 'One row per auth.users row, created on sign-up. role_id decides staff access.';
create index profiles_role_id_idx on public.profiles (role_id);
alter table public.profiles enable row level security;

create table public.app_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]*$'),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  constraint app_settings_gtm_id_check check (key <> 'gtm_id' or private.valid_gtm_id(value))
);
comment on table public.app_settings is 'Staff settings, e.g. require_staff_mfa (true makes aal2 compulsory for all staff).';
alter table public.app_settings enable row level security;

create table public.audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor_role text,
  table_name text not null,
  row_id text,
  action text not null check (action in ('insert', 'update', 'delete')),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now(),
  actor_email text,
  actor_name text,
  via text,
  changes jsonb
);
comment on table public.audit_log is 'Every staff (and service) write, recorded by trigger. Read by admins, written by nobody directly.';
comment on column public.audit_log.actor_role is
  'The staff role of the person who acted; service_role for the system, scheduler for pg_cron jobs.';
comment on column public.audit_log.actor_email is 'The actor''s e-mail when the change was made (kept if the account goes).';
comment on column public.audit_log.actor_name is 'The actor''s name when the change was made.';
comment on column public.audit_log.via is 'The edge function that wrote with the service role (for the actor, if any).';
comment on column public.audit_log.changes is 'The changed fields: {"field": {"before": …, "after": …}}; updated_at left out.';
create index audit_log_table_row_idx on public.audit_log (table_name, row_id);
create index audit_log_created_at_idx on public.audit_log (created_at desc);
alter table public.audit_log enable row level security;

-- What a local provider (email, payments, campaign list) would have sent. Tests read it.
create table private.provider_calls (
  id bigint generated always as identity primary key,
  provider text not null check (provider in ('email', 'payments', 'campaigns')),
  operation text not null,
  request jsonb not null,
  created_at timestamptz not null default now()
);
create index provider_calls_provider_idx on private.provider_calls (provider, operation, id desc);
alter table private.provider_calls enable row level security;

-- Staff actions sent with an idempotency key: the first result is kept and returned again.
create table private.idempotency_keys (
  action text not null,
  key text not null check (length(key) between 8 and 200),
  actor_id uuid,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (action, key)
);
alter table private.idempotency_keys enable row level security;

create table private.form_quota_uses (
  id bigint generated always as identity primary key,
  action text not null check (length(action) between 1 and 100),
  client text not null check (length(client) between 1 and 128),
  amount integer not null check (amount between 1 and 1000),
  used_at timestamptz not null default now()
);
create index form_quota_uses_lookup_idx on private.form_quota_uses (action, client, used_at);
alter table private.form_quota_uses enable row level security;

-- == Functions ==

-- The caller's role name, or null. From the profile's role, else app_metadata.role (only
-- the service role can set it); never user_metadata. A staff member who has a verified
-- MFA factor, or any staff member when require_staff_mfa is on, needs an aal2 token.
-- plpgsql rather than sql: a security-definer sql function is never inlined and re-plans its
-- query on every call, while plpgsql keeps the plan for the session (≈1 ms less per statement).
create or replace function private.staff_role()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_claims jsonb;
  v_role text;
begin
  if v_uid is null then
    return null;
  end if;
  v_claims := auth.jwt();
  select r.name into v_role
  from public.profiles p
  join public.roles r on r.id = p.role_id
  where p.id = v_uid;
  if v_role is null then
    select r.name into v_role from public.roles r where r.name = (v_claims -> 'app_metadata' ->> 'role');
  end if;
  if v_role is null then
    return null;
  end if;
  if coalesce(v_claims ->> 'aal', 'aal1') = 'aal2' then
    return v_role;
  end if;
  if exists (select 1 from auth.mfa_factors f where f.user_id = v_uid and f.status = 'verified')
     or coalesce((select s.value = 'true'::jsonb from public.app_settings s where s.key = 'require_staff_mfa'), false) then
    return null;
  end if;
  return v_role;
end;
$$;

create or replace function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select private.staff_role() is not null $$;

-- Full staff access: every staff role but patch_manager.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select coalesce(private.staff_role() in ('roots_official', 'roots_team', 'founder'), false) $$;

-- Creates the profile of a new auth user. Never fails a sign-up.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  begin
    insert into public.profiles (id, email, full_name, phone)
    values (
      new.id,
      new.email,
      left(nullif(trim(coalesce(new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'name', '')), ''), 200),
      null
    )
    on conflict (id) do nothing;
  exception when others then
    raise warning 'profile for user % not created: %', new.id, sqlerrm;
  end;
  return new;
end;
$$;

-- Keeps profiles.email in step with auth.users.email.
create or replace function private.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  begin
    update public.profiles set email = new.email, updated_at = now() where id = new.id;
  exception when others then
    raise warning 'profile email of % not updated: %', new.id, sqlerrm;
  end;
  return new;
end;
$$;

create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Only admins (or the service role) may change a profile's role.
create or replace function private.guard_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.role_id is distinct from old.role_id
     and not (private.is_admin() or coalesce(auth.role() = 'service_role', false) or auth.uid() is null) then
    raise exception 'Only admins can change a role' using errcode = '42501';
  end if;
  return new;
end;
$$;

-- Records a staff or service write, naming who acted (and the function that acted for them) and
-- what changed. Attached to every table staff can write.
create or replace function private.audit_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
  v_actor uuid;
  v_via text;
  v_headers jsonb;
  v_acting text;
  v_row jsonb;
  v_before jsonb;
  v_after jsonb;
  v_email text;
  v_name text;
begin
  -- No request claims (migrations, seed, maintenance as postgres): nothing to attribute.
  if nullif(current_setting('request.jwt.claims', true), '') is null then
    return coalesce(new, old);
  end if;
  v_role := private.staff_role();
  v_actor := auth.uid();
  if v_role is null and coalesce(auth.role(), '') = 'service_role' then
    v_actor := null;
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
    if v_headers is null then
      -- The service role inside the database, outside any API request: a pg_cron job.
      v_role := 'scheduler';
    else
      v_role := 'service_role';
      v_via := substring(v_headers ->> 'x-roots-function' from '^[a-z][a-z0-9-]{0,62}$');
      v_acting := substring(v_headers ->> 'x-roots-acting-user' from '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$');
      if v_acting is not null then
        -- A function acting for a member of staff it has checked: the entry names them (and
        -- their role; someone without one stays under the service role, named all the same).
        select p.id, r.name into v_actor, v_role
        from public.profiles p left join public.roles r on r.id = p.role_id
        where p.id = v_acting::uuid;
        v_role := coalesce(v_role, 'service_role');
      end if;
    end if;
  end if;
  if v_role is null then
    return coalesce(new, old);
  end if;
  if v_actor is not null then
    select p.email, p.full_name into v_email, v_name from public.profiles p where p.id = v_actor;
  end if;
  v_before := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_after := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row := coalesce(v_after, v_before);
  insert into public.audit_log (actor_id, actor_role, actor_email, actor_name, via, table_name, row_id, action, before, after, changes)
  values (
    v_actor, v_role, v_email, v_name, v_via,
    tg_table_name,
    coalesce(v_row ->> 'id', v_row ->> 'key', v_row ->> 'user_id'),
    lower(tg_op),
    v_before, v_after,
    private.audit_diff(v_before, v_after)
  );
  return coalesce(new, old);
end;
$$;

-- The caller's effective staff role (null without staff rights, e.g. aal1 with a verified factor).
create or replace function public.current_staff_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$ select private.staff_role() $$;

-- Records a call; a local email also lands in the Docker-free stack's outbox when it exists.
create or replace function public.record_provider_call(p_provider text, p_operation text, p_request jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into private.provider_calls (provider, operation, request)
  values (p_provider, p_operation, p_request)
  returning id into v_id;
  if p_provider = 'email' and to_regclass('_stack.outbox') is not null then
    execute 'insert into _stack.outbox (channel, recipient, subject, body, meta) values ($1, $2, $3, $4, $5)'
      using 'email', p_request ->> 'to', p_request ->> 'subject', coalesce(p_request ->> 'text', ''),
        jsonb_build_object('source', 'functions', 'html', p_request ->> 'html', 'tag', p_request ->> 'tag');
  end if;
  return v_id;
end;
$$;

-- Claims a key: null when it is new (the caller goes ahead), else the stored result, or
-- {"in_progress": true} while the first request with it is still running.
create or replace function public.claim_idempotency_key(p_action text, p_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (private.is_staff() or coalesce(auth.role() = 'service_role', false)) then
    raise exception 'Only staff can use idempotency keys' using errcode = '42501';
  end if;
  insert into private.idempotency_keys (action, key, actor_id) values (p_action, p_key, auth.uid())
  on conflict do nothing;
  if found then
    return null;
  end if;
  return coalesce(
    (select k.result from private.idempotency_keys k where k.action = p_action and k.key = p_key),
    '{"in_progress": true}'::jsonb
  );
end;
$$;

-- Stores the result of a claimed key, or (result null) releases it so a retry runs again.
create or replace function public.finish_idempotency_key(p_action text, p_key text, p_result jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_result is null then
    delete from private.idempotency_keys
    where action = p_action and key = p_key and result is null and actor_id is not distinct from auth.uid();
  else
    update private.idempotency_keys set result = p_result
    where action = p_action and key = p_key and result is null and actor_id is not distinct from auth.uid();
  end if;
end;
$$;

create or replace function private.require_admin(p_what text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only admins can read %', p_what using errcode = '42501';
  end if;
end;
$$;

-- Says why a tag-manager id is refused before the constraint would (same rule).
create or replace function private.check_gtm_id()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.key = 'gtm_id' and not private.valid_gtm_id(new.value) then
    raise exception 'This is not a valid GTM-ID' using errcode = '23514',
      hint = 'GTM- followed by upper-case letters or digits, e.g. GTM-AB12CD3';
  end if;
  return new;
end;
$$;

-- The fields that differ between two row images, before → after (nulls left out of inserts and
-- deletes; updated_at, which every update touches, left out).
create or replace function private.audit_diff(p_before jsonb, p_after jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(k.key, jsonb_build_object('before', p_before -> k.key, 'after', p_after -> k.key) order by k.key), '{}'::jsonb)
  from (select jsonb_object_keys(coalesce(p_before, '{}'::jsonb)) as key
        union
        select jsonb_object_keys(coalesce(p_after, '{}'::jsonb))) k
  where k.key <> 'updated_at'
    and nullif(p_before -> k.key, 'null'::jsonb) is distinct from nullif(p_after -> k.key, 'null'::jsonb)
$$;

-- Records `p_amount` uses of `p_action` by `p_client` (a hash of the connection) and answers
-- whether they fit in `p_max` over the last `p_window_seconds`; uses that do not fit are not
-- recorded. Serialised per action and client, so parallel requests cannot all squeeze in.
create or replace function public.take_form_quota(p_action text, p_client text, p_amount integer,
  p_max integer, p_window_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_used integer;
begin
  if p_amount is null or p_amount < 1 or p_max is null or p_max < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'A quota needs a positive amount, maximum and window' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('form_quota'), hashtext(p_action || ':' || p_client));
  delete from private.form_quota_uses
  where action = p_action and client = p_client and used_at < now() - interval '1 day';
  select coalesce(sum(amount), 0) into v_used from private.form_quota_uses
  where action = p_action and client = p_client and used_at > now() - make_interval(secs => p_window_seconds);
  if v_used + p_amount > p_max then
    return false;
  end if;
  insert into private.form_quota_uses (action, client, amount) values (p_action, p_client, p_amount);
  return true;
end;
$$;

-- == Triggers ==

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();
create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();
create trigger profiles_guard_role
  before update on public.profiles
  for each row execute function private.guard_profile_role();
create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();
create trigger profiles_audit after insert or update or delete on public.profiles
  for each row execute function private.audit_write();
create trigger app_settings_audit after insert or update or delete on public.app_settings
  for each row execute function private.audit_write();
create trigger app_settings_check_gtm_id before insert or update on public.app_settings
  for each row execute function private.check_gtm_id();

-- == Policies ==

create policy "Signed-in users can read roles" on public.roles
  for select to authenticated using (true);
create policy "Users can read their own profile" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy "Admins can read every profile" on public.profiles
  for select to authenticated using ((select private.is_admin()));
create policy "Users can update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
create policy "Admins can update every profile" on public.profiles
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can read settings" on public.app_settings
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can insert settings" on public.app_settings
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update settings" on public.app_settings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can delete settings" on public.app_settings
  for delete to authenticated using ((select private.is_admin()));
create policy "Admins can read the audit log" on public.audit_log
  for select to authenticated using ((select private.is_admin()));

-- == Grants ==

grant select on public.roles to authenticated;
grant all on public.roles to service_role;
grant select, update (full_name, phone, role_id, updated_at) on public.profiles to authenticated;
grant all on public.profiles to service_role;
grant select, insert, update, delete on public.app_settings to authenticated;
grant all on public.app_settings to service_role;
grant select on public.audit_log to authenticated;
grant select on public.audit_log to service_role;
-- Append-only, even for the service role: only the security-definer trigger writes it.
revoke insert, update, delete, truncate on public.audit_log from service_role;
revoke all on function private.staff_role(), private.is_staff(), private.is_admin() from public;
grant execute on function private.staff_role(),
  private.is_staff(),
  private.is_admin()
  to anon, authenticated, service_role;
revoke all on function private.handle_new_user() from public;
revoke all on function private.handle_user_email_change() from public;
revoke all on function private.set_updated_at() from public;
revoke all on function private.guard_profile_role() from public;
revoke all on function private.audit_write() from public;
revoke all on function public.current_staff_role() from public;
grant execute on function public.current_staff_role() to authenticated, service_role;
revoke all on private.provider_calls, private.idempotency_keys from anon, authenticated;
grant all on private.provider_calls, private.idempotency_keys to service_role;
revoke all on function public.record_provider_call(text, text, jsonb) from public, anon, authenticated;
-- Through the functions only (the service role).
grant execute on function public.record_provider_call(text, text, jsonb) to service_role;
revoke all on function public.claim_idempotency_key(text, text), public.finish_idempotency_key(text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.claim_idempotency_key(text, text), public.finish_idempotency_key(text, text, jsonb)
  to authenticated, service_role;
revoke all on function private.require_admin(text) from public;
grant execute on function private.require_admin(text) to authenticated;
revoke all on function private.valid_gtm_id(jsonb) from public;
-- Constraints run with the writer's rights: admins (authenticated) and the service role write.
grant execute on function private.valid_gtm_id(jsonb) to authenticated, service_role;
revoke all on function private.check_gtm_id() from public;
revoke all on function private.audit_diff(jsonb, jsonb) from public;
revoke all on private.form_quota_uses from public, anon, authenticated;
grant all on private.form_quota_uses to service_role;
revoke all on function public.take_form_quota(text, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.take_form_quota(text, text, integer, integer, integer) to service_role;
-- The constraints run as the writer: anon and signed-in visitors write these tables too.
revoke all on function private.valid_phone(text) from public;
grant execute on function private.valid_phone(text) to anon, authenticated, service_role;
