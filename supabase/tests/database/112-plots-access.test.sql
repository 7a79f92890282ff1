-- Access to a site and co-workers (20250121000200_plot_access.sql): who sees the gate code (staff
-- of the site, members whose membership opens the gate, their accepted co-worker; not a visitor,
-- a member elsewhere, a suspended member or a stranger), who may change it, and co-workers: one
-- per membership, invited by e-mail, accepted once by the invited address before the link
-- expires, seeing the plot and the code but nothing of the membership's money.
begin;
select plan(86);

select tests.create_actors();
select tests.create_user('holder');
select tests.create_user('helper');
select tests.create_user('stranger');
select tests.create_user('elsewhere');
select tests.create_user('lapsed');
insert into public.members (user_id, first_name, last_name, email) values
  (tests.uid('holder'), 'Hana', 'Holder', 'holder@test.local'),
  (tests.uid('elsewhere'), 'Elsa', 'Where', 'elsewhere@test.local'),
  (tests.uid('lapsed'), 'Lars', 'Lapsed', 'lapsed@test.local');

-- Plot 7 at site A, let to the holder's active membership; the holder is billed by subscription.
select private.plot_flow(true);
insert into public.plots (site_id, number, status) values (9001, '7', 'let'), (9001, '8', 'vacant');
select private.plot_flow(false);
insert into public.memberships (member_id, site_id, status, plot_id, plot_number)
select mb.id, 9001, 'active', p.id, p.number from public.members mb, public.plots p
where mb.user_id = tests.uid('holder') and p.site_id = 9001 and p.number = '7';
insert into public.plot_tenancies (plot_id, site_id, membership_id)
select m.plot_id, 9001, m.id from public.memberships m join public.members mb on mb.id = m.member_id
where mb.user_id = tests.uid('holder');
insert into public.memberships (member_id, site_id, status)
select id, 9002, 'active' from public.members where user_id = tests.uid('elsewhere');
insert into public.memberships (member_id, site_id, status)
select id, 9001, 'suspended' from public.members where user_id = tests.uid('lapsed');
insert into public.orders (user_id, email, total_pence, status) values (tests.uid('holder'), 'holder@test.local', 2500, 'paid');
insert into public.subscriptions (membership_id, provider, provider_ref, customer_ref, status)
select m.id, 'local', 'sub_access_holder', 'cus_access_holder', 'active'
from public.memberships m join public.members mb on mb.id = m.member_id where mb.user_id = tests.uid('holder');
insert into public.invoices (subscription_id, membership_id, provider_ref, status, amount_due_pence, amount_paid_pence, paid_at, issued_at, payment_ref)
select s.id, s.membership_id, 'in_access_holder', 'paid', 2500, 2500, now(), now(), 'pi_access_holder'
from public.subscriptions s where s.provider_ref = 'sub_access_holder';

create temporary table ids on commit drop as
select m.id as membership_id, m.plot_id,
  (select s.id from public.subscriptions s where s.membership_id = m.id) as subscription_id,
  (select i.id from public.invoices i where i.membership_id = m.id) as invoice_id,
  (select o.id from public.orders o where o.user_id = tests.uid('holder')) as order_id
from public.memberships m join public.members mb on mb.id = m.member_id where mb.user_id = tests.uid('holder');
grant select on ids to authenticated, anon;

-- ============================================================================
-- staff: the site's staff set how to get in; nobody else does
-- ============================================================================
select tests.authenticate_as('pm_a');
select is((select gate_code from public.set_site_access(9001, ' 4827# ', 'Key safe by the shed, code as the gate')),
  '4827#', 'the site''s patch manager sets the gate code (trimmed)');
select is((select key_arrangements from public.site_access(9001)), 'Key safe by the shed, code as the gate',
  'and the key arrangements');
select throws_ok($$select public.set_site_access(9001, repeat('9', 41), null)$$, '22023',
  'A gate code is at most 40 characters', 'a gate code is short');
select is((select array_agg(site_id) from public.staff_site_access()), array[9001::bigint],
  'a patch manager''s panel lists only their sites');
select tests.authenticate_as('pm_b');
select throws_ok($$select public.set_site_access(9001, '1111', null)$$, '42501',
  'Only the site''s staff can change how to get in', 'the patch manager of another site cannot change it');
