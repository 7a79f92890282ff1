// A plot's details: number, size, m², features and notes. Errors beside the fields; a failed save
// keeps everything typed and says why above them.
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field, formGrid } from '@/components/admin/ui'
import { FEATURES, featureLabel } from '@/components/site-plan/plan'
import { plotSchema, type PlotValues } from '../api/plot-schema'

export function PlotForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: PlotValues
  submitLabel: string
  onSave: (v: PlotValues) => Promise<string | null>
  onCancel?: () => void
}) {
  const form = useAdminForm(plotSchema, 'plot', initial, onSave)
  const { values, setValues, set, errors } = form
  const toggle = (f: string) => (e: { target: { checked: boolean } }) =>
    setValues((v) => ({
      ...v,
      features: e.target.checked ? [...v.features, f] : v.features.filter((x) => x !== f),
    }))
  return (
    <AdminForm what='plot' form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <div className={formGrid}>
        <Field label='Plot number' error={errors.number} hint='As it is marked on the site, such as 7 or 14B.'>
          <input value={values.number} onChange={set('number')} autoComplete='off' />
        </Field>
        <Field label='Size' error={errors.size}>
          <select value={values.size} onChange={set('size')}>
            <option value='full'>Full plot</option>
            <option value='half'>Half plot</option>
          </select>
        </Field>
        <Field label='Area in m²' error={errors.size_m2} hint='Optional; drawing the outline fills it in.'>
          <input inputMode='decimal' value={values.size_m2} onChange={set('size_m2')} />
        </Field>
        <fieldset>
          <legend>Features</legend>
          {FEATURES.map((f) => (
            <Field key={f} label={featureLabel(f).replace(/^./, (c) => c.toUpperCase())} checkbox>
              <input type='checkbox' checked={values.features.includes(f)} onChange={toggle(f)} />
            </Field>
          ))}
        </fieldset>
        <Field label='Notes' error={errors.notes} className='wide' hint='For staff only.'>
          <textarea value={values.notes} onChange={set('notes')} />
        </Field>
      </div>
    </AdminForm>
  )
}
