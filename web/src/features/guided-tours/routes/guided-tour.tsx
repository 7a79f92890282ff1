// /guided-tour and /guided-tour/{location}: book a guided tour of a site; /guided-tour/thank-you
// and /guided-tour/become-member follow it.
import { css } from 'goober'
import { Link, useLocation, useParams, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { CheckboxField, SelectField, TextField } from '@/components/form/Field'
import { buttonPrimary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { paramString } from '@/lib/sites/route-params'
import { BUILT_IN_SITES } from '@/lib/sites/catalogue'
import { findSiteByName } from '@/lib/sites/rules'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { guidedTourSchema, useBookGuidedTour } from '../api/book-guided-tour'
import { useGuidedTours } from '../api/get-guided-tours'
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
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
`

export default function GuidedTourRoute() {
  usePageMeta('Book a guided tour')
  const params = useParams<{ location?: string }>()
  const [path, navigate] = useLocation()
  const query = useSearch()
  const search = new URLSearchParams(query)
  const { sites, storedSites } = useLocations()
  // /guided-tour/{location} takes a slug or a name ("Tuckers Meadow", "bath"): the sites function's lookup.
  const asked = decodeURIComponent(paramString(params.location) || search.get('site') || '')
  const site = asked
    ? ((
        findSiteByName(asked, storedSites, BUILT_IN_SITES) ??
        findSiteByName(asked.replace(/[-_]+/g, ' '), storedSites, BUILT_IN_SITES)
      )?.slug ?? asked)
    : ''
  const tours = useGuidedTours(site)
  const book = useBookGuidedTour(site)
  const { ref, errors, onSubmit } = useZodSubmit(guidedTourSchema, {
    send: async (tour) => {
      await book.mutateAsync(tour)
      navigate(tour.wants_membership ? paths.guidedTourBecomeMember.getHref() : paths.guidedTourThankYou.getHref())
    },
  })

  return (
    <div className={page}>
      <h1>Book a guided tour</h1>
      <p>Walk the site with a patch manager before you join: see the plots, the tools and the community.</p>
      <div className='card'>
        <SelectField
          label='Site'
          name='site'
          value={site}
          onChange={(e) =>
            navigate(
              e.target.value
                ? paths.guidedTourLocation.getHref({ location: e.target.value })
                : paths.guidedTour.getHref(),
              { replace: path !== paths.guidedTour.path },
            )
          }
        >
          <option value=''>Choose a site</option>
          {sites.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.location}, {s.city}
            </option>
          ))}
        </SelectField>
      </div>
      {site && tours.isPending && <p role='status'>Loading tours…</p>}
      {tours.isError && (
        <p className='error' role='alert'>
          We could not load tours for this site.
        </p>
      )}
      {tours.data?.length === 0 && <p role='status'>No tours are planned at this site yet.</p>}
      {tours.data && tours.data.length > 0 && (
        <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-label='Book a guided tour'>
          <SelectField label='Tour' name='tour_id' error={errors.tour_id} defaultValue=''>
            <option value=''>Choose a tour</option>
            {tours.data.map((t) => (
              <option key={t.id} value={t.id}>
                {appointmentTime(t.starts_at)}
                {t.guide_name ? ` with ${t.guide_name}` : ''}
              </option>
            ))}
          </SelectField>
          <TextField label='Your name' name='name' autoComplete='name' error={errors.name} />
          <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
          <TextField label='Phone (optional)' name='phone' type='tel' autoComplete='tel' error={errors.phone} />
          <TextField
            label='How many people?'
            name='party_size'
            type='number'
            min={1}
            max={10}
            defaultValue='1'
            error={errors.party_size}
          />
          <CheckboxField name='wants_membership' label='I am interested in becoming a member' />
          {errors._form && (
            <p className='error' role='alert'>
              {errors._form}
            </p>
          )}
          <button type='submit' className={buttonPrimary} disabled={book.isPending}>
            {book.isPending ? 'Booking…' : 'Book the tour'}
          </button>
        </form>
      )}
    </div>
  )
}

export function GuidedTourThankYouRoute() {
  usePageMeta('Tour booked')
  return (
    <div className={page}>
      <h1>Your tour is booked</h1>
      <p>We have e-mailed you the details. See you on site!</p>
      <p>
        <Link href={paths.sites.getHref()}>Browse our sites</Link>
      </p>
    </div>
  )
}

export function GuidedTourBecomeMemberRoute() {
  usePageMeta('Become a member')
  return (
    <div className={page}>
      <h1>Your tour is booked: thinking of joining?</h1>
      <p>We have e-mailed you the tour details. While you wait, see our plans and how membership works.</p>
      <p>
        <Link href={paths.becomeMember.getHref()} className={buttonPrimary}>
          See membership plans
        </Link>
      </p>
    </div>
  )
}
