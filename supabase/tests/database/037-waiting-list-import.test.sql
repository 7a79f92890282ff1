-- Importing a waiting list from a spreadsheet (20250108000200_list_import.sql): the dry run checks
-- every row with the table's rules and finds duplicates (live entries and within the file) without
-- writing; the import keeps each row's join date (so positions are fair), answers a retried batch
-- from its record instead of inserting twice, records the import (read by staff of that site only,
-- audited) and owes each imported applicant one welcome e-mail when asked; only staff of the site
-- may do any of it, and bad input is refused with the API's errcodes.
begin;
select plan(46);

select tests.create_actors();

-- A live applicant of site A the file will repeat, and one at site B with an address the file uses.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
values (9001, 'x', 'Live', 'Applicant', 'live@test.local', true, now() - interval '400 days'),
       (9001, 'x', 'Early', 'Bird', 'early@test.local', true, timestamptz '2019-06-01 12:00+00'),
       (9002, 'x', 'Other', 'Site', 'b-only@test.local', true, now() - interval '10 days');
insert into public.waiting_list_categories (site_id, name) values (9001, 'Residents'), (9002, 'B people');

create temporary table file_rows on commit drop as
select $$[
  {"row": 2, "first_name": "Ann", "last_name": "Archer", "email": "ann@test.local", "phone": "07700 900123",
   "postcode": "ba1 6qe", "joined": "03/02/2018", "plot_size": "Half plot", "notes": "Keen", "category": "residents"},
  {"row": 3, "first_name": "Ben", "last_name": "Baker", "email": "ben@test.local", "postcode": "NOT A CODE", "joined": "2020-01-01"},
  {"row": 4, "first_name": "Live", "last_name": "Again", "email": " LIVE@test.local ", "joined": "2021-05-05"},
  {"row": 5, "first_name": "Ann", "last_name": "Twice", "email": "Ann@Test.Local", "joined": "2022-01-01"},
  {"row": 6, "first_name": "Cy", "last_name": "Cole", "email": "cy@test.local", "joined": "01/01/2999"},
  {"row": 7, "first_name": "", "last_name": "Dee", "email": "not-an-email", "phone": "12", "joined": "31/02/2020"},
  {"row": 8, "first_name": "Di", "last_name": "Dunn", "email": "di@test.local", "category": "B people", "plot_size": "huge"},
  {"row": 9, "first_name": "Bo", "last_name": "Buck", "email": "b-only@test.local", "joined": "2019-06-01T09:30:00Z"}
]$$::jsonb as rows;
grant select on file_rows to anon, authenticated;

-- ============================================================================
-- who may
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$select public.import_waiting_list(9001, (select rows from file_rows))$$, '42501', null,
  'anon may not call the import');
select tests.authenticate_as('member');
select throws_ok($$select public.import_waiting_list(9001, (select rows from file_rows))$$, '42501',
  'You may not import into this site''s waiting list.', 'a member may not import');
select tests.authenticate_as('pm_b');
select throws_ok($$select public.import_waiting_list(9001, (select rows from file_rows))$$, '42501',
  'You may not import into this site''s waiting list.', 'a patch manager may not import into another''s site');
select tests.authenticate_as('team');
select throws_ok($$select public.import_waiting_list(9003, (select rows from file_rows))$$, '22023',
  'This site is not open yet: its waiting list cannot take applicants.', 'an upcoming site takes no imported applicants');
select throws_ok($$select public.import_waiting_list(987654, (select rows from file_rows))$$, 'PT404',
  'No site has that id.', 'an unknown site is not found (admins may work any site)');

-- ============================================================================
-- bad input: clear errors, never a 500
-- ============================================================================
select tests.authenticate_as('pm_a');
select throws_ok($$select public.import_waiting_list(9001, '[]')$$, '22023',
  'There are no rows to check: the file has only a header or nothing at all.', 'an empty file is refused');
select throws_ok($$select public.import_waiting_list(9001, '{"row": 1}')$$, '22023', 'Send the rows as a list.',
  'rows must be a list');
select throws_ok($$select public.import_waiting_list(9001, (select jsonb_agg(jsonb_build_object('row', g + 1, 'first_name', 'A'))
  from generate_series(1, 10001) g))$$, '22023',
  'The file has 10001 rows: import at most 10,000 rows per file (split it into smaller files).', 'at most 10,000 rows per file');
