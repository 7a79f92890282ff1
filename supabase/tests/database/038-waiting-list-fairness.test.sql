-- A list that is visibly fair: the queue order changes only through recorded events. Direct
-- updates of joined_at / site_id / place are refused for every API caller; a staff move needs a
-- reason (which reaches the audit log) and patch managers move only at their sites; personal
-- columns stay writable (erasure); an import keeps its join date and is recorded as imported;
-- "still interested?" confirmations are recorded; the applicant's history explains each position
-- change by cause without naming anyone, also on a 50,000-entry list; the public figures.
begin;
select plan(33);

select tests.create_actors();

-- Five people on Test Site A, one a day (f1 first).
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'F' || g, 'Fair', 'f' || g || '@test.local', true, now() - make_interval(days => 100 - g) from generate_series(1, 5) g;
create temp table ids as select email, id, reference from public.waiting_list_entries where email like 'f_@test.local';
grant select on ids to anon, authenticated, service_role;
-- The import path (h2's CSV): an explicit earlier join date is allowed and recorded as imported.
-- (The entries above were inserted with past dates too: imported, as far as the record goes.)
select is((select kind from public.waiting_list_events where entry_id = (select id from ids where email = 'f1@test.local')),
  'imported', 'an entry inserted with an earlier join date is recorded as imported');

-- ---------------------------------------------------------------------------
-- The lock
-- ---------------------------------------------------------------------------
select tests.authenticate_as('founder');
select throws_ok($$update public.waiting_list_entries set joined_at = joined_at - interval '1 year' where email = 'f5@test.local'$$,
  '42501', null, 'even an admin cannot change a join date directly');
select throws_ok($$update public.waiting_list_entries set site_id = 9002 where email = 'f5@test.local'$$,
  '42501', 'An entry''s place in the queue changes only through a recorded move with a reason',
  'nor move an entry to another site directly');
select lives_ok($$update public.waiting_list_entries set first_name = 'Erased', last_name = 'Erased', email = 'erased-5@invalid.example', phone = null where email = 'f5@test.local'$$,
  'personal columns stay writable (erasure keeps the order)');
select lives_ok($$update public.waiting_list_entries set notes = 'rang', category_id = null where id = (select id from ids where email = 'f4@test.local')$$,
  'so do notes and categories');
select tests.authenticate_as_service_role();
select throws_ok($$update public.waiting_list_entries set joined_at = now() where id = (select id from ids where email = 'f1@test.local')$$,
  '42501', 'An entry''s place in the queue changes only through a recorded move with a reason', 'the service role cannot either');

-- ---------------------------------------------------------------------------
-- Staff moves
-- ---------------------------------------------------------------------------
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.move_waiting_list_entry((select id from ids where email = 'f4@test.local'), '  ', p_position => 1)$$,
  '22023', 'Give a reason for the move (at least 5 characters)', 'a move without a reason is refused');
select throws_ok($$select * from public.move_waiting_list_entry((select id from ids where email = 'f4@test.local'), 'why', p_position => 1)$$,
  '22023', null, 'a reason under 5 characters is refused');
select throws_ok($$select * from public.move_waiting_list_entry((select id from ids where email = 'f4@test.local'), 'Medical priority', p_position => 1, p_before_entry_id => 1)$$,
  '22023', 'Choose one place to move the entry to', 'one target at a time');
select throws_ok($$select * from public.move_waiting_list_entry((select id from ids where email = 'f4@test.local'), 'Moved to site B', p_to_site_id => 9002)$$,
  '42501', 'Not allowed to work that site''s waiting list', 'a patch manager moves only to their own sites');
select results_eq(
  $$select position_before, position_after from public.move_waiting_list_entry((select id from ids where email = 'f4@test.local'), 'Missed the 2024 offer by our error', p_before_entry_id => (select id from ids where email = 'f2@test.local'))$$,
  $$values (4::bigint, 2::bigint)$$, 'pm_a moves f4 to just before f2 (4th → 2nd)');
select results_eq(
  $$select w.email from public.waiting_list_entries w where w.site_id = 9001 and w.status = 'waiting' order by w.joined_at, w.id$$,
  $$values ('f1@test.local'), ('f4@test.local'), ('f2@test.local'), ('f3@test.local'), ('erased-5@invalid.example')$$,
  'the queue order is what the move said');
select results_eq(
  $$select position_before, position_after from public.move_waiting_list_entry((select id from ids where email = 'f1@test.local'), 'Asked to go back two places', p_after_entry_id => (select id from ids where email = 'f2@test.local'))$$,
  $$values (1::bigint, 3::bigint)$$, 'after another entry');
select results_eq(
  $$select position_before, position_after from public.move_waiting_list_entry((select id from ids where email = 'f1@test.local'), 'Back to the front, sorry', p_position => 1)$$,
  $$values (3::bigint, 1::bigint)$$, 'to a position');
select throws_ok($$select * from public.move_waiting_list_entry((select id from ids where email = 'f1@test.local'), 'Back to the front', p_position => 1)$$,
  '22023', 'The entry is already there', 'a move that changes nothing is refused');
select throws_ok($$select * from public.move_waiting_list_entry((select id from ids where email = 'f1@test.local'), 'Back to the front', p_position => 9)$$,
  '22023', 'Choose a position from 1 to 5', 'positions are within the list');
