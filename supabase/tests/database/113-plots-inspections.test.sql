-- Inspections (20250121000300_inspections.sql): recorded once per id, by staff of the plot's site
-- only; the rules (a failed inspection warns with a deadline, a pass clears the warning, a failure
-- after the deadline puts the membership under notice to quit, which the member cannot undo and
-- which ends it through run_membership_endings); the per-site pass mark; who reads inspections,
-- replies and photos (staff of the site, the holder and their co-worker during the tenancy,
-- nobody else); the e-mails owed, claimed once.
begin;
select plan(80);

select tests.create_actors();
select tests.create_user('holder');
select tests.create_user('helper');
select tests.create_user('stranger');
insert into public.members (user_id, first_name, last_name, email) values
  (tests.uid('holder'), 'Hana', 'Holder', 'holder@test.local');

-- Plot 7 at site A let to the holder's active membership; plot 8 vacant; plot 9 at site B.
select private.plot_flow(true);
insert into public.plots (site_id, number, status) values (9001, '7', 'let'), (9001, '8', 'vacant'), (9002, '9', 'vacant');
select private.plot_flow(false);
insert into public.memberships (member_id, site_id, status, plot_id, plot_number)
select mb.id, 9001, 'active', p.id, p.number from public.members mb, public.plots p
where mb.user_id = tests.uid('holder') and p.site_id = 9001 and p.number = '7';
insert into public.plot_tenancies (plot_id, site_id, membership_id)
select m.plot_id, 9001, m.id from public.memberships m join public.members mb on mb.id = m.member_id
where mb.user_id = tests.uid('holder');

create temporary table ids on commit drop as
select m.id as membership_id, m.plot_id as plot7, (now() at time zone 'Europe/London')::date as today,
  (select id from public.plots where site_id = 9001 and number = '8') as plot8,
  (select id from public.plots where site_id = 9002 and number = '9') as plot9
from public.memberships m join public.members mb on mb.id = m.member_id where mb.user_id = tests.uid('holder');
grant select on ids to authenticated, anon, service_role;

-- ============================================================================
-- pm_a: records an inspection once, whatever is sent again
-- ============================================================================
select tests.authenticate_as('pm_a');
select is(
  (select public.record_inspection('11111111-1111-4111-8111-111111111111', plot7, 2, ' Brambles over half the plot ',
    array['9001/11111111-1111-4111-8111-111111111111/0.jpg']) - 'inspected_at' - 'recorded_at' - 'plot_id' - 'site_id' - 'membership_id'
   from ids),
  jsonb_build_object('id', '11111111-1111-4111-8111-111111111111', 'plot_number', '7', 'score', 2, 'pass_mark', 3,
    'passed', false, 'note', 'Brambles over half the plot', 'photos', jsonb_build_array('9001/11111111-1111-4111-8111-111111111111/0.jpg'),
    'outcome', 'warning', 'warning_deadline', to_jsonb((select today from ids) + 28), 'notice_ends_on', null, 'repeated', false),
  'a score below the pass mark on a let plot gives a warning with a deadline 28 days on');
select is(
  (select public.record_inspection('11111111-1111-4111-8111-111111111111', plot7, 5, 'typed again') ->> 'repeated' from ids),
  'true', 'the same id sent again answers repeated');
select is(
  (select public.record_inspection('11111111-1111-4111-8111-111111111111', plot7, 5, 'typed again') ->> 'outcome' from ids),
  'warning', 'with the same inspection as first recorded');
select tests.clear_authentication();
select is((select count(*)::int from public.plot_inspections where id = '11111111-1111-4111-8111-111111111111'), 1,
  'one inspection is recorded, however often it is sent');
select is((select score::int from public.plot_inspections where id = '11111111-1111-4111-8111-111111111111'), 2,
  'and the repeat changed nothing');
select is((select count(*)::int from private.inspection_notices), 1, 'one warning e-mail is owed');
select is((select count(*)::int from private.inspection_warnings where status = 'open'), 1, 'one warning is open');

select tests.authenticate_as('pm_a');
select throws_ok(
  $$select public.record_inspection('11111111-1111-4111-8111-111111111111', (select plot8 from ids), 3)$$,
  '22023', 'That inspection id is already used for another plot', 'an id is one inspection of one plot');
