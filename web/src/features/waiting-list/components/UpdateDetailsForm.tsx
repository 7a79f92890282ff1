// Changing one's contact details on the queue page. Blank fields stay as they are.
import { TextField } from '@/components/form/Field'
import { buttonSecondary, errorText } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { updateDetailsSchema, useUpdateWaitingListEntry } from '../api/update-waiting-list-entry'

export function UpdateDetailsForm({ reference }: { reference: string }) {
  const update = useUpdateWaitingListEntry(reference)
  const { ref, errors, onSubmit } = useZodSubmit(updateDetailsSchema, {
    send: async (details) => {
      if (!(await update.mutateAsync(details))) throw new Error('This entry can no longer be changed.')
      toast.success('Your details are updated.')
      ref.current?.reset()
    },
  })

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Update your details'>
      <p>Fill in only what has changed.</p>
      <TextField label='First name' name='first_name' autoComplete='given-name' error={errors.first_name} />
      <TextField label='Last name' name='last_name' autoComplete='family-name' error={errors.last_name} />
      <TextField label='Phone' name='phone' type='tel' autoComplete='tel' error={errors.phone} />
      <TextField label='Postcode' name='postcode' autoComplete='postal-code' error={errors.postcode} />
      {errors._form && (
        <p role='alert' className={errorText}>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonSecondary} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save my details'}
      </button>
    </form>
  )
}
