-- Archiving a site: admins only; its list moves to another site with every join date kept (in
-- queue order among that list, one entry per person) or is withdrawn with a reason; its
-- pre-registrations are withdrawn; everyone is owed a mail; coming slots are cancelled; its old
-- pages redirect; nothing new can happen there. Welcome slots cannot start in the past.
begin;
select plan(35);

select tests.create_actors();
insert into public.global_sites (id, city, city_slug, location, slug, status) values
  (9011, 'Testford', 'testford', 'Closing Site', 'closing-site', 'open'),
  (9012, 'Testford', 'testford', 'Closing Upcoming', 'closing-upcoming', 'upcoming');

-- Closing Site: three waiting (days 30, 10, 2 ago) and one who will hold an offer; Test Site A
-- (9001): two waiting (days 20 and 5 ago), one of them the same person as at Closing Site.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at) values
  (9011, 'x', 'Cara', 'One', 'c1@test.local', true, now() - interval '30 days'),
  (9011, 'x', 'Cara', 'Two', 'c2@test.local', true, now() - interval '10 days'),
  (9011, 'x', 'Dup', 'Person', 'dup@test.local', true, now() - interval '2 days'),
  (9011, 'x', 'Offered', 'Person', 'off@test.local', true, now() - interval '40 days'),
  (9001, 'x', 'Alan', 'First', 'a1@test.local', true, now() - interval '20 days'),
  (9001, 'x', 'Dup', 'Person', 'dup@test.local', true, now() - interval '5 days');
select tests.authenticate_as('founder');
select is((select count(*)::int from public.make_plot_offers(9011, 1)), 1, 'the longest waiter at the closing site holds an offer');
select tests.clear_authentication();
insert into public.pre_registrations (site_id, first_name, last_name, email, consent_privacy) values
  (9012, 'Pre', 'Reg', 'pre@test.local', true);
insert into public.welcome_slots (id, site_id, starts_at, capacity) values
  (92101, 9011, now() + interval '3 days', 5),
  (92102, 9011, now() - interval '3 days', 5);
insert into public.welcome_slot_bookings (slot_id, name, email) values (92101, 'Gus', 'gus@test.local');

-- ============================================================================
-- who may archive
-- ============================================================================
select is(tests.attempt('pm_a', $$select * from public.archive_site(9011, 'withdraw', null, 'Closed')$$),
  'error:Only admins can archive sites', 'a patch manager cannot archive a site');
select is(tests.attempt('member', $$select * from public.site_archive_summary(9011)$$),
  'error:Only admins can archive sites', 'nor see the summary');
select is(tests.attempt('anon', $$select * from public.archive_site(9011, 'withdraw', null, 'Closed')$$),
  'error:permission denied for function archive_site', 'anon cannot call it at all');

select tests.authenticate_as('official');
select row_eq($$select * from public.site_archive_summary(9011)$$, row(4::bigint, 1::bigint, 0::bigint, 1::bigint),
  'the dialog''s summary: four live entries, one open offer, no pre-registrations, one coming slot');
select throws_ok($$select * from public.archive_site(9011, 'keep')$$, '22023',
  'Choose whether to move the list to another site or withdraw it', 'an unknown action is refused');
select throws_ok($$select * from public.archive_site(9011, 'withdraw')$$, '22023',
  'Say why the list is withdrawn: the applicants are told', 'withdrawing needs a reason');
select throws_ok($$select * from public.archive_site(9011, 'move', 9003)$$, '22023',
  'Move the list to another site that is open', 'the list cannot move to an upcoming site');
select throws_ok($$select * from public.archive_site(9011, 'move', 9011)$$, '22023',
  'Move the list to another site that is open', 'nor to itself');
select throws_ok($$select * from public.archive_site(999999, 'withdraw', null, 'x')$$, 'PT404', 'Unknown site',
  'an unknown site is not found');

-- ============================================================================
-- move: join dates kept, merged in fair order, the duplicate keeps the earlier date
-- ============================================================================
select row_eq($$select * from public.archive_site(9011, 'move', 9001)$$, row(3, 1, 0, 0, 1),
  'three entries moved, one merged into the person''s existing entry, one slot cancelled');
select tests.clear_authentication();
select is((select array_agg(w.email order by w.joined_at, w.id) from public.waiting_list_entries w
           where w.site_id = 9001 and w.status = 'waiting'),
  array['off@test.local', 'c1@test.local', 'a1@test.local', 'c2@test.local', 'dup@test.local'],
  'Test Site A''s list is both lists in join-date order');
select is((select w.joined_at from public.waiting_list_entries w where w.site_id = 9001 and w.email = 'dup@test.local' and w.status = 'waiting'),
  (select now() - interval '5 days'), 'the duplicate keeps the earlier of its two join dates');
