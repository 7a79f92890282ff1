-- Billing (20250120000000_billing.sql): the membership's state follows the subscription, changed
-- only by apply_billing_event (the verified webhook, service role); a replayed or stale event
-- changes nothing; dunning reminds, suspends after the grace period and is ended by a payment;
-- a member sees only their own invoices, patch managers only their sites' arrears, and nobody
-- writes any of it through the API.
begin;
select plan(58);

select tests.create_actors();
create function tests.notices(p_membership_id bigint) returns text[] language sql security definer set search_path = ''
as $$ select coalesce(array_agg(kind || ':' || seq order by id), '{}') from private.dunning_notices where membership_id = p_membership_id $$;
create function tests.events(p_id text) returns text language sql security definer set search_path = ''
as $$ select outcome from private.webhook_events where event_id = p_id $$;
create function tests.ev(p_id text, p_type text, p_at bigint, p_part text, p_obj jsonb) returns jsonb language sql immutable
as $$ select jsonb_build_object('id', p_id, 'type', p_type, 'created', p_at, p_part, p_obj) $$;
create function tests.inv(p_ref text, p_reason text, p_status text, p_due integer, p_paid integer, p_attempts integer, p_at bigint)
returns jsonb language sql immutable
as $$ select jsonb_build_object('ref', p_ref, 'subscription_ref', 'sub_b1', 'customer_ref', 'cus_b1', 'number', upper(p_ref),
  'billing_reason', p_reason, 'status', p_status, 'amount_due', p_due, 'amount_paid', p_paid,
  'lines', jsonb_build_array(jsonb_build_object('description', 'Full plot, monthly', 'amount_pence', p_due)),
  'period_start', p_at, 'period_end', p_at + 2678400, 'attempt_count', p_attempts, 'next_payment_attempt', null,
  'payment_ref', 'pi_' || p_ref, 'payment_method', jsonb_build_object('type', 'bacs_debit', 'last4', '2345', 'sort_code', '108800', 'ref', 'pm_b1'),
  'failure_message', case when p_status = 'open' then 'The account has insufficient funds.' end, 'order_key', 'order-key-b1', 'created', p_at) $$;
grant execute on function tests.notices(bigint), tests.events(text), tests.ev(text, text, bigint, text, jsonb),
  tests.inv(text, text, text, integer, integer, integer, bigint) to service_role, authenticated;

