// Moves one waiting entry, with a reason: to a position in its list, or to another site's list
// keeping the join date. The reason is required (the database refuses a move without one), kept
// in the audit log and shown to the applicant. Nothing typed is lost when the move fails.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Modal } from '@/components/Modal'
import { Field, fieldErrors, formGrid } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { toast } from '@/lib/toast'
import type { Entry } from '../api/get-entries'
import type { SiteOption } from '../api/get-site-options'
import { moveEntrySchema, type MoveEntryValues, useMoveEntry } from '../api/move-entry'
import { numericDate } from '@/lib/dates'

const lead = css`
  margin-top: 0;
`
const end = css`
  justify-content: flex-end;
`

export function MoveEntryForm({ entry, sites, onClose }: { entry: Entry; sites: SiteOption[]; onClose: () => void }) {
  const [values, setValues] = useState<MoveEntryValues>({ mode: 'position', position: '', siteId: '', reason: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const move = useMoveEntry()
  const set = (k: keyof MoveEntryValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }))
  const otherSites = sites.filter((s) => s.id !== entry.site_id && s.status !== 'upcoming')
  const name = `${entry.first_name} ${entry.last_name}`

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = moveEntrySchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      toast.error('The entry was not moved: check the highlighted fields.')
      return
    }
    setErrors({})
    setFormError(null)
    move.mutate(
      { id: entry.id, values },
      {
        onSuccess: (r) => {
          toast.success(
            `Moved ${name}${r.position_before !== null && r.position_after !== null ? ` from ${r.position_before} to ${r.position_after}` : ''} on the list for ${r.location}`,
          )
          onClose()
        },
        onError: (err) => {
          setFormError(err.message)
          toast.error(err.message)
        },
      },
    )
  }

  return (
    <Modal title={`Move ${name}`} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={`Move ${name}`}>
        {formError && (
          <p role='alert' className={errorText}>
            {formError}
          </p>
        )}
        <p className={lead}>
          {entry.location} · joined {numericDate(entry.joined_at)}. A move changes the queue: the reason is kept in the
          audit log and shown to the applicant in their history.
        </p>
        <div className={formGrid}>
          <Field label='Move to' error={errors.mode}>
            <select value={values.mode} onChange={set('mode')}>
              <option value='position'>A position in this list</option>
              <option value='site' disabled={otherSites.length === 0}>
                Another site's list (keeps the join date)
              </option>
            </select>
          </Field>
          {values.mode === 'position' ? (
            <Field label='New position' hint='1 is the front of the list.' error={errors.position}>
              <input type='number' inputMode='numeric' min={1} value={values.position} onChange={set('position')} />
            </Field>
          ) : (
            <Field label='Site' error={errors.siteId}>
              <select value={values.siteId} onChange={set('siteId')}>
                <option value=''>Choose…</option>
                {otherSites.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.location}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field
            label='Reason'
            hint='At least 5 characters. The applicant will see it.'
            error={errors.reason}
            className='wide'
          >
            <textarea value={values.reason} onChange={set('reason')} maxLength={500} />
          </Field>
        </div>
        <div className={`${actionRow} ${end}`}>
          <button type='button' className={buttonSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type='submit' className={buttonPrimary} disabled={move.isPending}>
            {move.isPending ? 'Moving…' : 'Move entry'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
