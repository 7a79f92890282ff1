// The join form for every queue: a site's waiting list, a pre-registration, a waiting-list-only
// place. Checked with zod before sending (errors beside each field and as a toast); inputs are
// uncontrolled so a failed submit keeps everything typed; one request per submit, however many
// clicks.
import { css } from 'goober'
import { CheckboxField, TextField } from '@/components/form/Field'
import { buttonPrimary, visuallyHidden } from '@/components/styles'
import { paths } from '@/config/paths'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { type JoinResult, type JoinTarget, personSchema, useJoinWaitingList } from '../api/join-waiting-list'

const form = css`
  max-width: 36rem;
  background: var(--roots-surface);
  border-radius: 0.75rem;
  padding: clamp(1rem, 4vw, 1.75rem);
  .row {
    display: grid;
    gap: 0 1rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr));
  }
  .form-error {
    color: var(--roots-error);
    font-weight: 600;
  }
`

/** The privacy notice opens in a new tab, so nothing typed here is lost while reading it. */
function PrivacyLink() {
  return (
    <a href={paths.privacy.getHref()} target='_blank' rel='noopener'>
      privacy notice<span className={visuallyHidden}> (opens in a new tab)</span>
    </a>
  )
}

export interface JoinFormProps {
  target: JoinTarget
  placeName: string
  submitLabel: string
  onJoined: (result: JoinResult) => void
}

export function JoinForm({ target, placeName, submitLabel, onJoined }: JoinFormProps) {
  const join = useJoinWaitingList()
  const { ref, errors, onSubmit, pending } = useZodSubmit(personSchema, {
    send: async (person) => onJoined(await join.mutateAsync({ ...target, ...person })),
  })
  return (
    <form
      ref={ref}
      className={form}
      onSubmit={onSubmit}
      noValidate
      aria-label={`${submitLabel}: ${placeName}`}
      aria-busy={pending}
    >
      <div className='row'>
        <TextField label='First name' name='first_name' autoComplete='given-name' required error={errors.first_name} />
        <TextField label='Last name' name='last_name' autoComplete='family-name' required error={errors.last_name} />
      </div>
      <TextField
        label='E-mail address'
        name='email'
        type='email'
        autoComplete='email'
        required
        error={errors.email}
        hint='We send your private reference here.'
      />
      <div className='row'>
        <TextField label='Phone (optional)' name='phone' type='tel' autoComplete='tel' error={errors.phone} />
        <TextField label='Postcode (optional)' name='postcode' autoComplete='postal-code' error={errors.postcode} />
      </div>
      <CheckboxField
        name='consent_privacy'
        error={errors.consent_privacy}
        label={
          <>
            I have read the <PrivacyLink /> and agree to Roots keeping my details for this list.
          </>
        }
      />
      <CheckboxField name='consent_marketing' label='Send me growing tips and news (optional).' />
      {target.kind !== 'pre_registration' && (
        <CheckboxField
          name='monthly_updates'
          label='E-mail me once a month with my place in the queue and the estimated wait (optional; stop any time).'
        />
      )}
      {errors._form && (
        <p className='form-error' role='alert'>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Sending…' : submitLabel}
      </button>
    </form>
  )
}
