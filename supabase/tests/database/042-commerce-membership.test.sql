-- Membership, honestly queued (20250101000300_commerce.sql): at a site with people waiting a
-- plot is taken only through an accepted offer; where nobody waits and plots are free, anyone
-- signed in may set up; a stranger cannot get round it by calling the API by hand.
begin;
select plan(34);

select tests.create_actors();
select tests.create_user('applicant');
select tests.create_user('neighbour');
select tests.create_user('latecomer');

insert into public.global_sites (id, city, city_slug, location, slug, status, allotments) values
  (9101, 'Testford', 'testford', 'Free Fields', 'free-fields', 'active', 2),
  (9102, 'Testford', 'testford', 'Queue Meadow', 'queue-meadow', 'open', 10),
  (9103, 'Testford', 'testford', 'Full Acre', 'full-acre', 'active', 1),
  (9104, 'Testford', 'testford', 'Uncounted Patch', 'uncounted-patch', 'active', null);
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at) values
  (9102, 'x', 'Ada', 'Applicant', 'applicant@test.local', true, now() - interval '30 days'),
  (9102, 'x', 'Nell', 'Next', 'next@test.local', true, now() - interval '20 days');
-- Full Acre's one plot is the neighbour's (a staff record: no order).
insert into public.members (user_id, first_name, last_name, email) values (tests.uid('neighbour'), 'Nia', 'Neighbour', 'neighbour@test.local');
insert into public.memberships (member_id, site_id, status) select id, 9103, 'active' from public.members where user_id = tests.uid('neighbour');
insert into public.plans (name, price_pence) values ('Membership test plan', 2999);

select set_config('tests.plan_id', (select id::text from public.plans where name = 'Membership test plan'), true);
select set_config('tests.msg_waiting', private.membership_message('waiting_list'), true);
select set_config('tests.msg_full', private.membership_message('full'), true);
select set_config('tests.msg_member', private.membership_message('already_member'), true);
select set_config('tests.msg_not_open', private.membership_message('not_open'), true);

-- A membership checkout as the payments function writes it (plan, joining fee, deposit).
create function pg_temp.checkout(p_user text, p_site bigint, p_key text, p_token text default null)
returns bigint
language sql
as $$
  select public.create_membership_order(p_user || '@test.local', tests.uid(p_user), p_key, 'cs_' || p_key, 10499,
    '[{"description": "Plan", "quantity": 1, "unit_price_pence": 2999}, {"description": "Joining fee", "quantity": 1, "unit_price_pence": 2500},
      {"description": "Refundable deposit", "quantity": 1, "unit_price_pence": 5000}]',
    p_site, current_setting('tests.plan_id')::bigint, '{"first_name": "Tess", "last_name": "Ter"}', 5000, p_token)
$$;

-- ============================================================================
-- grants: the rule's RPCs run only through the functions
-- ============================================================================
select ok(
  not has_function_privilege('anon', 'public.membership_access(text, uuid, text)', 'execute')
  and not has_function_privilege('authenticated', 'public.membership_access(text, uuid, text)', 'execute')
  and not has_function_privilege('authenticated', 'public.membership_sites()', 'execute')
  and not has_function_privilege('authenticated', 'public.plot_offer_by_token(text)', 'execute')
  and not has_function_privilege('anon', 'public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text, text, integer)', 'execute')
  and not has_function_privilege('authenticated', 'public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text, text, integer)', 'execute')
  and has_function_privilege('service_role', 'public.create_membership_order(text, uuid, text, text, integer, jsonb, bigint, bigint, jsonb, integer, text, text, integer)', 'execute'),
  'only the service role (the functions) checks access and creates membership orders'
);

-- ============================================================================
-- a signed-in stranger at a site with people waiting, by hand
-- ============================================================================
select tests.authenticate_as('member');
select throws_ok($$insert into public.memberships (member_id, site_id) values (1, 9102)$$, '42501', 'permission denied for table memberships',
  'a stranger cannot write a membership through REST');