select is((select joined_at from public.waiting_list_entries where email = 'c1@test.local'), (select now() - interval '30 days'),
  'a moved entry keeps its join date');
select is((select status from public.plot_offers where site_id = 9011), 'withdrawn', 'the open offer lapsed');
select is((select count(*)::int from public.waiting_list_entries where site_id = 9011 and status in ('waiting', 'offered')), 0,
  'nobody is left waiting at the closed site');
select is((select count(*)::int from private.site_closure_notices where site_id = 9011 and outcome = 'moved' and moved_to_site_id = 9001), 4,
  'all four are owed a mail saying where their place went');
select ok((select archived_at is not null from public.global_sites where id = 9011), 'the site is archived');
select ok((select cancelled_at is not null from public.welcome_slots where id = 92101), 'its coming welcome slot is cancelled');
select ok((select cancelled_at is null from public.welcome_slots where id = 92102), 'its past slot stays as it was');
select is((select target from public.redirects where source_path = '/sites/testford/closing-site'), '/sites/testford/test-site-a',
  'its page leads to the list''s new site');
select tests.authenticate_as('official');
select throws_ok($$select * from public.archive_site(9011, 'withdraw', null, 'again')$$, '22023', 'This site is already archived',
  'a site is archived once');

-- ============================================================================
-- nothing new at an archived site
-- ============================================================================
select tests.clear_authentication();
select throws_ok($$insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
  values (9011, 'x', 'New', 'Person', 'new@test.local', true)$$, '23514', 'This site has closed', 'no new entry joins it');
select throws_ok($$update public.waiting_list_entries set site_id = 9011 where email = 'a1@test.local'$$, '23514',
  'This site has closed', 'no entry moves there');
select throws_ok($$insert into public.welcome_slots (site_id, starts_at, capacity) values (9011, now() + interval '9 days', 5)$$,
  '23514', 'This site has closed', 'no welcome slot is added');
select throws_ok($$insert into public.plot_offers (entry_id, site_id, location_key, respond_by)
  select id, 9011, location_key, now() + interval '7 days' from public.waiting_list_entries where email = 'c1@test.local'$$,
  '23514', 'This site has closed', 'no offer is made there');

-- ============================================================================
-- withdraw, and an upcoming site's pre-registrations
-- ============================================================================
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy) values
  (9002, 'x', 'Bea', 'B', 'b1@test.local', true);
select tests.authenticate_as('founder');
select row_eq($$select * from public.archive_site(9002, 'withdraw', null, 'The landlord ended the lease.')$$, row(0, 0, 1, 0, 0),
  'withdrawing: one entry withdrawn');
select tests.clear_authentication();
select is((select status from public.waiting_list_entries where email = 'b1@test.local'), 'withdrawn', 'the entry is withdrawn');
select is((select reason from private.site_closure_notices where entry_id = (select id from public.waiting_list_entries where email = 'b1@test.local')),
  'The landlord ended the lease.', 'and owed a mail with the reason');
select is((select target from public.redirects where source_path = '/sites/testford/test-site-b'), '/sites', 'its page leads to the list of sites');
select tests.authenticate_as('founder');
select row_eq($$select * from public.archive_site(9012, 'withdraw', null, 'We could not get the land.')$$, row(0, 0, 0, 1, 0),
  'an upcoming site: its pre-registration is withdrawn');
select tests.clear_authentication();
select is((select count(*)::int from private.site_closure_notices c join public.pre_registrations p on p.id = c.pre_registration_id
           where p.email = 'pre@test.local' and p.status = 'withdrawn'), 1, 'and its owner is owed a mail');

-- ============================================================================
-- welcome slots: never created or moved into the past through the API
-- ============================================================================
select tests.authenticate_as('founder');
select throws_ok($$insert into public.welcome_slots (site_id, starts_at, capacity) values (9001, now() - interval '1 hour', 5)$$,
  '23514', 'A welcome slot must start in the future', 'a slot in the past is refused');
insert into public.welcome_slots (id, site_id, starts_at, capacity) values (92103, 9001, now() + interval '2 days', 5);
select throws_ok($$update public.welcome_slots set starts_at = now() - interval '1 day' where id = 92103$$,
  '23514', 'A welcome slot must start in the future', 'a slot cannot be moved into the past');
select tests.clear_authentication();
insert into public.welcome_slots (id, site_id, starts_at, capacity) values (92104, 9001, now() - interval '2 days', 5);
select tests.authenticate_as('founder');
select lives_ok($$update public.welcome_slots set notes = 'Bring boots' where id = 92104$$, 'a past slot stays valid for other changes');

select * from finish();
rollback;
