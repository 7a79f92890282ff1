-- Plots in offers: the register's states, an offer naming a plot (chosen by staff or the next
-- vacant one that fits), accepting lets it (never twice), a declined, expired or withdrawn offer
-- passes the plot on, a membership that ends returns it to "being prepared", and a plot marked
-- ready is offered by the scheduled re-letting with no other click. That a second session cannot
-- let the same plot is in supabase/functions/waiting-list-process/plot-letting.test.ts.
begin;
select plan(47);

select tests.create_actors();
insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at, plot_size_preference)
select 9001, 'x', 'P' || g, 'Lot', 'p' || g || '@example.com', true, now() - make_interval(days => 100 - g),
  case when g = 2 then 'half' end
from generate_series(1, 5) g;

-- ============================================================================
-- the register: who may change it, what a status may be
-- ============================================================================
select tests.authenticate_as('pm_a');
insert into public.plots (site_id, number, size, size_m2, features) values
  (9001, '7', 'full', 250, '{near_tap}'), (9001, '8', 'half', 125, '{}'), (9001, '14B', 'full', null, '{raised_bed,step_free}');
select results_eq(
  $$select number, status from public.plots where site_id = 9001 order by id$$,
  $$values ('7', 'preparing'), ('8', 'preparing'), ('14B', 'preparing')$$,
  'a new plot is being prepared until staff mark it ready'
);
select is((select allotments from public.global_sites where id = 9001), 3, 'the site''s plot count comes from its register');
select throws_ok($$insert into public.plots (site_id, number) values (9001, ' 7')$$, '23505', null,
  'plot numbers are unique at a site (ignoring case and spaces)');
select throws_ok($$update public.plots set status = 'let' where number = '7' and site_id = 9001$$, '42501', null,
  'staff cannot set a status through the table');
select throws_ok($$select public.set_plot_status((select id from public.plots where number = '7' and site_id = 9001), 'let')$$,
  '22023', 'A plot can be marked ready (vacant), being prepared or out of use', 'nor let a plot by hand');
select tests.authenticate_as('pm_b');
select throws_ok($$select public.set_plot_status((select id from public.plots where number = '7' and site_id = 9001), 'vacant')$$,
  '42501', 'Not allowed to change plots at this site', 'the patch manager of another site cannot change these plots');
select is(tests.attempt('pm_b', $$update public.plots set notes = 'x' where site_id = 9001$$), 'ok:0',
  'nor edit them through the table');
select tests.authenticate_as('member');
select throws_ok($$insert into public.plots (site_id, number) values (9001, '99')$$, '42501', null, 'a member cannot add plots');
select tests.authenticate_as('pm_a');
select is((public.set_plot_status((select id from public.plots where number = '8' and site_id = 9001), 'out_of_use', 'Japanese knotweed')).status,
  'out_of_use', 'staff take a plot out of use');
select is((select allotments from public.global_sites where id = 9001), 2, 'a plot out of use leaves the count');
select is(
  (select detail ->> 'note' from public.plot_history h join public.plots p on p.id = h.plot_id
   where p.number = '8' and h.kind = 'status' order by h.id desc limit 1),
  'Japanese knotweed', 'the change and its reason are in the plot''s history');
select throws_ok($$select public.save_plot_shape((select id from public.plots where number = '7' and site_id = 9001),
    '{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}')$$,
  '22023', 'That shape crosses itself: draw its corners in order', 'a shape that crosses itself is refused');
select is(
  (public.save_plot_shape((select id from public.plots where number = '14B' and site_id = 9001),
    '{"type": "Polygon", "coordinates": [[[-0.1, 51.5], [-0.0998, 51.5], [-0.0998, 51.5001], [-0.1, 51.5001], [-0.1, 51.5]]]}')) ->> 'area_m2' between '150' and '160',
  true, 'a drawn outline is kept with its area');
select is((select size_m2 from public.plots where number = '14B' and site_id = 9001) between 150 and 160, true,
  'and gives a plot with no size its area');

-- ============================================================================
-- offering a plot
-- ============================================================================
select throws_ok($$select public.offer_plot((select id from public.plots where number = '8' and site_id = 9001))$$,
  '22023', 'Plot 8 is out of use: only a vacant plot or one being prepared can be offered', 'a plot out of use cannot be offered');
select tests.authenticate_as('pm_b');
select throws_ok($$select public.offer_plot((select id from public.plots where number = '7' and site_id = 9001))$$,
  '42501', 'Not allowed to make offers at this site', 'the patch manager of another site cannot offer it');
