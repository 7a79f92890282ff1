// The gate code and key arrangements of one site, as its staff edit them (the site's edit page,
// /admin/site-access). Members of the site whose membership opens the gate, and their co-workers,
// see what is saved here on /members; visitors and other members never do.
import { type FormEvent, useState } from 'react'
import { css } from 'goober'
import { Field, useFormSave } from '@/components/admin/ui'
import { buttonPrimary } from '@/components/styles'
import { longDate } from '@/lib/dates'
import { toast } from '@/lib/toast'
import { type SiteAccessInput, siteAccessSchema, useSetSiteAccess } from '../api/site-access'

const panel = css`
  max-width: 48rem;
  h2 {
    margin: 0 0 0.5rem;
  }
  .note {
    color: var(--roots-muted);
    margin: 0 0 1rem;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
`

export interface SiteAccessPanelProps {
  siteId: number
  location: string
  gateCode: string | null
  keyArrangements: string | null
  updatedAt: string | null
  updatedBy?: string | null
}

export function SiteAccessPanel({
  siteId,
  location,
  gateCode,
  keyArrangements,
  updatedAt,
  updatedBy,
}: SiteAccessPanelProps) {
  const save = useSetSiteAccess(siteId)
  const { errors, formError, saving, submit } = useFormSave<SiteAccessInput>(siteAccessSchema, 'gate code')
  const [values, setValues] = useState<SiteAccessInput>({
    gate_code: gateCode ?? '',
    key_arrangements: keyArrangements ?? '',
  })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submit(values, async (v) => {
      try {
        await save.mutateAsync(v)
        toast.success(`How to get into ${location} saved`)
        return null
      } catch (err) {
        return (err as Error).message
      }
    })
  }
  const headingId = `site-access-${siteId}`
  return (
    <section className={panel} aria-labelledby={headingId} data-testid='site-access-panel'>
      <h2 id={headingId}>Getting in: {location}</h2>
      <p className='note'>
        Shown only to members of this site whose membership is current (not suspended), to their co-workers and to the
        site&rsquo;s staff; never on public pages.
        {updatedAt ? ` Last changed ${longDate(updatedAt)}${updatedBy ? ` by ${updatedBy}` : ''}.` : ''}
      </p>
      <form onSubmit={onSubmit} noValidate aria-label={`How to get into ${location}`}>
        <Field label='Gate code' error={errors.gate_code} hint='Leave empty if the site has no coded gate.'>
          <input
            name='gate_code'
            autoComplete='off'
            value={values.gate_code}
            onChange={(e) => setValues({ ...values, gate_code: e.target.value })}
          />
        </Field>
        <Field
          label='Key arrangements'
          error={errors.key_arrangements}
          hint='Where keys are kept or collected, padlocks, opening hours.'
        >
          <textarea
            name='key_arrangements'
            rows={3}
            value={values.key_arrangements}
            onChange={(e) => setValues({ ...values, key_arrangements: e.target.value })}
          />
        </Field>
        {formError && (
          <p role='alert' className='error'>
            {formError}
          </p>
        )}
        <button type='submit' className={buttonPrimary} disabled={saving}>
          {saving ? 'Saving…' : 'Save how to get in'}
        </button>
      </form>
    </section>
  )
}
