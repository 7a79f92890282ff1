// A plot offer opened from its e-mailed link (/queue/ready?offer=…&answer=…), on any device: the
// token alone shows where the plot is and the deadline, and answers it. Accepting leads straight
// into the membership set-up for that site (the same token opens it); declining asks first, then
// says plainly that the place went to the next person and the applicant left the list.
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { OFFER_TOKEN_PATTERN, type PlotOffer, usePlotOffer } from '../api/get-plot-offer'
import { useRespondToPlotOffer } from '../api/respond-to-plot-offer'
import { formatDate } from './format'

const where = (o: PlotOffer) => (o.city ? `${o.location}, ${o.city}` : o.location)

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
        toast.success('Offer declined: the plot has gone to the next person in the queue.')
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.')
    }
  }

  return (
    <section className='card offer' aria-labelledby='offer-title' data-testid='plot-offer'>
      <h2 id='offer-title'>A plot at {where(offer)} is yours if you want it</h2>
      <p>Hello {offer.first_name}. Please answer by <strong data-testid='offer-deadline'>{formatDate(offer.respond_by)}</strong>. If we do not hear from you by then, the plot goes to the next person in the queue.</p>
      <h3>If you accept</h3>
      <p>We take you straight to setting up your membership: create your account (or sign in), choose your plan, and pay the refundable deposit, the joining fee and your first month. We e-mail you the link too, so you can finish later.</p>
      {!declining
        ? (
          <div className='actions'>
            <button type='button' className={buttonPrimary} disabled={respond.isPending} onClick={() => void send(true)}>
              {respond.isPending ? 'Accepting…' : 'Accept the plot'}
            </button>
            <button type='button' className={buttonSecondary} disabled={respond.isPending} onClick={() => setDeclining(true)}>Decline</button>
          </div>
        )
        : (
          <div className='confirm' role='group' aria-labelledby='decline-question'>
            <p id='decline-question' ref={confirmRef} tabIndex={-1}>
              <strong>Decline the plot at {offer.location}?</strong> It goes to the next person in the queue, and you leave the waiting list for {offer.location}. This cannot be undone.
            </p>
            <div className='actions'>
              <button type='button' className={buttonPrimary} disabled={respond.isPending} onClick={() => void send(false)}>
                {respond.isPending ? 'Declining…' : 'Yes, decline the plot'}
              </button>
              <button type='button' className={buttonSecondary} disabled={respond.isPending} onClick={() => setDeclining(false)}>Keep the offer</button>
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
      <h2 id='answer-title' ref={heading} tabIndex={-1}>{title}</h2>
      {offer.status === 'accepted' && offer.membership_status === 'active' && (
        <>
          <p>Your membership is set up. Welcome to Roots!</p>
          <p><Link href={paths.members.getHref()} className={buttonPrimary}>Go to your membership</Link></p>
        </>
      )}
      {offer.status === 'accepted' && offer.membership_status !== 'active' && (
        <>
          <p>The plot is kept for you. Next, set up your membership: your account, your plan and the first payment. We have e-mailed you this link too.</p>
          {offer.setup_path && <p><Link href={offer.setup_path} className={buttonPrimary}>Set up your membership</Link></p>}
        </>
      )}
      {offer.status === 'declined' && (
        <>
          <p role='status'>The plot has gone to the next person in the queue, and you have left the waiting list for {offer.location}. Thank you for letting us know.</p>
          <p>Would you like a plot somewhere else? <Link href={paths.becomeMember.getHref()}>See where you can become a member</Link>.</p>
        </>
      )}
      {offer.status === 'expired' && (
        <p>The answer was due by {formatDate(offer.respond_by)}, so the plot has gone to the next person in the queue. <Link href={paths.becomeMember.getHref()}>See where you can become a member</Link>.</p>
      )}
      {offer.status === 'withdrawn' && (
        <p>We withdrew this offer, or you left the waiting list. If you are still on the list, your place is unchanged: use the reference from your confirmation e-mail to see it.</p>
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
        <p>This offer link is not valid. Check that you opened the whole link from the e-mail, or use your private reference to see your place in the queue.</p>
      </div>
    )
  }
  if (query.isPending) return <p role='status'>Looking up your offer…</p>
  if (query.isError) {
    return (
      <div className='card' role='alert'>
        <p>We could not load your offer just now. Please try again.</p>
        <button type='button' className={buttonSecondary} onClick={() => query.refetch()}>Try again</button>
      </div>
    )
  }
  const offer = query.data!
  return offer.status === 'offered' ? <OpenOffer offer={offer} token={token} answer={answer} /> : <Answered offer={offer} />
}
