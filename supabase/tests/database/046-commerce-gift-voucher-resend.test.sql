-- Sending a gift voucher again (20250114000100_gift_voucher_resend.sql): admins only; a valid
-- address; only a voucher that can still be spent; a sent voucher is released for the sender at
-- once and claimed with its new round; a dated one keeps its day; the delivery date is visible to
-- admins only; the change is in the audit log.
begin;
select plan(16);

select tests.create_actors();

-- A paid voucher sent to a mistyped address, one for later, and one used in full.
select tests.authenticate_as_service_role();
do $$
begin
  perform public.create_gift_voucher_order('b44@example.com', null, 'k-gv44-sent', 'cs_test_gv44_sent', 2500,
  jsonb_build_object('buyer_name', 'Bea', 'recipient_name', 'Rae', 'recipient_email', 'rae@exmaple.com'));
  perform public.create_gift_voucher_order('b44@example.com', null, 'k-gv44-late', 'cs_test_gv44_late', 2500,
  jsonb_build_object('buyer_name', 'Bea', 'recipient_email', 'later@example.com',
    'deliver_on', (now() at time zone 'Europe/London')::date + 10));
  perform public.create_gift_voucher_order('b44@example.com', null, 'k-gv44-used', 'cs_test_gv44_used', 1000,
  jsonb_build_object('buyer_name', 'Bea', 'recipient_email', 'used@example.com'));
  perform public.apply_payment_event('local', 'evt_gv44_' || s, 'checkout.session.completed', 'cs_test_gv44_' || s, 'pi_gv44_' || s, v)
  from (values ('sent', 2500), ('late', 2500), ('used', 1000)) x(s, v);
end
$$;
create temp table v44 as
  select o.checkout_session_id as s, g.id from public.gift_vouchers g join public.orders o on o.id = g.order_id
  where o.checkout_session_id like 'cs_test_gv44_%';
grant select on v44 to public;
do $$
begin
  perform public.finish_gift_voucher_deliveries(array(select c.voucher_id from public.claim_gift_voucher_deliveries() c
    where c.voucher_id in (select id from v44)), '{}');
end
$$;
update public.gift_vouchers set balance_pence = 0, status = 'redeemed', redeemed_at = now()
where id = (select id from v44 where s = 'cs_test_gv44_used');
select tests.clear_authentication();

-- ============================================================================
-- who may
-- ============================================================================
select is(tests.attempt('member', format('select public.resend_gift_voucher(%s, %L)', (select id from v44 where s = 'cs_test_gv44_sent'), 'x@example.com')),
  'error:Only admins may send a gift voucher again', 'a member cannot send a voucher again');
select is(tests.attempt('anon', format('select public.resend_gift_voucher(%s, %L)', (select id from v44 where s = 'cs_test_gv44_sent'), 'x@example.com')),
  'error:permission denied for function resend_gift_voucher', 'nor can a visitor');
select is(tests.attempt('pm_a', format('select public.gift_voucher_sent_at(%s)', (select id from v44 where s = 'cs_test_gv44_sent'))),
  'error:Only admins may see a gift voucher''s delivery', 'a patch manager cannot see when a voucher went');
select tests.authenticate_as('founder');
select ok(public.gift_voucher_sent_at((select id from v44 where s = 'cs_test_gv44_sent')) is not null, 'an admin sees when it went');
select ok(public.gift_voucher_sent_at((select id from v44 where s = 'cs_test_gv44_late')) is null, '…and that a dated one has not gone yet');

-- ============================================================================
-- bad input changes nothing
-- ============================================================================
select throws_ok(format('select public.resend_gift_voucher(%s, %L)', (select id from v44 where s = 'cs_test_gv44_sent'), 'rae at example'),
  '22023', 'Enter a valid e-mail address, like name@example.com.', 'a malformed address is refused');
select throws_ok(format('select public.resend_gift_voucher(%s, %L)', (select id from v44 where s = 'cs_test_gv44_used'), 'used2@example.com'),
  '22023', 'This gift voucher can no longer be spent (used in full), so it is not sent again.', 'a voucher used in full is not sent again');
select throws_ok('select public.resend_gift_voucher(-1, ''a@example.com'')', 'PT404', 'There is no such gift voucher.', 'an unknown voucher (404 through the API)');
select results_eq($$select g.recipient_email, g.resent_count from public.gift_vouchers g join v44 on v44.id = g.id order by v44.s$$,
  $$values ('later@example.com'::text, 0), ('rae@exmaple.com'::text, 0), ('used@example.com'::text, 0)$$, '…and nothing changed');

-- ============================================================================
-- sending again
-- ============================================================================
select results_eq(format('select recipient_email, resent_count from public.resend_gift_voucher(%s, %L)', (select id from v44 where s = 'cs_test_gv44_sent'), ' rae@example.com '),
  $$values ('rae@example.com'::text, 1)$$, 'an admin corrects the address: the voucher now goes there, round 1');
select ok(public.gift_voucher_sent_at((select id from v44 where s = 'cs_test_gv44_sent')) is null, '…its delivery is released');
select is((select count(*)::int from public.audit_log a where a.table_name = 'gift_vouchers' and a.row_id = (select id from v44 where s = 'cs_test_gv44_sent')::text
  and a.before ->> 'recipient_email' = 'rae@exmaple.com' and a.after ->> 'recipient_email' = 'rae@example.com'
  and a.actor_id = tests.uid('founder')), 1, '…and the audit log says who changed it from what');
select results_eq(format('select recipient_email, deliver_on - (now() at time zone ''Europe/London'')::date from public.resend_gift_voucher(%s, %L)',
  (select id from v44 where s = 'cs_test_gv44_late'), 'later2@example.com'),
  $$values ('later2@example.com'::text, 10)$$, 'a dated voucher keeps its day, to the new address');
select tests.authenticate_as_service_role();
select results_eq($$select recipient_email, resent_count from public.claim_gift_voucher_deliveries() where voucher_id in (select id from v44)$$,
  $$values ('rae@example.com'::text, 1)$$, 'the sender claims the corrected voucher with its round (the dated one waits)');
select is((select count(*)::int from public.claim_gift_voucher_deliveries() where voucher_id in (select id from v44)), 0, '…once');
select tests.authenticate_as('founder');
select results_eq(format('select resent_count from public.resend_gift_voucher(%s, %L)', (select id from v44 where s = 'cs_test_gv44_sent'), 'rae@example.com'),
  $$values (2)$$, 'sent again to the same address: round 2');

select * from finish();
rollback;