select throws_ok($$select * from public.site_access(9001)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'nor read it');
select tests.authenticate_as('team');
select is((select gate_code from public.site_access(9001)), '4827#', 'admins read every site''s code');
select is((select count(*)::int from public.staff_site_access() where site_id in (9001, 9002, 9003)), 3,
  'and list every site');
select tests.authenticate_as('member');
select throws_ok($$select * from public.staff_site_access()$$, '42501', 'Only staff see every site''s gate code',
  'the staff panel is for staff');
select throws_ok($$select public.set_site_access(9001, '1111', null)$$, '42501',
  'Only the site''s staff can change how to get in', 'a member cannot change the code');
select tests.clear_authentication();
select is(
  (select count(*)::int from public.audit_log where table_name = 'site_access' and actor_id = tests.uid('pm_a')
     and after ->> 'gate_code' = '4827#'),
  1, 'the change is in the audit log, with who made it');
select ok(not has_table_privilege('authenticated', 'private.site_access', 'select')
  and not has_table_privilege('anon', 'private.site_access', 'select'),
  'the codes live out of the API''s reach');

-- ============================================================================
-- anon: never sees a code, anywhere
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$select * from public.site_access(9001)$$, '42501', 'permission denied for function site_access',
  'a visitor cannot ask for the code');
select ok(public.site_plan(9001)::text !~ '4827', 'the site plan a visitor sees holds no code');
select throws_ok($$select * from public.co_workers$$, '42501', 'permission denied for table co_workers',
  'nor can a visitor read co-workers');
select throws_ok($$select * from public.co_worker_invitation('00')$$, 'PT404',
  'This invitation link is not valid: ask the member who invited you to send a new one.', 'a made-up link is refused');

-- ============================================================================
-- members: those whose membership opens the gate, at that site only
-- ============================================================================
select tests.authenticate_as('holder');
select is((select gate_code from public.site_access(9001)), '4827#', 'an active member of the site sees the code');
select ok(public.site_plan(9001)::text !~ '4827', 'and the site plan still holds none');
select results_eq($$select role, plot_number, gate_code, opens_gate from public.my_plot_access()$$,
  $$values ('member'::text, '7'::text, '4827#'::text, true)$$, 'their page has the plot and the code');
select throws_ok($$select * from public.site_access(9002)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'not another site''s');
select tests.authenticate_as('elsewhere');
select throws_ok($$select * from public.site_access(9001)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'a member of another site does not see it');
select tests.authenticate_as('stranger');
select throws_ok($$select * from public.site_access(9001)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'nor does someone signed in with no membership');
select tests.authenticate_as('lapsed');
select throws_ok($$select * from public.site_access(9001)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'nor a suspended member');
select results_eq($$select opens_gate, gate_code from public.my_plot_access()$$, $$values (false, null::text)$$,
  'their page says the gate is closed to them, with no code');
select tests.clear_authentication();
update public.memberships set status = 'past_due' where id = (select membership_id from ids);
select tests.authenticate_as('holder');
select is((select gate_code from public.site_access(9001)), '4827#', 'a member whose rent is overdue (in its grace period) still gets in');
select tests.clear_authentication();
update public.memberships set status = 'cancellation_requested' where id = (select membership_id from ids);
select tests.authenticate_as('holder');
select is((select gate_code from public.site_access(9001)), '4827#', 'so does a member under notice');
select tests.clear_authentication();
update public.memberships set status = 'active' where id = (select membership_id from ids);

-- ============================================================================
-- co-workers: an invitation
-- ============================================================================
select tests.authenticate_as('holder');
select results_eq(
  $$select email, name, status, expires_at between now() + interval '13 days' and now() + interval '15 days'
    from public.invite_co_worker((select membership_id from ids), ' Helper@Test.local ', 'Hal Helper')$$,
  $$values ('helper@test.local'::text, 'Hal Helper'::text, 'invited'::text, true)$$,
  'the member invites a co-worker by e-mail; the link lasts 14 days');
select throws_ok($$select public.invite_co_worker((select membership_id from ids), 'stranger@test.local')$$, '22023',
  'You already have a co-worker or an invitation waiting: remove or withdraw it first.', 'one co-worker per membership');
