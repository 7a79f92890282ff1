// A plot offer opened from its e-mailed link (/queue/ready?offer=…&answer=…), on any device: the
// token alone shows where the plot is and the deadline, and answers it. Accepting leads straight
// into the membership set-up for that site (the same token opens it); declining asks first, then
// says plainly that the place went to the next person and what became of the applicant's place:
// the site's decline rule (a first decline may keep it) is stated before they answer. Before
// answering they may book a viewing on the site's welcome-slot calendar (and cancel it); a
// viewing close to the deadline moves it, and every change of the deadline is shown.
import { css } from 'goober'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { OFFER_TOKEN_PATTERN, type PlotOffer, usePlotOffer } from '../api/get-plot-offer'
import { useRespondToPlotOffer } from '../api/respond-to-plot-offer'
import { useBookOfferViewing, useCancelOfferViewing } from '../api/offer-viewing'
import { appointmentTime, longDate } from '@/lib/dates'

const where = (o: PlotOffer) => (o.city ? `${o.location}, ${o.city}` : o.location)

const viewingStyles = css`
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 1rem;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    margin-bottom: 0.5rem;
  }
  .slots {
    display: grid;
    gap: 0.5rem;
  }
  .slot {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25rem 0.75rem;
    align-items: center;
    border: 2px solid #cfd6cf;
    border-radius: 0.6rem;
    padding: 0.6rem 0.8rem;
    cursor: pointer;
  }
  .slot:has(input:checked) {
    border-color: var(--roots-primary);
    background: #e8f0ea;
  }
  .slot input {
    width: 1.2rem;
    height: 1.2rem;
    accent-color: var(--roots-primary);
  }
  .slot small {
    grid-column: 2;
    color: var(--roots-muted);
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
`

/** The decline rule as the applicant reads it before answering. */
export function declineRule(offer: PlotOffer): string {
  if (offer.decline_keeps_place) {
    return `If you decline, the plot goes to the next person in the queue and you keep your place on the waiting list for ${offer.location}, with your original joining date. This applies to a first decline only: declining a second offer takes you off the list.`
  }
  if (offer.site_keeps_place) {
    return `If you decline, the plot goes to the next person in the queue and, as you have declined an offer here before, you leave the waiting list for ${offer.location}.`
  }
  return `If you decline, the plot goes to the next person in the queue and you leave the waiting list for ${offer.location}.`
}

/** Booking a viewing before answering: the slots before the deadline, or the one booked. */
function Viewing({ offer, token }: { offer: PlotOffer; token: string }) {
  const book = useBookOfferViewing(token)
  const cancel = useCancelOfferViewing(token)
  const [slot, setSlot] = useState('')
  const [error, setError] = useState<string | null>(null)
  const slots = offer.slots ?? []

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (book.isPending) return
    if (!slot) {
      setError('Choose a time for your viewing.')
      return
    }
    setError(null)
    try {
      const booked = await book.mutateAsync(Number(slot))
      toast.success(
        booked.extended
          ? `Viewing booked for ${appointmentTime(booked.starts_at)}. Your deadline is now ${longDate(booked.respond_by)}. We have e-mailed you the details.`
          : `Viewing booked for ${appointmentTime(booked.starts_at)}. We have e-mailed you the details.`,
      )
      setSlot('')
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The viewing was not booked. Please try again.')
    }
  }

  async function cancelViewing() {
    if (cancel.isPending) return
    try {
      await cancel.mutateAsync()
      toast.success('Viewing cancelled. You can book another time or answer the offer.')
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The viewing was not cancelled. Please try again.')
    }
  }

  return (
    <section aria-labelledby='viewing-title' className={viewingStyles} data-testid='offer-viewing'>
      <h3 id='viewing-title'>View the plot first</h3>
      {offer.viewing ? (
        <>
          <p role='status'>
            Your viewing is booked for{' '}
            <strong data-testid='viewing-time'>{appointmentTime(offer.viewing.starts_at)}</strong> (
            {offer.viewing.duration_minutes} minutes). You can still accept or decline at any time before your deadline.
          </p>
          <p>
            <button
              type='button'
              className={buttonSecondary}
              disabled={cancel.isPending}
              onClick={() => void cancelViewing()}
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel the viewing'}
            </button>
          </p>
        </>
      ) : slots.length === 0 ? (
        <p>There are no viewing times open before your deadline. You can still accept or decline.</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label='Book a viewing'>
          <p>
            You can visit the site before you answer, at one of our welcome sessions. If your viewing is less than a day
            before your deadline, we move the deadline to two days after the viewing.
          </p>
          <fieldset aria-describedby={error ? 'viewing-error' : undefined}>
            <legend>Choose a time</legend>
            <div className='slots'>
              {slots.map((s) => (
                <label key={s.id} className='slot'>
                  <input
                    type='radio'
                    name='viewing_slot'
                    value={s.id}
                    checked={slot === String(s.id)}
                    onChange={(e) => setSlot(e.target.value)}
                  />
                  <span>
                    {appointmentTime(s.starts_at)} · {s.duration_minutes} minutes
                  </span>
                  <small>
                    {s.places_left} {s.places_left === 1 ? 'place' : 'places'} left
                  </small>
                </label>
              ))}
            </div>
            {error && (
              <p className='error' id='viewing-error' role='alert'>
                {error}
              </p>
            )}
          </fieldset>
          <button type='submit' className={buttonSecondary} disabled={book.isPending}>
            {book.isPending ? 'Booking…' : 'Book this viewing'}
          </button>
        </form>
      )}
    </section>
  )
}