select throws_ok($$select public.create_checkout_order('membership', 'member@test.local', auth.uid(), 'k-hand-1', 'cs_hand_1', 1, '[]', 9102, null, null, '{"first_name": "M", "last_name": "M"}')$$,
  '42501', 'permission denied for function create_checkout_order', '… nor call the checkout RPC');
select throws_ok($$select pg_temp.checkout('member', 9102, 'k-hand-2')$$, '42501', 'permission denied for function create_membership_order',
  '… nor the membership order RPC');
select throws_ok($$select public.membership_access('queue-meadow', auth.uid())$$, '42501', 'permission denied for function membership_access',
  '… nor ask for someone else''s access');
select tests.clear_authentication();

-- ============================================================================
-- the same stranger through the payments function (the service role on their behalf)
-- ============================================================================
select tests.authenticate_as_service_role();
select is(public.membership_access('queue-meadow', tests.uid('member')) ->> 'reason', 'waiting_list', 'people are waiting at Queue Meadow');
select is((public.membership_access('queue-meadow', tests.uid('member')) ->> 'waiting')::int, 2, '… two of them');
select throws_ok($$select pg_temp.checkout('member', 9102, 'k-stranger-1')$$, '42501', current_setting('tests.msg_waiting'),
  'a stranger cannot set up a membership ahead of the queue');
select throws_ok($$select public.create_checkout_order('membership', 'member@test.local', tests.uid('member'), 'k-stranger-2', 'cs_stranger_2', 2999,
    '[]', 9102, current_setting('tests.plan_id')::bigint, null, '{"first_name": "M", "last_name": "M"}')$$,
  '42501', current_setting('tests.msg_waiting'), '… whichever RPC writes the membership (the trigger decides)');
select tests.clear_authentication();
select is((select count(*)::int from public.orders where idempotency_key like 'k-stranger-%'), 0, 'a refused checkout writes nothing');

-- ============================================================================
-- the applicant: offered, accepts by token, sets up with it
-- ============================================================================
select tests.authenticate_as('founder');
select is((select count(*)::int from public.make_plot_offers(9102, 1)), 1, 'staff offer the next plot to the first in the queue');
select tests.clear_authentication();
select set_config('tests.token', (select o.response_token from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
  where e.email = 'applicant@test.local'), true);

select tests.authenticate_as_service_role();
select is(public.membership_access('queue-meadow', tests.uid('applicant'), current_setting('tests.token')) ->> 'reason', 'offer_unanswered',
  'an offer not yet accepted does not open setup');
select throws_ok($$select pg_temp.checkout('applicant', 9102, 'k-early', current_setting('tests.token'))$$, '42501', current_setting('tests.msg_waiting'),
  '… nor a checkout');
select tests.authenticate_as_anon();
select is(public.respond_to_plot_offer(current_setting('tests.token'), true), 'accepted', 'the applicant accepts by the token in their link');
select tests.authenticate_as_service_role();
select is(public.membership_access('queue-meadow', tests.uid('applicant'), current_setting('tests.token')) ->> 'reason', 'offer',
  'the accepted offer opens setup for the applicant');
select is(public.membership_access('queue-meadow', tests.uid('member')) ->> 'reason', 'waiting_list', 'but not for the stranger (Nell still waits)');
select lives_ok($$select pg_temp.checkout('applicant', 9102, 'k-offer-1', current_setting('tests.token'))$$, 'the applicant starts a checkout with their offer');
select tests.clear_authentication();
select results_eq(
  $$select m.status, m.plot_offer_id = o.id, d.amount_pence, d.status, e.user_id = tests.uid('applicant')
    from public.orders r join public.memberships m on m.order_id = r.id join public.deposits d on d.order_id = r.id
    join public.plot_offers o on o.response_token = current_setting('tests.token') join public.waiting_list_entries e on e.id = o.entry_id
    where r.idempotency_key = 'k-offer-1'$$,
  $$values ('pending', true, 5000, 'pending', true)$$,
  'a pending membership made with the offer, its deposit, and the offer claimed for the account'
);

