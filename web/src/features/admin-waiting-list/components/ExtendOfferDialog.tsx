// Extending an open offer's deadline: the new date and time and a reason, checked here and again
// by the database (future, at most 60 days away, later than the current deadline, offer open).
// What was typed stays when the save fails; the error shows by the field it is about.
import { type FormEvent, useState } from 'react'
import { Modal } from '@/components/Modal'
import { Field, fieldErrors } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { extendOfferSchema, useExtendOffer } from '../api/extend-offer'
import { dateTime } from '@/lib/dates'

/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function ExtendOfferDialog({
  offer,
  onClose,
}: {
  offer: { id: number; respondBy: string; name: string }
  onClose: () => void
}) {
  const extend = useExtendOffer()
  const [respondBy, setRespondBy] = useState(() =>
    toLocalInput(new Date(new Date(offer.respondBy).getTime() + 7 * 86_400_000).toISOString()),
  )
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = extendOfferSchema().safeParse({ offerId: offer.id, respondBy, reason })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    extend.mutate(parsed.data, {
      onSuccess: (r) => {
        toast.success(`Deadline moved to ${dateTime(r.new_respond_by)}; ${offer.name} has been e-mailed.`)
        onClose()
      },
      onError: (err) => setErrors({ form: err.message }),
    })
  }

  return (
    <Modal title='Extend the deadline' onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label='Extend the deadline'>
        <p>
          The offer to {offer.name} is due by <strong>{dateTime(offer.respondBy)}</strong>. Choose a later deadline, at
          most 60 days from now. We e-mail {offer.name} the new date.
        </p>
        <Field label='New deadline' error={errors.respondBy}>
          <input
            type='datetime-local'
            value={respondBy}
            onChange={(e) => {
              setRespondBy(e.target.value)
              setErrors((x) => ({ ...x, respondBy: '', form: '' }))
            }}
          />
        </Field>
        <Field label='Reason' error={errors.reason} hint='Recorded with the change, and quoted in the e-mail.'>
          <textarea
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              setErrors((x) => ({ ...x, reason: '', form: '' }))
            }}
          />
        </Field>
        {errors.form && (
          <p className='error' role='alert'>
            {errors.form}
          </p>
        )}
        <p>
          <button type='button' className={buttonSecondary} onClick={onClose}>
            Cancel
          </button>{' '}
          <button type='submit' className={buttonPrimary} disabled={extend.isPending}>
            {extend.isPending ? 'Saving…' : 'Extend the deadline'}
          </button>
        </p>
      </form>
    </Modal>
  )
}
