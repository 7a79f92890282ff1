// /seed-sowing: the guide, month by month (?month=1–12, this month by default): what to sow
// indoors, outdoors and harvest, every crop's months, and the sign-up for monthly reminders.
// /seed-sowing/timeline: the whole year on one page. /seed-sowing/thank-you: after signing up.
import { css } from 'goober'
import { Link, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { contentPage, EmptyState, ListView, LoadFailed, Loading } from '@/components/content/states'
import { visuallyHidden } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { type SowingGuide, useSowingGuides, useSowingTimeline } from '../api/get-sowing'
import { CropList } from '../components/CropList'
import { ReminderForm } from '../components/ReminderForm'
import { currentUkMonth, jobsForMonth, monthFromSearch, monthName, monthRanges, MONTHS } from '../months'

const row = css`
  display: contents;
`

const monthNav = css`
  margin: 0 0 1.5rem;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
  a {
    display: inline-block;
    min-width: 3.2rem;
    text-align: center;
    padding: 0.5rem 0.6rem;
    border-radius: 0.5rem;
    border: 2px solid var(--roots-primary);
    text-decoration: none;
    font-weight: 600;
  }
  a[aria-current='page'] {
    background: var(--roots-primary);
    color: #fff;
  }
`
const crops = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr));
  li {
    background: var(--roots-surface);
    border-radius: 0.6rem;
    padding: 0.9rem 1rem;
  }
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1.1rem;
  }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.15rem 0.6rem;
    font-size: 0.95rem;
  }
  dt {
    color: var(--roots-muted);
  }
  dd {
    margin: 0;
  }
  p {
    margin: 0.4rem 0 0;
    font-size: 0.95rem;
  }
`
const timeline = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
  max-width: 46rem;
  & > li {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1.25rem;
    border-left: 6px solid #cfd6cf;
  }
  & > li[data-current='true'] {
    border-left-color: var(--roots-primary);
  }
  h2 {
    margin: 0 0 0.4rem;
    font-size: 1.3rem;
  }
  .now {
    display: inline-block;
    margin-left: 0.5rem;
    padding: 0.1rem 0.5rem;
    border-radius: 0.4rem;
    background: var(--roots-primary);
    color: #fff;
    font-size: 0.85rem;
    vertical-align: middle;
  }
  p {
    margin: 0 0 0.5rem;
  }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25rem 0.75rem;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`

const DESCRIPTION = 'What to sow indoors and outdoors, and what to harvest, every month of the year on a UK allotment.'
const names = (list: readonly SowingGuide[]) => list.map((g) => g.crop).join(', ') || 'Nothing this month'

function CropMonths({ guide }: { guide: SowingGuide }) {
  const rows: [string, number[]][] = [
    ['Sow indoors', guide.sow_indoors_months],
    ['Sow outdoors', guide.sow_outdoors_months],
    ['Harvest', guide.harvest_months],
  ]
  return (
    <li>
      <h3>{guide.crop}</h3>
      <dl>
        {rows
          .filter(([, m]) => m.length > 0)
          .map(([label, m]) => (
            <div key={label} className={row}>
              <dt>{label}</dt>
              <dd>{monthRanges(m)}</dd>
            </div>
          ))}
      </dl>
      {guide.notes && <p>{guide.notes}</p>}
    </li>
  )
}

