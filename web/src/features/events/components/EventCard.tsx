// One upcoming event: when, where, what, and a button that downloads it for a calendar.
import { css } from 'goober'
import { paths } from '@/config/paths'
import { LazyImage } from '@/components/content/LazyImage'
import { RichText } from '@/components/content/RichText'
import { buttonSecondary } from '@/components/styles'
import { clockTime, dayMonthTime, ukDay } from '@/lib/dates'
import { plainText } from '@/lib/content/text'
import type { SiteEvent } from '../api/get-events'
import { type CalendarEvent, downloadIcs } from '../ics'

const card = css`
  background: var(--roots-surface);
  border-radius: 0.75rem;
  padding: 1.25rem;
  display: grid;
  gap: 0.5rem;
  max-width: 46rem;
  h3 {
    margin: 0;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
  .when {
    font-weight: 700;
  }
`

export const eventPlace = (e: SiteEvent) => e.location ?? (e.site ? `${e.site.location}, ${e.site.city}` : null)

export function calendarEvent(e: SiteEvent, origin = globalThis.location?.origin ?? ''): CalendarEvent {
  return {
    slug: e.slug,
    title: e.title,
    start: new Date(e.starts_at),
    end: e.ends_at ? new Date(e.ends_at) : null,
    location: eventPlace(e),
    description: plainText(e.description, 2000) || null,
    url: `${origin}${paths.events.getHref()}#event-${e.slug}`,
  }
}

function when(e: SiteEvent) {
  const start = clockTime(e.starts_at)
  if (!e.ends_at) return start
  return ukDay(e.ends_at) === ukDay(e.starts_at)
    ? `${start} to ${clockTime(e.ends_at)}`
    : `${start} until ${dayMonthTime(e.ends_at)}`
}

export function EventCard({ event }: { event: SiteEvent }) {
  const place = eventPlace(event)
  return (
    <article className={card} id={`event-${event.slug}`} aria-labelledby={`event-${event.slug}-title`}>
      <LazyImage src={event.image_url} alt='' />
      <h3 id={`event-${event.slug}-title`}>{event.title}</h3>
      <p className='when'>
        <time dateTime={event.starts_at}>{when(event)}</time>
      </p>
      {place && <p>{place}</p>}
      <RichText doc={event.description} />
      <p>
        <button
          type='button'
          className={buttonSecondary}
          aria-label={`Add ${event.title} to your calendar`}
          onClick={() => downloadIcs(calendarEvent(event))}
        >
          Add to calendar (.ics)
        </button>
      </p>
    </article>
  )
}
