// /queue/ready: "your place in the queue". The applicant's position, the list length and an
// estimated wait from how fast that list has moved over the last year; an open offer to accept
// or decline; update details or leave the list. The private reference comes from the e-mail
// link (?reference=, then removed from the address bar) or from this browser's saved list.
// An offer e-mail's link (?offer=<token>&answer=accept|decline) shows that offer instead, on any
// device: the token alone is enough (kept for this tab, out of the address bar).
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation, useSearch } from 'wouter'
import { useSnapshot } from 'valtio'
import { paths } from '@/config/paths'
import { TextField } from '@/components/form/Field'
import { Modal } from '@/components/Modal'
import { buttonLink, buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type QueuePosition, useWaitingListPosition } from '../api/get-waiting-list-position'
import { useRespondToPlotOffer } from '../api/respond-to-plot-offer'
import { OFFER_TOKEN_PATTERN } from '../api/get-plot-offer'
import { OfferByLink } from '../components/OfferByLink'
import { useWithdrawWaitingListEntry } from '../api/withdraw-waiting-list-entry'
import { longDate } from '@/lib/dates'
import { describeWait, ordinal, REFERENCE_PATTERN } from '../components/format'
import { UpdateDetailsForm } from '../components/UpdateDetailsForm'
import { MonthlyUpdatesToggle } from '../components/MonthlyUpdatesToggle'
import { HistoryTimeline } from '../components/HistoryTimeline'
import { forgetReference, references, saveReference } from '../stores/references-store'
import { formatCount } from '@/lib/intl'

