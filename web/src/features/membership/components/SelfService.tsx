// A member's choices for one membership on /members: where billing stands, and pause, resume,
// cancel or keep, each in a dialog that shows the rules and the dates (as the database works
// them out) before the member confirms. /members/cancellation shows the cancel terms in the page.
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { css } from 'goober'
import { Modal } from '@/components/Modal'
import { TextAreaField } from '@/components/form/Field'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import {
  type ChangeAction,
  type MembershipTerms,
  useChangeMembership,
  useMembershipTerms,
} from '../api/membership-self-service'
import { pounds } from './PriceSummary'
import { longDate } from '@/lib/dates'

const box = css`
  border-top: 1px solid #e0e5e0;
  padding-top: 0.75rem;
  margin-top: 0.5rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1.1rem;
  }
  .billing {
    margin: 0 0 0.75rem;
  }
  .note {
    color: var(--roots-muted);
    margin: 0.5rem 0 0;
  }
`
const dialogBody = css`
  ul {
    padding-left: 1.2rem;
    margin: 0 0 1rem;
  }
  li {
    margin-bottom: 0.35rem;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.4rem 1rem;
    margin: 0 0 1rem;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
  @media (max-width: 30rem) {
    dl {
      grid-template-columns: 1fr;
      gap: 0.1rem;
    }
    dd {
      margin-bottom: 0.5rem;
    }
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 1rem;
  }
  legend {
    font-weight: 700;
    margin-bottom: 0.4rem;
  }
  .choice {
    display: flex;
    gap: 0.6rem;
    align-items: flex-start;
    margin-bottom: 0.5rem;
  }
  .choice input {
    width: 1.35rem;
    height: 1.35rem;
    margin-top: 0.15rem;
    accent-color: var(--roots-primary);
    flex: none;
  }
`

const newKey = () => crypto.randomUUID()

/** One line on where billing stands. */
export function billingLine(t: MembershipTerms): string {
  const price = t.price_pence !== null ? `${pounds(t.price_pence)} ` : ''
  switch (t.state) {
    case 'pause_scheduled':
      return `Billing is paused from ${longDate(t.paused_from)}; it restarts on ${longDate(t.resumes_on)}.`
    case 'paused':
      return `Billing is paused; it restarts on ${longDate(t.resumes_on)}.`
    case 'ending':
      return t.ends_on
        ? `Your membership is cancelled and ends on ${longDate(t.ends_on)}.`
        : 'You have asked to cancel; we will confirm the end date.'
    case 'active':
      return `Your next payment of ${price}is on ${longDate(t.next_billing_on)}.`
    default:
      return 'This membership is not active.'
  }
}

function DepositOutcome({ t }: { t: MembershipTerms }) {
  const c = t.cancel
  if (!c.deposit_pence) return <>We hold no deposit for this membership.</>
  if (c.deposit_refund_pence > 0)
    return (
      <>
        Your deposit of <strong>{pounds(c.deposit_refund_pence)}</strong> comes back to you once you hand your plot back
        clear.
      </>
    )
  return (
    <>
      Your deposit of <strong>{pounds(c.deposit_pence)}</strong> is <strong>not refunded</strong>: the deposit is
      non-refundable when a membership ends within its first 12 months (yours would come back for an end on or after{' '}
      {longDate(c.deposit_refundable_from)}).
    </>
  )
}

/** The cancel terms: notice, last payment, end date, the deposit. */
export function CancelTerms({ t }: { t: MembershipTerms }) {
  const c = t.cancel
  return (
    <dl data-testid='cancel-terms'>
      <dt>Notice period</dt>
      <dd>
        {c.notice === 'one full billing month'
          ? 'One full billing month, from your next billing date.'
          : 'To the end of the year you have paid for.'}
      </dd>
      <dt>Last payment</dt>
      <dd>
        {c.last_payment_pence !== null ? (
          <>
            <strong>{pounds(c.last_payment_pence)}</strong> on {longDate(c.last_payment_on)}
          </>
        ) : (
          'Nothing more to pay.'
        )}
      </dd>
      <dt>Membership ends</dt>
      <dd>
        <strong>{longDate(c.ends_on)}</strong>
      </dd>
      <dt>Deposit</dt>
      <dd>
        <DepositOutcome t={t} />
      </dd>
    </dl>
  )
}

interface Plot {
  plot: string
  site: string
}

function useChange(membershipId: number, onDone: (message: string) => void) {
  const change = useChangeMembership()
  const key = useRef(newKey())
  const [error, setError] = useState<string | null>(null)
  const send = async (action: ChangeAction, extra: { months?: number; reason?: string }, done: string) => {
    if (change.isPending) return
    setError(null)
    try {
      await change.mutateAsync({ membership_id: membershipId, action, key: key.current, ...extra })
      key.current = newKey()
      onDone(done)
    } catch (e) {
      key.current = newKey()
      setError(e instanceof Error && e.message ? e.message : 'Something went wrong. Please try again.')
    }
  }
  return { send, error, pending: change.isPending }
}