function OpenOffer({ offer, token, answer }: { offer: PlotOffer; token: string; answer: 'accept' | 'decline' | null }) {
  const [, navigate] = useLocation()
  const respond = useRespondToPlotOffer()
  const [declining, setDeclining] = useState(answer === 'decline')
  const confirmRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (declining && answer !== 'decline') confirmRef.current?.focus()
  }, [declining, answer])

  async function send(accept: boolean) {
    if (respond.isPending) return
    try {
      const answered = await respond.mutateAsync({ token, accept })
      if (accept) {
        toast.success(`Plot accepted: now set up your membership at ${offer.location}.`)
        if (answered.setup_path) navigate(answered.setup_path)
      } else {
        toast.success(
          offer.decline_keeps_place
            ? 'Offer declined: the plot has gone to the next person, and you keep your place in the queue.'
            : 'Offer declined: the plot has gone to the next person in the queue.',
        )
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.')
    }
  }

  return (
    <section className='card offer' aria-labelledby='offer-title' data-testid='plot-offer'>
      <h2 id='offer-title'>
        {offer.plot ? `Plot ${offer.plot.number} at ${where(offer)}` : `A plot at ${where(offer)}`} is yours if you want
        it
      </h2>
      {offer.plot && <p data-testid='offer-plot'>{offer.plot.words}.</p>}
      <p>
        Hello {offer.first_name}. Please answer by{' '}
        <strong data-testid='offer-deadline'>{longDate(offer.respond_by)}</strong>. If we do not hear from you by then,
        the plot goes to the next person in the queue.
      </p>
      {(offer.extensions ?? []).length > 0 && (
        <p data-testid='offer-extended'>
          Your deadline was extended (it was {longDate(offer.extensions![0]!.old_respond_by)}).
        </p>
      )}
      <Viewing offer={offer} token={token} />
      <h3>If you accept</h3>
      <p>
        We take you straight to setting up your membership: create your account (or sign in), choose your plan, and pay
        the refundable deposit, the joining fee and your first month. We e-mail you the link too, so you can finish
        later. If you are on other waiting lists, we will ask whether you want to keep your place on each.
      </p>
      <h3>If you decline</h3>
      <p data-testid='decline-rule'>{declineRule(offer)}</p>
      {!declining ? (
        <div className='actions'>
          <button type='button' className={buttonPrimary} disabled={respond.isPending} onClick={() => void send(true)}>
            {respond.isPending ? 'Accepting…' : 'Accept the plot'}
          </button>
          <button
            type='button'
            className={buttonSecondary}
            disabled={respond.isPending}
            onClick={() => setDeclining(true)}
          >
            Decline
          </button>
        </div>
      ) : (
        <div className='confirm' role='group' aria-labelledby='decline-question'>
          <p id='decline-question' ref={confirmRef} tabIndex={-1}>
            <strong>Decline the plot at {offer.location}?</strong>{' '}
            {offer.decline_keeps_place
              ? `It goes to the next person in the queue. You keep your place on the waiting list for ${offer.location}.`
              : `It goes to the next person in the queue, and you leave the waiting list for ${offer.location}.`}{' '}
            This cannot be undone.
          </p>
          <div className='actions'>
            <button
              type='button'
              className={buttonPrimary}
              disabled={respond.isPending}
              onClick={() => void send(false)}
            >
              {respond.isPending ? 'Declining…' : 'Yes, decline the plot'}
            </button>
            <button
              type='button'
              className={buttonSecondary}
              disabled={respond.isPending}
              onClick={() => setDeclining(false)}
            >
              Keep the offer
            </button>
          </div>
        </div>
      )}
    </section>
  )
}

