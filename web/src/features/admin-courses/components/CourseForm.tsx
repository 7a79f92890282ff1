// The course details: title, slug (made from the title when left empty) and summary.
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field, formGrid } from '@/components/admin/ui'
import { courseSchema, type CourseFormValues } from '../api/course-schema'
import { slugAfterTitle, slugify } from '@/lib/slug'

export function CourseForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: CourseFormValues
  submitLabel: string
  onSave: (v: CourseFormValues) => Promise<string | null>
  onCancel?: () => void
}) {
  const form = useAdminForm<CourseFormValues>(courseSchema, 'course', initial, onSave)
  const { values, setValues, set, errors } = form
  return (
    <AdminForm what='course' form={form} submitLabel={submitLabel} {...(onCancel ? { onCancel } : {})}>
      <div className={formGrid}>
        <Field label='Course title' error={errors.title}>
          <input
            value={values.title}
            onChange={(e) => {
              const title = e.target.value
              setValues((v) => ({
                ...v,
                title,
                slug: initial.slug === '' ? slugAfterTitle(v.title, v.slug, title) : v.slug,
              }))
            }}
          />
        </Field>
        <Field
          label='Slug'
          error={errors.slug}
          hint={
            values.slug === '' && values.title
              ? `Left empty: ${slugify(values.title)}`
              : 'Lower-case words joined by hyphens.'
          }
        >
          <input value={values.slug} onChange={set('slug')} spellCheck={false} />
        </Field>
        <Field label='Summary (optional)' error={errors.summary} className='wide'>
          <textarea value={values.summary} onChange={set('summary')} />
        </Field>
      </div>
    </AdminForm>
  )
}
