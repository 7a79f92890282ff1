-- The list tables' row triggers after 20250112000000_list_row_triggers.sql: an update that only
-- changes a status still stamps updated_at; one that changes the e-mail, place or site is still
-- prepared (trimmed, the site's place, the site checked); the queue key is still locked; offers
-- at an archived site are still refused, one or many, and a refused statement inserts nothing.
begin;
select plan(12);

select tests.create_actors();

insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
select 9001, 'x', 'T' || g, 'Trig', 't' || g || '@test.local', true from generate_series(1, 3) g;
create temp table t as select email, id from public.waiting_list_entries where email like 't_@test.local';
grant select on t to anon, authenticated, service_role;
-- An old stamp to see the new one against (the whole test is one transaction, so now() is fixed).
alter table public.waiting_list_entries disable trigger waiting_list_entries_set_updated_at;
update public.waiting_list_entries set updated_at = '2001-01-01' where id in (select id from t);
alter table public.waiting_list_entries enable trigger waiting_list_entries_set_updated_at;

-- ---------------------------------------------------------------------------
-- Updates
-- ---------------------------------------------------------------------------
select tests.authenticate_as_service_role();
update public.waiting_list_entries set status = 'offered' where id = (select id from t where email = 't1@test.local');
select is((select updated_at from public.waiting_list_entries where id = (select id from t where email = 't1@test.local')),
  now(), 'a status-only update stamps updated_at');
select is((select count(*)::int from public.waiting_list_entries where id in (select id from t) and updated_at = '2001-01-01'),
  2, 'rows a statement does not touch keep theirs');

update public.waiting_list_entries set email = '  spaced@test.local  ' where id = (select id from t where email = 't2@test.local');
select is((select email from public.waiting_list_entries where id = (select id from t where email = 't2@test.local')),
  'spaced@test.local', 'a changed e-mail is still trimmed');
update public.waiting_list_entries set location = 'Somewhere Else' where id = (select id from t where email = 't3@test.local');
select is((select location from public.waiting_list_entries where id = (select id from t where email = 't3@test.local')),
  'Test Site A', 'a site entry keeps its site''s place whatever is sent');
select throws_ok($$update public.waiting_list_entries set joined_at = now() - interval '3 years' where id = (select id from t where email = 't3@test.local')$$,
  '42501', 'An entry''s place in the queue changes only through a recorded move with a reason',
  'the queue key is still locked against a direct change');
select lives_ok($$update public.waiting_list_entries set notes = 'rang twice' where id = (select id from t where email = 't3@test.local')$$,
  'other columns stay writable');
select tests.clear_authentication();

-- An entry moved to a site that does not exist: the foreign key, as before.
select throws_ok($$update public.waiting_list_entries set site_id = 987654 where id = (select id from t where email = 't3@test.local')$$,
  '23503', null, 'a move to a site that does not exist is refused');

-- ---------------------------------------------------------------------------
-- Offers at an archived site
-- ---------------------------------------------------------------------------
insert into public.global_sites (id, city, city_slug, location, slug, status)
values (9031, 'Testford', 'testford', 'Test Site Closed', 'test-site-closed', 'open');
update public.global_sites set archived_at = now() where id = 9031;

select throws_ok($$insert into public.plot_offers (entry_id, site_id, location_key, respond_by)
  select id, 9031, 'test site closed', now() + interval '7 days' from t where email = 't2@test.local'$$,
  '23514', 'This site has closed', 'one offer at an archived site is refused');
select throws_ok($$insert into public.plot_offers (entry_id, site_id, location_key, respond_by)
  select t.id, case when t.email = 't3@test.local' then 9031 else 9001 end, 'test site a', now() + interval '7 days'
  from t where t.email in ('t2@test.local', 't3@test.local')$$,
  '23514', 'This site has closed', 'a statement with one offer at an archived site is refused');
select is((select count(*)::int from public.plot_offers where entry_id in (select id from t)),
  0, 'and none of its offers is kept');
select lives_ok($$insert into public.plot_offers (entry_id, site_id, location_key, respond_by)
  select id, 9001, 'test site a', now() + interval '7 days' from t where email = 't2@test.local'$$,
  'an offer at an open site is made');
select throws_ok($$update public.plot_offers set site_id = 9031 where entry_id = (select id from t where email = 't2@test.local')$$,
  '23514', 'This site has closed', 'nor is an offer moved to an archived site');

select * from finish();
rollback;