function DialogActions({
  confirm,
  pending,
  onClose,
  error,
}: {
  confirm: string
  pending: boolean
  onClose: () => void
  error: string | null
}) {
  return (
    <>
      {error && (
        <p role='alert' className={errorText}>
          {error}
        </p>
      )}
      <div className={actionRow}>
        <button type='submit' className={buttonPrimary} disabled={pending}>
          {pending ? 'Saving…' : confirm}
        </button>
        <button type='button' className={buttonSecondary} onClick={onClose}>
          Go back
        </button>
      </div>
    </>
  )
}

function PauseDialog({
  t,
  where,
  onClose,
  onDone,
}: {
  t: MembershipTerms
  where: Plot
  onClose: () => void
  onDone: (m: string) => void
}) {
  const { send, error, pending } = useChange(t.membership_id, onDone)
  const [months, setMonths] = useState(t.pause.options[0]?.months ?? 1)
  const chosen = t.pause.options.find((o) => o.months === months) ?? t.pause.options[0]
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send('pause', { months }, 'Billing paused. We have e-mailed you the dates.')
  }
  return (
    <Modal title='Pause your billing' onClose={onClose} closeLabel='Close without pausing'>
      <form className={dialogBody} onSubmit={submit} noValidate aria-label='Pause your billing'>
        <fieldset>
          <legend>How long?</legend>
          {t.pause.options.map((o) => (
            <label key={o.months} className='choice'>
              <input
                type='radio'
                name='months'
                value={o.months}
                checked={months === o.months}
                onChange={() => setMonths(o.months)}
              />
              <span>
                {o.months} month{o.months === 1 ? '' : 's'}: billing restarts on {longDate(o.resumes_on)}
              </span>
            </label>
          ))}
        </fieldset>
        {chosen && (
          <ul data-testid='pause-terms'>
            <li>
              No payment is taken from your next billing date, <strong>{longDate(chosen.starts_on)}</strong>; billing
              restarts on <strong>{longDate(chosen.resumes_on)}</strong>
              {t.price_pence !== null ? <> at {pounds(t.price_pence)} a month</> : null}.
            </li>
            <li>
              Your {where.plot} at {where.site} stays yours while billing is paused: nobody else is offered it.
            </li>
            <li>You can resume early at any time from this page.</li>
            <li>
              Up to {t.pause.max_pauses} pauses and {t.pause.max_months} months in any 12 months. After this one you
              have{' '}
              <strong>
                {t.pause.pauses_left - 1} pause{t.pause.pauses_left - 1 === 1 ? '' : 's'}
              </strong>{' '}
              and{' '}
              <strong>
                {t.pause.months_left - chosen.months} month{t.pause.months_left - chosen.months === 1 ? '' : 's'}
              </strong>{' '}
              left.
            </li>
          </ul>
        )}
        <DialogActions
          confirm={`Pause for ${months} month${months === 1 ? '' : 's'}`}
          pending={pending}
          onClose={onClose}
          error={error}
        />
      </form>
    </Modal>
  )
}

/** A confirm-only change: what happens, then confirm or go back. */
function ConfirmDialog({
  t,
  action,
  title,
  closeLabel,
  confirm,
  done,
  onClose,
  onDone,
  children,
}: {
  t: MembershipTerms
  action: ChangeAction
  title: string
  closeLabel: string
  confirm: string
  done: string
  onClose: () => void
  onDone: (m: string) => void
  children: ReactNode
}) {
  const { send, error, pending } = useChange(t.membership_id, onDone)
  return (
    <Modal title={title} onClose={onClose} closeLabel={closeLabel}>
      <form
        className={dialogBody}
        onSubmit={(e) => {
          e.preventDefault()
          void send(action, {}, done)
        }}
        noValidate
        aria-label={title}
      >
        {children}
        <DialogActions confirm={confirm} pending={pending} onClose={onClose} error={error} />
      </form>
    </Modal>
  )
}

function ResumeDialog({
  t,
  onClose,
  onDone,
}: {
  t: MembershipTerms
  onClose: () => void
  onDone: (m: string) => void
}) {
  return (
    <ConfirmDialog
      t={t}
      action='resume'
      title='Resume your billing'
      closeLabel='Close without resuming'
      confirm='Resume billing'
      done='Billing resumed. We have e-mailed you a confirmation.'
      onClose={onClose}
      onDone={onDone}
    >
      <p data-testid='resume-terms'>
        {t.resume.withdraws ? (
          <>
            Your pause from {longDate(t.paused_from)} has not started yet. Resuming withdraws it: billing carries on as
            usual, next on <strong>{longDate(t.resume.billing_restarts_on)}</strong>, and the pause does not count
            towards your limit.
          </>
        ) : (
          <>
            Billing restarts on your next billing date, <strong>{longDate(t.resume.billing_restarts_on)}</strong>
            {t.price_pence !== null ? <>, at {pounds(t.price_pence)} a month</> : null}. The months already booked still
            count towards your limit.
          </>
        )}
      </p>
    </ConfirmDialog>
  )
}

