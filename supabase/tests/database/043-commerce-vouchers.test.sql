-- Gift voucher delivery: only the service role buys, claims, finishes and reads sessions; a
-- delivery date is today to a year ahead and needs a recipient (refused with nothing written);
-- a voucher is claimed for its recipient only once it is paid and due, by one sender once (a
-- failed send is released; a cancelled voucher is never sent); the drain asks the payments
-- function only when a voucher is due; a voucher can pay any order written in the same
-- transaction (a membership's deposit too), but never another voucher; the success pages'
-- summary never shows the code.
begin;
select plan(39);

select tests.create_actors();

-- ============================================================================
-- anon and signed-in users: none of it
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$select public.create_gift_voucher_order('a@example.com', null, 'k-gv-anon-01', 'cs_test_gv_anon', 1000, '{}')$$,
  '42501', 'permission denied for function create_gift_voucher_order', 'anon cannot write voucher orders through the RPC');
select throws_ok($$select * from public.claim_gift_voucher_deliveries()$$, '42501',
  'permission denied for function claim_gift_voucher_deliveries', 'anon cannot claim vouchers (and read their codes)');
select throws_ok($$select public.checkout_session_summary('cs_local_seed_0002')$$, '42501',
  'permission denied for function checkout_session_summary', 'anon cannot read sessions directly (the function does, by session id)');
select tests.authenticate_as('member');
select throws_ok($$select * from public.claim_gift_voucher_deliveries()$$, '42501',
  'permission denied for function claim_gift_voucher_deliveries', 'a member cannot claim vouchers');
select throws_ok($$select public.finish_gift_voucher_deliveries('{}', '{}')$$, '42501',
  'permission denied for function finish_gift_voucher_deliveries', 'a member cannot mark vouchers sent');
select tests.authenticate_as('official');
select throws_ok($$select * from public.claim_gift_voucher_deliveries()$$, '42501',
  'permission denied for function claim_gift_voucher_deliveries', 'nor can an admin through the API (the function sends for them)');
select tests.clear_authentication();
select ok(not has_function_privilege('authenticated', 'private.spend_gift_voucher(bigint, text, integer)', 'execute')
  and not has_function_privilege('service_role', 'private.spend_gift_voucher(bigint, text, integer)', 'execute'),
  'spending is only reachable from inside an RPC');
select ok(not has_table_privilege('authenticated', 'private.gift_voucher_deliveries', 'select'), 'the outbox is not readable from the API');

-- ============================================================================
-- buying: the delivery date
-- ============================================================================
select tests.authenticate_as_service_role();
select throws_ok($$select public.create_gift_voucher_order('b@example.com', null, 'k-gv-past-01', 'cs_test_gv_past', 2500,
  jsonb_build_object('buyer_name', 'Bea', 'recipient_email', 'r@example.com', 'deliver_on', (now() at time zone 'Europe/London')::date - 1))$$,
  '22023', 'Choose today or a later date.', 'a date in the past is refused');
select throws_ok($$select public.create_gift_voucher_order('b@example.com', null, 'k-gv-late-01', 'cs_test_gv_late', 2500,
  jsonb_build_object('buyer_name', 'Bea', 'recipient_email', 'r@example.com', 'deliver_on', ((now() at time zone 'Europe/London')::date + interval '1 year 1 day')::date))$$,
  '22023', 'Choose a date within a year.', 'a date over a year ahead is refused');
select throws_ok($$select public.create_gift_voucher_order('b@example.com', null, 'k-gv-none-01', 'cs_test_gv_none', 2500,
  jsonb_build_object('deliver_on', (now() at time zone 'Europe/London')::date + 3))$$,
  '22023', 'Add the recipient''s e-mail address to choose a delivery date.', 'a date with nobody to send to is refused');
select is((select count(*)::int from public.orders where checkout_session_id like 'cs_test_gv_%'), 0, '…and nothing was written');

select ok(public.create_gift_voucher_order('b@example.com', null, 'k-gv-later-1', 'cs_test_gv_later', 2500,
  jsonb_build_object('buyer_name', ' Bea Buyer ', 'recipient_name', 'Rae', 'recipient_email', 'rae@example.com', 'message', 'Grow!',
    'deliver_on', (now() at time zone 'Europe/London')::date + 10)) > 0, 'a voucher for a later day is bought');