select tests.authenticate_as_service_role();
select is(public.membership_access('queue-meadow', tests.uid('latecomer'), current_setting('tests.token')) ->> 'reason', 'offer_taken',
  'a forwarded link is no use to another account');
select throws_ok($$select pg_temp.checkout('latecomer', 9102, 'k-forwarded', current_setting('tests.token'))$$, '42501', current_setting('tests.msg_waiting'),
  '… which cannot check out with it');
select lives_ok($$select pg_temp.checkout('applicant', 9102, 'k-offer-2', current_setting('tests.token'))$$, 'the applicant may start again');
select is(public.apply_payment_event('local', 'evt_membership_1', 'checkout.session.completed', 'cs_k-offer-2', 'pi_m_1', 10499), 'paid', 'and pays');
select tests.clear_authentication();
select results_eq(
  $$select r.idempotency_key, m.status, d.status from public.orders r join public.memberships m on m.order_id = r.id
    join public.deposits d on d.order_id = r.id where r.idempotency_key like 'k-offer-%' order by r.id$$,
  $$values ('k-offer-1', 'cancelled', 'pending'), ('k-offer-2', 'active', 'paid')$$,
  'the earlier unpaid checkout gave way; one membership, active, with its deposit paid'
);
select tests.authenticate_as_service_role();
select throws_ok($$select pg_temp.checkout('applicant', 9102, 'k-offer-3', current_setting('tests.token'))$$, '42501', current_setting('tests.msg_member'),
  'one offer makes one membership');
select is(public.membership_access('queue-meadow', null, current_setting('tests.token')) ->> 'reason', 'offer_used',
  'the link opened on another device, signed out, says the offer is used');
select results_eq(
  $$select status, site_slug, membership_status from public.plot_offer_by_token(current_setting('tests.token'))$$,
  $$values ('accepted', 'queue-meadow', 'active')$$,
  'the offer link shows what became of it'
);

-- ============================================================================
-- free plots and nobody waiting: anyone signed in
-- ============================================================================
select is(public.membership_access('free-fields') ->> 'reason', 'open', 'Free Fields has free plots and nobody waiting');
select lives_ok($$select pg_temp.checkout('member', 9101, 'k-free-1')$$, 'a stranger sets up directly');
select lives_ok($$select pg_temp.checkout('latecomer', 9101, 'k-free-2')$$, '… and another takes the last plot');
select throws_ok($$select pg_temp.checkout('applicant', 9101, 'k-free-3')$$, '42501', current_setting('tests.msg_full'),
  'an unpaid checkout holds its plot: the site is full');
select throws_ok($$select pg_temp.checkout('member', 9103, 'k-full')$$, '42501', current_setting('tests.msg_full'), 'a full site takes nobody directly');
select throws_ok($$select pg_temp.checkout('member', 9104, 'k-uncounted')$$, '42501', current_setting('tests.msg_full'),
  'a site whose plots are not counted takes nobody directly');
select throws_ok($$select pg_temp.checkout('member', 9003, 'k-upcoming')$$, '42501', current_setting('tests.msg_not_open'), 'an upcoming site takes nobody');
select results_eq(
  $$select slug, reason, waiting, plots_free from public.membership_sites() where slug in ('free-fields', 'queue-meadow', 'full-acre', 'test-site-c') order by slug$$,
  $$values ('free-fields', 'full', 0::bigint, 0), ('full-acre', 'full', 0::bigint, 0), ('queue-meadow', 'waiting_list', 1::bigint, 9),
    ('test-site-c', 'not_open', 0::bigint, null::integer)$$,
  'every site says what a new visitor may do there'
);
select tests.clear_authentication();

select * from finish();
rollback;
