-- Members' self-service (20250108000500_membership_self_service.sql): billing dates, pause limits,
-- notice, the deposit rule, undo; a change is pending until the payments function settles it;
-- nobody changes another member's membership; rule breaks change nothing.
begin;
select plan(57);

select tests.create_actors();
-- The history is private: the test reads it through these (as postgres, whoever is acting).
create function tests.change_id(p_key text) returns bigint language sql security definer set search_path = ''
as $$ select id from private.membership_changes where request_key = p_key $$;
create function tests.change_count(p_membership_id bigint) returns integer language sql security definer set search_path = ''
as $$ select count(*)::integer from private.membership_changes where membership_id = p_membership_id $$;
create function tests.change_refund(p_key text) returns integer language sql security definer set search_path = ''
as $$ select deposit_refund_pence from private.membership_changes where request_key = p_key $$;
grant execute on function tests.change_id(text), tests.change_count(bigint), tests.change_refund(text) to authenticated, service_role;

insert into public.plans (id, name, price_pence, billing_interval) values
  (99501, 'Self-service monthly', 2999, 'month'), (99502, 'Self-service yearly', 29990, 'year');
insert into public.members (user_id, first_name, last_name, email) values (tests.uid('member'), 'Mem', 'Ber', 'member@test.local');
-- Billing on the 1st: started on the 1st seven months ago (the deposit stays), fourteen months
-- ago (it comes back), and a yearly plan.
select ok(set_config('tests.n1', (date_trunc('month', private.london_today()) + interval '1 month')::date::text, true) is not null, 'the next 1st of a month');
insert into public.memberships (id, member_id, site_id, plan_id, start_date, status)
select 99601, id, 9001, 99501, (date_trunc('month', private.london_today()) - interval '7 months')::date, 'active' from public.members where user_id = tests.uid('member');
insert into public.memberships (id, member_id, site_id, plan_id, start_date, status)
select 99602, id, 9001, 99501, (date_trunc('month', private.london_today()) - interval '14 months')::date, 'active' from public.members where user_id = tests.uid('member');
insert into public.memberships (id, member_id, site_id, plan_id, start_date, status)
select 99603, id, 9001, 99502, (date_trunc('month', private.london_today()) - interval '2 months')::date, 'active' from public.members where user_id = tests.uid('member');
insert into public.deposits (user_id, email, site_id, amount_pence, status) values (tests.uid('member'), 'member@test.local', 9001, 5000, 'paid');

-- ============================================================================
-- billing dates
-- ============================================================================
select is(private.billing_date('2025-01-31', 'month', 1), '2025-02-28'::date, 'a billing day past the month''s end falls on its last day');
select is(private.billing_date('2025-01-31', 'month', 2), '2025-03-31'::date, 'and returns to the start day afterwards');
select is(private.next_billing_n('2025-01-15', 'month', '2025-03-14'), 2, 'the day before a billing date: that date is next');
select is(private.next_billing_n('2025-01-15', 'month', '2025-03-15'), 3, 'on a billing date: the following one is next');
select is(private.next_billing_n('2025-01-15', 'year', '2025-06-01'), 1, 'a yearly plan bills again a year after it started');

-- ============================================================================
-- the terms a member sees
-- ============================================================================
select tests.authenticate_as('member');
select is((public.membership_self_service(99601) ->> 'next_billing_on')::date, current_setting('tests.n1')::date, 'the next billing date is the 1st of next month');
select is(jsonb_array_length(public.membership_self_service(99601) -> 'pause' -> 'options'), 3, 'a member with no pauses may pause 1, 2 or 3 months');
select is(public.membership_self_service(99601) -> 'pause' -> 'options' -> 1,
  jsonb_build_object('months', 2, 'starts_on', current_setting('tests.n1')::date, 'resumes_on', (current_setting('tests.n1')::date + interval '2 months')::date),
  'a 2-month pause starts at the next billing date and billing restarts two months later');
select is(public.membership_self_service(99601) -> 'cancel',
  jsonb_build_object('allowed', true, 'reason', null, 'notice', 'one full billing month',
    'ends_on', (current_setting('tests.n1')::date + interval '1 month' - interval '1 day')::date,
    'last_payment_on', current_setting('tests.n1')::date, 'last_payment_pence', 2999, 'deposit_pence', 5000,
    'deposit_refundable_from', (current_setting('tests.n1')::date + interval '4 months')::date, 'deposit_refund_pence', 0),
  'cancelling: a month''s notice from the next billing date, that month the last payment, the deposit kept in the first 12 months');
select is((public.membership_self_service(99602) -> 'cancel' ->> 'deposit_refund_pence')::integer, 5000,
  'a membership that ends after 12 months gets its deposit back');
select is(public.membership_self_service(99603) -> 'pause' ->> 'reason', 'Pausing is for monthly plans: a yearly plan is already paid for its year.',
  'a yearly plan cannot be paused');