select throws_ok($$select public.record_inspection(gen_random_uuid(), (select plot7 from ids), 6)$$,
  '22023', 'A score is a whole number from 0 to 5', 'a score is 0 to 5');
select throws_ok($$select public.record_inspection(gen_random_uuid(), (select plot7 from ids), -1)$$,
  '22023', 'A score is a whole number from 0 to 5', 'and never negative');
select throws_ok($$select public.record_inspection(gen_random_uuid(), (select plot7 from ids), 3, repeat('x', 2001))$$,
  '22023', 'A note is at most 2,000 characters', 'a note is at most 2,000 characters');
select throws_ok(
  $$select public.record_inspection('22222222-2222-4222-8222-222222222222', (select plot7 from ids), 3, null,
    array['9002/22222222-2222-4222-8222-222222222222/0.jpg'])$$,
  '22023', 'A photo of this inspection is named 9001/22222222-2222-4222-8222-222222222222/<n>.jpg',
  'a photo is named by the inspection''s site and id');
select throws_ok(
  $$select public.record_inspection('22222222-2222-4222-8222-222222222222', (select plot7 from ids), 3, null,
    array(select '9001/22222222-2222-4222-8222-222222222222/' || n || '.jpg' from generate_series(0, 6) n))$$,
  '22023', 'An inspection has at most 6 photos', 'at most 6 photos');
select throws_ok(
  $$select public.record_inspection(gen_random_uuid(), (select plot7 from ids), 3, null, '{}', now() - interval '31 days')$$,
  '22023', 'An inspection is sent within 30 days of being made', 'an inspection older than 30 days is refused');
select throws_ok($$select public.record_inspection(gen_random_uuid(), 987654321, 3)$$, 'PT404', 'Plot not found',
  'an unknown plot is not found');

-- ============================================================================
-- who may record: staff of the site only
-- ============================================================================
select tests.authenticate_as('pm_b');
select throws_ok($$select public.record_inspection(gen_random_uuid(), (select plot7 from ids), 4)$$,
  '42501', 'Only staff of this site can inspect its plots', 'a patch manager of another site cannot inspect');
select tests.authenticate_as('holder');
select throws_ok($$select public.record_inspection(gen_random_uuid(), (select plot7 from ids), 5)$$,
  '42501', 'Only staff of this site can inspect its plots', 'the holder cannot score their own plot');
select tests.authenticate_as_anon();
select throws_ok($$select public.record_inspection(gen_random_uuid(), 1, 5)$$,
  '42501', 'permission denied for function record_inspection', 'a visitor cannot call it');
select tests.clear_authentication();
select is(tests.attempt('pm_a', $$insert into public.plot_inspections (id, plot_id, site_id, score, pass_mark, outcome, inspected_at) values (gen_random_uuid(), (select plot8 from ids), 9001, 5, 3, 'passed', now())$$),
  'error:permission denied for table plot_inspections', 'nobody writes the table but the RPC');

-- ============================================================================
-- the rules
-- ============================================================================
select tests.authenticate_as('pm_a');
select is((select public.record_inspection('33333333-3333-4333-8333-333333333333', plot7, 1) ->> 'outcome' from ids),
  'warned', 'another failure before the deadline adds nothing to the warning');
select is((select warning_deadline from public.plot_inspections where id = '33333333-3333-4333-8333-333333333333'),
  (select today from ids) + 28, 'and shows the same deadline');
select is((select public.record_inspection('44444444-4444-4444-8444-444444444444', plot7, 3) ->> 'outcome' from ids),
  'cleared', 'a pass (the pass mark itself) clears the warning');
select tests.clear_authentication();
select is((select status from private.inspection_warnings), 'cleared', 'the warning is closed');
select is((select array_agg(kind order by id) from private.inspection_notices), array['warning', 'cleared'],
  'the member is told the warning is cleared');

