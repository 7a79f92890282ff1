// Sign up for the monthly sowing reminders; on success, the thank-you page.
import { useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { CheckboxField, TextField } from '@/components/form/Field'
import { buttonPrimary, visuallyHidden } from '@/components/styles'
import { formValues } from '@/lib/forms'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { CONSENT_TEXT, reminderSchema, useSignUpForReminders } from '../api/sign-up-for-reminders'

export function ReminderForm() {
  const [, navigate] = useLocation()
  const signUp = useSignUpForReminders()
  const { ref, errors, onSubmit, pending } = useZodSubmit(reminderSchema, {
    read: (form) => ({ consent: false, ...formValues(form) }),
    send: async (input) => {
      await signUp.mutateAsync(input)
      navigate(paths.seedSowingThankYou.getHref())
    },
  })
  return (
    <form ref={ref} className='panel' onSubmit={onSubmit} noValidate aria-labelledby='reminders-heading'>
      <h2 id='reminders-heading'>Get a monthly sowing reminder</h2>
      <p>On the first of each month: what to sow indoors and out, and what is ready to pick.</p>
      <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
      <TextField label='First name (optional)' name='name' autoComplete='given-name' error={errors.name} />
      <CheckboxField
        name='consent'
        label={CONSENT_TEXT}
        error={errors.consent}
        hint={
          <>
            How we use your e-mail address: our{' '}
            <a href={paths.privacy.getHref()} target='_blank' rel='noopener'>
              privacy notice<span className={visuallyHidden}> (opens in a new tab)</span>
            </a>
            .
          </>
        }
      />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Signing you up…' : 'Sign me up'}
      </button>
    </form>
  )
}
