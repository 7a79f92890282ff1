-- Joining: the table's own rules (whatever writes a row; the API roles cannot write it at all,
-- see 004-public-writes.test.sql), and join_waiting_list for the waiting-list function: one live
-- entry per person and place, same reference back.
begin;
select plan(13);

select tests.create_actors();

-- ============================================================================
-- the table's rules, as the service role (the waiting-list function) meets them
-- ============================================================================
select tests.authenticate_as_service_role();
select lives_ok(
  $$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
    values (9001, 'ignored', 'Una', 'Public', 'Una.Public@Example.com', true)$$,
  'an entry joins an open site''s list'
);
select throws_ok(
  $$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
    values (9001, 'ignored', 'Una', 'Again', ' una.public@example.com ', true)$$,
  '23505', 'duplicate key value violates unique constraint "waiting_list_entries_live_person_key"',
  'the same person cannot hold two live entries for one site'
);
select throws_ok(
  $$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
    values (9003, 'ignored', 'Una', 'Early', 'una.early@example.com', true)$$,
  '23514', 'This site is not open yet: pre-register instead',
  'an upcoming site takes pre-registrations, not waiting-list entries'
);
select throws_ok(
  $$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
    values (9001, 'ignored', 'No', 'Consent', 'no.consent@example.com', false)$$,
  '23514', 'new row for relation "waiting_list_entries" violates check constraint "waiting_list_entries_consent_privacy_check"',
  'joining needs consent to the privacy notice'
);
select throws_ok(
  $$insert into public.waiting_list_entries (site_id, location, category_id, first_name, last_name, email, consent_privacy)
    values (9001, 'x', (select id from public.waiting_list_categories where site_id is not null and site_id <> 9001 limit 1),
      'Wrong', 'Category', 'wrong.category@example.com', true)$$,
  '23503', 'That category is not one of this site''s',
  'a category of another site is refused'
);
select throws_ok(
  $$insert into public.waiting_list_entries (location, first_name, last_name, email, consent_privacy)
    values ('Exeter', 'Bad', 'Email', 'not-an-email', true)$$,
  '23514', 'new row for relation "waiting_list_entries" violates check constraint "waiting_list_entries_email_check"',
  'a malformed e-mail is refused'
);
select lives_ok(
  $$insert into public.pre_registrations (site_id, first_name, last_name, email, consent_privacy)
    values (9003, 'Una', 'Early', 'una.early@example.com', true)$$,
  'a pre-registration for an upcoming site'
);
select tests.clear_authentication();
select is(
  (select location from public.waiting_list_entries where email_normalised = 'una.public@example.com'),
  'Test Site A',
  'an entry for a site takes the site''s name as its location, whatever was sent'
);

-- ============================================================================
-- join_waiting_list: duplicate-aware, for the service role
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$select * from public.join_waiting_list(9001, null, 'A', 'B', 'a@example.com')$$,
  '42501', 'permission denied for function join_waiting_list', 'anon cannot call the duplicate-aware join');
select tests.authenticate_as_service_role();
select set_config('tests.ref', (select reference from public.join_waiting_list(null, 'Isle of Testing', 'Vic', 'Tor', 'vic@example.com')), true);
select results_eq(
  $$select reference, created from public.join_waiting_list(null, '  isle of TESTING', 'Vic', 'Tor', 'VIC@example.com ')$$,
  $$values (current_setting('tests.ref'), false)$$,
  'joining twice returns the existing reference and creates nothing'
);
select results_eq(
  $$select created from public.join_waiting_list(9001, null, 'Vic', 'Tor', 'vic@example.com')$$,
  $$values (true)$$,
  'the same person may join another place'
);
select throws_ok($$select * from public.join_waiting_list(424242, null, 'A', 'B', 'a@example.com')$$,
  '23503', 'Unknown site', 'an unknown site is refused');
select tests.clear_authentication();
select is((select count(*) from public.waiting_list_entries where email_normalised = 'vic@example.com'), 2::bigint,
  'one entry per place');

select * from finish();
rollback;
