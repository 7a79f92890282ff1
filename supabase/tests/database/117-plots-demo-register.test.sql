-- The demo's plot register (supabase/seeds/50_plots.sql): Leigh Woods Meadows keeps every plot,
-- drawn on its plan without overlaps, with a plot count the catalogue agrees with; each let plot
-- has one open tenancy and the five accepted offers name their plots; staff see those holders and
-- a visitor sees none; nothing is vacant, so the scheduled re-letting leaves the demo's list alone.
begin;
select plan(16);

select tests.create_actors();

select results_eq(
  $$select status, size, count(*)::int from public.plots where site_id = 3 group by 1, 2 order by 1, 2$$,
  $$values ('let', 'full', 317), ('let', 'half', 100), ('out_of_use', 'full', 2), ('preparing', 'full', 6),
    ('preparing', 'half', 2)$$,
  'the register: 417 let, 8 being prepared, 2 out of use, and no plot vacant');
select is((select allotments from public.global_sites where id = 3), 425,
  'the site''s plot count is the register''s plots in use, as the catalogue gives');
select is((select count(*)::int from public.plots where site_id = 3 and shape is null), 0,
  'every plot is drawn on the plan');
select is(
  (select count(*)::int from public.plots a join public.plots b on a.id < b.id
   where a.site_id = 3 and b.site_id = 3 and extensions.st_intersects(a.shape, b.shape)
     and not extensions.st_touches(a.shape, b.shape)),
  0, 'no two outlines overlap');
select is(
  (select count(*)::int from public.plots where site_id = 3
   and abs(extensions.st_area(shape::extensions.geography) - size_m2) > size_m2 * 0.01),
  0, 'each outline''s area is the plot''s recorded size (within 1%)');
select ok(
  (select extensions.st_contains(extensions.st_buffer(extensions.st_setsrid(extensions.st_makepoint(-2.6400, 51.4620), 4326)::extensions.geography, 400)::extensions.geometry,
    extensions.st_collect(shape)) from public.plots where site_id = 3),
  'the plots lie within 400 m of the site''s catalogue coordinates');
select is(
  (select count(*)::int from public.plots p where p.site_id = 3 and p.status = 'let'
   and (select count(*) from public.plot_tenancies t where t.plot_id = p.id and t.ended_at is null) <> 1),
  0, 'each let plot has exactly one open tenancy');
select is(
  (select count(*)::int from public.plots p join public.plot_tenancies t on t.plot_id = p.id and t.ended_at is null
   where p.site_id = 3 and p.status <> 'let'),
  0, 'no plot being prepared or out of use has an open tenancy');
select results_eq(
  $$select e.first_name || ' ' || e.last_name, p.number, p.size,
      e.plot_size_preference in ('any', p.size)
    from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    join public.plots p on p.id = o.plot_id
    where o.site_id = 3 and o.status = 'accepted' order by o.id$$,
  $$select e.first_name || ' ' || e.last_name, n, s, true
    from (select o.entry_id, row_number() over (order by o.id) as i from public.plot_offers o
          where o.site_id = 3 and o.status = 'accepted') x
    join public.waiting_list_entries e on e.id = x.entry_id
    join (values (1, 'C7', 'full'), (2, 'E10', 'full'), (3, 'G2', 'full'), (4, 'J14', 'full'), (5, 'L12', 'half'))
      v (i, n, s) on v.i = x.i order by x.i$$,
  'each accepted offer names its plot, of the size the applicant asked for');
select results_eq(
  $$select p.kind, p.from_status, p.to_status from public.plot_history p join public.plots pl on pl.id = p.plot_id
    where pl.site_id = 3 and pl.number = 'B7' order by p.created_at, p.id$$,
  $$values ('created', null, 'let'), ('ended', 'let', 'preparing')$$,
  'a plot being prepared shows its tenancy ending in its history');

-- What each reader sees of the plan.
select tests.authenticate_as('official');
select results_eq(
  $$select x ->> 'number', x ->> 'holder' from jsonb_array_elements(public.site_plan(3) -> 'plots') x
    where x ? 'holder' order by x ->> 'number'$$,
  $$select p.number, e.first_name || ' ' || e.last_name
    from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id
    join public.plots p on p.id = o.plot_id where o.site_id = 3 order by p.number$$,
  'staff see the five holders by name, read from the applicants who accepted');
select is(public.site_plan(3) -> 'counts', '{"plots": 425, "free": 0, "let": 417}'::jsonb,
  'staff see 425 plots, none free, 417 let');
select tests.authenticate_as_anon();
select is(
  (select count(*)::int from jsonb_array_elements(public.site_plan(3) -> 'plots') x
   where x ? 'holder' or x ? 'membership_id' or x ? 'let_since'),
  0, 'a visitor sees no holder, membership or tenancy date');
select results_eq(
  $$select x ->> 'status', count(*)::int from jsonb_array_elements(public.site_plan(3) -> 'plots') x group by 1 order by 1$$,
  $$values ('let', 417), ('unavailable', 10)$$,
  'a visitor sees 417 plots let and 10 unavailable');
select tests.clear_authentication();

-- The scheduled re-letting finds nothing to offer here until staff mark a plot ready.
select lives_ok($$select private.run_plot_reletting()$$, 'the re-letting runs');
select is((select count(*)::int from public.plot_offers where site_id = 3 and status = 'offered'), 0,
  'and makes no offer at the demo site');

select * from finish();
rollback;
