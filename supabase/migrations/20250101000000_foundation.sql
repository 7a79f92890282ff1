-- Foundation: hardened defaults, the private schema, staff roles and profiles, the MFA rule,
-- settings, patch managers ↔ sites and the audit log of staff writes.
-- Permissions live here: every later migration uses private.is_staff(), private.is_admin()
-- and private.manages_site() in its policies.

-- ============================================================================
-- hardening
-- ============================================================================
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

-- ============================================================================
-- tables: roles, profiles, settings, patch managers ↔ sites, audit log
-- ============================================================================
create table public.roles (
  id smallint generated always as identity primary key,
  name text not null unique check (name ~ '^[a-z][a-z_]*$'),
  label text not null check (length(trim(label)) > 0)
);
comment on table public.roles is 'Staff roles. Names are lowercased with spaces as underscores.';
alter table public.roles enable row level security;
grant select on public.roles to authenticated;
grant all on public.roles to service_role;

insert into public.roles (name, label) values
  ('roots_official', 'Roots Official'),
  ('roots_team', 'Roots Team'),
  ('founder', 'Founder'),
  ('patch_manager', 'Patch Manager');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  role_id smallint references public.roles (id) on delete set null,
  full_name text check (full_name is null or length(full_name) <= 200),
  phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,20}$'),
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per auth.users row, created on sign-up. role_id decides staff access.';
create index profiles_role_id_idx on public.profiles (role_id);
alter table public.profiles enable row level security;
grant select, update (full_name, phone, role_id, updated_at) on public.profiles to authenticated;
grant all on public.profiles to service_role;

create table public.app_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]*$'),
  value jsonb not null,
  updated_at timestamptz not null default now()
);
comment on table public.app_settings is 'Staff settings, e.g. require_staff_mfa (true makes aal2 compulsory for all staff).';
alter table public.app_settings enable row level security;
grant select, insert, update, delete on public.app_settings to authenticated;
grant all on public.app_settings to service_role;

create table public.audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor_role text,
  table_name text not null,
  row_id text,
  action text not null check (action in ('insert', 'update', 'delete')),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
comment on table public.audit_log is 'Every staff (and service) write, recorded by trigger. Read by admins, written by nobody directly.';
create index audit_log_table_row_idx on public.audit_log (table_name, row_id);
create index audit_log_created_at_idx on public.audit_log (created_at desc);
alter table public.audit_log enable row level security;
grant select on public.audit_log to authenticated;
grant select on public.audit_log to service_role;
-- Append-only, even for the service role: only the security-definer trigger writes it.
revoke insert, update, delete, truncate on public.audit_log from service_role;

-- ============================================================================
-- tables: patch managers ↔ sites (site FK added with global_sites)
-- ============================================================================
create table public.patch_manager_sites (
  user_id uuid not null references public.profiles (id) on delete cascade,
  site_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (user_id, site_id)
);
comment on table public.patch_manager_sites is 'Which sites each patch manager manages.';
create index patch_manager_sites_site_id_idx on public.patch_manager_sites (site_id);
alter table public.patch_manager_sites enable row level security;
grant select, insert, update, delete on public.patch_manager_sites to authenticated;
grant all on public.patch_manager_sites to service_role;

-- ============================================================================
-- functions: who is calling
-- ============================================================================
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

-- The sites the calling patch manager manages (with staff rights in force).
create or replace function private.managed_site_ids()
returns bigint[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(pms.site_id), '{}')
  from public.patch_manager_sites pms
  where pms.user_id = auth.uid()
    and private.staff_role() = 'patch_manager'
$$;

create or replace function private.manages_site(p_site_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select p_site_id = any (private.managed_site_ids()) $$;

-- Admins, the service role, and the patch manager of that site may work its waiting list.
create or replace function private.can_work_site(p_site_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.role() = 'service_role', false)
      or private.is_admin()
      or private.manages_site(p_site_id)
$$;

revoke all on function private.staff_role(), private.is_staff(), private.is_admin(),
  private.managed_site_ids(), private.manages_site(bigint), private.can_work_site(bigint) from public;
grant execute on function private.staff_role(), private.is_staff(), private.is_admin(),
  private.managed_site_ids(), private.manages_site(bigint), private.can_work_site(bigint)
  to anon, authenticated, service_role;

-- ============================================================================
-- functions: triggers (sign-up, guards, audit, updated_at)
-- ============================================================================
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
revoke all on function private.handle_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

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
revoke all on function private.handle_user_email_change() from public;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();

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
revoke all on function private.set_updated_at() from public;

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
revoke all on function private.guard_profile_role() from public;

create trigger profiles_guard_role
  before update on public.profiles
  for each row execute function private.guard_profile_role();
create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- Records a staff or service write. Attached to every table staff can write.
create or replace function private.audit_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_role text;
  v_row jsonb;
begin
  -- No request claims (migrations, seed, maintenance as postgres): nothing to attribute.
  if nullif(current_setting('request.jwt.claims', true), '') is null then
    return coalesce(new, old);
  end if;
  v_role := private.staff_role();
  v_row := to_jsonb(coalesce(new, old));
  if v_role is null and coalesce(auth.role(), '') = 'service_role' then
    v_role := 'service_role';
  end if;
  if v_role is not null then
    insert into public.audit_log (actor_id, actor_role, table_name, row_id, action, before, after)
    values (
      auth.uid(),
      v_role,
      tg_table_name,
      coalesce(v_row ->> 'id', v_row ->> 'key', v_row ->> 'user_id'),
      lower(tg_op),
      case when tg_op <> 'INSERT' then to_jsonb(old) end,
      case when tg_op <> 'DELETE' then to_jsonb(new) end
    );
  end if;
  return coalesce(new, old);
end;
$$;
revoke all on function private.audit_write() from public;

create trigger profiles_audit after insert or update or delete on public.profiles
  for each row execute function private.audit_write();
create trigger app_settings_audit after insert or update or delete on public.app_settings
  for each row execute function private.audit_write();
create trigger patch_manager_sites_audit after insert or update or delete on public.patch_manager_sites
  for each row execute function private.audit_write();

-- ============================================================================
-- policies
-- ============================================================================
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

create policy "Patch managers can read their own sites" on public.patch_manager_sites
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins can read patch manager sites" on public.patch_manager_sites
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can assign patch managers" on public.patch_manager_sites
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update patch manager sites" on public.patch_manager_sites
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Admins can unassign patch managers" on public.patch_manager_sites
  for delete to authenticated using ((select private.is_admin()));

-- ============================================================================
-- functions: what the client may ask about itself
-- ============================================================================
-- The caller's effective staff role (null without staff rights, e.g. aal1 with a verified factor).
create or replace function public.current_staff_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$ select private.staff_role() $$;
revoke all on function public.current_staff_role() from public;
grant execute on function public.current_staff_role() to authenticated, service_role;
