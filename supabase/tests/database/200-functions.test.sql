-- The functions migration: private tables out of the API's reach, RPC grants, and the
-- behaviours the edge functions rely on (idempotent offers, webhook events applied once,
-- duplicate-aware pre-registration, tour capacity, admin-only tools).
begin;
select plan(20);

select tests.create_actors();

-- ============================================================================
-- grants: private tables and service-only RPCs
-- ============================================================================
select is_empty(
  $$select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'private' and c.relname in ('provider_calls', 'webhook_events', 'idempotency_keys', 'reconfirmations', 'notification_outbox')
      and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('authenticated', c.oid, 'select') or not c.relrowsecurity)$$,
  'the functions'' tables are in private, with RLS on and no API role reading them'
);
select ok(
  not has_function_privilege('anon', 'public.apply_payment_event(text, text, text, text, text, integer)', 'execute')
  and not has_function_privilege('authenticated', 'public.apply_payment_event(text, text, text, text, text, integer)', 'execute')
  and has_function_privilege('service_role', 'public.apply_payment_event(text, text, text, text, text, integer)', 'execute'),
  'only the service role (the verified webhook) applies payment events'
);
select ok(
  not has_function_privilege('authenticated', 'public.create_checkout_order(text, text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, jsonb)', 'execute')
  and not has_function_privilege('anon', 'public.pre_register(bigint, text, text, text, text, text, boolean)', 'execute')
  and not has_function_privilege('anon', 'public.book_welcome_slot(bigint, text, text, text, uuid)', 'execute')
  and not has_function_privilege('anon', 'public.record_provider_call(text, text, jsonb)', 'execute'),
  'public-form and provider RPCs run only through the functions'
);

-- ============================================================================
-- patch manager: offers by idempotency key
-- ============================================================================
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'Q' || g, 'Queue', 'q' || g || '@test.local', true, now() - make_interval(days => 10 - g) from generate_series(1, 4) g;

select tests.authenticate_as('pm_a');
select is((public.make_plot_offers_once('key-00000001', 9001, 2) ->> 'repeated')::boolean, false, 'a new key makes offers');
select is(jsonb_array_length(public.make_plot_offers_once('key-00000001', 9001, 2) -> 'offers'), 2, 'the same key returns the first result');
select is((public.make_plot_offers_once('key-00000001', 9001, 2) ->> 'repeated')::boolean, true, '… marked repeated');
select is((select count(*)::int from public.plot_offers where site_id = 9001), 2, 'and offers nothing more');
select throws_ok($$select public.make_plot_offers_once('key-00000002', 9002, 1)$$, '42501', 'Not allowed to make offers at this site',
  'a patch manager offers only at their sites');
select throws_ok($$select * from public.consolidate_applicants(true)$$, '42501', 'Only admins can merge applicants', 'tools are for admins');
select throws_ok($$select * from public.migrate_location('x', 9001, true)$$, '42501', 'Only admins can move waiting lists', 'the migrator too');

-- ============================================================================
-- service role: pre-registration, payments, bookings
-- ============================================================================
select tests.authenticate_as_service_role();
select is((select created from public.pre_register(9003, 'Pre', 'Reg', 'pre@test.local')), true, 'pre-registers for an upcoming site');
select is((select created from public.pre_register(9003, 'Pre', 'Reg', ' PRE@test.local ')), false, 'the same person gets their live pre-registration');
select throws_ok($$select * from public.pre_register(9001, 'Pre', 'Reg', 'open@test.local')$$, '22023', 'This site is open: join its waiting list instead',
  'an open site takes waiting-list entries');

select lives_ok($$select public.create_checkout_order('gift_voucher', 'buyer@test.local', null, 'idem-test-1', 'cs_test_sql_1', 2500,
  '[{"description": "Gift voucher", "quantity": 1, "unit_price_pence": 2500}]', null, null, '{"recipient_name": "Jo"}', null)$$, 'a checkout order is written pending');
select is(public.apply_payment_event('stripe', 'evt_sql_1', 'checkout.session.completed', 'cs_test_sql_1', 'pi_sql_1', 2500), 'paid', 'a completed session pays the order');
select is(public.apply_payment_event('stripe', 'evt_sql_1', 'checkout.session.completed', 'cs_test_sql_1', 'pi_sql_1', 2500), 'duplicate', 'a redelivered event changes nothing');
select is((select status from public.gift_vouchers where order_id = (select id from public.orders where checkout_session_id = 'cs_test_sql_1')), 'active',
  'the voucher is active');
select public.create_checkout_order('deposit', 'd@test.local', null, 'idem-test-2', 'cs_test_sql_2', 5000,
  '[{"description": "Deposit", "quantity": 1, "unit_price_pence": 5000}]', 9001, null, null, null);
select throws_ok($$select public.apply_payment_event('stripe', 'evt_sql_2', 'checkout.session.completed', 'cs_test_sql_2', 'pi_sql_2', 1)$$,
  '22023', null, 'a paid amount that does not match is refused');

insert into public.guided_tours (id, site_id, starts_at, capacity) values (9901, 9001, now() + interval '3 days', 3);
select lives_ok($$select * from public.book_guided_tour(9901, 'A', 'a@test.local', null, 2)$$, 'a party of two fits');
select throws_ok($$select * from public.book_guided_tour(9901, 'B', 'b@test.local', null, 2)$$, '23514', 'This guided tour is full',
  'a second party of two does not');

select * from finish();
rollback;
