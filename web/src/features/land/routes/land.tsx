// /land: landowners offer land for a new site (where, how big, how to reach them, a message).
// Stored for staff only; the sender sees a thank-you and can send another offer.
import { css } from 'goober'
import { useRef, useState } from 'react'
import { TextAreaField, TextField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { landOfferSchema, useOfferLand } from '../api/offer-land'

const page = css`
  max-width: 44rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
    margin-bottom: 1.25rem;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 0.5rem;
  }
  legend {
    font-weight: 700;
    font-size: 1.1rem;
    margin-bottom: 0.5rem;
  }
`

export const THANK_YOU =
  'Thank you: your offer of land has reached our sites team. We will be in touch within ten working days.'

export default function LandRoute() {
  usePageMeta('Offer your land', 'Have land that could become a community allotment? Tell the Roots sites team.')
  const offer = useOfferLand()
  const key = useRef(crypto.randomUUID())
  const [sent, setSent] = useState(false)
  const { ref, errors, onSubmit, pending } = useZodSubmit(landOfferSchema, {
    send: async (input) => {
      await offer.mutateAsync({ input, key: key.current })
      key.current = crypto.randomUUID()
      setSent(true)
      toast.success('Thank you: your offer of land has been sent.')
    },
  })

  if (sent) {
    return (
      <div className={page}>
        <h1>Thank you</h1>
        <div className='card'>
          <p role='status'>{THANK_YOU}</p>
          <button type='button' className={buttonSecondary} onClick={() => setSent(false)}>
            Offer another piece of land
          </button>
        </div>
      </div>
    )
  }

  return (
    <div className={page}>
      <h1>Offer your land</h1>
      <p>
        Every Roots site starts with a landowner. If you have a field, paddock or walled garden of an acre or more that
        could become community allotments, tell us about it. We lease land long-term and look after it.
      </p>
      <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-label='Offer your land'>
        <fieldset>
          <legend>The land</legend>
          <TextField
            label='Where is it?'
            name='location'
            hint='A town or village, a postcode or a grid reference.'
            error={errors.location}
          />
          <TextField
            label='Size in acres (optional)'
            name='acreage'
            inputMode='decimal'
            hint='Roughly is fine, e.g. 4.5.'
            error={errors.acreage}
          />
          <TextAreaField
            label='Tell us about it (optional)'
            name='description'
            rows={5}
            hint='Access, water, what it is used for now.'
            error={errors.description}
          />
        </fieldset>
        <fieldset>
          <legend>Your contact details</legend>
          <TextField label='Your name or organisation' name='name' autoComplete='name' error={errors.name} />
          <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
          <TextField label='Phone (optional)' name='phone' type='tel' autoComplete='tel' error={errors.phone} />
        </fieldset>
        <p>Only the Roots sites team sees what you send.</p>
        {errors._form && (
          <p className='error' role='alert'>
            {errors._form}
          </p>
        )}
        <button type='submit' className={buttonPrimary} disabled={pending}>
          {pending ? 'Sending…' : 'Send my offer'}
        </button>
      </form>
    </div>
  )
}
