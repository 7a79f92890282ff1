-- One phone rule: every phone column checks private.valid_phone, the same pattern as
-- PHONE_PATTERN in supabase/functions/_shared/common/phone.ts (the forms and the functions).
-- Until now the pattern was written into each constraint, and land offers had drifted to
-- {7,20} where profiles, waiting-list entries, pre-registrations, the functions and every other
-- form take {6,20}: land offers now take the same six-character numbers as the rest.
-- The constraints keep their names, so refusals read as before.

-- ============================================================================
-- functions
-- ============================================================================
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

-- ============================================================================
-- constraints
-- ============================================================================
alter table public.profiles
  drop constraint profiles_phone_check,
  add constraint profiles_phone_check check (phone is null or private.valid_phone(phone));
alter table public.waiting_list_entries
  drop constraint waiting_list_entries_phone_check,
  add constraint waiting_list_entries_phone_check check (phone is null or private.valid_phone(phone));
alter table public.pre_registrations
  drop constraint pre_registrations_phone_check,
  add constraint pre_registrations_phone_check check (phone is null or private.valid_phone(phone));
alter table public.land_offers
  drop constraint land_offers_phone_check,
  add constraint land_offers_phone_check check (phone is null or private.valid_phone(phone));

-- ============================================================================
-- grants
-- ============================================================================
-- The constraints run as the writer: anon and signed-in visitors write these tables too.
revoke all on function private.valid_phone(text) from public;
grant execute on function private.valid_phone(text) to anon, authenticated, service_role;
