import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Field, formGrid, useFormSave } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { planSchema, type PlanFormValues } from '../api/plan-schema'

const planForm = css`
  max-width: 48rem;
  margin-bottom: 1.5rem;
`

export function PlanForm({
  initial,
  title,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: PlanFormValues
  title: string
  submitLabel: string
  onSave: (v: PlanFormValues) => Promise<string | null>
  onCancel?: () => void
}) {
  const [values, setValues] = useState(initial)
  const { errors, formError, saving, submit } = useFormSave<PlanFormValues>(planSchema, 'plan')
  const set =
    (k: 'name' | 'description' | 'plot_size' | 'price' | 'billing_interval' | 'sort_order') =>
    (e: { target: { value: string } }) =>
      setValues((s) => ({ ...s, [k]: e.target.value }))
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submit(values, async (v) => {
      const failure = await onSave(v)
      return failure
    })
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title} className={planForm}>
      <h2>{title}</h2>
      {formError && (
        <p role='alert' className={errorText}>
          The plan was not saved. {formError}
        </p>
      )}
      <div className={formGrid}>
        <Field label='Plan name' error={errors.name}>
          <input value={values.name} onChange={set('name')} />
        </Field>
        <Field label='Price (£)' error={errors.price}>
          <input inputMode='decimal' value={values.price} onChange={set('price')} />
        </Field>
        <Field label='Billed' error={errors.billing_interval}>
          <select value={values.billing_interval} onChange={set('billing_interval')}>
            <option value='month'>Monthly</option>
            <option value='year'>Yearly</option>
          </select>
        </Field>
        <Field label='Plot size' error={errors.plot_size}>
          <select value={values.plot_size} onChange={set('plot_size')}>
            <option value='full'>Full plot</option>
            <option value='half'>Half plot</option>
          </select>
        </Field>
        <Field label='Order on the page' error={errors.sort_order}>
          <input inputMode='numeric' value={values.sort_order} onChange={set('sort_order')} />
        </Field>
        <Field label='Offered to new members' checkbox>
          <input
            type='checkbox'
            checked={values.active}
            onChange={(e) => setValues((s) => ({ ...s, active: e.target.checked }))}
          />
        </Field>
        <Field label='Description' error={errors.description} className='wide'>
          <textarea value={values.description} onChange={set('description')} />
        </Field>
      </div>
      <div className={actionRow}>
        <button type='submit' className={buttonPrimary} disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type='button' className={buttonSecondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
