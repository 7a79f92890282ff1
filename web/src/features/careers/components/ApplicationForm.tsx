// Apply for a role. Errors appear beside their fields and as a toast; what was typed stays.
import { useState } from 'react'
import { TextAreaField, TextField } from '@/components/form/Field'
import { buttonPrimary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { applicationSchema, useApplyForCareer } from '../api/apply-for-career'

export function ApplicationForm({ careerId, title }: { careerId: number; title: string }) {
  const apply = useApplyForCareer(careerId)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { ref, errors, onSubmit, pending } = useZodSubmit(applicationSchema, {
    send: async (input) => {
      await apply.mutateAsync(input)
      setSentTo(input.email)
      toast.success('Application sent. Thank you!')
    },
  })
  if (sentTo) {
    return (
      <div className='panel' role='status' aria-live='polite'>
        <h2>Application received</h2>
        <p>
          Thank you for applying for {title}. We will reply to <strong>{sentTo}</strong> within two weeks.
        </p>
      </div>
    )
  }
  return (
    <form ref={ref} className='panel' onSubmit={onSubmit} noValidate aria-labelledby='apply-heading'>
      <h2 id='apply-heading'>Apply for this role</h2>
      <TextField label='Your name' name='name' autoComplete='name' error={errors.name} />
      <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
      <TextField
        label='Link to your CV'
        name='cv_url'
        type='url'
        inputMode='url'
        placeholder='https://'
        hint='A link starting with https:// to your CV online (for example in Google Drive, Dropbox or LinkedIn).'
        error={errors.cv_url}
      />
      <TextAreaField
        label='Message (optional)'
        name='message'
        rows={5}
        hint='Why this role? At most 5000 characters.'
        error={errors.message}
      />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      {errors.career_id && (
        <p className='error' role='alert'>
          {errors.career_id}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Sending…' : 'Send application'}
      </button>
    </form>
  )
}