select tests.authenticate_as('pm_b');
select throws_ok($$select * from public.move_waiting_list_entry((select id from ids where email = 'f3@test.local'), 'Not my site at all', p_position => 1)$$,
  '42501', 'Not allowed to work this site''s waiting list', 'another site''s patch manager cannot move it');
select tests.authenticate_as('founder');
select results_eq(
  $$select location, position_after from public.move_waiting_list_entry((select id from ids where email = 'f3@test.local'), 'Lives next to site B now', p_to_site_id => 9002)$$,
  $$values ('Test Site B'::text, 1::bigint)$$, 'an admin moves an entry to another site, keeping its join date');
select tests.clear_authentication();

select is(
  (select a.after ->> 'reason' from public.audit_log a where a.table_name = 'waiting_list_events' and a.actor_id = tests.uid('pm_a') order by a.id limit 1),
  'Missed the 2024 offer by our error', 'the reason is in the audit log, under the staff member who moved');
select is(
  (select count(*)::int from public.waiting_list_events where kind = 'moved' and reason is not null),
  4, 'every move is an event with its reason');

-- ---------------------------------------------------------------------------
-- Confirmations and status changes are recorded
-- ---------------------------------------------------------------------------
update public.waiting_list_entries set status = 'offered' where id = (select id from ids where email = 'f1@test.local');
update public.waiting_list_entries set status = 'withdrawn' where id = (select id from ids where email = 'f4@test.local');
insert into private.reconfirmations (entry_id, due_by) select id, now() + interval '30 days' from ids where email = 'f2@test.local';
select tests.authenticate_as_service_role();
select is(public.confirm_still_interested((select token from private.reconfirmations r join ids on ids.id = r.entry_id where ids.email = 'f2@test.local')),
  'confirmed', 'f2 confirms still interested');
select tests.authenticate_as_anon();
select results_eq(
  $$select kind from public.get_waiting_list_history((select reference from ids where email = 'f2@test.local')) where kind <> 'position' order by kind$$,
  $$values ('asked_to_confirm'::text), ('confirmed'), ('imported')$$,
  'the history lists the join, the question and the confirmation');
-- f2 waited behind f1 and f4 (moved ahead by staff), then f1 was offered a plot and f4 withdrew.
select results_eq(
  $$select sum(places_up)::int, sum(places_down)::int from public.get_waiting_list_history((select reference from ids where email = 'f2@test.local')) where kind = 'position'$$,
  $$values (2, 1)$$, 'f2 moved down one (a staff move) and up two');
select is(
  (select jsonb_object_agg(k, v) from public.get_waiting_list_history((select reference from ids where email = 'f2@test.local')) h,
     jsonb_each(h.causes) j(k, v) where h.kind = 'position'),
  '{"offered": 1, "withdrawn": 1, "staff_move": -1}'::jsonb,
  'by cause: one offered, one withdrew, and staff moves put one more ahead');
select is(
  (select count(*)::int from public.get_waiting_list_history((select reference from ids where email = 'f2@test.local')) h
   where h::text ~* 'f4|f1@|Fair|Missed the 2024'),
  0, 'nobody else''s name, e-mail or move reason appears');
select results_eq(
  $$select reason, position_before, position_after from public.get_waiting_list_history((select reference from ids where email = 'f4@test.local')) where kind = 'moved'$$,
  $$values ('Missed the 2024 offer by our error'::text, 4::bigint, 2::bigint)$$,
  'the person moved sees the reason and their positions');
select is_empty($$select * from public.get_waiting_list_history('not-a-reference')$$, 'an unknown reference shows nothing');
select throws_ok($$select * from private.waiting_list_queue_log$$, '42501', null, 'the ledger is not readable by anon');
select tests.clear_authentication();

-- ---------------------------------------------------------------------------
-- Public figures
-- ---------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is(
  (select jsonb_array_length(offers_by_month) from public.get_site_list_figures('test-site-a')), 12, 'twelve months of offers');
select is(
  (select (offers_by_month -> 11 ->> 'offers')::int from public.get_site_list_figures('test-site-a')), 1, 'this month''s offer counts');
select is(
  (select median_wait_months from public.get_site_list_figures('test-site-a')), null::numeric, 'the median is withheld below 3 offers');
select tests.clear_authentication();

-- ---------------------------------------------------------------------------
-- A 50,000-entry list: the history works from the ledger.
-- ---------------------------------------------------------------------------
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9002, 'x', 'Big', 'List', 'big' || g || '@test.local', true, now() - interval '3 years' + make_interval(secs => g)
from generate_series(1, 50000) g;
update public.waiting_list_entries set status = 'offered' where email in ('big1@test.local', 'big2@test.local', 'big49999@test.local');
insert into ids select email, id, reference from public.waiting_list_entries where email = 'big40000@test.local';
select tests.authenticate_as_anon();
select results_eq(
  $$select places_up, places_down from public.get_waiting_list_history((select reference from ids where email = 'big40000@test.local')) where kind = 'position'$$,
  $$values (2, 0)$$, 'on a 50,000-entry list, two offers ahead move the 40,000th up two (the one behind does not count)');
select ok((select median_wait_months between 35.5 and 36.5 from public.get_site_list_figures('test-site-b')),
  'with 3 offers the median wait (about 36 months here) is shown');
select tests.clear_authentication();

select * from finish();
rollback;