const gap = css`
  margin-top: 1rem;
`

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 1rem;
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
  .place {
    margin: 0;
    color: var(--roots-muted);
    font-weight: 600;
  }
  .big {
    font-size: clamp(2.5rem, 10vw, 4.5rem);
    font-weight: 800;
    line-height: 1;
    color: var(--roots-primary);
    margin: 0.25rem 0;
  }
  .stats {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
    margin: 1.25rem 0 0;
  }
  .stats div {
    background: var(--roots-background);
    border-radius: 0.6rem;
    padding: 0.75rem 1rem;
  }
  .stats dt {
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
  .stats dd {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 800;
  }
  .meter {
    height: 0.9rem;
    border-radius: 999px;
    background: #dfe5df;
    overflow: hidden;
    margin: 1rem 0 0.35rem;
  }
  .meter span {
    display: block;
    height: 100%;
    background: var(--roots-primary);
  }
  .offer {
    border: 3px solid var(--roots-primary);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  .ref {
    font-family: ui-monospace, monospace;
    overflow-wrap: anywhere;
    background: #ecefeb;
    padding: 0.15rem 0.4rem;
    border-radius: 0.3rem;
  }
  details summary {
    cursor: pointer;
    font-weight: 700;
    padding: 0.5rem 0;
  }
  .saved {
    list-style: none;
    padding: 0;
    display: grid;
    gap: 0.35rem;
  }
  .confirm {
    border-left: 4px solid var(--roots-primary);
    padding-left: 0.75rem;
  }
  .confirm p:focus {
    outline: none;
  }
  h2:focus {
    outline: none;
  }
`

/** The offer link of this tab: read from the address (then removed from it), else remembered. */
const OFFER_KEY = 'roots.offer-link'
type OfferLink = { token: string; answer: 'accept' | 'decline' | null }

function rememberedOffer(): OfferLink | null {
  try {
    const v = JSON.parse(globalThis.sessionStorage?.getItem(OFFER_KEY) ?? 'null') as OfferLink | null
    return v && typeof v.token === 'string' && OFFER_TOKEN_PATTERN.test(v.token) ? v : null
  } catch {
    return null
  }
}

function initialOffer(token: string, answer: OfferLink['answer']): OfferLink | null {
  return token ? { token, answer } : rememberedOffer()
}

function rememberOffer(link: OfferLink | null) {
  try {
    if (link) globalThis.sessionStorage?.setItem(OFFER_KEY, JSON.stringify(link))
    else globalThis.sessionStorage?.removeItem(OFFER_KEY)
  } catch {
    /* storage unavailable: the link still works while the page is open */
  }
}

function Position({ entry, reference }: { entry: QueuePosition; reference: string }) {
  const [confirming, setConfirming] = useState(false)
  const withdraw = useWithdrawWaitingListEntry(reference)
  const respond = useRespondToPlotOffer(reference)
  const [setupPath, setSetupPath] = useState<string | null>(null)
  const live = entry.status === 'waiting' || entry.status === 'offered'
  const wait = describeWait(entry.estimated_wait_months)
  const ahead = entry.queue_position === null ? null : entry.queue_position - 1
  const share =
    entry.queue_position !== null && entry.list_length > 0
      ? Math.max(2, Math.round(100 * (1 - (entry.queue_position - 1) / entry.list_length)))
      : 0

  async function doWithdraw() {
    try {
      await withdraw.mutateAsync()
      setConfirming(false)
      toast.success(`You have left the waiting list for ${entry.location}.`)
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.')
    }
  }

  async function doRespond(accept: boolean) {
    if (!entry.offer_token || respond.isPending) return
    try {
      const answer = await respond.mutateAsync({ token: entry.offer_token, accept })
      if (answer.status === 'accepted') setSetupPath(answer.setup_path)
      toast.success(
        answer.status === 'accepted'
          ? 'Plot accepted: now set up your membership.'
          : 'Offer declined: the plot has gone to the next person, and you have left this list.',
      )
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.')
    }
  }

  return (
    <>
      {entry.has_open_offer && entry.status === 'offered' && (
        <section className='card offer' aria-labelledby='offer-title'>
          <h2 id='offer-title'>A plot is yours if you want it</h2>
          <p>
            Please answer by <strong>{longDate(entry.offer_respond_by)}</strong>. If we do not hear from you, the plot
            goes to the next person.
          </p>
          <div className='actions'>
            <button
              type='button'
              className={buttonPrimary}
              disabled={respond.isPending}
              onClick={() => doRespond(true)}
            >
              Accept the plot
            </button>
            <button
              type='button'
              className={buttonSecondary}
              disabled={respond.isPending}
              onClick={() => doRespond(false)}
            >
              Decline
            </button>
          </div>
        </section>
      )}
      {entry.status === 'accepted' && setupPath && (
        <section className='card offer' aria-labelledby='next-title'>
          <h2 id='next-title'>Next: set up your membership</h2>
          <p>
            The plot at {entry.location} is kept for you. Create your account (or sign in), choose your plan and make
            the first payment. We have e-mailed you this link too.
          </p>
          <p>
            <Link href={setupPath} className={buttonPrimary}>
              Set up your membership
            </Link>
          </p>
        </section>
      )}
      <section className='card' aria-labelledby='position-title' data-testid='queue-position'>
        <p className='place'>Waiting list · {entry.location}</p>
        {entry.status === 'waiting' && entry.queue_position !== null ? (
          <>
            <h2 id='position-title' className='big'>
              {ordinal(entry.queue_position)}
            </h2>
            <p>
              <strong>You are {ordinal(entry.queue_position)} in the queue</strong> of {formatCount(entry.list_length)}{' '}
              {entry.list_length === 1 ? 'person' : 'people'} waiting
              {ahead === 0 ? ': you are next.' : `, with ${formatCount(ahead ?? 0)} ahead of you.`}
            </p>
            <div className='meter' role='img' aria-label={`${share}% of the way to the front of the queue`}>
              {/* The bar's length is the live share: the one value a class cannot hold. */}
              <span style={{ width: `${share}%` }} />
            </div>
          </>
        ) : (
          <h2 id='position-title'>
            {entry.status === 'offered' ? 'You have been offered a plot' : `This entry is ${entry.status}`}
          </h2>
        )}
        <dl className='stats'>
          <div>
            <dt>Your position</dt>
            <dd data-testid='position'>{entry.queue_position ?? '—'}</dd>
          </div>
          <div>
            <dt>People on this list</dt>
            <dd data-testid='list-length'>{formatCount(entry.list_length)}</dd>
          </div>
          <div>
            <dt>Estimated wait</dt>
            <dd data-testid='estimated-wait'>{wait ?? 'Not enough movement yet'}</dd>
          </div>
          <div>
            <dt>Places offered in the last year</dt>
            <dd>{formatCount(entry.moved_last_year)}</dd>
          </div>
        </dl>
        <p className={gap}>
          Your place in the queue dates from {longDate(entry.joined_at)}: the day you joined, unless your history below
          shows a move.{' '}
          {entry.status !== 'waiting'
            ? (STATUS_NOTE[entry.status] ?? '')
            : wait
              ? `The estimate comes from how many plots this list has offered over the last year; it moves as people ahead of you take plots or leave.`
              : `No plots have been offered from this list in the last year, so we cannot estimate a wait yet. Your place is kept.`}
        </p>
      </section>
      {live && (
        <section className='card' aria-labelledby='manage-title'>
          <h2 id='manage-title'>Manage your place</h2>
          <details>
            <summary>Update your details</summary>
            <UpdateDetailsForm reference={reference} />
          </details>
          <p className={gap}>
            <button type='button' className={buttonSecondary} onClick={() => setConfirming(true)}>
              Leave this waiting list
            </button>
          </p>
        </section>
      )}
      {confirming && (
        <Modal
          title={`Leave the waiting list for ${entry.location}?`}
          onClose={() => setConfirming(false)}
          onClickOutside={() => setConfirming(false)}
        >
          <p>
            You will lose your place{entry.queue_position ? ` (${ordinal(entry.queue_position)})` : ''}. If you join
            again later, you start at the back.
          </p>
          <div className='actions'>
            <button type='button' className={buttonPrimary} disabled={withdraw.isPending} onClick={doWithdraw}>
              {withdraw.isPending ? 'Leaving…' : 'Yes, leave the list'}
            </button>
            <button type='button' className={buttonSecondary} onClick={() => setConfirming(false)}>
              Keep my place
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}

/** What an entry that is no longer waiting means, instead of an estimate. */
const STATUS_NOTE: Partial<Record<QueuePosition['status'], string>> = {
  offered: 'A plot is offered to you: answer the offer above.',
  accepted:
    'You accepted a plot from this list, so you are no longer waiting. The link in your e-mail sets up your membership.',
  declined: 'You declined a plot from this list, so it went to the next person and you left the list.',
  expired: 'The offer of a plot was not answered in time, so it went to the next person and you left the list.',
  withdrawn: 'You left this waiting list.',
  removed: 'This entry was removed from the waiting list.',
}

function FindReference({ onFound }: { onFound: (ref: string) => void }) {
  const [error, setError] = useState<string | undefined>()
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const value = String(new FormData(e.currentTarget).get('reference') ?? '')
      .trim()
      .toLowerCase()
    if (!REFERENCE_PATTERN.test(value)) {
      setError('Enter the reference from your confirmation e-mail: letters, digits and hyphens.')
      toast.error('That does not look like a reference.')
      return
    }
    setError(undefined)
    onFound(value)
  }
  return (
    <form onSubmit={onSubmit} noValidate className='card' aria-label='Find your place'>
      <TextField
        label='Your private reference'
        name='reference'
        autoComplete='off'
        spellCheck={false}
        error={error}
        hint='It is in the e-mail we sent when you joined.'
      />
      <button type='submit' className={buttonPrimary}>
        Show my place
      </button>
    </form>
  )
}

/** /queue/ready?offer=…: the offer behind the e-mailed link, whoever's browser opens it. */
function OfferPage({ link, onClose }: { link: OfferLink; onClose: () => void }) {
  return (
    <div className={page}>
      <h1>Your plot offer</h1>
      <OfferByLink token={link.token} answer={link.answer} />
      <p>
        <button type='button' className={buttonLink} onClick={onClose}>
          See your place in a queue instead
        </button>
      </p>
    </div>
  )
}

export default function QueueReadyRoute() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const params = new URLSearchParams(search)
  const offerInLink = params.get('offer')?.trim().toLowerCase() ?? ''
  const raw = params.get('answer')
  const answerInLink = raw === 'accept' || raw === 'decline' ? raw : null
  const [offerLink, setOfferLink] = useState<OfferLink | null>(() => initialOffer(offerInLink, answerInLink))
  const title = offerLink ? 'Your plot offer' : 'Your place in the queue'
  usePageMeta(title)

  // The token is a secret too: keep it for this tab, out of the address bar.
  useEffect(() => {
    if (!offerInLink) return
    const link: OfferLink = { token: offerInLink, answer: answerInLink }
    setOfferLink(link)
    rememberOffer(link)
    navigate(paths.queueReady.getHref(), { replace: true })
  }, [offerInLink, answerInLink, navigate])

  if (offerLink)
    return (
      <OfferPage
        link={offerLink}
        onClose={() => {
          rememberOffer(null)
          setOfferLink(null)
        }}
      />
    )
  return <QueuePage />
}

function QueuePage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const saved = useSnapshot(references).saved
  const fromLink = new URLSearchParams(search).get('reference')?.trim().toLowerCase() ?? ''
  const [chosen, setChosen] = useState<string>(() => fromLink || saved[0]?.reference || '')
  const reference = chosen
  const query = useWaitingListPosition(reference)
  const heading = useRef<HTMLHeadingElement>(null)

  // The reference is a secret: keep it out of the address bar (and page-view analytics).
  useEffect(() => {
    if (fromLink && REFERENCE_PATTERN.test(fromLink)) {
      setChosen(fromLink)
      navigate(paths.queueReady.getHref(), { replace: true })
    }
  }, [fromLink, navigate])

  // Saved only once the server has found the entry; a saved copy it no longer knows is
  // forgotten. A failed lookup (network, 5xx) says nothing either way, so it changes nothing.
  const entry = query.data
  const answered = query.isSuccess
  useEffect(() => {
    if (!reference || !answered) return
    if (entry)
      saveReference({
        reference,
        location: entry.location,
        kind: entry.kind === 'pre_registration' ? 'pre_registration' : 'waiting_list',
      })
    else forgetReference(reference)
  }, [answered, entry, reference])
  const isSaved = saved.some((s) => s.reference === reference)

  return (
    <div className={page}>
      <h1 ref={heading} tabIndex={-1}>
        Your place in the queue
      </h1>
      {!reference && (
        <>
          <p>Enter your private reference to see your position, how many people are waiting and your estimated wait.</p>
          <FindReference onFound={setChosen} />
          <p>
            Not on a list yet? <Link href={paths.sites.getHref()}>Find a site</Link> or{' '}
            <Link href={paths.locations.getHref()}>a place we are looking at</Link>.
          </p>
        </>
      )}
      {reference && query.isPending && <p role='status'>Looking up your place…</p>}
      {reference && query.isError && (
        <div className='card' role='alert'>
          <p>We could not load your place just now. Please try again.</p>
          <button type='button' className={buttonSecondary} onClick={() => query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {reference && query.isSuccess && entry === null && (
        <div className='card'>
          <p role='alert'>
            No entry has the reference <span className='ref'>{reference}</span>. Check it against your e-mail.
          </p>
          <FindReference onFound={setChosen} />
        </div>
      )}
      {entry?.kind === 'waiting_list' && <Position entry={entry} reference={reference} />}
      {entry?.kind === 'waiting_list' && <MonthlyUpdatesToggle reference={reference} />}
      {entry?.kind === 'waiting_list' && <HistoryTimeline reference={reference} />}
      {entry?.kind === 'pre_registration' && (
        <section className='card' aria-labelledby='pre-title'>
          <h2 id='pre-title'>You are pre-registered for {entry.location}</h2>
          <p>Status: {entry.status}. We will e-mail you first when plots open.</p>
        </section>
      )}
      {reference && entry && (
        <section className='card' aria-labelledby='ref-title'>
          <h2 id='ref-title'>Your private reference</h2>
          <p>
            <span className='ref' data-testid='reference'>
              {reference}
            </span>
          </p>
          <p>
            Keep it to yourself: anyone with it can see and change your place.
            {isSaved && ' It is saved in this browser.'}
          </p>
          <div className='actions'>
            <button
              type='button'
              className={buttonLink}
              onClick={() =>
                void navigator.clipboard?.writeText(reference).then(
                  () => toast.success('Reference copied.'),
                  () => toast.error('Could not copy; select it instead.'),
                )
              }
            >
              Copy reference
            </button>
            <button
              type='button'
              className={buttonLink}
              onClick={() => {
                forgetReference(reference)
                setChosen('')
              }}
            >
              Forget it on this device
            </button>
          </div>
          <p>
            <Link href={`${paths.yourData.getHref()}?reference=${encodeURIComponent(reference)}`}>
              Download or delete your data
            </Link>
          </p>
        </section>
      )}
      {saved.length > 1 && (
        <section className='card' aria-labelledby='saved-title'>
          <h2 id='saved-title'>Your other lists</h2>
          <ul className='saved'>
            {saved
              .filter((s) => s.reference !== reference)
              .map((s) => (
                <li key={s.reference}>
                  <button type='button' className={buttonLink} onClick={() => setChosen(s.reference)}>
                    {s.location}
                  </button>
                </li>
              ))}
          </ul>
        </section>
      )}
    </div>
  )
}
