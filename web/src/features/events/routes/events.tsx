// /events: upcoming events (past ones hidden), soonest first, grouped by day, filtered by site
// and month through the address (?site=3&month=2025-05), each with an add-to-calendar file.
import { css } from 'goober'
import { useLocation, useSearch } from 'wouter'
import { SelectField } from '@/components/form/Field'
import { contentPage, EmptyState, LoadFailed, Loading } from '@/components/content/states'
import { buttonLink } from '@/components/styles'
import { monthYear, ukDay, weekdayDate } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { type SiteEvent, useUpcomingEvents } from '../api/get-events'
import { EventCard } from '../components/EventCard'
import { compareText } from '@/lib/intl'

const filters = css`
  display: grid;
  gap: 0 1rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  max-width: 46rem;
`
const day = css`
  margin: 2rem 0 0;
  display: grid;
  gap: 1rem;
  h2 {
    margin: 0;
    font-size: 1.35rem;
  }
`

const monthOf = (iso: string) => ukDay(iso).slice(0, 7)
const monthLabel = (month: string) => monthYear(`${month}-01`)

export interface EventFilters {
  site: string
  month: string
}

export function filterEvents(events: readonly SiteEvent[], f: EventFilters): SiteEvent[] {
  return events.filter(
    (e) => (!f.site || String(e.site?.id ?? '') === f.site) && (!f.month || monthOf(e.starts_at) === f.month),
  )
}

/** Events grouped by their UK calendar day, in order. */
export function byDay(events: readonly SiteEvent[]): [day: string, events: SiteEvent[]][] {
  const groups = new Map<string, SiteEvent[]>()
  for (const e of events) {
    const d = ukDay(e.starts_at)
    groups.set(d, [...(groups.get(d) ?? []), e])
  }
  return [...groups]
}

export default function EventsRoute() {
  usePageMeta('Events', 'Seed swaps, workshops, open days and harvest suppers at Roots Allotments sites near you.')
  const events = useUpcomingEvents()
  const [path, navigate] = useLocation()
  const search = new URLSearchParams(useSearch())
  const f: EventFilters = { site: search.get('site') ?? '', month: search.get('month') ?? '' }
  const setFilter = (name: keyof EventFilters, value: string) => {
    const next = new URLSearchParams(search)
    if (value) next.set(name, value)
    else next.delete(name)
    const qs = next.toString()
    navigate(`${path}${qs ? `?${qs}` : ''}`, { replace: true })
  }
  const all = events.data ?? []
  const sites = [...new Map(all.filter((e) => e.site).map((e) => [e.site!.id, e.site!])).values()].sort((a, b) =>
    compareText(a.location, b.location),
  )
  const months = [...new Set(all.map((e) => monthOf(e.starts_at)))]
  const shown = filterEvents(all, f)

  return (
    <div className={contentPage}>
      <h1>Events</h1>
      <p className='lead'>Seed swaps, workshops and open days at our sites. Everyone is welcome, members or not.</p>
      {events.isPending && <Loading what='events' />}
      {events.isError && <LoadFailed what='the events' onRetry={() => void events.refetch()} />}
      {events.data?.length === 0 && (
        <EmptyState>
          <p>No events are planned just now. New events are added every month, so check back soon.</p>
        </EmptyState>
      )}
      {all.length > 0 && (
        <>
          <div className={filters} role='group' aria-label='Filter events'>
            <SelectField label='Site' name='site' value={f.site} onChange={(e) => setFilter('site', e.target.value)}>
              <option value=''>All sites</option>
              {sites.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.location}, {s.city}
                </option>
              ))}
            </SelectField>
            <SelectField
              label='Month'
              name='month'
              value={f.month}
              onChange={(e) => setFilter('month', e.target.value)}
            >
              <option value=''>Any month</option>
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                </option>
              ))}
            </SelectField>
          </div>
          <p role='status' aria-live='polite'>
            {shown.length === 1 ? '1 upcoming event' : `${shown.length} upcoming events`}
          </p>
          {shown.length === 0 && (
            <EmptyState>
              <p>
                No upcoming events match these filters.{' '}
                <button type='button' className={buttonLink} onClick={() => navigate(path, { replace: true })}>
                  Show all events
                </button>
              </p>
            </EmptyState>
          )}
          {byDay(shown).map(([d, list]) => (
            <section key={d} className={day} aria-labelledby={`day-${d}`}>
              <h2 id={`day-${d}`}>{weekdayDate(list[0]!.starts_at)}</h2>
              {list.map((e) => (
                <EventCard key={e.slug} event={e} />
              ))}
            </section>
          ))}
        </>
      )}
    </div>
  )
}