-- A warning given 29 days ago has passed its deadline (yesterday): the next failure is a notice.
select tests.authenticate_as('pm_a');
select is((select public.record_inspection('55555555-5555-4555-8555-555555555555', plot7, 0, null, '{}',
  now() - interval '29 days') ->> 'warning_deadline' from ids), ((select today from ids) - 1)::text,
  'a new failure gives a new warning, its deadline counted from the day of the inspection');
select is((select public.record_inspection('66666666-6666-4666-8666-666666666666', plot7, 5, null, '{}',
  now() - interval '2 days') ->> 'outcome' from ids), 'cleared', 'a pass, even after the deadline, clears it');
select is((select public.record_inspection('77777777-7777-4777-8777-777777777777', plot7, 0, null, '{}',
  now() - interval '29 days') ->> 'outcome' from ids), 'warning', 'the next failure warns again');
select is((select public.record_inspection('88888888-8888-4888-8888-888888888888', plot7, 2) - 'inspected_at' - 'recorded_at'
  - 'plot_id' - 'site_id' - 'membership_id' - 'id' - 'note' - 'photos' - 'plot_number' - 'score' - 'pass_mark' - 'passed'
  - 'repeated' from ids),
  jsonb_build_object('outcome', 'notice', 'warning_deadline', (select today from ids) - 1,
    'notice_ends_on', ((select today from ids) + interval '1 month')::date),
  'a failure after the deadline is a notice to quit, ending one month on');
select tests.clear_authentication();
select is((select status || ' ' || ends_on::text from public.memberships where id = (select membership_id from ids)),
  'cancellation_requested ' || ((select today from ids) + interval '1 month')::date::text,
  'the membership goes under notice, as a cancellation does');
select is((select cancellation_reason from public.memberships where id = (select membership_id from ids)),
  'Notice to quit: plot not cultivated after a written warning', 'with the reason');
select is((select array_agg(kind order by id) from private.inspection_notices),
  array['warning', 'cleared', 'warning', 'cleared', 'warning', 'notice'], 'and the notice to quit is owed by e-mail');

select tests.authenticate_as('pm_a');
select is((select public.record_inspection('99999999-9999-4999-8999-999999999999', plot7, 1) ->> 'outcome' from ids),
  'failed', 'a failure under notice gives nothing new');
select is((select public.record_inspection('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', plot8, 0) ->> 'outcome' from ids),
  'failed', 'a failed inspection of a plot nobody holds warns nobody');
select tests.clear_authentication();
select is((select count(*)::int from private.inspection_notices), 6, 'so nothing more is owed');

select tests.authenticate_as('holder');
select throws_ok(
  $$select public.request_membership_change((select membership_id from ids), 'undo_cancel', null, null, 'undo-notice-1')$$,
  '22023', 'This membership is ending under a notice to quit after failed inspections: talk to your patch manager.',
  'the member cannot take back a notice to quit from /members');
select tests.clear_authentication();

-- ============================================================================
-- the pass mark of a site
-- ============================================================================
select is(tests.attempt('pm_b', $$insert into public.inspection_settings (site_id, pass_mark) values (9001, 4)$$),
  'error:new row violates row-level security policy for table "inspection_settings"',
  'a patch manager cannot set another site''s pass mark');
select is(tests.attempt('pm_a', $$insert into public.inspection_settings (site_id, pass_mark) values (9001, 6)$$),
  'error:new row for relation "inspection_settings" violates check constraint "inspection_settings_pass_mark_check"',
  'a pass mark is 1 to 5');
select tests.authenticate_as('pm_a');
insert into public.inspection_settings (site_id, pass_mark) values (9001, 4);
select is((select public.record_inspection('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', plot8, 3) ->> 'pass_mark' from ids),
  '4', 'the site''s own pass mark applies');
