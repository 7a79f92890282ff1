-- make_plot_offers: the next N waiting applicants of a site in queue order, only by staff
-- who may work that site; a second live offer for the same entry is impossible. That rows
-- locked by another session are skipped needs two sessions: see
-- supabase/functions/waiting-list-process/offer-locking.test.ts.
begin;
select plan(14);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
select 9001, 'x', 'Q' || g, 'R', 'q' || g || '@example.com', true, now() - make_interval(days => 100 - g)
from generate_series(1, 6) g;

-- ============================================================================
-- who may make offers
-- ============================================================================
select tests.authenticate_as_anon();
select throws_ok($$select * from public.make_plot_offers(9001, 1)$$, '42501', 'permission denied for function make_plot_offers',
  'anon cannot make offers');
select tests.authenticate_as('member');
select throws_ok($$select * from public.make_plot_offers(9001, 1)$$, '42501', 'Not allowed to make offers at this site',
  'a member cannot make offers');
select tests.authenticate_as('impostor');
select throws_ok($$select * from public.make_plot_offers(9001, 1)$$, '42501', 'Not allowed to make offers at this site',
  'a user claiming founder in user_metadata cannot make offers');
select tests.authenticate_as('pm_b');
select throws_ok($$select * from public.make_plot_offers(9001, 1)$$, '42501', 'Not allowed to make offers at this site',
  'the patch manager of another site cannot make offers here');
select tests.authenticate_as('pm_a');
select throws_ok($$select * from public.make_plot_offers(9001, 0)$$, '22023', 'Offer between 1 and 500 plots at a time',
  'at least one plot');
select throws_ok($$select * from public.make_plot_offers(9001, 1, 0)$$, '22023', 'The response deadline must be 1 to 60 days away',
  'a deadline in the future');

-- ============================================================================
-- queue order, deadline, status and history
-- ============================================================================
select results_eq(
  $$select e.email from public.make_plot_offers(9001, 2, 10) o join public.waiting_list_entries e on e.id = o.entry_id order by o.id$$,
  $$values ('q1@example.com'), ('q2@example.com')$$,
  'the patch manager of the site offers to the two who joined first'
);
select tests.clear_authentication();
select results_eq(
  $$select status, offered_by, respond_by > now() + interval '9 days' and respond_by < now() + interval '11 days'
    from public.plot_offers o where o.site_id = 9001 order by id$$,
  $$values ('offered', tests.uid('pm_a'), true), ('offered', tests.uid('pm_a'), true)$$,
  'each offer is live, records who made it and has the deadline asked for'
);
select results_eq(
  $$select e.status, h.from_status, h.changed_by from public.waiting_list_entries e
    join public.waiting_list_status_history h on h.entry_id = e.id and h.to_status = 'offered'
    where e.email = 'q1@example.com'$$,
  $$values ('offered', 'waiting', tests.uid('pm_a'))$$,
  'the entry is offered and the change is in its history'
);
select tests.authenticate_as('official');
select results_eq(
  $$select e.email from public.make_plot_offers(9001, 1) o join public.waiting_list_entries e on e.id = o.entry_id$$,
  $$values ('q3@example.com')$$,
  'an admin''s next offer goes to the next applicant, never to one already offered'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$select count(*) from public.make_plot_offers(9001, 100)$$,
  $$values (3::bigint)$$,
  'the service role may offer; asking for more than are waiting offers to all who are'
);
select tests.clear_authentication();
select is((select count(*) from public.plot_offers where site_id = 9001), 6::bigint, 'six applicants, six offers, none twice');

-- ============================================================================
-- double offers are impossible
-- ============================================================================
select throws_ok(
  $$insert into public.plot_offers (entry_id, site_id, location_key, respond_by)
    select id, 9001, location_key, now() + interval '1 day' from public.waiting_list_entries where email = 'q1@example.com'$$,
  '23505', 'duplicate key value violates unique constraint "plot_offers_one_live_per_entry"',
  'a second live offer for one entry is refused by the unique guard'
);
select ok(
  (select prosrc ~* 'order by w\.joined_at, w\.id\s+limit p_count\s+for update skip locked' from pg_proc where proname = 'offer_next'),
  'offers lock the next entries with for update skip locked'
);


select * from finish();
rollback;