select throws_ok($$select public.invite_co_worker((select membership_id from ids), 'HOLDER@test.local')$$, '22023',
  'That is your own address: your co-worker is someone else.', 'not themselves');
select tests.authenticate_as('stranger');
select throws_ok($$select public.invite_co_worker((select membership_id from ids), 'x@example.com')$$, 'PT404',
  'No membership of yours with that id', 'only the member names a co-worker');
select tests.authenticate_as('lapsed');
select throws_ok(
  $$select public.invite_co_worker((select m.id from public.memberships m join public.members mb on mb.id = m.member_id
    where mb.user_id = tests.uid('lapsed')), 'x@example.com')$$, '22023',
  'While your membership is suspended you cannot name a co-worker.', 'a suspended member cannot');
select tests.clear_authentication();
select is(
  (select count(*)::int from private.co_worker_notices n join public.co_workers c on c.id = n.co_worker_id
   where n.kind = 'invitation' and n.email = 'helper@test.local' and c.token_hash = private.token_hash(n.token)),
  1, 'the invitation e-mail is owed once, with the link''s token; only its hash is on the row');
create temporary table tok on commit drop as
select n.token, n.co_worker_id from private.co_worker_notices n where n.email = 'helper@test.local';
grant select on tok to authenticated, anon;

select tests.authenticate_as('helper');
select throws_ok($$select * from public.site_access(9001)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'an invitee sees no code before accepting');
select tests.authenticate_as_anon();
select results_eq($$select status, member_first_name, location, plot_number, mine from public.co_worker_invitation((select token from tok))$$,
  $$values ('invited'::text, 'Hana'::text, 'Test Site A'::text, '7'::text, false)$$,
  'the link shows who invited them, to which plot, before they sign in');
select throws_ok($$select public.accept_co_worker_invitation((select token from tok))$$, '42501',
  'permission denied for function accept_co_worker_invitation', 'accepting needs an account');

-- ============================================================================
-- co-workers: accepting, once, with the invited address
-- ============================================================================
select tests.authenticate_as('stranger');
select throws_ok($$select public.accept_co_worker_invitation((select token from tok))$$, '42501',
  'This invitation was sent to h…@test.local: sign in with that address to accept it.',
  'someone else holding the link cannot accept it');
select tests.authenticate_as('holder');
select throws_ok($$select public.accept_co_worker_invitation((select token from tok))$$, '22023',
  'This is your own membership: your co-worker is someone else.', 'nor the member');
select tests.authenticate_as('helper');
select results_eq($$select repeated from public.accept_co_worker_invitation((select token from tok))$$,
  $$values (false)$$, 'the invitee accepts, signed in with the invited address');
select results_eq($$select repeated from public.accept_co_worker_invitation((select token from tok))$$,
  $$values (true)$$, 'accepting twice changes nothing');
select tests.authenticate_as('stranger');
select throws_ok($$select public.accept_co_worker_invitation((select token from tok))$$, '22023',
  'This invitation has already been used.', 'the link works once');
select tests.clear_authentication();
select is((select count(*)::int from private.co_worker_notices where kind = 'accepted' and email = 'holder@test.local'), 1,
  'the member is to be told by e-mail');

select tests.authenticate_as('helper');
select is((select gate_code from public.site_access(9001)), '4827#', 'the co-worker sees the gate code');
select ok(private.can_see_plot((select plot_id from ids)), 'and the plot, as theirs to see');
select is(
  (select count(*)::int from jsonb_array_elements(public.site_plan(9001) -> 'plots') p where (p ->> 'mine')::boolean),
  1, 'the site plan marks it for them');
select results_eq($$select role, holder_first_name, plot_number, gate_code from public.my_plot_access()$$,
  $$values ('co_worker'::text, 'Hana'::text, '7'::text, '4827#'::text)$$, 'their page shows whose plot, and the code');
select results_eq($$select status, mine from public.co_worker_invitation((select token from tok))$$,
  $$values ('accepted'::text, true)$$, 'the link now says they accepted it');
select throws_ok($$select * from public.site_access(9002)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'only at that site');

