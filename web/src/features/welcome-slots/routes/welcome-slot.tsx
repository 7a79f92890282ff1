// /welcome-slot: pick your site, then one of its upcoming welcome slots (places left shown), and
// book it. /welcome-slot/success confirms; opened from the confirmation e-mail
// (?reference=…) it lets the guest cancel their booking, after confirming.
import { css } from 'goober'
import { Link, useLocation, useSearch } from 'wouter'
import { useSnapshot } from 'valtio'
import { paths } from '@/config/paths'
import { SelectField, TextField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { FunctionError } from '@/lib/call-function'
import { formValues } from '@/lib/forms'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { statusOf } from '@/lib/sites/rules'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { useState } from 'react'
import { useBookWelcomeSlot, welcomeSlotSchema } from '../api/book-welcome-slot'
import { bookingReferenceSchema, useCancelWelcomeSlotBooking } from '../api/cancel-welcome-slot-booking'
import { useWelcomeSlots, type WelcomeSlot } from '../api/get-welcome-slots'
import { lastBooking, rememberBooking } from '../stores/last-booking'
import { appointmentTime } from '@/lib/dates'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
    max-width: 40rem;
    margin-bottom: 1rem;
  }
  fieldset {
    border: 0;
    padding: 0;
    margin: 0 0 1rem;
  }
  legend {
    font-weight: 700;
    margin-bottom: 0.5rem;
  }
  .slots {
    display: grid;
    gap: 0.5rem;
  }
  .slot {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25rem 0.75rem;
    align-items: center;
    border: 2px solid #cfd6cf;
    border-radius: 0.6rem;
    padding: 0.6rem 0.8rem;
    cursor: pointer;
  }
  .slot:has(input:checked) {
    border-color: var(--roots-primary);
    background: #e8f0ea;
  }
  .slot[data-full='true'] {
    opacity: 0.75;
    cursor: not-allowed;
  }
  .slot input {
    width: 1.2rem;
    height: 1.2rem;
    accent-color: var(--roots-primary);
  }
  .slot small {
    grid-column: 2;
    color: var(--roots-muted);
    font-size: 0.92rem;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
`

function SlotPicker({ slots, error }: { slots: readonly WelcomeSlot[]; error?: string }) {
  return (
    <fieldset aria-describedby={error ? 'slot-error' : undefined}>
      <legend>Choose a slot</legend>
      <div className='slots'>
        {slots.map((s) => (
          <label key={s.id} className='slot' data-full={s.places_left <= 0}>
            <input type='radio' name='slot_id' value={s.id} disabled={s.places_left <= 0} />
            <span>
              {appointmentTime(s.starts_at)} · {s.duration_minutes} minutes
            </span>
            <small>{s.places_left <= 0 ? 'Full' : `${s.places_left} of ${s.capacity} places left`}</small>
          </label>
        ))}
      </div>
      {error && (
        <p className='error' id='slot-error'>
          {error}
        </p>
      )}
    </fieldset>
  )
}

export default function WelcomeSlotRoute() {
  usePageMeta('Book a welcome slot')
  const { sites } = useLocations()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const site = new URLSearchParams(search).get('site') ?? ''
  const slots = useWelcomeSlots(site)
  const book = useBookWelcomeSlot(site)
  const choices = sites.filter((s) => statusOf(s) !== 'upcoming')
  const { ref, errors, onSubmit } = useZodSubmit(welcomeSlotSchema, {
    read: (form) => ({ slot_id: '', ...formValues(form) }),
    send: async (slot) => {
      const result = await book.mutateAsync(slot).catch((err: unknown) => {
        // The slot filled meanwhile: say so beside the slots.
        if (err instanceof FunctionError && err.status === 409)
          throw new FunctionError(409, err.code, err.message, [{ path: 'slot_id', message: err.message }])
        throw err
      })
      if (!result.created) {
        toast.info('You already have this slot booked. We have e-mailed the details again.')
        return
      }
      rememberBooking(result)
      navigate(paths.welcomeSlotSuccess.getHref())
    },
  })

  return (
    <div className={page}>
      <h1>Book a welcome slot</h1>
      <p>New to your site? Meet your patch manager, see your plot and find the tools and water.</p>
      <div className='card'>
        <SelectField
          label='Your site'
          name='site'
          value={site}
          onChange={(e) =>
            navigate(`${location}${e.target.value ? `?site=${encodeURIComponent(e.target.value)}` : ''}`, {
              replace: true,
            })
          }
        >
          <option value=''>Choose a site</option>
          {choices.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.location}, {s.city}
            </option>
          ))}
        </SelectField>
      </div>
      {site && slots.isPending && <p role='status'>Loading slots…</p>}
      {slots.isError && (
        <p className='error' role='alert'>
          We could not load the slots for this site. Please try again.
        </p>
      )}
      {slots.data && slots.data.length === 0 && (
        <p role='status'>No welcome slots are planned at this site yet. Please check back soon.</p>
      )}
      {slots.data && slots.data.length > 0 && (
        <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-label='Book a welcome slot'>
          <SlotPicker slots={slots.data} error={errors.slot_id} />
          <TextField label='Your name' name='name' autoComplete='name' error={errors.name} />
          <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
          <TextField label='Phone (optional)' name='phone' type='tel' autoComplete='tel' error={errors.phone} />
          {errors._form && (
            <p className='error' role='alert'>
              {errors._form}
            </p>
          )}
          <button type='submit' className={buttonPrimary} disabled={book.isPending}>
            {book.isPending ? 'Booking…' : 'Book this slot'}
          </button>
        </form>
      )}
    </div>
  )
}

/** Cancelling by the reference from the e-mail: ask, then cancel; say plainly what happened. */
function CancelBooking({ reference }: { reference: string }) {
  const cancel = useCancelWelcomeSlotBooking()
  const [asking, setAsking] = useState(false)
  const valid = bookingReferenceSchema.safeParse(reference)
  if (!valid.success)
    return (
      <p className='error' role='alert'>
        {valid.error.issues[0]!.message}
      </p>
    )
  if (cancel.isSuccess) {
    return (
      <div className='card' role='status'>
        <p>
          <strong>Your booking is cancelled.</strong> The place is free for someone else.
        </p>
        <p>
          <Link href={paths.welcomeSlot.getHref()}>Book another welcome slot</Link>
        </p>
      </div>
    )
  }
  const gone = cancel.error instanceof FunctionError && cancel.error.status === 404
  return (
    <div className='card'>
      <h2>Cannot come?</h2>
      {gone ? (
        <p className='error' role='alert'>
          There is no live booking with this reference: it may be cancelled already.
        </p>
      ) : (
        <>
          {cancel.isError && (
            <p className='error' role='alert'>
              {cancel.error.message}
            </p>
          )}
          {!asking ? (
            <button type='button' className={buttonSecondary} onClick={() => setAsking(true)}>
              Cancel my booking
            </button>
          ) : (
            <div className='actions' role='group' aria-label='Cancel your booking?'>
              <p>Cancel your welcome slot? Your place goes to someone else.</p>
              <button
                type='button'
                className={buttonPrimary}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(reference, { onError: (e) => toast.error(e.message) })}
              >
                {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
              </button>
              <button type='button' className={buttonSecondary} onClick={() => setAsking(false)}>
                Keep my booking
              </button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

export function WelcomeSlotSuccessRoute() {
  const search = useSearch()
  const booking = useSnapshot(lastBooking).value
  const reference = new URLSearchParams(search).get('reference')
  const title = reference === null ? 'Welcome slot booked' : 'Your welcome slot'
  usePageMeta(title)
  if (reference !== null) {
    return (
      <div className={page}>
        <h1>Your welcome slot</h1>
        <p>You booked a welcome slot with Roots Allotments. The details are in your confirmation e-mail.</p>
        <CancelBooking reference={reference} />
        <p>
          <Link href={paths.home.getHref()}>Back to Roots Allotments</Link>
        </p>
      </div>
    )
  }
  return (
    <div className={page}>
      <h1>Your welcome slot is booked</h1>
      <div className='card' role='status'>
        {booking ? (
          <p>
            See you at <strong>{booking.location}</strong> on <strong>{appointmentTime(booking.starts_at)}</strong>. We
            have e-mailed the details and a link to cancel.
          </p>
        ) : (
          <p>We have e-mailed you the details and a link to cancel.</p>
        )}
      </div>
      <p>
        <Link href={paths.home.getHref()}>Back to Roots Allotments</Link>
      </p>
    </div>
  )
}
