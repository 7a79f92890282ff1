// What this phone still has to send: "Waiting to send (n)", each inspection with where it stands
// (sending, waiting and why, or needing a person: try again or discard), and "Send now".
import { css } from 'goober'
import { scoreWords } from '@common/inspection-scale'
import { buttonLink, buttonSecondary } from '@/components/styles'
import { dateTime } from '@/lib/dates'
import type { InspectionQueue, QueuedInspection } from '../queue/queue'

const panel = css`
  border: 2px solid #b5651d;
  background: #fff8ef;
  border-radius: 0.75rem;
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
  h2 {
    font-size: 1.1rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0 0 0.75rem;
    display: grid;
    gap: 0.5rem;
  }
  li {
    border-top: 1px solid #ecd9c3;
    padding-top: 0.5rem;
  }
  .why {
    display: block;
    font-size: 0.9rem;
  }
  .attention {
    color: var(--roots-error);
    font-weight: 600;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 1rem;
    margin-top: 0.25rem;
  }
  .actions button {
    width: 100%;
  }
`

function where(i: QueuedInspection) {
  if (i.state === 'sending') return 'Sending…'
  if (i.state === 'attention') return `Not sent: ${i.error ?? 'the server refused it'}`
  return i.error ? `Waiting: ${i.error}` : 'Waiting for a connection'
}

export function QueuePanel({
  items,
  online,
  queue,
}: {
  items: readonly QueuedInspection[]
  online: boolean
  queue: InspectionQueue
}) {
  if (items.length === 0) return null
  return (
    <section className={panel} aria-labelledby='queue-title' data-testid='inspection-queue'>
      <h2 id='queue-title' aria-live='polite'>
        Waiting to send ({items.length})
      </h2>
      <ul>
        {items.map((i) => (
          <li key={i.id}>
            <strong>
              Plot {i.plotNumber}, {i.siteName}
            </strong>
            : {scoreWords(i.score)}
            {i.photos.length > 0 ? `, ${i.photos.length} photo${i.photos.length === 1 ? '' : 's'}` : ''}, made{' '}
            {dateTime(i.inspectedAt)}
            <span className={`why${i.state === 'attention' ? ' attention' : ''}`}>{where(i)}</span>
            {i.state === 'attention' && (
              <span className='row'>
                <button type='button' className={buttonLink} onClick={() => void queue.retry(i.id)}>
                  Try again
                </button>
                <button
                  type='button'
                  className={buttonLink}
                  onClick={() => {
                    if (globalThis.confirm(`Discard the inspection of plot ${i.plotNumber}? It will not be sent.`)) {
                      void queue.discard(i.id)
                    }
                  }}
                >
                  Discard
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className='actions'>
        <button type='button' className={buttonSecondary} disabled={!online} onClick={() => void queue.flush(true)}>
          {online ? 'Send now' : 'Offline: will send when back online'}
        </button>
      </div>
    </section>
  )
}
