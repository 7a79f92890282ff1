// "Archive this site": says how many live entries its list has (and pre-registrations, open
// offers, coming welcome slots), then asks what happens to the list: moved to another open site
// keeping every join date, or withdrawn with a reason the applicants are told. Errors appear
// beside the fields and in a toast; what was chosen and typed stays when the archive fails.
import { useState } from 'react'
import { css } from 'goober'
import { ConfirmDialog, Field, fieldErrors, Status } from '@/components/admin/ui'
import { errorText } from '@/components/styles'
import { toast } from '@/lib/toast'
import {
  type ArchiveInput,
  archiveMessage,
  archiveSchema,
  useArchiveSite,
  useArchiveSummary,
} from '../api/archive-site'
import type { Site } from '../api/site-schema'

const choices = css`
  border: 1px solid #c9cfcb;
  border-radius: 0.5rem;
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
  min-width: 0;
  legend {
    font-weight: 700;
    padding: 0 0.25rem;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: flex-start;
    padding: 0.4rem 0;
  }
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    flex: none;
  }
`

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function ArchiveSiteDialog({
  site,
  sites,
  onClose,
  onArchived,
}: {
  site: Site
  sites: Site[]
  onClose: () => void
  onArchived: () => void
}) {
  const summary = useArchiveSummary(site.id)
  const archive = useArchiveSite()
  const [values, setValues] = useState<ArchiveInput>({ action: 'move', toSiteId: '', reason: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failed, setFailed] = useState<string | null>(null)
  const targets = sites.filter(
    (s) =>
      s.id !== site.id &&
      !s.archived_at &&
      (s.status === 'active' || s.status === 'open') &&
      s.location.trim().toLowerCase() !== site.location.trim().toLowerCase(),
  )
  const live = summary.data?.live_entries ?? 0

  const confirm = () => {
    const parsed = archiveSchema.safeParse(values)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues)
      setErrors(found)
      toast.error(Object.values(found)[0] ?? 'Check the choices.')
      return
    }
    setErrors({})
    setFailed(null)
    const to = targets.find((t) => String(t.id) === values.toSiteId)?.location
    archive.mutate(
      { siteId: site.id, input: values },
      {
        onSuccess: (r) => {
          toast.success(archiveMessage(site.location, r, to))
          onArchived()
        },
        onError: (e) => {
          setFailed(e.message)
          toast.error(e.message)
        },
      },
    )
  }

  return (
    <ConfirmDialog
      title={`Archive ${site.location}?`}
      confirmLabel='Archive site'
      busy={archive.isPending || summary.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      {summary.isPending && <Status>Counting the list…</Status>}
      {summary.isError && (
        <p role='alert' className={errorText}>
          {summary.error.message}
        </p>
      )}
      {summary.data && (
        <p>
          Its waiting list has <strong>{plural(live, 'live entry', 'live entries')}</strong>
          {summary.data.offers_open > 0 && (
            <> ({plural(summary.data.offers_open, 'open offer lapses', 'open offers lapse')})</>
          )}
          .
          {summary.data.pre_registrations > 0 && (
            <> {plural(summary.data.pre_registrations, 'pre-registration is', 'pre-registrations are')} withdrawn.</>
          )}
          {summary.data.slots_coming > 0 && (
            <>
              {' '}
              {plural(summary.data.slots_coming, 'coming welcome slot is', 'coming welcome slots are')} cancelled and
              the guests told.
            </>
          )}{' '}
          The site leaves the public pages; its old address leads to where its list goes. Staff still see it here,
          archived.
        </p>
      )}
      {failed && (
        <p role='alert' className={errorText}>
          The site was not archived. {failed}
        </p>
      )}
      <fieldset className={choices}>
        <legend>What happens to the list</legend>
        <label>
          <input
            type='radio'
            name='archive-action'
            value='move'
            checked={values.action === 'move'}
            onChange={() => setValues((v) => ({ ...v, action: 'move' }))}
          />
          <span>
            Move everyone to another site, keeping the date each joined (they take their place in its queue by that
            date)
          </span>
        </label>
        <label>
          <input
            type='radio'
            name='archive-action'
            value='withdraw'
            checked={values.action === 'withdraw'}
            onChange={() => setValues((v) => ({ ...v, action: 'withdraw' }))}
          />
          <span>Withdraw everyone, and e-mail them why</span>
        </label>
      </fieldset>
      {values.action === 'move' && (
        <Field label='Move the list to' error={errors.toSiteId}>
          <select
            value={values.toSiteId}
            onChange={(e) => {
              const toSiteId = e.target.value
              setValues((v) => ({ ...v, toSiteId }))
              setErrors(({ toSiteId: _, ...rest }) => rest)
            }}
          >
            <option value=''>Choose an open site…</option>
            {targets.map((t) => (
              <option key={t.id} value={String(t.id)}>
                {t.location} ({t.city})
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field
        label={values.action === 'withdraw' ? 'Why the list is withdrawn' : 'Why the site closed (optional)'}
        error={errors.reason}
        hint='Up to 500 characters, quoted in the e-mail to each applicant.'
      >
        <textarea
          value={values.reason}
          maxLength={600}
          onChange={(e) => {
            const reason = e.target.value
            setValues((v) => ({ ...v, reason }))
            setErrors(({ reason: _, ...rest }) => rest)
          }}
        />
      </Field>
    </ConfirmDialog>
  )
}
