// /sites/{cityslug}/{slug}/list: a site's waiting list in public, anonymised figures. How long it
// is, how many plots it offered each month over the last year (a table with CSS bars), the median
// wait from joining to an offer, and how the order is kept fair. Nobody's name or joining time is
// shown (the top of the list's joining date only, as on the site page).
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { useRedirectsKnown } from '@/lib/redirects-known'
import { useHead } from '@/lib/head'
import { formatCount } from '@/lib/intl'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { longDate, shortMonthYear } from '@/lib/dates'
import { describeWait } from '@/lib/sites/wait'
import { useEffect } from 'react'
import { type MonthOffers, useSiteListFigures } from '../api/get-site-list-figures'

const page = css`
  max-width: 60rem;
  margin: 0 auto;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
    font-size: clamp(1.6rem, 5.5vw, 2.5rem);
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.9rem;
    padding: clamp(1rem, 4vw, 2rem);
    margin-bottom: 1.25rem;
  }
  .card > h2:first-child {
    margin-top: 0;
  }
  .facts {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr));
    margin: 0;
  }
  .facts div {
    background: var(--roots-background);
    border-radius: 0.6rem;
    padding: 0.75rem 1rem;
  }
  .facts dt {
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
  .facts dd {
    margin: 0;
    font-size: 1.3rem;
    font-weight: 800;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 0.5rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.35rem 0.25rem;
    border-top: 1px solid #e3e6e3;
    vertical-align: middle;
  }
  th[scope='row'] {
    font-weight: 600;
    white-space: nowrap;
    width: 7.5rem;
  }
  td.n {
    width: 3rem;
    text-align: right;
    font-variant-numeric: tabular-nums;
    font-weight: 700;
  }
  .bar {
    height: 1rem;
    border-radius: 0.3rem;
    background: var(--roots-primary);
    min-width: 2px;
  }
  .bar.zero {
    background: #dfe5df;
  }
  .muted {
    color: var(--roots-muted);
  }
`

const monthLabel = (ym: string) => shortMonthYear(`${ym}-01`)

function OffersTable({ months }: { months: MonthOffers[] }) {
  const max = Math.max(1, ...months.map((m) => m.offers))
  return (
    <table data-testid='offers-by-month'>
      <caption>Plots offered each month, last 12 months</caption>
      <thead>
        <tr>
          <th scope='col'>Month</th>
          <th scope='col' className='n'>
            Offers
          </th>
          <th scope='col'>
            <span className='muted'>Compared</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month}>
            <th scope='row'>{monthLabel(m.month)}</th>
            <td className='n'>{formatCount(m.offers)}</td>
            {/* The bar's length is the month's share of the busiest month: the one value a class cannot hold. */}
            <td aria-hidden='true'>
              <div
                className={m.offers === 0 ? 'bar zero' : 'bar'}
                style={{ width: `${Math.round((100 * m.offers) / max)}%` }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export default function SiteListStatsRoute() {
  const params = useParams<{ cityslug: string; slug: string }>()
  const [path, navigate] = useLocation()
  const slug = slugParam(params.slug, path)
  const cityslug = slugParam(params.cityslug, path)
  const locations = useLocations()
  const site = locations.sites.find((s) => s.slug === slug) ?? null
  const result = useSiteListFigures(slug)
  // Unknown only once the stored sites and the redirect table are in (see the site page).
  const redirectsKnown = useRedirectsKnown()
  const settled = locations.settled && redirectsKnown
  const known = site !== null
  useEffect(() => {
    if (settled && !known) navigate(paths.notFound.getHref(), { replace: true })
  }, [settled, known, navigate])
  const name = site?.location ?? 'this site'
  useHead({
    title: site ? `Waiting list figures for ${site.location}` : 'Waiting list figures',
    description: site
      ? `How the waiting list at ${site.location} moves: its length, plots offered each month and the typical wait, in anonymised figures.`
      : 'How a Roots allotment waiting list moves, in anonymised figures.',
  })
  const figures = result.state === 'ready' ? result.figures : null
  return (
    <div className={page}>
      <p>
        <Link href={paths.site.getHref({ cityslug, slug })}>← Back to {name}</Link>
      </p>
      <h1>The waiting list at {name}, in figures</h1>
      <p>These figures are counts only: they never show who is on the list or when anyone joined.</p>
      {result.state === 'loading' && <p role='status'>Loading the list's figures…</p>}
      {result.state === 'error' && (
        <p role='alert'>The list's figures could not be loaded just now. Please try again later.</p>
      )}
      {result.state === 'ready' && !figures && <p role='alert'>We have no figures for this site.</p>}
      {figures && (
        <>
          <section className='card' aria-labelledby='now-title'>
            <h2 id='now-title'>The list today</h2>
            <dl className='facts'>
              <div>
                <dt>On the list</dt>
                <dd data-testid='list-length'>{formatCount(figures.list_length)}</dd>
              </div>
              <div>
                <dt>Waiting for an offer</dt>
                <dd>{formatCount(figures.waiting)}</dd>
              </div>
              <div>
                <dt>Offers in the last 12 months</dt>
                <dd data-testid='offers-year'>{formatCount(figures.offers_last_year)}</dd>
              </div>
              <div>
                <dt>Typical wait from joining to an offer</dt>
                <dd data-testid='median-wait'>
                  {figures.median_wait_months !== null
                    ? (describeWait(figures.median_wait_months) ?? 'Under a month')
                    : 'Not shown'}
                </dd>
              </div>
              <div>
                <dt>Estimated wait if you join today</dt>
                <dd>
                  {describeWait(figures.estimated_wait_months) ??
                    (figures.waiting === 0 ? 'None' : 'Not enough movement yet')}
                </dd>
              </div>
              <div>
                <dt>Top of the list since</dt>
                <dd>{longDate(figures.top_joined_on, 'Nobody waiting')}</dd>
              </div>
            </dl>
            <p className='muted'>
              The typical wait is the median time, from joining to being offered a plot, of the people offered a plot in
              the last 12 months.
              {figures.median_wait_months === null &&
                " It is not shown when fewer than 3 plots were offered, because it would describe one or two people's own waits."}
            </p>
          </section>
          <section className='card' aria-labelledby='months-title'>
            <h2 id='months-title'>Offers month by month</h2>
            <OffersTable months={figures.offers_by_month} />
          </section>
        </>
      )}
      <section className='card' aria-labelledby='fair-title'>
        <h2 id='fair-title'>How the order is kept fair</h2>
        <p>
          Places are offered in the order people joined. The order changes only when someone joins, is offered a plot,
          answers an offer, leaves, or is taken off the list, or when staff move someone: every staff move needs a
          written reason, which is kept in our audit log and shown to the person moved.
        </p>
        <p>
          Everyone on the list can see their own history, with each change to their position and its cause, from the
          link in their confirmation e-mail.
        </p>
      </section>
    </div>
  )
}
