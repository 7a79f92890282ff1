-- Demo data for the plot register, after seed.sql: Leigh Woods Meadows (Bristol) keeps its whole
-- register, so the site page draws its plan and staff can find whose plot is whose.
--   * 425 plots in use, rows A to Q of 25 (every fourth plot a half plot), each drawn on the site
--     plan, plus two plots out of use at the end of row Q. The register sets the site's plot
--     count, so it stays the 425 the catalogue gives.
--   * The five applicants who accepted an offer here hold a plot each, let by that offer: staff
--     see their names on the register, a visitor sees only "let".
--   * The other plots were let before the site moved onto the register: each has an open tenancy
--     since its start date but no member on record here yet, so staff see "—" as its holder.
--   * Eight plots are being prepared after their last tenant left. None is vacant, so the
--     scheduled re-letting offers nothing until staff mark one ready: the demo's list is as
--     seeded until someone acts.

-- The plan's grid: full plots 10 m wide, half plots 5 m, all 25 m deep, with a 4 m path between
-- rows; the site's centre is the catalogue's (51.4620, -2.6400). Degrees per metre at that
-- latitude: 1 / 111,320 north-south and 1 / (111,320 × cos 51.462°) east-west.
create temporary table demo_plots as
with cells as (
  select r.n as row_no, chr(64 + r.n) as row_letter, c.n as col,
    case when c.n % 4 = 0 then 'half' else 'full' end as size,
    -- metres from the row's west end to this plot's west edge
    (c.n - 1) * 10 - ((c.n - 1) / 4) * 5 as x0
  from generate_series(1, 17) r (n), generate_series(1, 27) c (n)
  where c.n <= 25 or r.n = 17
)
select row_letter || col as number, size,
  case when size = 'half' then 125 else 250 end::numeric as size_m2,
  case when col > 25 then 'out_of_use'
    when row_letter || col in ('B7', 'D3', 'F19', 'H12', 'K22', 'M5', 'N16', 'P9') then 'preparing'
    else 'let' end as status,
  array_remove(array[
    case when row_no = 1 and col <= 4 then 'step_free' end,
    case when row_no = 1 and col <= 4 then 'raised_bed' end,
    case when col in (1, 13, 25) then 'near_tap' end,
    case when (row_no + col) % 9 = 0 then 'shed' end,
    case when (row_no * col) % 23 = 0 then 'greenhouse' end,
    case when col % 6 = 1 then 'water_butt' end,
    case when row_no = 17 and col <= 25 then 'fruit_trees' end
  ], null) as features,
  case when col > 25 then 'Waterlogged every winter; new drains are due in the spring.'
    when row_letter || col in ('B7', 'D3', 'F19', 'H12', 'K22', 'M5', 'N16', 'P9')
      then 'Cleared after the last tenant left; to be rotavated and marked ready.' end as notes,
  extensions.st_setsrid(extensions.st_makeenvelope(
    -2.6400 + (x0 - 110) / (111320 * cos(radians(51.462))),
    51.4620 + (246.5 - row_no * 29) / 111320.0,
    -2.6400 + (x0 + case when size = 'half' then 5 else 10 end - 110) / (111320 * cos(radians(51.462))),
    51.4620 + (246.5 - row_no * 29 + 25) / 111320.0), 4326) as shape,
  -- a let plot's tenancy began some time in the past six years
  now() - make_interval(days => 90 + ((row_no * 37 + col * 53) % 2100)) as let_since
from cells;

-- The accepted offers' plots: each applicant gets a plot of the size they asked for.
create temporary table demo_holders as
select o.id as offer_id, o.responded_at,
  (array['C7', 'E10', 'G2', 'J14', 'L12'])[row_number() over (order by o.id)] as number
from public.plot_offers o
where o.site_id = 3 and o.status = 'accepted';

-- One statement, so the flow's permission to insert let plots lasts for all of it however the
-- seed is run (the stand-in runs a file in one transaction; psql and the CLI may not).
do $$
begin
  perform private.plot_flow(true);

  insert into public.plots (site_id, number, size, size_m2, features, status, shape, notes)
  select 3, number, size, size_m2, features, status, shape, notes from demo_plots order by number;

  insert into public.plot_tenancies (plot_id, site_id, offer_id, started_at)
  select p.id, 3, h.offer_id, coalesce(h.responded_at, d.let_since)
  from demo_plots d
  join public.plots p on p.site_id = 3 and p.number = d.number
  left join demo_holders h on h.number = d.number
  where d.status = 'let';

  update public.plot_offers o set plot_id = p.id
  from demo_holders h join public.plots p on p.site_id = 3 and p.number = h.number
  where o.id = h.offer_id;

  -- A plot's status clock starts when it reached that status, not when the seed ran.
  update public.plots p set status_changed_at = t.started_at
  from public.plot_tenancies t where t.plot_id = p.id and t.ended_at is null and p.site_id = 3;
  update public.plots set status_changed_at = now() - interval '12 days'
  where site_id = 3 and status = 'preparing';

  -- The register's history as it happened: the site moved onto the register 60 days ago with its
  -- tenants in place; five plots were ready and went to the list by offer; eight tenancies have
  -- ended since.
  update public.plots set created_at = now() - interval '60 days' where site_id = 3;
  update public.plot_history h set created_at = now() - interval '60 days',
    to_status = case when h.plot_id in (select plot_id from public.plot_offers where site_id = 3 and plot_id is not null)
      then 'vacant' when h.to_status = 'preparing' then 'let' else h.to_status end
  where h.site_id = 3 and h.kind = 'created';
  insert into public.plot_history (plot_id, site_id, kind, from_status, to_status, detail, created_at)
  select o.plot_id, 3, 'let', 'offered', 'let', jsonb_build_object('offer_id', o.id), o.responded_at
  from public.plot_offers o where o.site_id = 3 and o.plot_id is not null;
  insert into public.plot_history (plot_id, site_id, kind, from_status, to_status, detail, created_at)
  select p.id, 3, 'ended', 'let', 'preparing', jsonb_build_object('reason', 'tenant gave the plot up'),
    now() - interval '12 days'
  from public.plots p where p.site_id = 3 and p.status = 'preparing';
  insert into public.plot_tenancies (plot_id, site_id, started_at, ended_at, end_reason)
  select p.id, 3, d.let_since, now() - interval '12 days', 'Gave the plot up'
  from public.plots p join demo_plots d on d.number = p.number
  where p.site_id = 3 and p.status = 'preparing';

  perform private.plot_flow(false);
end
$$;

drop table demo_plots, demo_holders;
