// Edits one entry in a dialog; errors beside fields, nothing typed lost when saving fails.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Modal } from '@/components/Modal'
import { Field, fieldErrors, formGrid } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { toast } from '@/lib/toast'
import { type Category } from '../api/get-categories'
import { ENTRY_STATUSES } from '@common/waiting-list'
import type { Entry } from '../api/get-entries'
import { entrySchema, entryToForm, type EntryFormValues, useUpdateEntry } from '../api/update-entry'

const lead = css`
  margin-top: 0;
`
const end = css`
  justify-content: flex-end;
`

export function EntryForm({
  entry,
  categories,
  onClose,
}: {
  entry: Entry
  categories: Category[]
  onClose: () => void
}) {
  const [values, setValues] = useState<EntryFormValues>(() => entryToForm(entry))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const update = useUpdateEntry()
  const set = (k: keyof EntryFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = entrySchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      toast.error('The entry was not saved: check the highlighted fields.')
      return
    }
    setErrors({})
    update.mutate(
      { id: entry.id, values },
      {
        onSuccess: () => {
          toast.success('Entry saved')
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
    <Modal title={`Edit ${entry.first_name} ${entry.last_name}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {formError && (
          <p role='alert' className={errorText}>
            {formError}
          </p>
        )}
        <p className={lead}>
          {entry.location} · reference <code>{entry.reference.slice(0, 8)}</code>
        </p>
        <div className={formGrid}>
          <Field label='First name' error={errors.first_name}>
            <input value={values.first_name} onChange={set('first_name')} />
          </Field>
          <Field label='Last name' error={errors.last_name}>
            <input value={values.last_name} onChange={set('last_name')} />
          </Field>
          <Field label='Email' error={errors.email}>
            <input type='email' value={values.email} onChange={set('email')} />
          </Field>
          <Field label='Phone' error={errors.phone}>
            <input type='tel' value={values.phone as string} onChange={set('phone')} />
          </Field>
          <Field label='Postcode' error={errors.postcode}>
            <input value={values.postcode as string} onChange={set('postcode')} />
          </Field>
          <Field label='Plot size' error={errors.plot_size_preference}>
            <select value={values.plot_size_preference} onChange={set('plot_size_preference')}>
              <option value=''>No preference given</option>
              <option value='half'>Half</option>
              <option value='full'>Full</option>
              <option value='any'>Any</option>
            </select>
          </Field>
          <Field label='Status' error={errors.status}>
            <select value={values.status} onChange={set('status')}>
              {ENTRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <Field label='Category' error={errors.category_id}>
            <select value={values.category_id} onChange={set('category_id')}>
              <option value=''>No category</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label='Notes' error={errors.notes} className='wide'>
            <textarea value={values.notes as string} onChange={set('notes')} />
          </Field>
          <Field label='Agreed to marketing' checkbox>
            <input
              type='checkbox'
              checked={values.consent_marketing}
              onChange={(e) => setValues((v) => ({ ...v, consent_marketing: e.target.checked }))}
            />
          </Field>
        </div>
        <div className={`${actionRow} ${end}`}>
          <button type='button' className={buttonSecondary} onClick={onClose}>
            Cancel
          </button>
          <button type='submit' className={buttonPrimary} disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save entry'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
