-- Data rights on the plots side (20250122000000_data_rights_plots.sql): a member's download holds
-- their tenancy, their plot's inspections, warnings and their replies, and the co-workers they
-- named, without staff identities or invitation secrets; a co-worker's holds the plot they help
-- on; a waiting-list reference shows none of it. Erasure ends a co-worker's access and takes their
-- name and address off the invitation (audit copies too), deletes a member's replies and unlinks
-- their tenancy from the account while the plot's record stays.
begin;
select plan(25);

select tests.create_actors();
select tests.create_user('holder');
select tests.create_user('helper');
insert into public.members (user_id, first_name, last_name, email) values
  (tests.uid('holder'), 'Hana', 'Holder', 'holder@test.local');

-- Plot 7 at site A, let to the holder's active membership.
select private.plot_flow(true);
insert into public.plots (site_id, number, status) values (9001, '7', 'let');
select private.plot_flow(false);
insert into public.memberships (member_id, site_id, status, plot_id, plot_number)
select mb.id, 9001, 'active', p.id, p.number from public.members mb, public.plots p
where mb.user_id = tests.uid('holder') and p.site_id = 9001 and p.number = '7';
insert into public.plot_tenancies (plot_id, site_id, membership_id, user_id)
select m.plot_id, 9001, m.id, tests.uid('holder') from public.memberships m join public.members mb on mb.id = m.member_id
where mb.user_id = tests.uid('holder');
create temporary table ids on commit drop as
select m.id as membership_id, m.plot_id as plot7
from public.memberships m join public.members mb on mb.id = m.member_id where mb.user_id = tests.uid('holder');
grant select on ids to authenticated, anon, service_role;

-- pm_a inspects it (a warning); the holder replies; the holder names the helper (accepted) and
-- once invited someone who never answered.
select tests.authenticate_as('pm_a');
select public.record_inspection('22222222-2222-4222-8222-222222222222', plot7, 1, 'Couch grass everywhere') from ids;
select tests.authenticate_as('holder');
insert into public.plot_inspection_replies (inspection_id, author_id, body)
values ('22222222-2222-4222-8222-222222222222', tests.uid('holder'), 'Digging it out this week.');
select tests.clear_authentication();
insert into public.co_workers (membership_id, site_id, email, name, status, user_id, token_hash, invited_by, accepted_at)
select membership_id, 9001, 'helper@test.local', 'Hal Helper', 'accepted', tests.uid('helper'), repeat('a', 64),
  tests.uid('holder'), now() from ids;
insert into private.co_worker_notices (co_worker_id, kind, email)
select id, 'accepted', 'helper@test.local' from public.co_workers where email = 'helper@test.local';

-- ============================================================================
-- the download
-- ============================================================================
select tests.authenticate_as('holder');
create temporary table mine on commit drop as select public.export_my_data() as d;
select tests.clear_authentication();
select is((select jsonb_array_length(d -> 'plot_tenancies') from mine), 1, 'the member''s download holds their tenancy');
select is((select d -> 'plot_tenancies' -> 0 ->> 'plot_number' from mine), '7', 'naming the plot');
select is((select jsonb_array_length(d -> 'plot_inspections') from mine), 1, 'their plot''s inspection');
select is((select d -> 'plot_inspections' -> 0 ->> 'note' from mine), 'Couch grass everywhere', 'with what the inspector wrote');
select ok((select not (d -> 'plot_inspections' -> 0 ? 'inspected_by') from mine), 'but not which member of staff it was');
select is((select jsonb_array_length(d -> 'inspection_warnings') from mine), 1, 'the warning it gave');
select ok((select not (d -> 'inspection_warnings' -> 0 ? 'closed_by') from mine), 'without staff identities');
select is((select d -> 'plot_inspection_replies' -> 0 ->> 'body' from mine), 'Digging it out this week.', 'their reply');
select is((select d -> 'co_workers' -> 0 ->> 'email' from mine), 'helper@test.local', 'the co-worker they named');
select ok((select not (d -> 'co_workers' -> 0 ? 'token_hash') from mine), 'without the invitation''s secret');
select is((select jsonb_array_length(d -> 'co_working') from mine), 0, 'and they help on nobody''s plot');

select tests.authenticate_as('helper');
create temporary table theirs on commit drop as select public.export_my_data() as d;
select tests.clear_authentication();
select is((select d -> 'co_working' -> 0 ->> 'status' from theirs), 'accepted', 'the co-worker''s download holds the plot they help on');
select is((select jsonb_array_length(d -> 'plot_tenancies') + jsonb_array_length(d -> 'plot_inspections') from theirs), 0,
  'but not the holder''s tenancy or inspections');

-- A waiting-list reference proves no account: nothing from the plots side.
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
values (9001, 'x', 'Hana', 'Holder', 'holder@test.local', true);
create temporary table href on commit drop as
select reference from public.waiting_list_entries where email = 'holder@test.local';
grant select on href to anon;
select tests.authenticate_as_anon();
select ok(not (public.export_my_data((select reference from href)) ? 'plot_tenancies'),
  'a download by reference holds no plots-side data');
select tests.clear_authentication();
select is(tests.attempt('holder', $$select private.person_plot_data('holder@test.local', null, '{}')$$),
  'error:permission denied for function person_plot_data', 'which nobody calls through the API');

-- ============================================================================
-- erasure: the co-worker, then the holder
-- ============================================================================
select tests.authenticate_as('helper');
select public.request_data_erasure();
select tests.authenticate_as('official');
select is((select public.complete_data_erasure(id) ->> 'co_workers' from public.data_erasure_requests where status <> 'completed'),
  '1', 'erasing the co-worker counts their invitation');
select tests.clear_authentication();
select is((select status || ' ' || (name is null) || ' ' || (user_id is null) from public.co_workers),
  'removed true true', 'their access ends and the invitation loses their name and account');
select matches((select email from public.co_workers), '^erased\+co_worker-\d+@erased\.invalid$', 'and their address');
select is((select count(*)::int from private.co_worker_notices where sent_at is null), 0, 'no e-mail to them is still owed');
select is((select count(*)::int from public.audit_log where table_name = 'co_workers' and (coalesce(before::text, '') || coalesce(after::text, '') ||
  coalesce(changes::text, '')) ~ 'helper@test'), 0, 'the audit log keeps no copy of their address');

select tests.authenticate_as('holder');
select public.request_data_erasure();
select tests.authenticate_as('official');
create temporary table summary on commit drop as
select public.complete_data_erasure(id) as s from public.data_erasure_requests where status <> 'completed';
select tests.clear_authentication();
select is((select (s ->> 'plot_tenancies') || ' ' || (s ->> 'plot_inspection_replies') from summary), '1 1',
  'erasing the holder counts their tenancy and their reply');
select is((select count(*)::int from public.plot_inspection_replies), 0, 'their reply is deleted');
select is((select count(*)::int from public.plot_tenancies where site_id = 9001 and user_id is null and ended_at is null), 1,
  'their tenancy stays, unlinked from the account');
select is((select count(*)::int from public.plot_inspections), 1, 'the plot''s inspection stays');
select is((select first_name from public.members m join public.memberships s on s.member_id = m.id
  where s.id = (select membership_id from ids)), 'Erased', 'and points to an anonymised member');

select * from finish();
rollback;
