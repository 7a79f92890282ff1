-- Offers that expire pass on to the next applicant; applicants accept or decline by token,
-- and a decline passes the place on too.
begin;
select plan(15);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'S' || g, 'T', 's' || g || '@example.com', true, now() - make_interval(days => 100 - g)
from generate_series(1, 5) g;
select tests.authenticate_as('pm_a');
select is((select count(*) from public.make_plot_offers(9001, 2)), 2::bigint, 'two offers made');
select tests.clear_authentication();
select set_config('tests.token1', (select o.response_token from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id where e.email = 's1@example.com'), true);
select set_config('tests.token2', (select o.response_token from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id where e.email = 's2@example.com'), true);

-- ============================================================================
-- responding by token
-- ============================================================================
select tests.authenticate_as_anon();
select is(public.respond_to_plot_offer(current_setting('tests.token1'), true), 'accepted', 'an applicant accepts by token');
select throws_ok($$select public.respond_to_plot_offer(current_setting('tests.token1'), false)$$, '22023', 'This offer is no longer open',
  'an answered offer cannot be answered again');
select throws_ok($$select public.respond_to_plot_offer('no-such-token', true)$$, 'PT404', 'Offer not found', 'an unknown token is refused');
select is(public.respond_to_plot_offer(current_setting('tests.token2'), false), 'declined', 'an applicant declines by token');
select tests.clear_authentication();
select results_eq(
  $$select email, status from public.waiting_list_entries where site_id = 9001 order by joined_at$$,
  $$values ('s1@example.com', 'accepted'), ('s2@example.com', 'declined'), ('s3@example.com', 'offered'),
    ('s4@example.com', 'waiting'), ('s5@example.com', 'waiting')$$,
  'the acceptance and the decline are stored, and the declined place went to the next applicant'
);

-- ============================================================================
-- expiry
-- ============================================================================
update public.plot_offers set offered_at = now() - interval '10 days', respond_by = now() - interval '1 minute'
where status = 'offered' and site_id = 9001;
select set_config('tests.token3', (select response_token from public.plot_offers where status = 'offered' and site_id = 9001), true);

select tests.authenticate_as_anon();
select throws_ok($$select public.respond_to_plot_offer(current_setting('tests.token3'), true)$$, '22023', 'This offer has expired',
  'an offer past its deadline cannot be accepted');
select throws_ok($$select public.expire_plot_offers(9001)$$, '42501', 'permission denied for function expire_plot_offers',
  'anon cannot expire offers');
select tests.authenticate_as('pm_b');
select throws_ok($$select public.expire_plot_offers(9001)$$, '42501', 'Not allowed to make offers at this site',
  'the patch manager of another site cannot expire offers here');
select tests.authenticate_as('pm_a');
select throws_ok($$select public.expire_plot_offers()$$, '42501', 'Not allowed to expire offers at every site',
  'a patch manager cannot expire offers at every site');
select is(public.expire_plot_offers(9001), 1, 'the patch manager expires the one overdue offer at their site');
select is(public.expire_plot_offers(9001), 0, 'expiring again changes nothing');
select tests.clear_authentication();
select results_eq(
  $$select email, status from public.waiting_list_entries where site_id = 9001 order by joined_at$$,
  $$values ('s1@example.com', 'accepted'), ('s2@example.com', 'declined'), ('s3@example.com', 'expired'),
    ('s4@example.com', 'offered'), ('s5@example.com', 'waiting')$$,
  'the expired place passed on to the next applicant'
);
select results_eq(
  $$select status from public.plot_offers where site_id = 9001 order by id$$,
  $$values ('accepted'), ('declined'), ('expired'), ('offered')$$,
  'each offer ends in its own state'
);
select tests.authenticate_as_service_role();
select is(public.expire_plot_offers(), 0, 'the service role (the scheduler) may expire offers everywhere');
select tests.clear_authentication();

select * from finish();
rollback;