select tests.authenticate_as('pm_a');
select is(
  (select e.email from public.offer_plot((select id from public.plots where number = '7' and site_id = 9001)) o
   join public.waiting_list_entries e on e.id = o.entry_id),
  'p1@example.com', 'staff offer plot 7 to the first applicant in the queue');
select results_eq(
  $$select p.status, o.plot_size from public.plots p join public.plot_offers o on o.plot_id = p.id
    where p.number = '7' and p.site_id = 9001$$,
  $$values ('offered', 'full')$$, 'the plot is offered, and the offer names it');
select throws_ok($$select public.offer_plot((select id from public.plots where number = '7' and site_id = 9001))$$,
  '22023', 'Plot 7 is offered: only a vacant plot or one being prepared can be offered', 'an offered plot cannot be offered again');
select tests.clear_authentication();
select throws_ok($$insert into public.plot_offers (entry_id, site_id, location_key, respond_by, plot_id)
    select e.id, 9001, 'x', now() + interval '7 days', p.id from public.waiting_list_entries e, public.plots p
    where e.email = 'p3@example.com' and p.number = '7' and p.site_id = 9001$$,
  '22023', 'Plot 7 is offered and cannot be offered', 'not even by inserting an offer');

-- make_plot_offers at a site with a register names the next vacant plot that fits.
select tests.authenticate_as('pm_a');
select public.set_plot_status((select id from public.plots where number = '14B' and site_id = 9001), 'vacant');
select results_eq(
  $$select e.email, p.number from public.make_plot_offers(9001, 3) o
    join public.waiting_list_entries e on e.id = o.entry_id join public.plots p on p.id = o.plot_id$$,
  $$values ('p3@example.com', '14B')$$,
  'an offer of "the next plots" goes to the first applicant a vacant plot fits (P2 wants a half plot), naming it');
select is((select count(*)::int from public.plot_offers where site_id = 9001 and status = 'offered'), 2,
  'no vacant plot is left, so no applicant is offered nothing');

-- ============================================================================
-- declining passes the plot on; accepting lets it, once
-- ============================================================================
select tests.clear_authentication();
select set_config('tests.token', (select response_token from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
  where e.email = 'p3@example.com'), true);
select tests.authenticate_as_anon();
select is(public.respond_to_plot_offer(current_setting('tests.token'), false), 'declined', 'P3 declines plot 14B');
select tests.clear_authentication();
select results_eq(
  $$select e.email, p.status from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    join public.plots p on p.id = o.plot_id where p.number = '14B' and o.status = 'offered'$$,
  $$values ('p4@example.com', 'offered')$$,
  'the plot passes on to the next applicant it fits');
select tests.clear_authentication();
select set_config('tests.token', (select response_token from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
  where e.email = 'p1@example.com'), true);
select tests.authenticate_as_anon();
select is(public.respond_to_plot_offer(current_setting('tests.token'), true), 'accepted', 'P1 accepts plot 7');
select tests.clear_authentication();
select results_eq(
  $$select p.status, t.ended_at is null, e.email from public.plots p join public.plot_tenancies t on t.plot_id = p.id
    join public.plot_offers o on o.id = t.offer_id join public.waiting_list_entries e on e.id = o.entry_id
    where p.number = '7' and p.site_id = 9001$$,
  $$values ('let', true, 'p1@example.com')$$, 'accepting lets the plot to P1: an open tenancy');
select is(
  (select kind from public.plot_history h join public.plots p on p.id = h.plot_id where p.number = '7' order by h.id desc limit 1),
  'let', 'the letting is in the plot''s history');
select throws_ok($$insert into public.plot_tenancies (plot_id, site_id) select id, 9001 from public.plots where number = '7' and site_id = 9001$$,
  '23505', null, 'a plot cannot be let twice: a second open tenancy is refused');
select throws_ok($$update public.plots set status = 'vacant' where number = '7' and site_id = 9001$$,
  '22023', 'Plot 7 is let: only its offer or tenancy can change that', 'nor can a let plot be freed by hand');

-- ============================================================================
-- the membership carries the plot; its end returns the plot to being prepared
-- ============================================================================
insert into public.members (user_id, email, first_name, last_name)
values (tests.uid('member'), 'member@test.local', 'Mem', 'Ber') on conflict do nothing;
insert into public.memberships (member_id, site_id, status, plot_offer_id)
select m.id, 9001, 'pending', o.id from public.members m, public.plot_offers o
join public.waiting_list_entries e on e.id = o.entry_id
where m.user_id = tests.uid('member') and e.email = 'p1@example.com';
select results_eq(
  $$select ms.plot_number, ms.plot_id = p.id from public.memberships ms, public.plots p
    where ms.site_id = 9001 and p.number = '7' and p.site_id = 9001 and ms.plot_offer_id is not null$$,
  $$values ('7', true)$$, 'the membership set up from the offer holds plot 7');