-- Who reads the co-worker row.
select is(tests.count_as('helper', 'select 1 from public.co_workers'), 1::bigint, 'the co-worker reads their own row');
select is(tests.count_as('holder', 'select 1 from public.co_workers'), 1::bigint, 'the member reads it');
select is(tests.count_as('pm_a', 'select 1 from public.co_workers'), 1::bigint, 'the site''s patch manager reads it');
select is(tests.count_as('pm_b', 'select 1 from public.co_workers'), 0::bigint, 'another site''s does not');
select is(tests.count_as('stranger', 'select 1 from public.co_workers'), 0::bigint, 'nor a stranger');
select throws_ok($$select tests.count_as('holder', 'select token_hash from public.co_workers')$$, '42501',
  'permission denied for table co_workers', 'nobody reads the token''s hash');

-- ============================================================================
-- co-workers: nothing of the membership's money or choices
-- ============================================================================
select is(tests.count_as('helper', 'select 1 from public.memberships'), 0::bigint, 'the co-worker reads no membership');
select is(tests.count_as('helper', 'select 1 from public.subscriptions'), 0::bigint, 'no subscription (no billing portal)');
select is(tests.count_as('helper', 'select 1 from public.invoices'), 0::bigint, 'no invoice (no receipts)');
select is(tests.count_as('helper', 'select 1 from public.orders'), 0::bigint, 'no payment');
select is(tests.count_as('helper', 'select 1 from public.plot_tenancies'), 0::bigint, 'no tenancy record');
select tests.authenticate_as('helper');
select throws_ok($$select public.membership_self_service((select membership_id from ids))$$, 'PT404',
  'No membership of yours with that id', 'no membership terms');
select throws_ok($$select public.request_membership_change((select membership_id from ids), 'pause', 1, null, 'coworker-pause-1')$$,
  'PT404', 'No membership of yours with that id', 'cannot pause');
select throws_ok($$select public.request_membership_change((select membership_id from ids), 'cancel', null, null, 'coworker-cancel-1')$$,
  'PT404', 'No membership of yours with that id', 'cannot cancel');
select throws_ok($$select public.request_invoice_refund((select invoice_id from ids), 'I paid it')$$, '42501',
  'Only admins refund payments.', 'cannot refund rent');
select throws_ok($$select public.request_order_refund((select order_id from ids), 'I paid it')$$, '42501',
  'Only admins can refund orders', 'nor an order');
select throws_ok($$select public.invite_co_worker((select membership_id from ids), 'x@example.com')$$, 'PT404',
  'No membership of yours with that id', 'nor name a co-worker of their own');

-- ============================================================================
-- ending: removed, withdrawn, expired, the membership ended
-- ============================================================================
select tests.authenticate_as('stranger');
select throws_ok($$select public.end_co_worker((select co_worker_id from tok))$$, 'PT404',
  'No co-worker of yours with that id', 'a stranger cannot remove a co-worker');
select tests.authenticate_as('holder');
select throws_ok($$select public.invite_co_worker((select membership_id from ids), 'stranger@test.local')$$, '22023',
  'You already have a co-worker or an invitation waiting: remove or withdraw it first.', 'one co-worker, even accepted');
select is((select status from public.end_co_worker((select co_worker_id from tok))), 'removed', 'the member removes the co-worker');
select tests.authenticate_as('helper');
select throws_ok($$select * from public.site_access(9001)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'who then no longer sees the code');
select ok(not private.can_see_plot((select plot_id from ids)), 'nor the plot');
select throws_ok($$select public.accept_co_worker_invitation((select token from tok))$$, '22023',
  'This invitation has already been used.', 'and cannot use the old link again');

select tests.authenticate_as('holder');
create temporary table second on commit drop as
select id from public.invite_co_worker((select membership_id from ids), 'stranger@test.local');
grant select on second to authenticated;
select is((select status from public.end_co_worker((select id from second))), 'withdrawn', 'the member withdraws an invitation');
select tests.clear_authentication();
select is((select count(*)::int from private.co_worker_notices where co_worker_id = (select id from second)), 0,
  'an invitation withdrawn before it was sent is not sent');

