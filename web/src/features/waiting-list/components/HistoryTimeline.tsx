// The applicant's history as a timeline, newest first: their own events (joined, asked and
// confirmed "still interested?", moved by staff with the reason, offered, answered…) and, per
// month, how their position changed and why, in counts that name nobody.
import { css } from 'goober'
import { formatCount } from '@/lib/intl'
import { type HistoryRow, useWaitingListHistory } from '../api/get-waiting-list-history'
import { longDate, monthYear } from '@/lib/dates'
import { ordinal } from './format'

const timeline = css`
  list-style: none;
  margin: 0;
  padding: 0 0 0 1.1rem;
  border-left: 3px solid #cfd8cf;
  display: grid;
  gap: 1rem;
  > li {
    position: relative;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  > li::before {
    content: '';
    position: absolute;
    left: -1.62rem;
    top: 0.3rem;
    width: 0.8rem;
    height: 0.8rem;
    border-radius: 50%;
    background: var(--roots-primary);
    border: 2px solid var(--roots-surface);
  }
  > li.position::before {
    background: var(--roots-surface);
    border-color: var(--roots-primary);
  }
  time {
    display: block;
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
  h3 {
    margin: 0.1rem 0 0.2rem;
    font-size: 1.05rem;
  }
  p,
  ul {
    margin: 0.2rem 0 0;
  }
  ul {
    padding-left: 1.1rem;
  }
  .reason {
    border-left: 3px solid var(--roots-primary);
    padding-left: 0.6rem;
  }
`

const people = (n: number) => `${formatCount(n)} ${n === 1 ? 'person' : 'people'}`

/** Why the position changed, in words: n > 0 moved the applicant up n places, n < 0 down. */
export function causeText(cause: string, n: number): string {
  const k = Math.abs(n)
  const up = n > 0
  switch (cause) {
    case 'offered':
      return `${people(k)} ahead of you ${k === 1 ? 'was' : 'were'} offered a plot`
    case 'withdrawn':
      return `${people(k)} ahead of you left the list`
    case 'removed':
      return `${people(k)} ahead of you ${k === 1 ? 'was' : 'were'} taken off the list (for example, not answering the yearly "still interested?")`
    case 'staff_move':
      return up ? `${people(k)} moved from ahead of you by staff` : `${people(k)} moved ahead of you by staff`
    case 'list_moved':
      return up
        ? `${people(k)} ahead of you moved to another list`
        : `${people(k)} joined from a list merged into this one, keeping their join dates`
    case 'imported':
      return `${people(k)} added from our earlier records, with earlier join dates`
    case 'reinstated':
      return `${people(k)} returned to the list after an offer`
    case 'joined':
      return `${people(k)} joined ahead of you`
    default:
      return up
        ? `${people(k)} ahead of you no longer waiting`
        : `${people(k)} placed ahead of you by an administrator's correction`
  }
}

function title(r: HistoryRow): string {
  switch (r.kind) {
    case 'joined':
      return `You joined the waiting list for ${r.location}`
    case 'imported':
      return `Your place on the list for ${r.location} was carried over from our earlier records`
    case 'asked_to_confirm':
      return 'We asked whether you are still interested'
    case 'confirmed':
      return 'You confirmed you are still interested'
    case 'moved':
      return r.position_before !== null && r.position_after !== null
        ? `Staff moved you from ${ordinal(r.position_before)} to ${ordinal(r.position_after)}`
        : 'Staff moved your entry'
    case 'place_changed':
      return `Your list moved to ${r.location}, keeping your join date`
    case 'merged':
      return 'Two entries of yours were merged, keeping the earlier join date'
    case 'offered':
      return 'You were offered a plot'
    case 'accepted':
      return 'You accepted a plot'
    case 'declined':
      return 'You declined the offer'
    case 'expired':
      return 'The offer ran out before it was answered'
    case 'withdrawn':
      return 'You left the list'
    case 'removed':
      return 'Your entry was taken off the list'
    case 'reinstated':
      return 'Your entry is waiting again'
    case 'position': {
      const up = r.places_up ?? 0
      const down = r.places_down ?? 0
      const parts = [up > 0 && `up ${formatCount(up)}`, down > 0 && `down ${formatCount(down)}`].filter(Boolean)
      return `You moved ${parts.join(' and ')} ${up + down === 1 ? 'place' : 'places'}`
    }
    default:
      return r.kind.replace(/_/g, ' ')
  }
}

function Item({ r }: { r: HistoryRow }) {
  const isPosition = r.kind === 'position'
  const causes = Object.entries(r.causes ?? {})
    .filter(([, n]) => n !== 0)
    .sort((a, b) => b[1] - a[1])
  return (
    <li className={isPosition ? 'position' : undefined} data-kind={r.kind}>
      <time dateTime={r.happened_at}>
        {isPosition ? `During ${monthYear(r.happened_at)}` : longDate(r.happened_at)}
      </time>
      <h3>{title(r)}</h3>
      {r.kind === 'moved' && r.location && <p>On the list for {r.location}.</p>}
      {r.kind === 'imported' && r.queue_date && <p>You keep your original join date, {longDate(r.queue_date)}.</p>}
      {r.kind === 'asked_to_confirm' && r.queue_date && (
        <p>Please answer by {longDate(r.queue_date)}, or your place is released.</p>
      )}
      {r.reason && (
        <p className='reason'>
          <strong>Reason given:</strong> {r.reason}
        </p>
      )}
      {isPosition && causes.length > 0 && (
        <ul aria-label='Why'>
          {causes.map(([cause, n]) => (
            <li key={cause}>
              {n > 0 ? 'Up' : 'Down'} {formatCount(Math.abs(n))}: {causeText(cause, n)}.
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

export function HistoryTimeline({ reference }: { reference: string }) {
  const history = useWaitingListHistory(reference)
  return (
    <section className='card' aria-labelledby='history-title' data-testid='history'>
      <h2 id='history-title'>Your history on this list</h2>
      <p>
        Everything that changed your place, newest first. The order of a list changes only when someone joins, is
        offered a plot, answers, leaves or is removed, or when staff move someone and record why. We count other
        people's changes; we never show who they are.
      </p>
      {history.isPending && <p role='status'>Loading your history…</p>}
      {history.isError && <p role='alert'>We could not load your history just now. Please try again later.</p>}
      {history.data && history.data.length === 0 && <p>Nothing has happened yet.</p>}
      {history.data && history.data.length > 0 && (
        <ol className={timeline} aria-label='Your history, newest first'>
          {[...history.data].reverse().map((r, i) => (
            <Item key={`${r.kind}-${r.happened_at}-${i}`} r={r} />
          ))}
        </ol>
      )}
    </section>
  )
}
