// The promo-bar form; errors beside the fields, nothing typed is lost when saving fails.
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field, formGrid } from '@/components/admin/ui'
import { useBarSites } from '../api/get-promo-bars'
import { promoBarSchema, type PromoBarFormValues } from '../api/promo-bar-schema'

export interface PromoBarFormProps {
  initial: PromoBarFormValues
  submitLabel: string
  onSave: (values: PromoBarFormValues) => Promise<string | null>
  onCancel: () => void
}

export function PromoBarForm({ initial, submitLabel, onSave, onCancel }: PromoBarFormProps) {
  const sites = useBarSites()
  const form = useAdminForm<PromoBarFormValues>(promoBarSchema, 'promo bar', initial, onSave)
  const { values, setValues, set, errors } = form
  return (
    <AdminForm what='promo bar' form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <div className={formGrid}>
        <Field label='Message' error={errors.text} hint={`${values.text.length} of 200 characters`} className='wide'>
          <input value={values.text} onChange={set('text')} maxLength={220} />
        </Field>
        <Field
          label='Link (optional)'
          error={errors.link}
          hint='A page of this site such as /sites, or an https:// address.'
        >
          <input value={values.link} onChange={set('link')} inputMode='url' />
        </Field>
        <Field label='Shown on' error={errors.site_id}>
          <select value={values.site_id} onChange={set('site_id')}>
            <option value=''>Every page</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location} ({s.city}) pages
              </option>
            ))}
          </select>
        </Field>
        <Field label='Starts (optional)' error={errors.starts_at}>
          <input type='datetime-local' value={values.starts_at} onChange={set('starts_at')} />
        </Field>
        <Field label='Ends (optional)' error={errors.ends_at}>
          <input type='datetime-local' value={values.ends_at} onChange={set('ends_at')} />
        </Field>
        <Field label='Switched on' checkbox error={errors.active}>
          <input
            type='checkbox'
            checked={values.active}
            onChange={(e) => setValues((v) => ({ ...v, active: e.target.checked }))}
          />
        </Field>
      </div>
    </AdminForm>
  )
}