-- A member who has just checked out by Direct Debit (pending until the first invoice is paid),
-- at test site A (pm_a's), and another member elsewhere.
update public.global_sites set allotments = 20 where id in (9001, 9002);
insert into public.plans (id, name, price_pence) values (99701, 'Billing monthly', 2500);
insert into public.members (id, user_id, first_name, last_name, email) values
  (99701, tests.uid('member'), 'Mem', 'Ber', 'member@test.local'),
  (99702, tests.uid('impostor'), 'Im', 'Postor', 'impostor@test.local');
insert into public.orders (id, user_id, email, kind, total_pence, checkout_session_id, idempotency_key) values
  (99701, tests.uid('member'), 'member@test.local', 'membership', 8500, 'cs_b1', 'order-key-b1');
insert into public.deposits (user_id, email, site_id, order_id, amount_pence) values (tests.uid('member'), 'member@test.local', 9001, 99701, 5000);
insert into public.memberships (id, member_id, site_id, plan_id, status, order_id) values (99701, 99701, 9001, 99701, 'pending', 99701);
insert into public.memberships (id, member_id, site_id, plan_id, status) values (99702, 99702, 9002, 99701, 'active');

-- ============================================================================
-- nobody but the service role applies events or reads the dunning
-- ============================================================================
select tests.authenticate_as('member');
select throws_ok($$select public.apply_billing_event('local', tests.ev('evt_forged', 'invoice.paid', 1, 'invoice', '{}'))$$,
  '42501', 'permission denied for function apply_billing_event', 'a member cannot apply a billing event');
select throws_ok($$select public.run_dunning(now())$$, '42501', 'permission denied for function run_dunning', 'nor run the dunning');
select throws_ok($$select public.payment_update_target('00000000000000000000000000000000')$$, '42501',
  'permission denied for function payment_update_target', 'nor look up a payment link''s customer');
select throws_ok($$update public.memberships set status = 'active' where id = 99701$$, '42501',
  'permission denied for table memberships', 'nor write a membership''s state');
select tests.authenticate_as_anon();
select throws_ok($$select public.apply_billing_event('local', '{}')$$, '42501', 'permission denied for function apply_billing_event',
  'anon cannot apply a billing event');

-- ============================================================================
-- checkout, the first invoice, replays
-- ============================================================================
select tests.authenticate_as_service_role();
select throws_ok($$select public.apply_billing_event('paypal', tests.ev('evt_x', 'invoice.paid', 1, 'invoice', '{}'))$$,
  '22023', 'Unknown payment provider.', 'an unknown provider is refused');
select throws_ok($$select public.apply_billing_event('local', '{"id": "evt_x"}')$$,
  '22023', 'An event needs an id, a type and a created time.', 'an event without a type or time is refused');

-- Out of order, as Stripe may send them: the first invoice is paid before the session completes.
select is(public.apply_billing_event('local', tests.ev('evt_b1', 'invoice.paid', 1767225600, 'invoice',
    tests.inv('in_b1', 'subscription_create', 'paid', 8500, 8500, 1, 1767225600))) ->> 'outcome', 'paid',
  'the first invoice of an unseen subscription is placed through the order key and paid');
select is((select status from public.memberships where id = 99701), 'active', 'the membership is active');
select is((select status from public.orders where id = 99701), 'paid', 'its order is paid');
select is((select status from public.deposits where order_id = 99701), 'paid', 'and its deposit');
select is((select membership_id from public.subscriptions where provider_ref = 'sub_b1'), 99701::bigint, 'the subscription is linked to the membership');
select is((select subscription_ref from public.memberships where id = 99701), 'sub_b1', 'and the membership names it');
select is(public.apply_billing_event('local', tests.ev('evt_b1', 'invoice.paid', 1767225600, 'invoice',
    tests.inv('in_b1', 'subscription_create', 'paid', 8500, 8500, 1, 1767225600))) ->> 'outcome', 'duplicate',
  'the same event again is a duplicate');
select is((select count(*)::integer from public.payments where order_id = 99701), 1, 'and pays nothing twice');
select is(public.apply_billing_event('local', tests.ev('evt_b1s', 'checkout.session.completed', 1767225601, 'session',
    jsonb_build_object('id', 'cs_b1', 'mode', 'subscription', 'subscription_ref', 'sub_b1', 'customer_ref', 'cus_b1',
      'payment_status', 'unpaid', 'amount_total', 8500, 'order_key', 'order-key-b1'))) ->> 'outcome', 'linked',
  'the late session finds the subscription already linked');
select is(tests.notices(99701), '{}'::text[], 'the first payment owes no billing e-mail (the welcome carries the receipt)');

-- ============================================================================
-- subscription updates: newest wins
-- ============================================================================
select is(public.apply_billing_event('local', tests.ev('evt_b2', 'customer.subscription.updated', 1767225700, 'subscription',
    jsonb_build_object('ref', 'sub_b1', 'customer_ref', 'cus_b1', 'status', 'active', 'current_period_start', 1767225600,
      'current_period_end', 1769904000, 'next_payment_pence', 2500, 'cancel_at', null, 'pause_resumes_at', null,
      'payment_method', jsonb_build_object('type', 'bacs_debit', 'last4', '2345', 'sort_code', '108800', 'ref', 'pm_b1'),
      'order_key', 'order-key-b1'))) ->> 'outcome', 'updated', 'a subscription update is applied');
select is((select next_payment_at from public.subscriptions where provider_ref = 'sub_b1'), to_timestamp(1769904000),
  'the next payment is at the period''s end');
select is(public.apply_billing_event('local', tests.ev('evt_b2old', 'customer.subscription.updated', 1767225650, 'subscription',
    jsonb_build_object('ref', 'sub_b1', 'customer_ref', 'cus_b1', 'status', 'incomplete', 'current_period_end', 1700000000))) ->> 'outcome',
  'ignored: older than the last change', 'an older update arriving late is ignored');
select is((select status || ' ' || extract(epoch from current_period_end)::bigint from public.subscriptions where provider_ref = 'sub_b1'),
  'active 1769904000', 'and changes nothing');
select is(tests.events('evt_b2old'), 'ignored: older than the last change', 'but it is recorded');
select is(public.apply_billing_event('local', tests.ev('evt_b3', 'mandate.updated', 1767225800, 'mandate',
    jsonb_build_object('ref', 'mandate_b1', 'payment_method_ref', 'pm_b1', 'status', 'active', 'reference', 'ROOTS-B1'))) ->> 'outcome',
  'updated', 'a mandate update finds the subscription by its payment method');
select is((select mandate_status || ' ' || mandate_reference from public.subscriptions where provider_ref = 'sub_b1'), 'active ROOTS-B1',
  'the Direct Debit mandate is active with its reference');

-- ============================================================================
-- a failed payment, reminders, suspension, recovery
-- ============================================================================
select is(public.apply_billing_event('local', tests.ev('evt_f1', 'invoice.payment_failed', 1769904000, 'invoice',
    tests.inv('in_b2', 'subscription_cycle', 'open', 2500, 0, 1, 1769904000))) ->> 'outcome', 'failed', 'the second payment fails');
select is((select status from public.memberships where id = 99701), 'past_due', 'the membership is past due');
select is((select past_due_since from public.subscriptions where provider_ref = 'sub_b1'), to_timestamp(1769904000), 'since the failure');
select is(tests.notices(99701), '{failed:0}'::text[], 'the member is owed a payment-failed e-mail');
select is(public.apply_billing_event('local', tests.ev('evt_f2', 'invoice.payment_failed', 1770163200, 'invoice',
    tests.inv('in_b2', 'subscription_cycle', 'open', 2500, 0, 2, 1769904000))) ->> 'outcome', 'failed', 'the retry three days later fails');
select is((select past_due_since from public.subscriptions where provider_ref = 'sub_b1'), to_timestamp(1769904000),
  'arrears still date from the first failure');
select is((select attempt_count from public.invoices where provider_ref = 'in_b2'), 2, 'the invoice counts two attempts');

select is((select count(*)::integer from jsonb_array_elements(public.run_dunning(to_timestamp(1769904000 + 3 * 86400))) n
  where n ->> 'kind' in ('failed', 'reminder')), 2, 'three days on: the failure and the first reminder are due, not one e-mail per retry');
select is(tests.notices(99701), '{failed:0,reminder:3}'::text[], 'the reminder is queued once');
select is(public.run_dunning(to_timestamp(1769904000 + 3 * 86400)), '[]'::jsonb, 'claimed notices are not handed out twice');
select is((select public.run_dunning(to_timestamp(1769904000 + 14 * 86400)) -> -1 ->> 'kind'), 'suspended',
  'at the end of the grace period (14 days) the membership is suspended');
select is((select status || ' ' || ends_on from public.memberships where id = 99701),
  'suspended ' || ((to_timestamp(1769904000 + 14 * 86400) at time zone 'Europe/London')::date + interval '1 month')::date,
  'with one billing month''s notice');
select is(tests.notices(99701), '{failed:0,reminder:3,reminder:7,suspended:0}'::text[],
  'every reminder and the suspension, once each');
select is(public.mark_dunning_sent(array(select id from private.dunning_notices where membership_id = 99701)), 4, 'all four marked sent');

select is(public.apply_billing_event('local', tests.ev('evt_p2', 'invoice.paid', 1771200000, 'invoice',
    tests.inv('in_b2', 'subscription_cycle', 'paid', 2500, 2500, 3, 1769904000))) ->> 'outcome', 'paid', 'the arrears are paid');
select is((select status || ' ' || coalesce(ends_on::text, 'no end') from public.memberships where id = 99701), 'active no end',
  'the membership is active again, its notice withdrawn');
select is((select past_due_since from public.subscriptions where provider_ref = 'sub_b1'), null, 'and no longer in arrears');
select is(tests.notices(99701), '{failed:0,reminder:3,reminder:7,suspended:0,paid:0,recovered:0}'::text[],
  'a receipt and a recovered e-mail are owed');
select is(public.apply_billing_event('local', tests.ev('evt_f3late', 'invoice.payment_failed', 1770163300, 'invoice',
    tests.inv('in_b2', 'subscription_cycle', 'open', 2500, 0, 2, 1769904000))) ->> 'outcome', 'ignored: already settled',
  'a failure delivered after the invoice was paid changes nothing');
select is((select status from public.invoices where provider_ref = 'in_b2'), 'paid', 'the invoice stays paid');
select is((select status from public.memberships where id = 99701), 'active', 'and the membership active');

select is(public.apply_billing_event('local', tests.ev('evt_u1', 'invoice.paid', 1771200000, 'invoice',
    jsonb_build_object('ref', 'in_other', 'subscription_ref', 'sub_nobody', 'amount_due', 100, 'created', 1771200000))) ->> 'outcome',
  'ignored: unknown subscription', 'an invoice of a subscription we do not know is ignored');
select is(tests.events('evt_u1'), 'ignored: unknown subscription', 'and recorded, so its replay is a duplicate');

-- ============================================================================
-- who sees what
-- ============================================================================
select is(public.apply_billing_event('local', tests.ev('evt_f4', 'invoice.payment_failed', 1772582400, 'invoice',
    tests.inv('in_b3', 'subscription_cycle', 'open', 2500, 0, 1, 1772582400))) ->> 'outcome', 'failed', 'the next payment fails');
select is(tests.count_as('member', 'select 1 from public.invoices'), 3::bigint, 'a member sees their own invoices');
select is(tests.count_as('impostor', 'select 1 from public.invoices union all select 1 from public.subscriptions'), 0::bigint,
  'another member (even one claiming a role in user_metadata) sees none');
select is(tests.count_as('official', 'select 1 from public.invoices where membership_id = 99701'), 3::bigint, 'admins see them');
select is(tests.count_as('pm_a', 'select 1 from public.site_arrears() where membership_id = 99701 and amount_pence = 2500'), 1::bigint,
  'the site''s patch manager sees the member''s arrears');
select is(tests.count_as('pm_b', 'select 1 from public.site_arrears()'), 0::bigint, 'another site''s patch manager sees none');
select tests.authenticate_as('member');
select throws_ok($$select * from public.site_arrears()$$, '42501', 'Only staff see arrears.', 'a member cannot list arrears');
select is(jsonb_array_length(public.export_my_data() -> 'invoices'), 3, 'a member''s data download holds their payments');
select ok(public.export_my_data()::text !~ '"(in|sub|cus|pi)_b', 'without the provider''s references');

select tests.authenticate_as_service_role();
select is(public.apply_billing_event('local', tests.ev('evt_d1', 'customer.subscription.deleted', 1775000000, 'subscription',
    jsonb_build_object('ref', 'sub_b1', 'customer_ref', 'cus_b1', 'status', 'canceled'))) ->> 'outcome', 'ended',
  'the subscription ends');
select is((select status from public.memberships where id = 99701), 'ended', 'and so does the membership');

select * from finish();
rollback;