select is((public.membership_self_service(99603) -> 'cancel' ->> 'last_payment_pence'), null, 'a yearly plan owes nothing more when cancelled');
select tests.authenticate_as('impostor');
select throws_ok($$select public.membership_self_service(99601)$$, 'PT404', 'No membership of yours with that id', 'another member cannot read the terms');
select tests.authenticate_as('team');
select is((public.membership_self_service(99601) ->> 'membership_id')::bigint, 99601::bigint, 'staff read a member''s terms and history');
select tests.authenticate_as_anon();
select throws_ok($$select public.membership_self_service(99601)$$, '42501', null, 'anon cannot');

-- ============================================================================
-- pause: recorded pending, settled by the function, once
-- ============================================================================
select tests.authenticate_as('impostor');
select throws_ok($$select public.request_membership_change(99601, 'pause', 1, null, 'impostor-key-1')$$, 'PT404', 'No membership of yours with that id',
  'nobody pauses another member''s membership');
select tests.authenticate_as('member');
select throws_ok($$select public.request_membership_change(99601, 'pause', 4, null, 'pause-key-00')$$, '22023', 'A pause is 1, 2 or 3 months.', 'a pause is 1 to 3 months');
select throws_ok($$select public.request_membership_change(99601, 'stop', 1, null, 'pause-key-00')$$, '22023', 'Choose pause, resume, cancel or undo_cancel.', 'an unknown action is refused');
select throws_ok($$select public.request_membership_change(99601, 'pause', 1, null, 'x')$$, '22023', null, 'a malformed key is refused');
select is(public.request_membership_change(99601, 'pause', 2, 'Travelling', 'pause-key-01') ->> 'status', 'pending', 'a pause is recorded pending');
select is((select paused_from from public.memberships where id = 99601), null, 'a pending pause changes nothing yet');
select is((public.request_membership_change(99601, 'pause', 2, 'Travelling', 'pause-key-01') ->> 'repeated')::boolean, true, 'the same key again is the same change');
select is((public.request_membership_change(99601, 'cancel', null, null, 'cancel-key-01') ->> 'other_pending')::boolean, true,
  'while a change is pending, another request is handed the pending one to finish');
select is(tests.change_count(99601), 1, 'one change recorded');
select throws_ok($$select public.settle_membership_change(tests.change_id('pause-key-01'), 'applied', 'x')$$,
  '42501', null, 'a member cannot settle their own change');
select tests.authenticate_as_service_role();
select is(public.settle_membership_change(tests.change_id('pause-key-01'), 'applied', 'sub_1') ->> 'status', 'applied',
  'the function settles the pause');
select results_eq($$select paused_from, resumes_on from public.memberships where id = 99601$$,
  $$values (current_setting('tests.n1')::date, (current_setting('tests.n1')::date + interval '2 months')::date)$$, 'the membership is paused from the next billing date');
select is(public.settle_membership_change(tests.change_id('pause-key-01'), 'failed', null) ->> 'status', 'applied',
  'a settled change stays settled');

select tests.authenticate_as('member');
select throws_ok($$select public.request_membership_change(99601, 'pause', 1, null, 'pause-key-02')$$, '22023',
  format('Billing is already paused from %s; it restarts on %s.', to_char(current_setting('tests.n1')::date, 'FMDD FMMonth YYYY'),
    to_char(current_setting('tests.n1')::date + interval '2 months', 'FMDD FMMonth YYYY')), 'no second pause while paused');
select throws_ok($$select public.request_membership_change(99601, 'cancel', null, null, 'cancel-key-02')$$, '22023',
  format('Billing is paused until %s. Resume it first, then cancel.', to_char(current_setting('tests.n1')::date + interval '2 months', 'FMDD FMMonth YYYY')),
  'no cancelling while paused: resume first');

-- resume before the pause starts: withdrawn, and it does not count
select is((public.request_membership_change(99601, 'resume', null, null, 'resume-key-01') ->> 'withdraws')::boolean, true, 'a pause not yet started is withdrawn');
select tests.authenticate_as_service_role();
select is(public.settle_membership_change(tests.change_id('resume-key-01'), 'applied', null) ->> 'status', 'applied', 'the function settles it: applied');
select tests.authenticate_as('member');
select results_eq($$select paused_from, resumes_on from public.memberships where id = 99601$$, $$values (null::date, null::date)$$, 'billing goes on as before');
select is((public.membership_self_service(99601) -> 'pause' ->> 'pauses_left')::integer, 2, 'a withdrawn pause does not count');

-- limits: two pauses, three months, in any 12 months
select tests.clear_authentication();
insert into private.membership_changes (membership_id, kind, status, request_key, months, starts_on, resumes_on)
values (99602, 'pause', 'applied', 'old-pause-001', 2, (current_setting('tests.n1')::date - interval '5 months')::date, (current_setting('tests.n1')::date - interval '3 months')::date);
select tests.authenticate_as('member');
select throws_ok($$select public.request_membership_change(99602, 'pause', 2, null, 'pause-key-03')$$, '22023', 'You have 1 pause month(s) left in these 12 months.',
  'at most 3 paused months in 12 months');