select results_eq($$select g.status, g.buyer_name, g.deliver_on - (now() at time zone 'Europe/London')::date, o.total_pence, o.kind
  from public.gift_vouchers g join public.orders o on o.id = g.order_id where o.checkout_session_id = 'cs_test_gv_later'$$,
  $$values ('pending'::text, 'Bea Buyer'::text, 10, 2500, 'gift_voucher'::text)$$, '…pending, from the buyer, for that day');
select is((select (g.expires_at at time zone 'Europe/London')::date - g.deliver_on from public.gift_vouchers g
  join public.orders o on o.id = g.order_id where o.checkout_session_id = 'cs_test_gv_later'),
  (((now() at time zone 'Europe/London')::date + 10 + interval '1 year')::date - ((now() at time zone 'Europe/London')::date + 10)), '…valid for a year from the day it arrives');
select ok(public.create_gift_voucher_order('c@example.com', null, 'k-gv-now-001', 'cs_test_gv_now', 1000,
  jsonb_build_object('buyer_name', 'Cy', 'recipient_email', 'now@example.com')) > 0, 'a voucher for right away is bought');
select ok(public.create_gift_voucher_order('d@example.com', null, 'k-gv-self-01', 'cs_test_gv_self', 1000, '{}') > 0,
  'a voucher for the buyer themselves is bought');

-- ============================================================================
-- the outbox
-- ============================================================================
select is((select count(*)::int from public.claim_gift_voucher_deliveries()), 0, 'nothing is sent before it is paid');
select is(public.apply_payment_event('local', 'evt_test_gv_1', 'checkout.session.completed', 'cs_test_gv_later', 'pi_test_gv_1', 2500), 'paid', 'paid');
select is(public.apply_payment_event('local', 'evt_test_gv_2', 'checkout.session.completed', 'cs_test_gv_now', 'pi_test_gv_2', 1000), 'paid', 'paid');
select is(public.apply_payment_event('local', 'evt_test_gv_3', 'checkout.session.completed', 'cs_test_gv_self', 'pi_test_gv_3', 1000), 'paid', 'paid');
select results_eq($$select recipient_email from public.claim_gift_voucher_deliveries()$$, $$values ('now@example.com'::text)$$,
  'once paid, only the voucher due today is claimed (not the later one, not the buyer''s own)');
select is((select count(*)::int from public.claim_gift_voucher_deliveries()), 0, 'a second sender claims nothing');

-- The later voucher's day comes.
update public.gift_vouchers g set deliver_on = (now() at time zone 'Europe/London')::date
from public.orders o where o.id = g.order_id and o.checkout_session_id = 'cs_test_gv_later';
select tests.clear_authentication();
select cmp_ok(private.drain_notification_outboxes(), '>=', 1, 'the drain asks for a delivery once a voucher is due');
select is((select count(*)::int from net.http_request_queue q where q.url like '%/functions/v1/payments/deliver-vouchers'
  and convert_from(q.body, 'UTF8')::jsonb = '{"action": "deliver_vouchers"}'), 1, '…one request to the payments function');
select tests.authenticate_as_service_role();
select results_eq($$select code ~ '^[A-Z0-9]{4}(-[A-Z0-9]{4}){2}$', buyer_name, recipient_name, message, value_pence
  from public.claim_gift_voucher_deliveries()$$, $$values (true, 'Bea Buyer'::text, 'Rae'::text, 'Grow!'::text, 2500)$$,
  'the sender gets what the e-mail needs');
select public.finish_gift_voucher_deliveries('{}', array[(select g.id from public.gift_vouchers g
  join public.orders o on o.id = g.order_id where o.checkout_session_id = 'cs_test_gv_later')]);
select is((select count(*)::int from public.claim_gift_voucher_deliveries()), 1, 'a failed send is released and claimed again');
select public.finish_gift_voucher_deliveries(array[(select g.id from public.gift_vouchers g
  join public.orders o on o.id = g.order_id where o.checkout_session_id = 'cs_test_gv_later')], '{}');