select throws_ok($$select public.import_waiting_list(9001, (select jsonb_agg(jsonb_build_object('row', g + 1)) from generate_series(1, 501) g),
  false, false, gen_random_uuid(), 'big.csv', 501)$$, '22023', 'Send at most 500 rows per batch.', 'at most 500 rows per batch');
select throws_ok($$select public.import_waiting_list(9001, '[{"first_name": "No number"}]')$$, '22023',
  'Every row needs its row number (1 to 1,000,000).', 'every row carries its row number');
select throws_ok($$select public.import_waiting_list(9001, (select rows from file_rows), false)$$, '22023',
  'An import needs its id, its file name and its number of rows.', 'an import names its id, file and size');
select is(public.import_waiting_list(9001, '[{"row": 2, "first_name": {"x": 1}, "last_name": "L", "email": "o@test.local"}]') #>> '{rows,0,messages,0}',
  'first_name is not text.', 'a cell that is not text is a row error, not a crash');

-- ============================================================================
-- dry run: every row checked, nothing written
-- ============================================================================
create temporary table dry on commit drop as
select x.value as r from jsonb_array_elements(public.import_waiting_list(9001, (select rows from file_rows)) -> 'rows') x;
create or replace function pg_temp.dry(p_row int) returns jsonb language sql as $$ select r from dry where (r ->> 'row')::int = p_row $$;

