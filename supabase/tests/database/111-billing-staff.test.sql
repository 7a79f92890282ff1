-- Billing, staff side (20250120000000_billing.sql): admins change a member's membership from its
-- admin page under the member's own rules, and refund a paid payment once, within what was paid;
-- patch managers and members do neither. The agreement's arrears terms are public and their
-- settings are checked.
begin;
select plan(16);

select tests.create_actors();
create function tests.refunds(p_invoice_id bigint) returns text[] language sql security definer set search_path = ''
as $$ select coalesce(array_agg(status || ':' || amount_pence order by id), '{}') from private.invoice_refunds where invoice_id = p_invoice_id $$;
create function tests.change_by(p_membership_id bigint) returns uuid language sql security definer set search_path = ''
as $$ select requested_by from private.membership_changes where membership_id = p_membership_id order by id desc limit 1 $$;
grant execute on function tests.refunds(bigint), tests.change_by(bigint) to authenticated, service_role;

insert into public.plans (id, name, price_pence) values (99801, 'Staff billing monthly', 2500);
insert into public.members (id, user_id, first_name, last_name, email) values (99801, tests.uid('member'), 'Mem', 'Ber', 'member@test.local');
insert into public.memberships (id, member_id, site_id, plan_id, status, start_date)
values (99801, 99801, 9001, 99801, 'active', private.london_today() - 100);
insert into public.subscriptions (id, membership_id, provider, provider_ref, customer_ref, status)
values (99801, 99801, 'local', 'sub_staff', 'cus_staff', 'active');
insert into public.invoices (id, subscription_id, membership_id, provider_ref, status, amount_due_pence, amount_paid_pence, payment_ref, issued_at, paid_at)
values (99801, 99801, 99801, 'in_staff_paid', 'paid', 2500, 2500, 'pi_staff_paid', now(), now()),
       (99802, 99801, 99801, 'in_staff_open', 'open', 2500, 0, null, now(), null);

-- ============================================================================
-- changes on a member's behalf
-- ============================================================================
select tests.authenticate_as('pm_a');
select throws_ok($$select public.request_membership_change(99801, 'pause', 1, null, 'staff-pause-0001')$$, 'PT404',
  'No membership of yours with that id', 'a patch manager cannot change a member''s membership');
select tests.authenticate_as('official');
select is(public.request_membership_change(99801, 'pause', 1, 'Away for the winter', 'staff-pause-0001') ->> 'status', 'pending',
  'an admin asks for a pause on the member''s behalf');
select is(tests.change_by(99801), tests.uid('official'), 'the change names the admin who asked');
select is(public.request_membership_change(99801, 'cancel', null, null, 'staff-cancel-0001') ->> 'other_pending', 'true',
  'as for the member, one change at a time: the pending one is handed back to be finished');

-- ============================================================================
-- refunds
-- ============================================================================
select tests.authenticate_as('member');
select throws_ok($$select public.request_invoice_refund(99801, 'I want my money')$$, '42501', 'Only admins refund payments.',
  'a member cannot refund');
select tests.authenticate_as('pm_a');
select throws_ok($$select public.request_invoice_refund(99801, 'Plot flooded')$$, '42501', 'Only admins refund payments.',
  'nor a patch manager');
select tests.authenticate_as('official');
select throws_ok($$select public.request_invoice_refund(99802, 'Not paid yet')$$, '22023', 'Only a paid payment can be refunded.',
  'an unpaid invoice cannot be refunded');
select throws_ok($$select public.request_invoice_refund(99801, 'x')$$, '22023', 'Give a reason of 3 to 500 characters.',
  'a refund needs a reason');
select throws_ok($$select public.request_invoice_refund(99801, 'Plot flooded', 2501)$$, '22023', 'Refund between £0.01 and £25.00.',
  'no more than was paid');
select is(public.request_invoice_refund(99801, 'Plot flooded', 1000) ->> 'payment_ref', 'pi_staff_paid', 'an admin refunds part of a payment');
select is(public.request_invoice_refund(99801, 'Plot flooded again', 500) ->> 'repeated', 'true', 'a second ask while one is pending returns it');
select tests.authenticate_as_service_role();
select is(public.settle_invoice_refund((select max(id) from private.invoice_refunds), 'applied', 're_staff') ->> 'status', 'applied',
  'the payments function settles it');
select tests.authenticate_as('official');
select throws_ok($$select public.request_invoice_refund(99801, 'Plot flooded', 1501)$$, '22023', 'Refund between £0.01 and £15.00.',
  'what is left to refund is what was paid less refunds');
select is(tests.refunds(99801), '{applied:1000}'::text[], 'one refund recorded');

-- ============================================================================
-- the agreement's terms
-- ============================================================================
select tests.authenticate_as_anon();
select is(public.billing_terms(), '{"grace_days": 14, "reminder_days": [3, 7]}'::jsonb, 'anyone may read the arrears terms');
select tests.clear_authentication();
select throws_ok($$update public.app_settings set value = '0' where key = 'payment_grace_days'$$, '23514', null,
  'a grace period must be 1 to 30 days');

select * from finish();
rollback;