select tests.authenticate_as('holder');
create temporary table third on commit drop as
select id from public.invite_co_worker((select membership_id from ids), 'stranger@test.local');
select tests.clear_authentication();
update public.co_workers set expires_at = now() - interval '1 second' where id = (select id from third);
create temporary table tok3 on commit drop as
select n.token from private.co_worker_notices n where n.co_worker_id = (select id from third);
grant select on tok3 to authenticated, anon;
select tests.authenticate_as('stranger');
select throws_ok($$select public.accept_co_worker_invitation((select token from tok3))$$, '22023',
  'This invitation has expired: ask the member who invited you to send a new one.', 'an invitation expires');
select is((select status from public.co_worker_invitation((select token from tok3))), 'expired', 'and its link says so');
select tests.authenticate_as('holder');
select is((select status from public.invite_co_worker((select membership_id from ids), 'stranger@test.local')), 'invited',
  'an expired invitation makes way for a new one');
select tests.clear_authentication();
select is((select status from public.co_workers where id = (select id from third)), 'expired', 'which is recorded as expired');
create temporary table tok4 on commit drop as
select n.token from private.co_worker_notices n join public.co_workers c on c.id = n.co_worker_id
where c.membership_id = (select membership_id from ids) and c.status = 'invited';
grant select on tok4 to authenticated;
select tests.authenticate_as('stranger');
select is((select repeated from public.accept_co_worker_invitation((select token from tok4))), false, 'the new co-worker accepts');
select is((select status from public.end_co_worker((select co_worker_id from public.my_plot_access()))), 'removed',
  'a co-worker may leave by themselves');
select tests.clear_authentication();
update public.co_workers set status = 'accepted', ended_at = null, ended_by = null
where membership_id = (select membership_id from ids) and email = 'stranger@test.local' and status = 'removed';
update public.memberships set status = 'ended' where id = (select membership_id from ids);
select tests.authenticate_as('stranger');
select ok(not private.can_see_plot((select plot_id from ids)), 'when the membership ends, its co-worker no longer sees the plot');
select throws_ok($$select * from public.site_access(9001)$$, '42501',
  'Only the site''s members, their co-workers and its staff see how to get in', 'nor the code');
select is((select count(*)::int from public.my_plot_access()), 0, 'and their page lists nothing');

-- ============================================================================
-- mail: claimed by the plot-access function only, forgotten once sent
-- ============================================================================
select tests.clear_authentication();
select is((select function_path from private.notification_kinds where kind = 'co_worker_notice'), 'plot-access',
  'the plot-access function drains the co-workers'' mail');
select tests.authenticate_as('holder');
select throws_ok($$select * from public.claim_co_worker_notices()$$, '42501',
  'permission denied for function claim_co_worker_notices', 'nobody signed in claims the mail');
select tests.authenticate_as('elsewhere');
create temporary table fourth on commit drop as
select id from public.invite_co_worker(
  (select m.id from public.memberships m join public.members mb on mb.id = m.member_id where mb.user_id = tests.uid('elsewhere')),
  'stranger@test.local', 'Stan');
select tests.clear_authentication();
create temporary table tok5 on commit drop as
select n.token, n.co_worker_id from private.co_worker_notices n where n.co_worker_id = (select id from fourth);
grant select on tok5 to authenticated;
select tests.authenticate_as('stranger');
select public.accept_co_worker_invitation((select token from tok5));
select tests.authenticate_as_service_role();
create temporary table claimed on commit drop as select * from public.claim_co_worker_notices();
select tests.clear_authentication();
select results_eq(
  $$select kind, email, member_first_name, plot_number, token is not null from claimed
    where co_worker_id = (select co_worker_id from tok5) order by kind$$,
  $$values ('accepted'::text, 'elsewhere@test.local'::text, 'Elsa'::text, null::text, false),
           ('invitation'::text, 'stranger@test.local'::text, 'Elsa'::text, null::text, true)$$,
  'the function claims each e-mail with what it says');
select lives_ok($$select public.finish_co_worker_notices(array(select id from claimed), '{}')$$, 'and marks them sent');
select is((select count(*)::int from private.co_worker_notices where sent_at is not null and (email is not null or token is not null)), 0,
  'a sent notice keeps neither the address nor the token');

select * from finish();
rollback;