export default function SeedSowingRoute() {
  usePageMeta('Seed-sowing guide', DESCRIPTION)
  const month = monthFromSearch(useSearch())
  const guides = useSowingGuides()
  return (
    <div className={contentPage}>
      <h1>Seed-sowing guide</h1>
      <p className='lead'>
        What to sow and harvest each month on a UK allotment. Pick a month, or see{' '}
        <Link href={paths.seedSowingTimeline.getHref()}>the whole year</Link>.
      </p>
      <nav className={monthNav} aria-label='Months'>
        <ul>
          {MONTHS.map((name, i) => (
            <li key={name}>
              <Link
                href={`${paths.seedSowing.getHref()}?month=${i + 1}`}
                aria-current={i + 1 === month ? 'page' : undefined}
              >
                <span aria-hidden='true'>{name.slice(0, 3)}</span>
                <span className={visuallyHidden}>{name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2>In {monthName(month)}</h2>
      <ListView
        query={guides}
        what='the sowing guide'
        empty={<p>The sowing guide is being written. Sign up below and we will e-mail you when it is ready.</p>}
      >
        {(rows) => {
          const jobs = jobsForMonth(rows, month)
          return (
            <>
              <div className='cards'>
                <CropList
                  id='sow-indoors'
                  title='Sow indoors'
                  crops={jobs.indoors}
                  none='Nothing to sow indoors this month.'
                />
                <CropList
                  id='sow-outdoors'
                  title='Sow outdoors'
                  crops={jobs.outdoors}
                  none='Nothing to sow outdoors this month.'
                />
                <CropList id='harvest' title='Harvest' crops={jobs.harvest} none='Nothing to harvest this month.' />
              </div>
              <h2>Every crop</h2>
              <ul className={crops} aria-label='Every crop and its months'>
                {rows.map((g) => (
                  <CropMonths key={g.slug} guide={g} />
                ))}
              </ul>
            </>
          )
        }}
      </ListView>
      <ReminderForm />
    </div>
  )
}

export function SeedSowingTimelineRoute() {
  usePageMeta('Sowing timeline', DESCRIPTION)
  const months = useSowingTimeline()
  const guides = useSowingGuides()
  const now = currentUkMonth()
  return (
    <div className={contentPage}>
      <h1>The sowing year</h1>
      <p className='lead'>
        Month by month on the plot. <Link href={paths.seedSowing.getHref()}>Back to the guide</Link>
      </p>
      {(months.isPending || guides.isPending) && <Loading what='the timeline' />}
      {(months.isError || guides.isError) && (
        <LoadFailed
          what='the timeline'
          onRetry={() => {
            void months.refetch()
            void guides.refetch()
          }}
        />
      )}
      {months.data?.length === 0 && (
        <EmptyState>
          <p>The timeline is being written. Check back soon.</p>
        </EmptyState>
      )}
      {months.data && guides.data && months.data.length > 0 && (
        <ol className={timeline} aria-label='Months of the year'>
          {months.data.map((m) => {
            const jobs = jobsForMonth(guides.data, m.month)
            return (
              <li key={m.id} data-current={m.month === now}>
                <h2 id={`month-${m.id}`}>
                  {monthName(m.month)}
                  {m.month === now && <span className='now'>This month</span>}
                </h2>
                <p>
                  <strong>{m.title}</strong>
                </p>
                {m.body && <p>{m.body}</p>}
                <dl>
                  <dt>Sow indoors</dt>
                  <dd>{names(jobs.indoors)}</dd>
                  <dt>Sow outdoors</dt>
                  <dd>{names(jobs.outdoors)}</dd>
                  <dt>Harvest</dt>
                  <dd>{names(jobs.harvest)}</dd>
                </dl>
              </li>
            )
          })}
        </ol>
      )}
      <ReminderForm />
    </div>
  )
}

export function SeedSowingThankYouRoute() {
  usePageMeta('Thank you', 'You are signed up for monthly seed-sowing reminders from Roots Allotments.')
  return (
    <div className={contentPage}>
      <h1>You are signed up</h1>
      <div className='panel' role='status'>
        <p>
          Thank you. Your first sowing reminder arrives on the first of next month. Every e-mail has a link to
          unsubscribe.
        </p>
      </div>
      <p>
        <Link href={paths.seedSowingTimeline.getHref()}>See the whole sowing year</Link> ·{' '}
        <Link href={paths.seedSowing.getHref()}>Back to the guide</Link>
      </p>
    </div>
  )
}