select tests.clear_authentication();
insert into private.membership_changes (membership_id, kind, status, request_key, months, starts_on, resumes_on)
values (99602, 'pause', 'applied', 'old-pause-002', 1, (current_setting('tests.n1')::date - interval '2 months')::date, (current_setting('tests.n1')::date - interval '1 month')::date);
select tests.authenticate_as('member');
select throws_ok($$select public.request_membership_change(99602, 'pause', 1, null, 'pause-key-04')$$, '22023', 'You have used both of your 2 pauses in the last 12 months.',
  'at most 2 pauses in 12 months');
select is(tests.change_count(99602), 2, 'refused requests record nothing');

-- ============================================================================
-- cancel with notice, twice refused, undone; a failed provider call changes nothing
-- ============================================================================
select is(public.request_membership_change(99601, 'cancel', null, 'Moving away', 'cancel-key-03') ->> 'status', 'pending', 'the request is recorded pending');
select tests.authenticate_as_service_role();
select is(public.settle_membership_change(tests.change_id('cancel-key-03'), 'failed', null) ->> 'status', 'failed', 'the function settles it: failed');
select tests.authenticate_as('member');
select is((select status from public.memberships where id = 99601), 'active', 'a cancellation the provider refused changes nothing');
select is(public.request_membership_change(99601, 'cancel', null, 'Moving away', 'cancel-key-04') ->> 'status', 'pending', 'the request is recorded pending');
select tests.authenticate_as_service_role();
select is(public.settle_membership_change(tests.change_id('cancel-key-04'), 'applied', 'sub_1') ->> 'status', 'applied', 'the function settles it: applied');
select tests.authenticate_as('member');
select results_eq($$select status, ends_on, cancellation_reason from public.memberships where id = 99601$$,
  $$values ('cancellation_requested'::text, (current_setting('tests.n1')::date + interval '1 month' - interval '1 day')::date, 'Moving away'::text)$$,
  'cancelled: the membership ends at the end of the notice month');
select is(tests.change_refund('cancel-key-04'), 0, 'the change records the deposit outcome shown');
select throws_ok($$select public.request_membership_change(99601, 'cancel', null, null, 'cancel-key-05')$$, '22023',
  format('You have already cancelled: your membership ends on %s.', to_char(current_setting('tests.n1')::date + interval '1 month' - interval '1 day', 'FMDD FMMonth YYYY')),
  'cancelling twice is refused');
select throws_ok($$select public.request_membership_change(99601, 'pause', 1, null, 'pause-key-05')$$, '22023',
  format('Your membership ends on %s, so billing cannot be paused. Keep your membership first if you would rather pause.',
    to_char(current_setting('tests.n1')::date + interval '1 month' - interval '1 day', 'FMDD FMMonth YYYY')),
  'no pausing while cancelled');
select is(public.request_membership_change(99601, 'undo_cancel', null, null, 'undo-key-001') ->> 'status', 'pending', 'the request is recorded pending');
select tests.authenticate_as_service_role();
select is(public.settle_membership_change(tests.change_id('undo-key-001'), 'applied', 'sub_1') ->> 'status', 'applied', 'the function settles it: applied');
select results_eq($$select status, ends_on from public.memberships where id = 99601$$, $$values ('active'::text, null::date)$$, 'undone: active again');
select throws_ok($$select public.settle_membership_change(1, 'maybe', null)$$, '22023', 'The outcome is applied or failed.', 'an unknown outcome is refused');

-- ============================================================================
-- admins see the changes
-- ============================================================================
select tests.authenticate_as('official');
select results_eq($$select kind, status, deposit_refund_pence from public.membership_changes_report(50) where membership_id = 99601 and kind = 'cancel' order by id$$,
  $$values ('cancel'::text, 'failed'::text, 0), ('cancel'::text, 'applied'::text, 0)$$, 'an admin sees each cancellation, failed or applied, with its deposit outcome');
select tests.authenticate_as('member');
select throws_ok($$select * from public.membership_changes_report(50)$$, '42501', 'Only admins see membership changes.', 'a member does not');

-- ============================================================================
-- the end of the notice, by itself
-- ============================================================================
select tests.clear_authentication();
update public.memberships set status = 'cancellation_requested', ends_on = private.london_today() - 1 where id = 99603;
select is(private.run_membership_endings(), 1, 'the daily job ends memberships whose notice has run out');
select is((select status from public.memberships where id = 99603), 'ended', 'the membership has ended');
select ok(exists (select 1 from cron.job where jobname = 'end-cancelled-memberships'), 'the job is scheduled');
select ok(exists (select 1 from public.audit_log where table_name = 'memberships' and row_id = '99601' and changes ? 'paused_from'),
  'each applied change is in the audit log');

select * from finish();
rollback;
