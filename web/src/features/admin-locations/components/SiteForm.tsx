// Every global_sites field, checked with the schema beside the mutations. Errors
// appear beside their fields and in a toast; a failed save keeps everything typed.
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { css } from 'goober'
import { Field, fieldErrors, formGrid } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { toast } from '@/lib/toast'
import { slugAfterTitle } from '@/lib/slug'
import { useSiteLinks } from '../api/get-site-links'
import {
  DIRECTION_MODES,
  DISTANCE_ICONS,
  SITE_STATUSES,
  siteFormSchema,
  type SiteFormValues,
  type SiteWrite,
  type SlugOwner,
  type TextField,
} from '../api/site-schema'
import { SitePreview } from './SitePreview'
import { ImageUpload } from '@/components/image-upload/ImageUpload'
import { ASPECTS } from '@/components/image-upload/crop'
import { spaced } from '@/components/admin/styles'

const subheading = css`
  font-size: 1rem;
`

export type SaveOutcome = { ok: true } | { ok: false; message: string; field?: string }

export interface SiteFormProps {
  initial: SiteFormValues
  others: SlugOwner[]
  submitLabel: string
  onSave: (values: SiteWrite) => Promise<SaveOutcome>
  onCancel: () => void
}

const layout = css`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: minmax(0, 1fr) 22rem;
  align-items: start;
  .side {
    position: sticky;
    top: 1rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    margin-top: 0.5rem;
  }
  .row {
    display: grid;
    grid-template-columns: 9rem 1fr auto;
    gap: 0.5rem;
    align-items: end;
  }
  .form-error {
    border: 2px solid var(--roots-error);
    border-radius: 0.5rem;
    padding: 0.75rem 1rem;
    background: #fdf1f0;
    margin-bottom: 1rem;
  }
  @media (max-width: 70rem) {
    grid-template-columns: minmax(0, 1fr);
    .side {
      position: static;
    }
  }
  @media (max-width: 30rem) {
    .row {
      grid-template-columns: 1fr;
    }
  }
`

