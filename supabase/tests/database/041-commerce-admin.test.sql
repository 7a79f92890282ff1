-- Admin commerce: gift-voucher balances spent by shop orders (locked, never beyond the
-- value, given back on cancel and refund), refunds asked by admins only and applied once, store
-- figures and sales reports for admins only, product image checks, and audit entries.
begin;
select plan(36);

select tests.create_actors();
insert into public.products (id, name, slug, price_pence, stock) values (90001, 'Test trowel', 'test-trowel', 1000, 10);
insert into public.gift_vouchers (id, code, value_pence, buyer_email, status, expires_at)
values (90001, 'TEST-VOUC-HER1', 1500, 'giver@example.com', 'active', now() + interval '1 year'),
       (90002, 'TEST-VOUC-HER2', 1500, 'giver@example.com', 'active', now() - interval '1 day');

-- ============================================================================
-- vouchers: balance, spending, refusal, give-back
-- ============================================================================
select is((select balance_pence from public.gift_vouchers where id = 90001), 1500, 'a new voucher starts with its whole value');
select throws_ok($$update public.gift_vouchers set balance_pence = 1501 where id = 90001$$, '23514', null,
  'a balance never exceeds the value');

select tests.authenticate_as_anon();
select throws_ok($$select public.create_shop_order('a@example.com', null, 'k-anon-0001', 'cs_test_anon', '[]', null, 0, null)$$,
  '42501', 'permission denied for function create_shop_order', 'anon cannot write orders through the RPC');
select throws_ok($$select public.quote_gift_voucher('TEST-VOUC-HER1', 100)$$, '42501', 'permission denied for function quote_gift_voucher',
  'anon cannot probe vouchers directly (the function does, rate-free but validated)');
select tests.authenticate_as('member');
select throws_ok($$select public.create_shop_order('a@example.com', null, 'k-member-001', 'cs_test_member', '[]', null, 0, null)$$,
  '42501', 'permission denied for function create_shop_order', 'members cannot write orders through the RPC');

select tests.authenticate_as_service_role();
select is((public.quote_gift_voucher('test vouc her1', 1000)) ->> 'discount_pence', '1000', 'a quote takes at most the total');
select is((select balance_pence from public.gift_vouchers where id = 90001), 1500, 'a quote spends nothing');
select throws_ok($$select public.quote_gift_voucher('TEST-VOUC-HER2', 1000)$$, '22023', null, 'an expired voucher is refused');
select throws_ok($$select public.create_shop_order('b@example.com', null, 'k-stale-0001', 'cs_test_stale', '[{"product_id": 90001, "quantity": 1, "description": "Test trowel", "unit_price_pence": 1000}]', 'TEST-VOUC-HER1', 500, null)$$,
  '40001', 'The gift voucher balance changed while you were checking out: check the new total and try again.',
  'an order whose buyer saw another discount is refused');
select is((select count(*)::int from public.orders where idempotency_key = 'k-stale-0001'), 0, '…and nothing is written');

select is((public.create_shop_order('b@example.com', null, 'k-first-0001', 'cs_test_first', '[{"product_id": 90001, "quantity": 1, "description": "Test trowel", "unit_price_pence": 1000}]', 'TEST-VOUC-HER1', 1000, null)) ->> 'total_pence',
  '0', 'a voucher covering the order leaves nothing to pay');
select is((select status from public.orders where idempotency_key = 'k-first-0001'), 'paid', '…and the order is paid at once');
select is((select stock from public.products where id = 90001), 9, '…and stock goes down');
select is((select balance_pence from public.gift_vouchers where id = 90001), 500, 'the balance goes down by what was spent');

select is((public.create_shop_order('c@example.com', null, 'k-second-001', 'cs_test_second', '[{"product_id": 90001, "quantity": 1, "description": "Test trowel", "unit_price_pence": 1000}]', 'TEST-VOUC-HER1', 500, null)) ->> 'total_pence',
  '500', 'the rest of the balance pays part of the next order');
select results_eq($$select status, balance_pence, redeemed_at is not null from public.gift_vouchers where id = 90001$$,
  $$values ('redeemed'::text, 0, true)$$, 'a voucher spent in full is redeemed');
