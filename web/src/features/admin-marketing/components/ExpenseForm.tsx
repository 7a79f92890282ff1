// The expense form; errors beside the fields, nothing typed is lost when saving fails.
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field, formGrid } from '@/components/admin/ui'
import { expenseSchema, type ExpenseFormValues } from '../api/expense-schema'
import { useMarketingSites } from '../api/get-expenses'

export function ExpenseForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: ExpenseFormValues
  submitLabel: string
  onSave: (v: ExpenseFormValues) => Promise<string | null>
  onCancel: () => void
}) {
  const sites = useMarketingSites()
  const form = useAdminForm<ExpenseFormValues>(expenseSchema, 'expense', initial, onSave)
  const { values, set, errors } = form
  return (
    <AdminForm what='expense' form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <div className={formGrid}>
        <Field label='Campaign' error={errors.campaign}>
          <input value={values.campaign} onChange={set('campaign')} />
        </Field>
        <Field label='Channel' error={errors.channel} hint='Social, Search, Print, Radio…'>
          <input value={values.channel} onChange={set('channel')} />
        </Field>
        <Field label='Amount (£)' error={errors.amount}>
          <input inputMode='decimal' value={values.amount} onChange={set('amount')} />
        </Field>
        <Field label='Spent on' error={errors.spent_on}>
          <input type='date' value={values.spent_on} onChange={set('spent_on')} />
        </Field>
        <Field label='Site' error={errors.site_id}>
          <select value={values.site_id} onChange={set('site_id')}>
            <option value=''>Every site</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location} ({s.city})
              </option>
            ))}
          </select>
        </Field>
        <Field label='Description (optional)' error={errors.description} className='wide'>
          <textarea value={values.description} onChange={set('description')} />
        </Field>
      </div>
    </AdminForm>
  )
}
