// Confirms cancelling a whole slot, with an optional reason for the guests' e-mail. A reason
// that is too long is named beside the field (and in a toast); what was typed stays.
import { useState } from 'react'
import { ConfirmDialog, Field, fieldErrors } from '@/components/admin/ui'
import { toast } from '@/lib/toast'
import { cancelSlotMessage, cancelSlotSchema, useCancelSlot } from '../api/cancel-slot'

export interface CancelSlotDialogProps {
  slotId: number
  title: string
  booked: number
  onClose: () => void
}

export function CancelSlotDialog({ slotId, title, booked, onClose }: CancelSlotDialogProps) {
  const cancel = useCancelSlot()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const confirm = () => {
    const parsed = cancelSlotSchema.safeParse({ slotId, reason })
    if (!parsed.success) {
      const message = fieldErrors(parsed.error.issues).reason ?? 'Check the reason.'
      setError(message)
      toast.error(message)
      return
    }
    setError(undefined)
    cancel.mutate(
      { slotId, reason },
      {
        onSuccess: (r) => {
          toast.success(cancelSlotMessage(r))
          onClose()
        },
        onError: (e) => toast.error(e.message),
      },
    )
  }
  return (
    <ConfirmDialog
      title={`Cancel the slot of ${title}?`}
      confirmLabel='Cancel slot'
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <p>
        {booked === 0
          ? 'Nobody is booked on it.'
          : `${booked} ${booked === 1 ? 'guest is' : 'guests are'} booked: each is e-mailed that the session is off, with a link to book another.`}{' '}
        A cancelled slot cannot be booked or changed again.
      </p>
      <Field label='Reason for the guests (optional)' error={error} hint='Up to 500 characters, quoted in the e-mail.'>
        <textarea value={reason} maxLength={600} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </ConfirmDialog>
  )
}