/** The cancel form: terms, an optional reason, confirm. In a dialog or in the page. */
export function CancelForm({
  t,
  onClose,
  onDone,
}: {
  t: MembershipTerms
  onClose?: () => void
  onDone: (m: string) => void
}) {
  const { send, error, pending } = useChange(t.membership_id, onDone)
  const [reasonError, setReasonError] = useState<string | undefined>()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim()
    if (reason.length > 2000) return setReasonError('Keep it under 2000 characters.')
    setReasonError(undefined)
    void send('cancel', reason ? { reason } : {}, 'Your membership is cancelled. We have e-mailed you the dates.')
  }
  return (
    <form className={dialogBody} onSubmit={submit} noValidate aria-label='Cancel your membership'>
      <CancelTerms t={t} />
      <p>You can change your mind and keep your membership until {longDate(t.cancel.ends_on)}.</p>
      <TextAreaField
        label='Why are you leaving? (optional)'
        name='reason'
        rows={3}
        maxLength={2000}
        error={reasonError}
        hint='It helps us improve.'
      />
      {onClose ? (
        <DialogActions confirm='Cancel my membership' pending={pending} onClose={onClose} error={error} />
      ) : (
        <>
          {error && (
            <p role='alert' className={errorText}>
              {error}
            </p>
          )}
          <button type='submit' className={buttonPrimary} disabled={pending}>
            {pending ? 'Saving…' : 'Cancel my membership'}
          </button>
        </>
      )}
    </form>
  )
}

function UndoDialog({ t, onClose, onDone }: { t: MembershipTerms; onClose: () => void; onDone: (m: string) => void }) {
  return (
    <ConfirmDialog
      t={t}
      action='undo_cancel'
      title='Keep your membership'
      closeLabel='Close without changing'
      confirm='Keep my membership'
      done='Your membership carries on. We have e-mailed you a confirmation.'
      onClose={onClose}
      onDone={onDone}
    >
      <p>
        Your cancellation is withdrawn: your membership no longer ends on {longDate(t.ends_on)}, and billing carries on
        as usual.
      </p>
    </ConfirmDialog>
  )
}

type Open = null | 'pause' | 'resume' | 'cancel' | 'undo'

/** Billing and the member's choices for one membership. `billed`: a subscription bills it, and its
 *  rent section (Billing.tsx) gives the next payment as the payment provider has it. */
export function MembershipOptions({
  membershipId,
  where,
  billed = false,
}: {
  membershipId: number
  where: Plot
  billed?: boolean
}) {
  const terms = useMembershipTerms(membershipId)
  const [open, setOpen] = useState<Open>(null)
  const [done, setDone] = useState<string | null>(null)
  const close = () => setOpen(null)
  const finished = (m: string) => {
    setOpen(null)
    setDone(m)
  }
  const t = terms.data
  let buttons: ReactNode = null
  if (t) {
    buttons = (
      <div className={actionRow}>
        {t.state === 'active' && t.pause.allowed && (
          <button type='button' className={buttonSecondary} onClick={() => setOpen('pause')}>
            Pause billing
          </button>
        )}
        {t.resume.allowed && (
          <button type='button' className={buttonSecondary} onClick={() => setOpen('resume')}>
            Resume billing
          </button>
        )}
        {t.cancel.allowed && (
          <button type='button' className={buttonSecondary} onClick={() => setOpen('cancel')}>
            Cancel membership
          </button>
        )}
        {t.undo_cancel.allowed && (
          <button type='button' className={buttonPrimary} onClick={() => setOpen('undo')}>
            Keep my membership
          </button>
        )}
      </div>
    )
  }
  return (
    <div className={box} data-testid='membership-options'>
      <h3>Billing</h3>
      {terms.isPending && <p role='status'>Loading…</p>}
      {terms.isError && <p role='alert'>We could not load your billing just now.</p>}
      {t && (
        <>
          {!(billed && t.state === 'active') && (
            <p className='billing' data-testid='billing'>
              {billingLine(t)}
            </p>
          )}
          {done && (
            <p role='status' data-testid='change-done'>
              {done}
            </p>
          )}
          {buttons}
          {t.state === 'active' && !t.pause.allowed && t.pause.reason && t.billing_interval === 'month' && (
            <p className='note'>{t.pause.reason}</p>
          )}
          {t.state === 'active' && t.pause.allowed && (
            <p className='note'>
              Pauses left in the last 12 months: {t.pause.pauses_left} of {t.pause.max_pauses} ({t.pause.months_left} of{' '}
              {t.pause.max_months} months).
            </p>
          )}
          {open === 'pause' && <PauseDialog t={t} where={where} onClose={close} onDone={finished} />}
          {open === 'resume' && <ResumeDialog t={t} onClose={close} onDone={finished} />}
          {open === 'cancel' && (
            <Modal title='Cancel your membership' onClose={close} closeLabel='Close without cancelling'>
              <CancelForm t={t} onClose={close} onDone={finished} />
            </Modal>
          )}
          {open === 'undo' && <UndoDialog t={t} onClose={close} onDone={finished} />}
        </>
      )}
    </div>
  )
}
