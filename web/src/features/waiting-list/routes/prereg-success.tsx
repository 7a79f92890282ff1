// /prereg/success: after pre-registering (or from the e-mail link with ?reference=).
import { Link, useSearch } from 'wouter'
import { useSnapshot } from 'valtio'
import { css } from 'goober'
import { paths } from '@/config/paths'
import { buttonPrimary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { useWaitingListPosition } from '../api/get-waiting-list-position'
import { longDate } from '@/lib/dates'
import { references } from '../stores/references-store'

const page = css`
  .card {
    background: var(--roots-surface);
    border-radius: 0.9rem;
    padding: clamp(1rem, 4vw, 2rem);
    max-width: 40rem;
  }
  h1 {
    color: var(--roots-primary);
    margin-top: 0;
  }
  .ref {
    font-family: ui-monospace, monospace;
    overflow-wrap: anywhere;
    background: #ecefeb;
    padding: 0.15rem 0.4rem;
    border-radius: 0.3rem;
  }
`

export default function PreregSuccessRoute() {
  usePageMeta('You are pre-registered')
  const search = useSearch()
  const saved = useSnapshot(references).saved
  const reference =
    new URLSearchParams(search).get('reference')?.trim().toLowerCase() ||
    saved.find((s) => s.kind === 'pre_registration')?.reference ||
    ''
  const query = useWaitingListPosition(reference)
  const entry = query.data?.kind === 'pre_registration' ? query.data : null
  return (
    <div className={page}>
      <section className='card' aria-labelledby='done-title'>
        <h1 id='done-title'>{entry ? `You are pre-registered for ${entry.location}` : 'You are pre-registered'}</h1>
        {entry && (
          <p>
            Registered on {longDate(entry.created_at)}. Status: {entry.status}.
          </p>
        )}
        <p>We will e-mail you first when plots open, before anyone else hears.</p>
        {reference && (
          <p>
            Your private reference:{' '}
            <span className='ref' data-testid='reference'>
              {reference}
            </span>
          </p>
        )}
        <p>
          <Link href={paths.sites.getHref()} className={buttonPrimary}>
            See our other sites
          </Link>
        </p>
      </section>
    </div>
  )
}
