-- Content pages (public website, part 2): what the blogs, careers, events, knowledge base,
-- seed-sowing, pledge and good-vibes pages need beyond the content tables of
-- 20250101000400_operations_content.sql.
-- Two public forms, each a table anyone may insert into (with the checks below) and only admins
-- read back: applications for an open role, and sign-ups for the monthly sowing reminders (one
-- per e-mail address, with the consent given). The knowledge base gets a full-text search
-- column; pledge pages and good-vibes projects get the fields their list pages show.

-- ============================================================================
-- tables: career applications
-- ============================================================================
create table public.career_applications (
  id bigint generated always as identity primary key,
  career_id bigint not null references public.careers (id) on delete cascade,
  name text not null
    constraint career_applications_name_length check (length(trim(name)) between 1 and 200),
  email text not null
    constraint career_applications_email_format check (length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  email_normalised text generated always as (lower(trim(email))) stored,
  cv_url text not null
    constraint career_applications_cv_url_https check (
      length(cv_url) <= 2000 and cv_url ~ '^https://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:[0-9]{1,5})?([/?#][^\s]*)?$'
    ),
  message text
    constraint career_applications_message_length check (message is null or length(message) <= 5000),
  status text not null default 'new' check (status in ('new', 'reviewing', 'rejected', 'hired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.career_applications is
  'Applications for an open role (careers). Anyone applies; only admins read them. One per e-mail per role.';
-- One application per person per role (a double submit or a retried request stores one row);
-- it also indexes the foreign key.
create unique index career_applications_one_per_person on public.career_applications (career_id, email_normalised);
create index career_applications_created_at_idx on public.career_applications (created_at desc);

-- ============================================================================
-- tables: sowing reminder sign-ups
-- ============================================================================
create table public.sowing_reminder_signups (
  id bigint generated always as identity primary key,
  email text not null
    constraint sowing_reminder_signups_email_format check (length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  email_normalised text generated always as (lower(trim(email))) stored,
  name text
    constraint sowing_reminder_signups_name_length check (name is null or length(trim(name)) between 1 and 200),
  -- Consent is recorded, never assumed: the box must be ticked, and the words agreed to are kept.
  consent boolean not null
    constraint sowing_reminder_signups_consent_given check (consent),
  consent_text text not null
    constraint sowing_reminder_signups_consent_text check (length(trim(consent_text)) between 10 and 1000),
  consented_at timestamptz not null default now(),
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.sowing_reminder_signups is
  'Monthly seed-sowing reminder sign-ups: one per e-mail address, with the consent wording and time. Admins read them.';
create unique index sowing_reminder_signups_one_per_email on public.sowing_reminder_signups (email_normalised);

-- ============================================================================
-- columns: knowledge-base search, list-page fields
-- ============================================================================
-- The words of the title (weighted first) and of every text node of the body; the JSON's
-- structure ("type": "paragraph"…) is left out. Searched with websearch_to_tsquery (REST: wfts).
alter table public.kb_articles add column search_vector tsvector generated always as (
  setweight(to_tsvector('english', coalesce(title, '')), 'A')
  || setweight(to_tsvector('english', jsonb_path_query_array(body, 'strict $.**.text')), 'B')
) stored;
create index kb_articles_search_vector_idx on public.kb_articles using gin (search_vector);

alter table public.pledge_pages
  add column summary text constraint pledge_pages_summary_length check (summary is null or length(summary) <= 500),
  add column position integer not null default 0 constraint pledge_pages_position_check check (position >= 0);
create index pledge_pages_position_idx on public.pledge_pages (published, position);

alter table public.good_vibes_projects
  add column cover_image text constraint good_vibes_projects_cover_image_check
    check (cover_image is null or cover_image ~ '^(https://|/)[^\s]*$');

-- ============================================================================
-- rls, grants, triggers
-- ============================================================================
alter table public.career_applications enable row level security;
alter table public.sowing_reminder_signups enable row level security;
grant all on public.career_applications, public.sowing_reminder_signups to service_role;
grant select, update, delete on public.career_applications, public.sowing_reminder_signups to authenticated;
grant insert (career_id, name, email, cv_url, message) on public.career_applications to anon, authenticated;
grant insert (email, name, consent, consent_text) on public.sowing_reminder_signups to anon, authenticated;

create trigger career_applications_audit after insert or update or delete on public.career_applications
  for each row execute function private.audit_write();
create trigger career_applications_set_updated_at before update on public.career_applications
  for each row execute function private.set_updated_at();
create trigger sowing_reminder_signups_audit after insert or update or delete on public.sowing_reminder_signups
  for each row execute function private.audit_write();
create trigger sowing_reminder_signups_set_updated_at before update on public.sowing_reminder_signups
  for each row execute function private.set_updated_at();

-- ============================================================================
-- policies: career applications
-- ============================================================================
create policy "Anyone can apply for a role" on public.career_applications
  for insert to anon with check (status = 'new');
create policy "Signed-in users can apply for a role" on public.career_applications
  for insert to authenticated with check (status = 'new');
create policy "Admins can read career applications" on public.career_applications
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can update career applications" on public.career_applications
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete career applications" on public.career_applications
  for delete to authenticated using ((select private.is_admin()));

-- ============================================================================
-- policies: sowing reminder sign-ups
-- ============================================================================
-- Consent is the check constraint's job, so a sign-up without it is refused with that
-- constraint's name (the form's consent field), not as an RLS refusal.
create policy "Anyone can sign up for sowing reminders" on public.sowing_reminder_signups
  for insert to anon with check (unsubscribed_at is null);
create policy "Signed-in users can sign up for sowing reminders" on public.sowing_reminder_signups
  for insert to authenticated with check (unsubscribed_at is null);
create policy "Admins can read sowing reminder sign-ups" on public.sowing_reminder_signups
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can update sowing reminder sign-ups" on public.sowing_reminder_signups
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete sowing reminder sign-ups" on public.sowing_reminder_signups
  for delete to authenticated using ((select private.is_admin()));

-- ============================================================================
-- functions: an application needs a published role that has not closed
-- ============================================================================
-- Runs before the policies' checks, so the applicant reads why, not an RLS refusal. Staff
-- editing an application later (status) do not re-check the role.
create or replace function private.check_career_open()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_career public.careers;
begin
  select * into v_career from public.careers where id = new.career_id;
  if not found or not v_career.published then
    raise exception 'This role does not exist' using errcode = '22023', hint = 'career_id';
  end if;
  if v_career.closes_on is not null and v_career.closes_on < (now() at time zone 'Europe/London')::date then
    raise exception 'Applications for this role have closed' using errcode = '22023', hint = 'career_id';
  end if;
  new.name := trim(new.name);
  new.email := trim(new.email);
  new.cv_url := trim(new.cv_url);
  new.message := nullif(trim(new.message), '');
  return new;
end;
$$;
revoke all on function private.check_career_open() from public;

create trigger career_applications_check_open before insert on public.career_applications
  for each row execute function private.check_career_open();

-- Tidies what was typed before the checks (surrounding spaces, an empty name).
create or replace function private.tidy_sowing_signup()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := trim(new.email);
  new.name := nullif(trim(new.name), '');
  return new;
end;
$$;
revoke all on function private.tidy_sowing_signup() from public;

create trigger sowing_reminder_signups_tidy before insert on public.sowing_reminder_signups
  for each row execute function private.tidy_sowing_signup();