function Answered({ offer }: { offer: PlotOffer }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [offer.status])
  const title = {
    accepted: `You accepted the plot at ${where(offer)}`,
    declined: `You declined the plot at ${where(offer)}`,
    expired: 'This offer has expired',
    withdrawn: 'This offer is no longer open',
    offered: '',
  }[offer.status]
  return (
    <section className='card' aria-labelledby='answer-title' data-testid='offer-answer'>
      <h2 id='answer-title' ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {offer.status === 'accepted' && offer.membership_status === 'active' && (
        <>
          <p>Your membership is set up. Welcome to Roots!</p>
          <p>
            <Link href={paths.members.getHref()} className={buttonPrimary}>
              Go to your membership
            </Link>
          </p>
        </>
      )}
      {offer.status === 'accepted' && offer.membership_status !== 'active' && (
        <>
          <p>
            The plot is kept for you. Next, set up your membership: your account, your plan and the first payment. We
            have e-mailed you this link too.
          </p>
          {offer.setup_path && (
            <p>
              <Link href={offer.setup_path} className={buttonPrimary}>
                Set up your membership
              </Link>
            </p>
          )}
        </>
      )}
      {offer.status === 'declined' && offer.kept_place && (
        <p role='status'>
          The plot has gone to the next person in the queue. You keep your place on the waiting list for{' '}
          {offer.location}, with your original joining date. Thank you for letting us know.
        </p>
      )}
      {offer.status === 'declined' && !offer.kept_place && (
        <>
          <p role='status'>
            The plot has gone to the next person in the queue, and you have left the waiting list for {offer.location}.
            Thank you for letting us know.
          </p>
          <p>
            Would you like a plot somewhere else?{' '}
            <Link href={paths.becomeMember.getHref()}>See where you can become a member</Link>.
          </p>
        </>
      )}
      {offer.status === 'expired' && (
        <p>
          The answer was due by {longDate(offer.respond_by)}, so the plot has gone to the next person in the queue.{' '}
          <Link href={paths.becomeMember.getHref()}>See where you can become a member</Link>.
        </p>
      )}
      {offer.status === 'withdrawn' && (
        <p>
          We withdrew this offer, or you left the waiting list. If you are still on the list, your place is unchanged:
          use the reference from your confirmation e-mail to see it.
        </p>
      )}
    </section>
  )
}

/** The offer behind the link; `answer` is the button the applicant pressed in the e-mail. */
export function OfferByLink({ token, answer }: { token: string; answer: 'accept' | 'decline' | null }) {
  const query = usePlotOffer(token)
  if (!OFFER_TOKEN_PATTERN.test(token) || (query.isSuccess && query.data === null)) {
    return (
      <div className='card' role='alert'>
        <p>
          This offer link is not valid. Check that you opened the whole link from the e-mail, or use your private
          reference to see your place in the queue.
        </p>
      </div>
    )
  }
  if (query.isPending) return <p role='status'>Looking up your offer…</p>
  if (query.isError) {
    return (
      <div className='card' role='alert'>
        <p>We could not load your offer just now. Please try again.</p>
        <button type='button' className={buttonSecondary} onClick={() => query.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  const offer = query.data!
  return offer.status === 'offered' ? (
    <OpenOffer offer={offer} token={token} answer={answer} />
  ) : (
    <Answered offer={offer} />
  )
}
