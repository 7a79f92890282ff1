// The gift voucher of a gift-voucher order: to whom and when it goes, whether it went, what is
// left; and "Send again…" (admins), to the same address or a corrected one, after confirming. A
// voucher the buyer kept travelled only in their receipt: when that is lost, its code is sent to
// the buyer's address (or another they give), after which it goes there like any other.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { ConfirmDialog, ErrorNotice, Field, fieldErrors, Status } from '@/components/admin/ui'
import { breakAll } from '@/components/admin/styles'
import { buttonSecondary } from '@/components/styles'
import { formatPence } from '@/lib/admin/money'
import { toast } from '@/lib/toast'
import { dateTime, weekdayDate } from '@/lib/dates'
import { canResend, type OrderVoucher, resendSchema, useOrderVoucher, useResendVoucher } from '../api/gift-voucher'

const facts = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 1rem;
  dd {
    margin: 0;
  }
  @media (max-width: 30rem) {
    grid-template-columns: 1fr;
    gap: 0.1rem;
    dd {
      margin-bottom: 0.4rem;
    }
  }
`

function delivery(v: OrderVoucher): string {
  if (v.sent_at)
    return `Sent ${dateTime(v.sent_at)}${v.resent_count > 0 ? ` (sent again ${v.resent_count === 1 ? 'once' : `${v.resent_count} times`})` : ''}`
  if (!v.recipient_email) return 'To the buyer, with their receipt'
  if (v.status !== 'active') return 'Not sent: it was never paid for, or was cancelled'
  if (v.deliver_on) return `Goes on ${weekdayDate(v.deliver_on)}`
  return 'Not sent yet: it is tried again within the minute'
}

function ResendDialog({ v, onClose }: { v: OrderVoucher; onClose: () => void }) {
  const resend = useResendVoucher()
  const kept = !v.recipient_email
  const [email, setEmail] = useState(v.recipient_email ?? v.buyer_email ?? '')
  const [error, setError] = useState<string | undefined>()
  const confirm = (e?: FormEvent) => {
    e?.preventDefault()
    const parsed = resendSchema.safeParse({ email })
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).email)
      toast.error('Check the e-mail address.')
      return
    }
    setError(undefined)
    resend.mutate(
      { voucherId: v.id, email: parsed.data.email },
      {
        onSuccess: (r) => {
          toast.success(
            r.sentNow
              ? `Gift voucher sent to ${parsed.data.email}`
              : `Gift voucher will go to ${parsed.data.email} on its day`,
          )
          onClose()
        },
        onError: (err) => {
          setError(err.message)
          toast.error(err.message)
        },
      },
    )
  }
  return (
    <ConfirmDialog
      title={kept ? 'Send the code to the buyer?' : 'Send the gift voucher again?'}
      confirmLabel='Send it'
      busy={resend.isPending}
      onCancel={onClose}
      onConfirm={() => confirm()}
    >
      <form onSubmit={confirm} noValidate>
        {kept ? (
          <p>
            The buyer kept this voucher, so its code was only in their receipt. An e-mail with the code goes to the
            address below, the buyer's unless they ask for another; the voucher then goes to that address for any later
            sending.
          </p>
        ) : (
          <p>
            The e-mail with the code goes again to the address below. Correct it if the buyer mistyped it: the voucher
            then belongs to that address for any later sending.
          </p>
        )}
        <Field label={kept ? 'E-mail address to send the code to' : "Recipient's e-mail address"} error={error}>
          <input type='email' autoComplete='off' value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
      </form>
    </ConfirmDialog>
  )
}

export function VoucherSection({ orderId }: { orderId: number }) {
  const voucher = useOrderVoucher(orderId, true)
  const [resending, setResending] = useState(false)
  if (voucher.isPending) return <Status>Loading the gift voucher…</Status>
  if (voucher.isError)
    return <ErrorNotice title='The gift voucher could not be loaded' message={voucher.error.message} />
  const v = voucher.data
  if (!v) return null
  return (
    <section aria-labelledby='voucher-title'>
      <h2 id='voucher-title'>Gift voucher</h2>
      <dl className={facts}>
        <dt>Code</dt>
        <dd>{v.code}</dd>
        <dt>Value</dt>
        <dd>
          {formatPence(v.value_pence)} ({formatPence(v.balance_pence)} left)
        </dd>
        <dt>Status</dt>
        <dd>{v.status}</dd>
        <dt>From</dt>
        <dd>{v.buyer_name ?? '—'}</dd>
        <dt>To</dt>
        <dd className={breakAll} data-testid='voucher-recipient'>
          {[v.recipient_name, v.recipient_email].filter(Boolean).join(', ') || 'The buyer'}
        </dd>
        <dt>Delivery</dt>
        <dd data-testid='voucher-delivery'>{delivery(v)}</dd>
        {v.expires_at && (
          <>
            <dt>Expires</dt>
            <dd>{weekdayDate(v.expires_at)}</dd>
          </>
        )}
      </dl>
      {canResend(v) && (
        <p>
          <button type='button' className={buttonSecondary} onClick={() => setResending(true)}>
            {v.recipient_email ? 'Send again…' : 'Send the code to the buyer…'}
          </button>
        </p>
      )}
      {resending && <ResendDialog v={v} onClose={() => setResending(false)} />}
    </section>
  )
}