select is((select passed from public.plot_inspections where id = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'), false,
  'so 3 fails there');
select is((select array_agg(site_id) from public.inspection_sites()), array[9001::bigint],
  'a patch manager inspects only their sites with plots');
select is((select pass_mark::int from public.inspection_sites()), 4, 'with each site''s pass mark');
select tests.authenticate_as('member');
select throws_ok($$select * from public.inspection_sites()$$, '42501', 'Only staff inspect plots', 'members do not');
select tests.authenticate_as_anon();
select is((select public.inspection_terms() - 'site_pass_marks'),
  '{"pass_mark": 3, "warning_days": 28, "notice_months": 1}'::jsonb, 'anyone reads the rules'' numbers');
select is((select public.inspection_terms() -> 'site_pass_marks' -> 0 ->> 'pass_mark'), '4', 'and the sites'' own pass marks');
select tests.clear_authentication();

-- ============================================================================
-- who reads inspections: staff of the site, the holder; nobody else
-- ============================================================================
select is(tests.count_as('pm_a', 'select 1 from public.plot_inspections'), 10::bigint, 'the site''s patch manager reads its inspections');
select is(tests.count_as('team', 'select 1 from public.plot_inspections'), 10::bigint, 'admins read every inspection');
select is(tests.count_as('pm_b', 'select 1 from public.plot_inspections'), 0::bigint, 'another site''s patch manager reads none');
select is(tests.count_as('holder', 'select 1 from public.plot_inspections'), 8::bigint,
  'the holder reads their plot''s inspections, not the vacant plot''s');
select is(tests.count_as('stranger', 'select 1 from public.plot_inspections'), 0::bigint, 'another member reads none');
select is(tests.count_as('anon', 'select 1 from public.inspection_settings'), 1::bigint, 'anyone reads the pass marks');
select is(tests.attempt('anon', 'select 1 from public.plot_inspections'),
  'error:permission denied for table plot_inspections', 'a visitor reads no inspection');

-- ============================================================================
-- replies: the holder's own words
-- ============================================================================
select is(tests.attempt('holder', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('11111111-1111-4111-8111-111111111111', tests.uid('holder'), '  I was in hospital; clearing it this weekend.  ')$$),
  'ok:1', 'the holder replies to an inspection of their plot');
select is(tests.attempt('holder', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', tests.uid('holder'), 'Not mine')$$),
  'error:new row violates row-level security policy for table "plot_inspection_replies"', 'but not to another plot''s');
select is(tests.attempt('holder', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('11111111-1111-4111-8111-111111111111', tests.uid('stranger'), 'Forged')$$),
  'error:new row violates row-level security policy for table "plot_inspection_replies"', 'nor in someone else''s name');
select is(tests.attempt('stranger', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('11111111-1111-4111-8111-111111111111', tests.uid('stranger'), 'Hello')$$),
  'error:new row violates row-level security policy for table "plot_inspection_replies"', 'another member cannot reply');
select is(tests.attempt('holder', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('11111111-1111-4111-8111-111111111111', tests.uid('holder'), '   ')$$),
  'error:new row for relation "plot_inspection_replies" violates check constraint "plot_inspection_replies_body_check"',
  'a reply says something');
select is(tests.attempt('holder', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('11111111-1111-4111-8111-111111111111', tests.uid('holder'), repeat('x', 2001))$$),
  'error:new row for relation "plot_inspection_replies" violates check constraint "plot_inspection_replies_body_check"',
  'in at most 2,000 characters');
select tests.authenticate_as('holder');
insert into public.plot_inspection_replies (inspection_id, author_id, body)
values ('11111111-1111-4111-8111-111111111111', tests.uid('holder'), '  Clearing it this weekend.  ');
select tests.clear_authentication();
select is((select body from public.plot_inspection_replies), 'Clearing it this weekend.', 'a reply is kept trimmed');
select is(tests.count_as('pm_a', 'select 1 from public.plot_inspection_replies'), 1::bigint, 'the site''s staff read replies');
select is(tests.count_as('pm_b', 'select 1 from public.plot_inspection_replies'), 0::bigint, 'another site''s staff do not');
select is(tests.count_as('stranger', 'select 1 from public.plot_inspection_replies'), 0::bigint, 'nor another member');
select is(tests.attempt('holder', $$update public.plot_inspection_replies set body = 'changed'$$),
  'error:permission denied for table plot_inspection_replies', 'a reply, once sent, stays as it was');

-- ============================================================================
-- photos: private; the site's staff write, the holder reads their inspections'
-- ============================================================================
select is(tests.attempt('pm_a', $$insert into storage.objects (bucket_id, name) values ('inspection-photos', '9001/11111111-1111-4111-8111-111111111111/1.jpg')$$),
  'ok:1', 'the site''s patch manager uploads a photo at its fixed name');
select is(tests.attempt('pm_b', $$insert into storage.objects (bucket_id, name) values ('inspection-photos', '9001/11111111-1111-4111-8111-111111111111/1.jpg')$$),
  'error:new row violates row-level security policy for table "objects"', 'another site''s cannot');
select is(tests.attempt('pm_a', $$insert into storage.objects (bucket_id, name) values ('inspection-photos', '9001/anything.jpg')$$),
  'error:new row violates row-level security policy for table "objects"', 'nor anything not named as a photo of an inspection');
insert into storage.objects (bucket_id, name) values
  ('inspection-photos', '9001/11111111-1111-4111-8111-111111111111/0.jpg'),
  ('inspection-photos', '9001/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/0.jpg');
select is(tests.count_as('holder', $$select 1 from storage.objects where bucket_id = 'inspection-photos'$$), 1::bigint,
  'the holder sees the photos of their plot''s inspections only');
select is(tests.count_as('pm_a', $$select 1 from storage.objects where bucket_id = 'inspection-photos'$$), 2::bigint,
  'the site''s staff see every photo of the site');
select is(tests.count_as('stranger', $$select 1 from storage.objects where bucket_id = 'inspection-photos'$$), 0::bigint,
  'another member sees none');
select is(tests.count_as('pm_b', $$select 1 from storage.objects where bucket_id = 'inspection-photos'$$), 0::bigint,
  'nor another site''s staff');
select is((select public from storage.buckets where id = 'inspection-photos'), false, 'the bucket is private');

-- ============================================================================
-- the co-worker sees what the holder sees
-- ============================================================================
insert into public.co_workers (membership_id, site_id, email, token_hash, status, user_id, accepted_at)
select membership_id, 9001, 'helper@test.local', repeat('c', 64), 'accepted', tests.uid('helper'), now() from ids;
select is(tests.count_as('helper', 'select 1 from public.plot_inspections'), 8::bigint,
  'the accepted co-worker reads the plot''s inspections');
select is(tests.attempt('helper', $$insert into public.plot_inspection_replies (inspection_id, author_id, body) values ('11111111-1111-4111-8111-111111111111', tests.uid('helper'), 'I will help clear it.')$$),
  'ok:1', 'and may reply');

-- ============================================================================
-- the e-mails: claimed once, by the service role only
-- ============================================================================
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.claim_inspection_notices()$$, '42501',
  'permission denied for function claim_inspection_notices', 'staff do not claim the e-mails');
select tests.authenticate_as_service_role();
create temporary table claimed on commit drop as select * from public.claim_inspection_notices();
select is((select array_agg(kind || ':' || email order by id) from claimed),
  array['warning:holder@test.local', 'cleared:holder@test.local', 'warning:holder@test.local', 'cleared:holder@test.local',
    'warning:holder@test.local', 'notice:holder@test.local'], 'the service role claims every e-mail owed, to the member');
select is((select count(*)::int from public.claim_inspection_notices()), 0, 'a claimed e-mail is not claimed twice');
select public.finish_inspection_notices(array(select id from claimed where kind <> 'notice'), array(select id from claimed where kind = 'notice'));
select is((select kind from public.claim_inspection_notices()), 'notice', 'a failed send is claimed again at the next run');
select tests.clear_authentication();

-- ============================================================================
-- the notice runs out: the membership ends, the tenancy with it, and the holder sees no more
-- ============================================================================
update public.memberships set ends_on = (select today from ids) - 1 where id = (select membership_id from ids);
select is(private.run_membership_endings() >= 1, true, 'the daily job ends memberships whose notice has run out');
select is((select status from public.memberships where id = (select membership_id from ids)), 'ended',
  'the membership under notice to quit has ended');
select is((select status from public.plots where id = (select plot7 from ids)), 'preparing',
  'and the plot goes back to being prepared');
select is(tests.count_as('holder', 'select 1 from public.plot_inspections'), 0::bigint,
  'the former holder no longer reads the plot''s inspections');

select * from finish();
rollback;
