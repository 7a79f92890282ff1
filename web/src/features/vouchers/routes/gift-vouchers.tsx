// /gift-vouchers: choose a value, say who it is from and who it is for (and, if you like, the day
// it should arrive) and add a message, then pay on the hosted checkout page. The recipient gets
// the voucher by e-mail with its code once it is paid (on the chosen day); without a recipient,
// the code comes with the buyer's receipt. /gift-vouchers/success lives with the checkout pages.
import { useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { TextAreaField, TextField } from '@/components/form/Field'
import { buttonPrimary } from '@/components/styles'
import { formValues } from '@/lib/forms'
import { usePageMeta } from '@/lib/page-meta'
import { aYearOn, ukDay } from '@/lib/dates'
import { useIdempotencyKey, useZodSubmit } from '@/lib/use-zod-submit'
import { giftVoucherSchema, useBuyGiftVoucher, VOUCHER_VALUES } from '../api/buy-gift-voucher'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  form {
    max-width: 36rem;
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 1rem;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    margin-bottom: 0.4rem;
    padding: 0;
  }
  fieldset.group {
    border-top: 1px solid var(--roots-border);
    padding-top: 1rem;
  }
  fieldset.group > legend {
    font-size: 1.1rem;
    float: left;
    width: 100%;
    margin-bottom: 0.25rem;
  }
  fieldset.group > legend + * {
    clear: both;
  }
  .lead {
    color: var(--roots-muted);
    margin: 0 0 1rem;
  }
  .values {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .values label {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    border: 2px solid var(--roots-border);
    border-radius: 0.5rem;
    padding: 0.45rem 0.8rem;
    cursor: pointer;
    font-weight: 700;
  }
  .values input {
    accent-color: var(--roots-primary);
    width: 1.1rem;
    height: 1.1rem;
  }
  .values label:has(input:checked) {
    border-color: var(--roots-primary);
    background: #e8f0ea;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
    margin: 0.35rem 0 0;
  }
`

export default function GiftVouchersRoute() {
  usePageMeta('Gift vouchers')
  const [choice, setChoice] = useState<string>('25')
  const today = ukDay()
  const buy = useBuyGiftVoucher()
  const key = useIdempotencyKey('gv')
  const { ref, errors, onSubmit, pending } = useZodSubmit(giftVoucherSchema, {
    read: (form) => {
      const values = formValues(form)
      return { ...values, value_pounds: values.value_choice === 'other' ? values.value_other : values.value_choice }
    },
    send: async (input) =>
      globalThis.location.assign((await key.withKey((k) => buy.mutateAsync({ input, key: k }))).url),
    renameFields: { value_pence: 'value_pounds' },
  })

  return (
    <div className={page}>
      <h1>Gift vouchers</h1>
      <p>
        Give someone a season of growing. We e-mail the voucher to them with your message, on the day you choose, and
        they spend its code in our shop (seeds, tools and the starter bundle) or towards their first payment when they
        become a member.
      </p>
      <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Buy a gift voucher' aria-busy={pending}>
        <fieldset aria-describedby={errors.value_pounds ? 'value-error' : undefined}>
          <legend>Voucher value</legend>
          <div className='values'>
            {VOUCHER_VALUES.map((v) => (
              <label key={v}>
                <input
                  type='radio'
                  name='value_choice'
                  value={String(v)}
                  checked={choice === String(v)}
                  onChange={() => setChoice(String(v))}
                />
                £{v}
              </label>
            ))}
            <label>
              <input
                type='radio'
                name='value_choice'
                value='other'
                checked={choice === 'other'}
                onChange={() => setChoice('other')}
              />
              Other amount
            </label>
          </div>
          {errors.value_pounds && (
            <p className='error' id='value-error'>
              {errors.value_pounds}
            </p>
          )}
        </fieldset>
        {choice === 'other' && (
          <TextField
            label='Amount in pounds (£10 to £500)'
            name='value_other'
            inputMode='numeric'
            error={errors.value_pounds}
          />
        )}
        <fieldset className='group'>
          <legend>From you</legend>
          <TextField
            label='Your name'
            name='buyer_name'
            autoComplete='name'
            error={errors.buyer_name}
            hint='The recipient sees who the voucher is from.'
          />
          <TextField
            label='Your e-mail address'
            name='email'
            type='email'
            autoComplete='email'
            error={errors.email}
            hint='For your receipt, and the voucher itself if you send it to no one else.'
          />
        </fieldset>
        <fieldset className='group'>
          <legend>Who it is for</legend>
          <p className='lead'>
            Leave the recipient's e-mail empty to get the code yourself and give it however you like.
          </p>
          <TextField
            label="Recipient's name (optional)"
            name='recipient_name'
            autoComplete='off'
            error={errors.recipient_name}
          />
          <TextField
            label="Recipient's e-mail (optional)"
            name='recipient_email'
            type='email'
            autoComplete='off'
            error={errors.recipient_email}
            hint='We e-mail the voucher and its code here.'
          />
          <TextField
            label='Delivery date (optional)'
            name='deliver_on'
            type='date'
            min={today}
            max={aYearOn(today)}
            error={errors.deliver_on}
            hint='Leave empty to send it as soon as you have paid, or choose a day from today to a year ahead, for a birthday, say. It is valid for a year from the day it arrives.'
          />
          <TextAreaField
            label='Message (optional)'
            name='message'
            rows={4}
            maxLength={1000}
            error={errors.message}
            hint='We include it in the e-mail.'
          />
        </fieldset>
        {errors._form && (
          <p className='error' role='alert'>
            {errors._form}
          </p>
        )}
        <button type='submit' className={buttonPrimary} disabled={pending}>
          {pending ? 'Opening checkout…' : 'Continue to payment'}
        </button>
      </form>
      <p>
        Already have a voucher? Use its code in our <Link href={paths.checkoutNew.getHref()}>shop</Link>.
      </p>
    </div>
  )
}