export function SiteForm({ initial, others, submitLabel, onSave, onCancel }: SiteFormProps) {
  const [values, setValues] = useState<SiteFormValues>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const links = useSiteLinks()

  // A new site's slug follows its name, and its city slug its city, until edited by hand.
  const follows: Partial<Record<TextField, TextField>> =
    initial.slug === '' ? { location: 'slug', city: 'city_slug' } : {}
  const set = (field: TextField) => (e: { target: { value: string } }) => {
    const value = e.target.value
    const slugField = follows[field]
    setValues((v) => ({
      ...v,
      [field]: value,
      ...(slugField ? { [slugField]: slugAfterTitle(v[field], v[slugField], value) } : {}),
    }))
  }
  const text = (
    field: TextField,
    label: string,
    opts: { hint?: string; type?: string; area?: boolean; wide?: boolean; autoComplete?: string } = {},
  ): ReactNode => (
    <Field
      label={label}
      error={errors[field]}
      {...(opts.hint ? { hint: opts.hint } : {})}
      {...(opts.wide || opts.area ? { className: 'wide' } : {})}
    >
      {opts.area ? (
        <textarea name={field} value={values[field]} onChange={set(field)} />
      ) : (
        <input
          name={field}
          type={opts.type ?? 'text'}
          value={values[field]}
          onChange={set(field)}
          autoComplete={opts.autoComplete ?? 'off'}
        />
      )}
    </Field>
  )

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = siteFormSchema(others).safeParse(values)
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error.issues)
      setErrors(errs)
      setFormError(
        `Check ${Object.keys(errs).length === 1 ? 'the highlighted field' : `the ${Object.keys(errs).length} highlighted fields`}.`,
      )
      toast.error('The site was not saved: check the highlighted fields.')
      focusFirstError()
      return
    }
    setErrors({})
    setFormError(null)
    setSaving(true)
    try {
      const outcome = await onSave(parsed.data)
      if (!outcome.ok) {
        setFormError(outcome.message)
        if (outcome.field) {
          setErrors({ [outcome.field]: outcome.message })
          focusFirstError()
        }
        toast.error(outcome.message)
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className={layout}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label='Site details'>
        {formError && (
          <div className='form-error' role='alert'>
            <strong>The site was not saved.</strong> {formError}
          </div>
        )}
        <div className={formGrid}>
          <fieldset>
            <legend>Site</legend>
            <div className={formGrid}>
              {text('location', 'Site name')}
              {text('slug', 'Slug', { hint: 'In the site page address, like tuckers-meadow.' })}
              {text('city', 'City')}
              {text('city_slug', 'City slug', { hint: 'Like bath or west-london.' })}
              {text('key', 'Short key', { hint: 'Short link code, like tm.' })}
              <Field
                label='Status'
                error={errors.status}
                hint='Upcoming takes pre-registrations; active has a live site page; open is bookable.'
              >
                <select name='status' value={values.status} onChange={set('status')}>
                  {SITE_STATUSES.map((st) => (
                    <option key={st} value={st}>
                      {st[0]!.toUpperCase() + st.slice(1)}
                    </option>
                  ))}
                  <option value=''>Not set (counts as upcoming)</option>
                </select>
              </Field>
              <Field label='Booked' checkbox error={errors.booked}>
                <input
                  type='checkbox'
                  name='booked'
                  checked={values.booked}
                  onChange={(e) => setValues((v) => ({ ...v, booked: e.target.checked }))}
                />
              </Field>
              {text('allotments', 'Plots', { type: 'text' })}
              {text('site_size', 'Site size (acres)')}
              {text('joined', 'Year joined')}
              {text('ac_id', 'Campaign list id')}
              {text('launchmode', 'Launch mode')}
            </div>
          </fieldset>
          <fieldset>
            <legend>Map and links</legend>
            <div className={formGrid}>
              {text('coordinates', 'Coordinates', { hint: 'latitude,longitude, like 51.3925,-2.3211' })}
              {text('gmap_link', 'Google Maps link', { type: 'url' })}
              {text('gmap_embed', 'Google Maps embed address', { type: 'url', wide: true })}
              {text('stripe_deposit_link', 'Deposit payment link', { type: 'url' })}
              {text('form_link', 'Sign-up form link', { hint: 'A web address or a path such as /prereg/slug/signup.' })}
            </div>
          </fieldset>
          <fieldset>
            <legend>Call to action</legend>
            <div className={formGrid}>
              {text('cta', 'Button label')}
              {text('cta_link', 'Button link')}
              {text('promo', 'Promo banner text', { wide: true })}
              <Field label='Call-to-action setting' error={errors.cta_setting_id}>
                <select name='cta_setting_id' value={values.cta_setting_id} onChange={set('cta_setting_id')}>
                  <option value=''>None</option>
                  {links.data?.ctaSettings.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.cta}
                      {c.promo ? ` — ${c.promo}` : ''}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label='Offer' error={errors.offer_id}>
                <select name='offer_id' value={values.offer_id} onChange={set('offer_id')}>
                  <option value=''>None</option>
                  {links.data?.offers.map((o) => (
                    <option key={o.id} value={String(o.id)}>
                      {o.title}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </fieldset>
          <fieldset>
            <legend>Page text</legend>
            <div className={formGrid}>
              {text('description_title', 'Description title', { wide: true })}
              {text('description', 'Description', { area: true })}
              {text('landing_page_description', 'Landing page description', { area: true })}
              {text('nearby_attractions', 'Nearby attractions', { area: true })}
              {text('food_drinks', 'Food and drinks', { area: true })}
            </div>
          </fieldset>
          <fieldset>
            <legend>Getting there</legend>
            <div className={formGrid}>
              {DIRECTION_MODES.map(({ key, label }) => (
                <div key={key}>
                  <Field label={`${label}: minutes`} error={errors[`directions.${key}.minutes`]}>
                    <input
                      inputMode='numeric'
                      name={`directions.${key}.minutes`}
                      value={values.directions[key].minutes}
                      onChange={(e) =>
                        setValues((v) => ({
                          ...v,
                          directions: { ...v.directions, [key]: { ...v.directions[key], minutes: e.target.value } },
                        }))
                      }
                    />
                  </Field>
                  <Field label={`${label}: route`} error={errors[`directions.${key}.text`]}>
                    <input
                      name={`directions.${key}.text`}
                      value={values.directions[key].text}
                      onChange={(e) =>
                        setValues((v) => ({
                          ...v,
                          directions: { ...v.directions, [key]: { ...v.directions[key], text: e.target.value } },
                        }))
                      }
                    />
                  </Field>
                </div>
              ))}
            </div>
            <h3 className={subheading}>Travel-time lines</h3>
            {errors.distance_points && <p className={errorText}>{errors.distance_points}</p>}
            {values.distance_points.map((p, i) => (
              <div className='row' key={i}>
                <Field label={`Line ${i + 1} icon`} error={errors[`distance_points.${i}.icon`]}>
                  <select
                    value={p.icon}
                    onChange={(e) =>
                      setValues((v) => ({
                        ...v,
                        distance_points: v.distance_points.map((q, j) =>
                          j === i ? { ...q, icon: e.target.value } : q,
                        ),
                      }))
                    }
                  >
                    {DISTANCE_ICONS.map((icon) => (
                      <option key={icon} value={icon}>
                        {icon}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={`Line ${i + 1} text`} error={errors[`distance_points.${i}.text`]}>
                  <input
                    value={p.text}
                    onChange={(e) =>
                      setValues((v) => ({
                        ...v,
                        distance_points: v.distance_points.map((q, j) =>
                          j === i ? { ...q, text: e.target.value } : q,
                        ),
                      }))
                    }
                  />
                </Field>
                <button
                  type='button'
                  className={`${buttonSecondary} ${spaced}`}
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() =>
                    setValues((v) => ({ ...v, distance_points: v.distance_points.filter((_, j) => j !== i) }))
                  }
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type='button'
              className={buttonSecondary}
              onClick={() =>
                setValues((v) => ({ ...v, distance_points: [...v.distance_points, { icon: 'bike', text: '' }] }))
              }
            >
              Add a travel-time line
            </button>
          </fieldset>
          <fieldset>
            <legend>Patch manager and contacts</legend>
            <div className={formGrid}>
              {text('pm_name', 'Patch manager name')}
              {text('pm_email', 'Patch manager email', { type: 'email' })}
              {text('pm_phone_number', 'Patch manager phone', { type: 'tel' })}
              {text('phone_number', 'Site phone', { type: 'tel' })}
              {text('pm_message', 'Patch manager message', { area: true })}
              {(['pm_photo_1', 'pm_photo_2'] as const).map((field, i) => (
                <ImageUpload
                  key={field}
                  label={`Patch manager photo ${i + 1}`}
                  aspect={ASPECTS.portrait}
                  folder={`sites/${initial.slug}`}
                  value={values[field] || null}
                  previewAlt={values.pm_name ? `${values.pm_name}, patch manager` : `Patch manager photo ${i + 1}`}
                  error={errors[field]}
                  unavailable={initial.slug ? null : 'Save the site first, then add photos.'}
                  onChange={(path) => setValues((v) => ({ ...v, [field]: path ?? '' }))}
                />
              ))}
            </div>
          </fieldset>
        </div>
        <div className='actions'>
          <button type='submit' className={buttonPrimary} disabled={saving}>
            {saving ? 'Saving…' : submitLabel}
          </button>
          <button type='button' className={buttonSecondary} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
      <div className='side'>
        <SitePreview values={values} />
      </div>
    </div>
  )
}