select throws_ok($$select public.create_shop_order('d@example.com', null, 'k-third-0001', 'cs_test_third', '[{"product_id": 90001, "quantity": 1, "description": "Test trowel", "unit_price_pence": 1000}]', 'TEST-VOUC-HER1', 0, null)$$,
  '22023', 'That gift voucher has already been used in full.', 'a used-up voucher cannot be used again');

update public.orders set status = 'cancelled' where idempotency_key = 'k-second-001';
select results_eq($$select status, balance_pence, redeemed_at is null from public.gift_vouchers where id = 90001$$,
  $$values ('active'::text, 500, true)$$, 'a cancelled checkout gives its part of the voucher back');

-- ============================================================================
-- refunds
-- ============================================================================
insert into public.orders (id, email, kind, status, total_pence, checkout_session_id) values (90010, 'r@example.com', 'shop', 'paid', 1000, 'cs_test_refund');
insert into public.payments (order_id, provider, provider_ref, amount_pence, status) values (90010, 'local', 'pi_test_refund', 1000, 'succeeded');

select tests.authenticate_as('impostor');
select throws_ok($$select public.request_order_refund(90010, 'Broken on arrival')$$, '42501', 'Only admins can refund orders',
  'a member claiming a role in user_metadata cannot refund');
select tests.authenticate_as('pm_a');
select throws_ok($$select public.request_order_refund(90010, 'Broken on arrival')$$, '42501', 'Only admins can refund orders',
  'a patch manager cannot refund');
select tests.authenticate_as('team');
select throws_ok($$select public.request_order_refund(90010, 'x')$$, '22023', 'Give the reason for the refund (3 to 500 characters).',
  'a refund needs a reason');
select is((public.request_order_refund(90010, 'Broken on arrival')) ->> 'payment_ref', 'pi_test_refund',
  'an admin asks for a refund of the payment');
select tests.clear_authentication();
select is((select actor_role from public.audit_log where table_name = 'orders' and row_id = '90010' order by id desc limit 1), 'roots_team',
  'the refund request is in the audit log with the staff role');

select tests.authenticate_as_service_role();
select is(public.apply_refund_event('local', 'evt_test_r1', 'pi_test_refund', 're_test_1', 1000, 'succeeded'), 'refunded', 'the refund event refunds');
select is(public.apply_refund_event('local', 'evt_test_r1', 'pi_test_refund', 're_test_1', 1000, 'succeeded'), 'duplicate', 'a redelivered event changes nothing');
select is(public.apply_refund_event('local', 'evt_test_r2', 'pi_test_refund', 're_test_1', 1000, 'succeeded'), 'ignored: already refunded',
  'another event for the same refund changes nothing');
select results_eq($$select o.status, p.status from public.orders o join public.payments p on p.order_id = o.id where o.id = 90010$$,
  $$values ('refunded'::text, 'refunded'::text)$$, 'order and payment are refunded');
select tests.clear_authentication();

-- ============================================================================
-- reading: orders hidden from patch managers; figures for admins only
-- ============================================================================
select is(tests.count_as('pm_a', 'select 1 from public.orders where id = 90010'), 0::bigint, 'a patch manager cannot read orders');
select is(tests.count_as('pm_a', 'select 1 from public.payments where order_id = 90010'), 0::bigint, 'a patch manager cannot read payments');
select tests.authenticate_as('pm_a');
select throws_ok($$select public.store_dashboard()$$, '42501', 'Only admins can read the store figures', 'a patch manager cannot read the store figures');
select throws_ok($$select * from public.sales_report(current_date, current_date)$$, '42501', 'Only admins can read sales reports', 'nor sales reports');
select tests.authenticate_as('official');
select ok((public.store_dashboard() -> 'sales' -> 'today' ->> 'orders')::int >= 1, 'an admin reads the store figures, today''s sales included');
select throws_ok($$select * from public.sales_report(current_date, current_date - 1)$$, '22023', 'The end date must be on or after the start date.',
  'a report cannot end before it starts');
select is((select sum(refunded_pence)::int from public.sales_report(current_date - 1, current_date, 'day')), 1000,
  'the sales report counts the refunded order');

-- ============================================================================
-- products: image types, audited changes
-- ============================================================================
select throws_ok($$update public.products set image_url = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' where id = 90001$$, '23514', null,
  'an svg image is refused');
select lives_ok($$update public.products set image_url = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==' where id = 90001$$,
  'a png image (by its signature) is accepted and saved by an admin');
select tests.clear_authentication();

select * from finish();
rollback;
