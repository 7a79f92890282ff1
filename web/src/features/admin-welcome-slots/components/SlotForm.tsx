// The welcome-slot form; errors beside fields, nothing lost when saving fails.
import { type FormEvent, useState } from 'react'
import { Field, formGrid, useFormSave } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { useSlotSites } from '../api/get-sites'
import { futureSlotSchema, type SlotFormValues, todayInput } from '../api/slot-schema'
import { formWidth } from '@/components/admin/styles'

export function SlotForm({
  initial,
  booked,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: SlotFormValues
  booked: number
  submitLabel: string
  onSave: (v: SlotFormValues) => Promise<string | null>
  onCancel: () => void
}) {
  const sites = useSlotSites()
  const [values, setValues] = useState(initial)
  const {
    errors,
    formError,
    saving,
    submit: save,
  } = useFormSave<SlotFormValues>(futureSlotSchema(booked, initial), 'welcome slot')
  const set = (k: keyof SlotFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save(values, onSave)
  }
  return (
    <form onSubmit={submit} noValidate className={formWidth}>
      {formError && (
        <p role='alert' className={errorText}>
          The welcome slot was not saved. {formError}
        </p>
      )}
      <div className={formGrid}>
        <Field label='Site' error={errors.site_id}>
          <select value={values.site_id} onChange={set('site_id')}>
            <option value=''>Choose a site…</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location} ({s.city})
              </option>
            ))}
          </select>
        </Field>
        <Field label='Date' error={errors.date} hint='A new or moved slot starts in the future.'>
          <input type='date' min={todayInput()} value={values.date} onChange={set('date')} />
        </Field>
        <Field label='Start time' error={errors.time}>
          <input type='time' value={values.time} onChange={set('time')} />
        </Field>
        <Field label='Length (minutes)' error={errors.duration_minutes}>
          <input inputMode='numeric' value={values.duration_minutes} onChange={set('duration_minutes')} />
        </Field>
        <Field label='Places' error={errors.capacity} {...(booked ? { hint: `${booked} already booked.` } : {})}>
          <input inputMode='numeric' value={values.capacity} onChange={set('capacity')} />
        </Field>
        <Field label='Notes' error={errors.notes} className='wide'>
          <textarea value={values.notes} onChange={set('notes')} />
        </Field>
      </div>
      <div className={actionRow}>
        <button type='submit' className={buttonPrimary} disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        <button type='button' className={buttonSecondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