select is((select count(*)::int from public.claim_gift_voucher_deliveries()), 0, 'a sent voucher is never claimed again');

-- A voucher refunded before its day never goes.
select ok(public.create_gift_voucher_order('e@example.com', null, 'k-gv-refd-01', 'cs_test_gv_refunded', 1000,
  jsonb_build_object('buyer_name', 'Ed', 'recipient_email', 'gone@example.com', 'deliver_on', (now() at time zone 'Europe/London')::date + 5)) > 0, 'another later voucher');
select is(public.apply_payment_event('local', 'evt_test_gv_4', 'checkout.session.completed', 'cs_test_gv_refunded', 'pi_test_gv_4', 1000), 'paid', 'paid');
update public.orders set status = 'refunded' where checkout_session_id = 'cs_test_gv_refunded';
update public.gift_vouchers g set deliver_on = (now() at time zone 'Europe/London')::date
from public.orders o where o.id = g.order_id and o.checkout_session_id = 'cs_test_gv_refunded';
select is((select count(*)::int from public.claim_gift_voucher_deliveries()), 0, 'a refunded voucher is never sent');

-- ============================================================================
-- what the success page reads
-- ============================================================================
select results_eq($$select s ->> 'status', s ->> 'kind', s -> 'voucher' ->> 'recipient_email', s -> 'voucher' ->> 'sent_at' is not null,
    s -> 'voucher' ? 'code', s -> 'items' -> 0 ->> 'description'
  from public.checkout_session_summary('cs_test_gv_later') s$$,
  $$values ('paid'::text, 'gift_voucher'::text, 'rae@example.com'::text, true, false, 'Gift voucher £25'::text)$$,
  'a session shows what was bought, to whom it went and when, never the code');
select is(public.checkout_session_summary('cs_test_no_such_session'), null, 'an unknown session shows nothing');

-- ============================================================================
-- spending on any order (a membership with its deposit), never on a voucher
-- ============================================================================
insert into public.gift_vouchers (id, code, value_pence, buyer_email, status, expires_at)
values (90301, 'TEST-SPND-0001', 6000, 'giver@example.com', 'active', now() + interval '1 year');
insert into public.orders (id, email, kind, status, total_pence, checkout_session_id)
values (90301, 'm@example.com', 'membership', 'pending', 5000, 'cs_voucher_test_membership');
insert into public.deposits (email, site_id, order_id, amount_pence, status) values ('m@example.com', 9001, 90301, 5000, 'pending');
select tests.clear_authentication();
select throws_ok($$select private.spend_gift_voucher(90301, 'TEST-SPND-0001', 4000)$$, '40001', null,
  'a discount other than the one quoted spends nothing');
select results_eq($$select (r ->> 'total_pence')::int, r ->> 'status' from private.spend_gift_voucher(90301, 'test spnd 0001', 5000) r$$,
  $$values (0, 'paid'::text)$$, 'a voucher covering a membership order pays it at once');
select results_eq($$select o.status, o.discount_pence, d.status, g.balance_pence from public.orders o
  join public.deposits d on d.order_id = o.id join public.gift_vouchers g on g.id = o.redeemed_voucher_id where o.id = 90301$$,
  $$values ('paid'::text, 5000, 'paid'::text, 1000)$$, '…its deposit is paid and the voucher keeps the rest');
select throws_ok($$select private.spend_gift_voucher((select id from public.orders where checkout_session_id = 'cs_test_gv_self'), 'TEST-SPND-0001', 1000)$$,
  '22023', 'Only an unpaid order without a voucher can take a gift voucher', 'a paid order takes no voucher');
select tests.authenticate_as_service_role();
select ok(public.create_gift_voucher_order('f@example.com', null, 'k-gv-pend-01', 'cs_test_gv_pending', 1000, '{}') > 0, 'an unpaid voucher order');
select tests.clear_authentication();
select throws_ok($$select private.spend_gift_voucher((select id from public.orders where checkout_session_id = 'cs_test_gv_pending'), 'TEST-SPND-0001', 1000)$$,
  '22023', 'A gift voucher cannot pay for another gift voucher.', 'a voucher never buys another voucher');

select * from finish();
rollback;
