-- Per-row trigger work on the list tables, cut to what a statement needs (the expiry
-- of 10,000 offers). Each row trigger here is a security-definer plpgsql call with its own
-- search_path; the expiry and an offer round update and insert tens of thousands of rows, and
-- most of those calls decided "nothing to do".
-- - waiting_list_entries, BEFORE UPDATE: preparing an entry (trim, the site's place, the site's
--   existence) runs only when the e-mail, place or site changes; other updates only stamp
--   updated_at. The queue-order lock runs only when the queue key changes. The conditions are the
--   functions' own first tests, moved into the triggers' WHEN, which Postgres evaluates before it
--   would call them (so the order of the BEFORE triggers and what each sees are unchanged).
-- - plot_offers, INSERT: "nothing new at an archived site" is checked once per statement over the
--   inserted rows instead of once per row; the statement fails with the same error and code.
--   Moving an offer to another site (rare) keeps the row check.

-- == Functions ==

-- After an INSERT of offers: none of them at an archived site.
create or replace function private.refuse_archived_site_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from added a join public.global_sites s on s.id = a.site_id
    where s.archived_at is not null
  ) then
    raise exception 'This site has closed' using errcode = '23514';
  end if;
  return null;
end;
$$;

-- == Triggers ==

drop trigger waiting_list_entries_prepare on public.waiting_list_entries;
create trigger waiting_list_entries_prepare before insert on public.waiting_list_entries
  for each row execute function private.prepare_waiting_list_entry();
create trigger waiting_list_entries_prepare_update before update on public.waiting_list_entries
  for each row
  when (new.email is distinct from old.email or new.location is distinct from old.location
    or new.site_id is distinct from old.site_id)
  execute function private.prepare_waiting_list_entry();
create trigger waiting_list_entries_set_updated_at before update on public.waiting_list_entries
  for each row execute function private.set_updated_at();

drop trigger waiting_list_entries_zz_lock_queue on public.waiting_list_entries;
create trigger waiting_list_entries_zz_lock_queue before update on public.waiting_list_entries
  for each row
  when (new.joined_at is distinct from old.joined_at or new.site_id is distinct from old.site_id
    or (new.site_id is null and lower(trim(new.location)) is distinct from old.location_key))
  execute function private.lock_queue_order();

drop trigger plot_offers_open_site on public.plot_offers;
create trigger plot_offers_open_site_insert after insert on public.plot_offers
  referencing new table as added
  for each statement execute function private.refuse_archived_site_rows();
create trigger plot_offers_open_site before update of site_id on public.plot_offers
  for each row execute function private.refuse_archived_site();

-- == Grants ==

revoke all on function private.refuse_archived_site_rows() from public, anon, authenticated;