update public.memberships set status = 'active' where site_id = 9001 and plot_id is not null;
select is(
  (select t.membership_id = ms.id from public.plot_tenancies t join public.memberships ms on ms.plot_id = t.plot_id
   where t.ended_at is null and ms.site_id = 9001), true, 'the tenancy is the membership''s');

select tests.authenticate_as('member');
select is(
  (select p ->> 'mine' from jsonb_array_elements(public.site_plan(9001) -> 'plots') p where p ->> 'number' = '7'),
  'true', 'the member sees plot 7 as theirs on the plan');
select is(
  (select count(*)::int from jsonb_array_elements(public.site_plan(9001) -> 'plots') p where p ? 'holder'),
  0, 'and nobody''s name');
select is((select count(*)::int from public.plot_tenancies), 1, 'the member reads their own tenancy only');
select tests.authenticate_as_anon();
select results_eq(
  $$select p ->> 'number', p ->> 'status', p ? 'holder', p ? 'mine' from jsonb_array_elements(public.site_plan(9001) -> 'plots') p
    order by p ->> 'number'$$,
  $$values ('14B', 'unavailable', false, false), ('7', 'let', false, false), ('8', 'unavailable', false, false)$$,
  'a visitor sees free, let or unavailable and no personal data');
select throws_ok($$select * from public.plot_tenancies$$, '42501', null, 'a visitor cannot read tenancies');
select tests.authenticate_as('pm_a');
select is(
  (select p ->> 'holder' from jsonb_array_elements(public.site_plan(9001) -> 'plots') p where p ->> 'number' = '7'),
  'Mem Ber', 'the site''s patch manager sees who holds plot 7 (the member''s name, where it lives)');
select tests.authenticate_as('pm_b');
select is(
  (select count(*)::int from jsonb_array_elements(public.site_plan(9001) -> 'plots') p where p ? 'holder'),
  0, 'the patch manager of another site does not');

select tests.clear_authentication();
update public.memberships set status = 'ended' where site_id = 9001 and plot_id is not null;
select results_eq(
  $$select p.status, t.ended_at is not null, t.end_reason from public.plots p join public.plot_tenancies t on t.plot_id = p.id
    where p.number = '7' and p.site_id = 9001$$,
  $$values ('preparing', true, 'membership ended')$$,
  'the membership ends: the tenancy ends and the plot goes back to being prepared');

-- ============================================================================
-- marked ready, re-let by the scheduled job with no other click
-- ============================================================================
select is(private.run_plot_reletting(), 0, 'a plot being prepared is not re-let');
select tests.authenticate_as('pm_a');
select is((public.set_plot_status((select id from public.plots where number = '7' and site_id = 9001), 'vacant')).status,
  'vacant', 'staff mark plot 7 ready');
select tests.clear_authentication();
select is(private.run_plot_reletting(), 1, 'the scheduled job offers it');
select results_eq(
  $$select e.email, o.offered_by is null, h.changed_by is null from public.plot_offers o
    join public.waiting_list_entries e on e.id = o.entry_id
    join public.plots p on p.id = o.plot_id
    join public.waiting_list_status_history h on h.entry_id = e.id and h.to_status = 'offered'
    where p.number = '7' and o.status = 'offered'$$,
  $$values ('p5@example.com', true, true)$$,
  'to the next applicant it fits, recorded in the list''s history as the scheduler''s');
select is(private.run_plot_reletting(), 0, 'and only once');

-- ============================================================================
-- expiry passes the plot on too; with nobody left it waits, vacant
-- ============================================================================
update public.plot_offers set respond_by = now() - interval '1 minute', offered_at = now() - interval '8 days'
where status = 'offered' and plot_id = (select id from public.plots where number = '14B' and site_id = 9001);
select tests.authenticate_as_service_role();
select is(public.expire_plot_offers(9001), 1, 'P4''s offer of 14B expires');
select tests.clear_authentication();
select is((select status from public.plots where number = '14B' and site_id = 9001), 'vacant',
  'nobody else waiting fits it: plot 14B is vacant, for the re-letting to offer when someone joins');

select is((private.membership_access(9001, null) ->> 'plots_free')::int, 1,
  'the site''s free plots come from its vacant plots');

select * from finish();
rollback;
