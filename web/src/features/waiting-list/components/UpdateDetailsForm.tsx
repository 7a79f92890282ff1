// Changing one's contact details on the queue page. Blank fields stay as they are.
import { type FormEvent, useRef, useState } from 'react'
import { TextField } from '@/components/form/Field'
import { buttonSecondary } from '@/components/styles'
import { check, type FieldErrors, focusFirstError, formValues } from '@/lib/forms'
import { toast } from '@/lib/toast'
import { updateDetailsSchema, useUpdateWaitingListEntry } from '../api/update-waiting-list-entry'

export function UpdateDetailsForm({ reference }: { reference: string }) {
  const ref = useRef<HTMLFormElement>(null)
  const busy = useRef(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const update = useUpdateWaitingListEntry(reference)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy.current) return
    const checked = check(updateDetailsSchema, formValues(e.currentTarget))
    if (!checked.ok) {
      setErrors(checked.errors)
      toast.error(checked.errors._form ?? 'Some details need attention: see the highlighted fields.')
      focusFirstError(ref.current, checked.errors)
      return
    }
    setErrors({})
    busy.current = true
    try {
      const ok = await update.mutateAsync(checked.data)
      if (ok) {
        toast.success('Your details are updated.')
        ref.current?.reset()
      } else {
        toast.error('This entry can no longer be changed.')
      }
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.'
      setErrors({ _form: message })
      toast.error(message)
    } finally {
      busy.current = false
    }
  }

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Update your details'>
      <p>Fill in only what has changed.</p>
      <TextField label='First name' name='first_name' autoComplete='given-name' error={errors.first_name} />
      <TextField label='Last name' name='last_name' autoComplete='family-name' error={errors.last_name} />
      <TextField label='Phone' name='phone' type='tel' autoComplete='tel' error={errors.phone} />
      <TextField label='Postcode' name='postcode' autoComplete='postal-code' error={errors.postcode} />
      {errors._form && <p role='alert' style={{ color: 'var(--roots-error)', fontWeight: 600 }}>{errors._form}</p>}
      <button type='submit' className={buttonSecondary} disabled={update.isPending}>{update.isPending ? 'Saving…' : 'Save my details'}</button>
    </form>
  )
}
