// The blog post form: title and slug (following the title until edited, on a new post), excerpt,
// author, published, the cover image (cropped 16:9, uploaded to Storage under blogs/) with what it
// shows, and the body
// in the rich-text editor. Errors beside the fields; nothing typed is lost when saving fails.
import { css } from 'goober'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field, formGrid } from '@/components/admin/ui'
import { editorLabel, spaced } from '@/components/admin/styles'
import { errorText } from '@/components/styles'
import { ImageUpload } from '@/components/image-upload/ImageUpload'
import { ASPECTS } from '@/components/image-upload/crop'
import { slugAfterTitle, slugify } from '@/lib/slug'
import { blogSchema, type BlogFormValues } from '../api/blog-schema'

const below = css`
  margin: 0.25rem 0 0;
`

export function BlogForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: BlogFormValues
  submitLabel: string
  onSave: (v: BlogFormValues) => Promise<string | null>
  onCancel: () => void
}) {
  const form = useAdminForm<BlogFormValues>(blogSchema, 'post', initial, onSave)
  const { values, setValues, set, errors } = form
  return (
    <AdminForm what='post' form={form} submitLabel={submitLabel} onCancel={onCancel} wide>
      <div className={formGrid}>
        <Field label='Title' error={errors.title} className='wide'>
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
              : 'The end of the post’s link: lower-case words joined by hyphens.'
          }
        >
          <input value={values.slug} onChange={set('slug')} spellCheck={false} />
        </Field>
        <Field label='Author (optional)' error={errors.author}>
          <input value={values.author} onChange={set('author')} autoComplete='name' />
        </Field>
        <Field
          label='Excerpt (optional)'
          error={errors.excerpt}
          hint='One or two sentences shown in the list of posts.'
          className='wide'
        >
          <textarea value={values.excerpt} onChange={set('excerpt')} maxLength={300} />
        </Field>
        <Field label='Published on the public blog' checkbox error={errors.published}>
          <input
            type='checkbox'
            checked={values.published}
            onChange={(e) => setValues((v) => ({ ...v, published: e.target.checked }))}
          />
        </Field>
      </div>
      <ImageUpload
        label='Cover image'
        aspect={ASPECTS.wide}
        folder='blogs'
        value={values.cover_image}
        previewAlt={values.title ? `Cover of ${values.title}` : 'Cover image'}
        error={errors.cover_image}
        onChange={(cover_image) => setValues((v) => ({ ...v, cover_image }))}
      />
      {values.cover_image !== null && (
        <Field
          label='What the cover shows (optional)'
          error={errors.cover_alt}
          hint='Read to people who cannot see the picture. Leave empty if it only decorates the post.'
        >
          <input value={values.cover_alt} onChange={set('cover_alt')} maxLength={300} />
        </Field>
      )}
      <div className={spaced}>
        <p className={editorLabel}>Post text</p>
        <LazyRichTextEditor
          label='Post text'
          preset='full'
          value={values.body}
          onChange={(body) => setValues((v) => ({ ...v, body }))}
          {...(errors.body ? { describedBy: 'blog-body-error' } : {})}
        />
        {errors.body && (
          <p id='blog-body-error' className={`${errorText} ${below}`}>
            {errors.body}
          </p>
        )}
      </div>
    </AdminForm>
  )
}
