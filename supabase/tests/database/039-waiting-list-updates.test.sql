-- Monthly updates while waiting: opt-in per entry by private reference (off by default); the
-- monthly job snapshots each opted-in waiting applicant's place once a month, the drain is told
-- there is mail owed, and the sender claims one mail per applicant and month naming last month's
-- place; released claims come back, sent ones never do.
begin;
select plan(27);

select tests.create_actors();

-- Test Site A (9001): five waiting, joined 50..10 days ago; Test Site B (9002): one.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at, reference)
select 9001, 'x', 'W' || g, 'Waiter', 'w' || g || '@test.local', true, now() - make_interval(days => 60 - g * 10),
  'ref' || lpad(g::text, 29, '0')
from generate_series(1, 5) g;
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, reference) values
  (9002, 'x', 'Bo', 'B', 'bo@test.local', true, 'refb' || repeat('0', 28));

-- ============================================================================
-- opting in and out by reference
-- ============================================================================
select is((select monthly_updates from public.waiting_list_entries where email = 'w4@test.local'), false, 'updates are off by default');
select is(tests.attempt('anon', $$select public.set_monthly_updates('ref' || lpad('4', 29, '0'), true)$$), 'ok:1',
  'anon may turn them on with the private reference');
select tests.authenticate_as_anon();
select is(public.set_monthly_updates('ref' || lpad('4', 29, '0'), true), true, 'the applicant turns them on');
select is(public.get_monthly_updates('ref' || lpad('4', 29, '0')), true, 'and reads the setting back');
select is(public.set_monthly_updates('no-such-reference', true), false, 'an unknown reference changes nothing');
select is(public.get_monthly_updates('no-such-reference'), null, 'and reads as nothing');
select throws_ok($$select public.set_monthly_updates('ref' || lpad('4', 29, '0'), null)$$, '22023',
  'Say whether you want the monthly update', 'on or off, never null');
select is(tests.attempt('anon', $$select * from public.claim_monthly_updates()$$), 'error:permission denied for function claim_monthly_updates',
  'anon cannot claim mail');
select is(tests.attempt('founder', $$select * from public.claim_monthly_updates()$$), 'error:permission denied for function claim_monthly_updates',
  'nor can staff: only the list-updates function (service role) claims');
select is(tests.attempt('anon', $$select private.run_monthly_list_updates()$$), 'error:permission denied for function run_monthly_list_updates',
  'the job is the scheduler''s');
select ok(public.set_monthly_updates('refb' || repeat('0', 28), true), 'Bo opts in too');
select tests.clear_authentication();

-- ============================================================================
-- the job: a snapshot per opted-in waiting applicant, once per month
-- ============================================================================
select ok(exists (select 1 from cron.job where jobname = 'monthly-list-updates' and schedule = '0 6 1 * *'
  and command = 'select private.run_monthly_list_updates()'), 'the job runs on the 1st of each month');
select is(private.run_monthly_list_updates('2025-01'), 2, 'January: the two opted-in applicants are snapshotted');
select is(private.run_monthly_list_updates('2025-01'), 0, 'running again that month takes nothing more');
select row_eq($$select queue_position, list_length from private.list_position_snapshots s
  join public.waiting_list_entries w on w.id = s.entry_id where w.email = 'w4@test.local' and s.period = '2025-01'$$,
  row(4::bigint, 5::bigint), 'w4 was 4th of 5');
select ok(exists (select 1 from private.notification_kinds k where k.kind = 'monthly_update' and k.about = 'entry'
  and k.function_path = 'list-updates'), 'the kind is a row of the extensible outbox');
select is((select count(*)::int from net.http_request_queue q where q.url like '%/functions/v1/list-updates'), 0, 'nothing posted yet');
select tests.authenticate_as_service_role();
select is((select array_agg(c.queue_position || ':' || coalesce(c.previous_position::text, '-') order by c.entry_id)
           from public.claim_monthly_updates() c), array['4:-', '1:-'], 'the sender claims both, with no earlier place yet');
select is((select count(*)::int from public.claim_monthly_updates()), 0, 'a claimed mail is not claimed twice');
select public.finish_notifications('monthly_update', array[(select id from public.waiting_list_entries where email = 'w4@test.local')],
  array[(select id from public.waiting_list_entries where email = 'bo@test.local')]);
select is((select array_agg(c.email) from public.claim_monthly_updates() c), array['bo@test.local'],
  'a failed send is released and claimed again; a sent one is not');

-- ============================================================================
-- next month: the place they moved from
-- ============================================================================
select tests.clear_authentication();
-- The first three leave the list (offers taken elsewhere); somebody turned updates off.
update public.waiting_list_entries set status = 'accepted' where email in ('w1@test.local', 'w2@test.local', 'w3@test.local');
select ok(public.set_monthly_updates('refb' || repeat('0', 28), false), 'Bo opts out again');
select is(private.run_monthly_list_updates('2025-02'), 1, 'February: only the applicant still opted in');
select cmp_ok(private.drain_notification_outboxes(), '>=', 1, 'the drain queues a request');
select ok(exists (select 1 from net.http_request_queue q where q.url like '%/functions/v1/list-updates'
  and convert_from(q.body, 'UTF8')::jsonb = '{"action": "monthly"}'), 'the drain asks list-updates to send the mail owed');
select tests.authenticate_as_service_role();
select row_eq($$select queue_position, previous_position, list_length from public.claim_monthly_updates() where period = '2025-02'$$,
  row(1::bigint, 4::bigint, 2::bigint), 'w4 moved from 4th to 1st of 2');
select tests.clear_authentication();
update public.waiting_list_entries set status = 'withdrawn' where email = 'w5@test.local';
select is((select count(*)::int from private.list_position_snapshots s join public.waiting_list_entries w on w.id = s.entry_id
           where w.email = 'w5@test.local'), 0, 'an applicant who never opted in has no snapshots');
select is(public.get_monthly_updates('ref' || lpad('5', 29, '0')), null, 'and a closed entry has no setting');

select * from finish();
rollback;
