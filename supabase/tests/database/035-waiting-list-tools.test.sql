-- Waiting-list tools: offers by idempotency key (the same key returns the first result and offers
-- nothing more), merging and moving lists for admins only, and pre-registration for an upcoming
-- site with duplicate detection (the waiting-list function, as the service role).
begin;
select plan(10);

select tests.create_actors();

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
-- service role: pre-registration with duplicate detection
-- ============================================================================
select tests.authenticate_as_service_role();
select is((select created from public.pre_register(9003, 'Pre', 'Reg', 'pre@test.local')), true, 'pre-registers for an upcoming site');
select is((select created from public.pre_register(9003, 'Pre', 'Reg', ' PRE@test.local ')), false, 'the same person gets their live pre-registration');
select throws_ok($$select * from public.pre_register(9001, 'Pre', 'Reg', 'open@test.local')$$, '22023', 'This site is open: join its waiting list instead',
  'an open site takes waiting-list entries');

select * from finish();
rollback;
