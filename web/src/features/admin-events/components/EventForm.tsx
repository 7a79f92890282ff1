// The event form; the description in the rich-text editor; errors beside the fields, nothing
// typed is lost when saving fails.
import { css } from 'goober'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field, formGrid } from '@/components/admin/ui'
import { eventSchema, type EventFormValues } from '../api/event-schema'
import { slugAfterTitle, slugify } from '@/lib/slug'
import { useEventSites } from '../api/get-events'
import { editorLabel, spaced } from '@/components/admin/styles'
import { errorText } from '@/components/styles'
import { ImageUpload } from '@/components/image-upload/ImageUpload'
import { ASPECTS } from '@/components/image-upload/crop'

const below = css`
  margin: 0.25rem 0 0;
`

export function EventForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: EventFormValues
  submitLabel: string
  onSave: (v: EventFormValues) => Promise<string | null>
  onCancel: () => void
}) {
  const sites = useEventSites()
  const form = useAdminForm<EventFormValues>(eventSchema, 'event', initial, onSave)
  const { values, setValues, set, errors } = form
  return (
    <AdminForm what='event' form={form} submitLabel={submitLabel} onCancel={onCancel} wide>
      <div className={formGrid}>
        <Field label='Title' error={errors.title}>
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
        <Field label='Site' error={errors.site_id}>
          <select value={values.site_id} onChange={set('site_id')}>
            <option value=''>No site (online or elsewhere)</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location} ({s.city})
              </option>
            ))}
          </select>
        </Field>
        <Field label='Place (optional)' error={errors.location}>
          <input value={values.location} onChange={set('location')} />
        </Field>
        <Field label='Starts' error={errors.starts_at}>
          <input type='datetime-local' value={values.starts_at} onChange={set('starts_at')} />
        </Field>
        <Field label='Ends (optional)' error={errors.ends_at}>
          <input type='datetime-local' value={values.ends_at} onChange={set('ends_at')} />
        </Field>
        <Field label='Places' error={errors.capacity} hint='Empty for no limit.'>
          <input inputMode='numeric' value={values.capacity} onChange={set('capacity')} />
        </Field>
        <Field label='Published on the public site' checkbox error={errors.published}>
          <input
            type='checkbox'
            checked={values.published}
            onChange={(e) => setValues((v) => ({ ...v, published: e.target.checked }))}
          />
        </Field>
      </div>
      <ImageUpload
        label='Event image'
        aspect={ASPECTS.wide}
        folder='events'
        value={values.image_url}
        previewAlt={values.title ? `Image of ${values.title}` : 'Event image'}
        error={errors.image_url}
        onChange={(image_url) => setValues((v) => ({ ...v, image_url }))}
      />
      <div className={spaced}>
        <p className={editorLabel}>Description</p>
        <LazyRichTextEditor
          label='Description'
          preset='essential'
          value={values.description}
          onChange={(description) => setValues((v) => ({ ...v, description }))}
          {...(errors.description ? { describedBy: 'event-description-error' } : {})}
        />
        {errors.description && (
          <p id='event-description-error' className={`${errorText} ${below}`}>
            {errors.description}
          </p>
        )}
      </div>
    </AdminForm>
  )
}
