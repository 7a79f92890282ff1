-- Checkout and members: a checkout order is written pending and a completed session pays it once
-- (a redelivered event changes nothing; a wrong amount is refused); members cannot cancel by
-- writing their membership row or through an RPC that skips the notice period.
begin;
select plan(7);

select tests.create_actors();

-- ============================================================================
-- service role: a checkout order, paid once by the webhook
-- ============================================================================
select tests.authenticate_as_service_role();
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
select tests.clear_authentication();

-- ============================================================================
-- members cancel their own membership
-- ============================================================================
insert into public.members (user_id, first_name, last_name, email) values (tests.uid('member'), 'Mem', 'Ber', 'member@test.local');
insert into public.memberships (id, member_id, site_id, status)
select 90001, id, 9001, 'active' from public.members where user_id = tests.uid('member');
-- The old direct RPC skipped the notice period; members cancel through /membership-change.
select hasnt_function('public', 'request_membership_cancellation', array['bigint', 'text'],
  'no RPC sets a membership to cancellation_requested without the agreement''s notice period');
select tests.authenticate_as('member');
select throws_ok($$update public.memberships set status = 'cancellation_requested' where id = 90001$$, '42501',
  null, 'a member cannot change their membership''s status by writing the row');
select tests.clear_authentication();

select * from finish();
rollback;