select is(pg_temp.dry(2) ->> 'status', 'ok', 'a good row passes (postcode in lower case, category by name, "Half plot")');
select is(pg_temp.dry(3) -> 'messages', '["Postcode \"NOT A CODE\" is not a valid UK postcode."]', 'a bad postcode is named');
select is(pg_temp.dry(4) ->> 'status', 'duplicate', 'an address already live on the list is a duplicate');
select matches(pg_temp.dry(4) #>> '{messages,0}', '^Already on this waiting list \(joined \d\d/\d\d/\d{4}\)\.$', '… saying since when');
select is(pg_temp.dry(5) -> 'messages', '["Same e-mail as row 2 of this file."]', 'a repeat within the file is a duplicate of its first row');
select is(pg_temp.dry(6) -> 'messages', '["Joined date \"01/01/2999\" is in the future."]', 'a join date in the future is refused');
select is(pg_temp.dry(7) -> 'messages', '["First name is missing.", "E-mail \"not-an-email\" is not a valid address.", "Phone \"12\" is not a valid phone number.", "Joined date \"31/02/2020\" is not a date (use dd/mm/yyyy or yyyy-mm-dd)."]',
  'every problem of a row is listed');
select is(pg_temp.dry(8) -> 'messages', '["Plot size \"huge\" is not half, full or any.", "Category \"B people\" is not one of this site''s categories."]',
  'plot size and another site''s category are refused');
select is(pg_temp.dry(9) ->> 'status', 'ok', 'an address live at another site only is no duplicate here');
select is((select count(*)::int from public.waiting_list_entries where site_id = 9001), 2, 'the dry run wrote nothing');
select is((select count(*)::int from public.waiting_list_imports), 0, '… not even an import record');

-- ============================================================================
-- the import, in two batches, one of them retried
-- ============================================================================
select is(public.import_waiting_list(9001, (select jsonb_path_query_array(rows, '$[0 to 3]') from file_rows), false, true,
  '00000000-0000-4000-b000-000000000001', 'old-list.csv', 8) -> 'import',
  '{"id": "00000000-0000-4000-b000-000000000001", "total_rows": 8, "imported": 1, "duplicates": 2, "errors": 1, "send_welcome": true, "finished_at": null}',
  'the first batch imports the good row and counts the rest');
select is(public.import_waiting_list(9001, (select jsonb_path_query_array(rows, '$[0 to 3]') from file_rows), false, true,
  '00000000-0000-4000-b000-000000000001', 'old-list.csv', 8) #>> '{rows,0,repeated}', 'true',
  'the same batch again is answered from the record');
select is((select count(*)::int from public.waiting_list_entries where email_normalised = 'ann@test.local'), 1, '… and inserts nobody twice');
select is(public.import_waiting_list(9001, (select jsonb_path_query_array(rows, '$[4 to 7]') from file_rows), false, true,
  '00000000-0000-4000-b000-000000000001', 'old-list.csv', 8) -> 'import' ->> 'imported', '2',
  'the second batch imports its good rows');
select ok((select finished_at is not null and imported_count = 2 and duplicate_count = 2 and error_count = 4
  from public.waiting_list_imports where id = '00000000-0000-4000-b000-000000000001'), 'the last batch finishes the import with its totals');

select is((select row(joined_at, postcode, plot_size_preference, phone, notes)::text from public.waiting_list_entries where email = 'ann@test.local'),
  row(timestamptz '2018-02-03 00:00 Europe/London', 'BA1 6QE', 'half', '07700 900123', 'Keen')::text,
  'an imported applicant keeps their original join date (dd/mm/yyyy, UK midnight) and tidy values');
select is((select c.name from public.waiting_list_entries e join public.waiting_list_categories c on c.id = e.category_id
  where e.email = 'ann@test.local'), 'Residents', '… and the category named in the file');
select is((select queue_position from public.get_waiting_list_position((select reference from public.waiting_list_entries where email = 'ann@test.local'))),
  1::bigint, 'joined in 2018, they are first in the queue, ahead of people who joined later');
select is((select queue_position from public.get_waiting_list_position((select reference from public.waiting_list_entries where email = 'b-only@test.local' and site_id = 9001))),
  2::bigint, 'an applicant with an ISO timestamp sits by that time, before one who joined later the same day');

-- A row that joins another batch's applicant: the in-file duplicate across batches.
select is(public.import_waiting_list(9001, '[{"row": 10, "first_name": "Ann", "last_name": "Again", "email": "ann@test.local"}]', false, true,
  '00000000-0000-4000-b000-000000000001', 'old-list.csv', 8) #>> '{rows,0,messages,0}', 'Same e-mail as row 2 of this file.',
  'a repeat in a later batch names the row it repeats');
select tests.authenticate_as('official');
select throws_ok($$select public.import_waiting_list(9001, '[{"row": 2, "first_name": "A", "last_name": "B", "email": "x@test.local"}]', false, false,
  '00000000-0000-4000-b000-000000000001', 'old-list.csv', 8)$$, '22023', 'That import id belongs to another import.',
  'nobody else adds to an import by its id, not even an admin');

-- ============================================================================
-- the record: staff of that site read it, the audit log has it
-- ============================================================================
select is(tests.count_as('pm_a', 'select 1 from public.waiting_list_imports'), 1::bigint, 'the site''s patch manager sees the import');
select is(tests.count_as('pm_b', 'select 1 from public.waiting_list_imports'), 0::bigint, 'another site''s patch manager does not');
select is((select actor_id from public.audit_log where table_name = 'waiting_list_imports' and action = 'insert'), tests.uid('pm_a'),
  'the audit log names who started the import');
select is((select count(*)::int from public.audit_log where table_name = 'waiting_list_imports' and action = 'update'), 1,
  '… and records its end once, not every batch');

-- ============================================================================
-- welcome e-mails: owed once per imported applicant
-- ============================================================================
select tests.clear_authentication();
create or replace function pg_temp.welcome_owed() returns boolean language plpgsql as $$
declare v boolean;
begin
  execute format('select exists (%s)', (select pending_query from private.notification_kinds where kind = 'import_welcome')) into v;
  return v;
end $$;
select is(pg_temp.welcome_owed(), true, 'the scheduler''s drain sees welcome e-mails owed (kind import_welcome)');
select tests.authenticate_as('pm_b');
select throws_ok($$select * from public.claim_import_welcomes('00000000-0000-4000-b000-000000000001')$$, '42501',
  'Not allowed to send this import''s welcome e-mails', 'another site''s staff may not send them');
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.claim_import_welcomes()$$, '42501',
  'Not allowed to send the welcome e-mails of every import', 'only admins and the scheduler drain every import');
select is((select array_agg(email order by email) from public.claim_import_welcomes('00000000-0000-4000-b000-000000000001')),
  array['ann@test.local', 'b-only@test.local'], 'each imported applicant is owed a welcome');
select is((select count(*)::int from public.claim_import_welcomes('00000000-0000-4000-b000-000000000001')), 0,
  'a second claim finds nothing: each is e-mailed once');
select tests.clear_authentication();
select is(pg_temp.welcome_owed(), false, '… and the drain has nothing left to ask for');
select tests.authenticate_as('team');
select is((select array_agg(location order by location) from public.import_site_options() where id between 9001 and 9003),
  array['Test Site A', 'Test Site B'], 'admins may import into every open site, not an upcoming one');
select tests.authenticate_as('pm_a');
select is((select array_agg(location) from public.import_site_options()), array['Test Site A'], 'a patch manager into their own sites only');

select * from finish();
rollback;
