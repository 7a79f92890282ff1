// The product form; errors beside the fields, nothing lost when saving fails.
import { type FormEvent, useState } from 'react'
import { Field, formGrid, useFormSave } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { useCategories } from '../api/categories'
import { productSchema, type ProductFormValues } from '../api/product-schema'
import { slugify } from '@/lib/slug'
import { ImageUpload } from '@/components/image-upload/ImageUpload'
import { ASPECTS } from '@/components/image-upload/crop'
import { formWidth } from '@/components/admin/styles'

export function ProductForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: ProductFormValues
  submitLabel: string
  onSave: (v: ProductFormValues) => Promise<string | null>
  onCancel: () => void
}) {
  const categories = useCategories()
  const [values, setValues] = useState(initial)
  const [slugTouched, setSlugTouched] = useState(initial.slug !== '')
  const { errors, formError, saving, submit: save } = useFormSave<ProductFormValues>(productSchema, 'product')
  const set =
    (k: 'name' | 'slug' | 'category_id' | 'price' | 'stock' | 'description') => (e: { target: { value: string } }) => {
      const v = e.target.value
      setValues((s) => ({ ...s, [k]: v, ...(k === 'name' && !slugTouched ? { slug: slugify(v) } : {}) }))
      if (k === 'slug') setSlugTouched(true)
    }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save(values, onSave)
  }
  return (
    <form onSubmit={submit} noValidate className={formWidth} aria-label='Product'>
      {formError && (
        <p role='alert' className={errorText}>
          The product was not saved. {formError}
        </p>
      )}
      <div className={formGrid}>
        <Field label='Name' error={errors.name}>
          <input value={values.name} onChange={set('name')} />
        </Field>
        <Field label='Slug' error={errors.slug} hint='Used in links; lower-case words joined by hyphens.'>
          <input value={values.slug} onChange={set('slug')} />
        </Field>
        <Field label='Category' error={errors.category_id}>
          <select value={values.category_id} onChange={set('category_id')}>
            <option value=''>No category</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Price (£)' error={errors.price}>
          <input inputMode='decimal' value={values.price} onChange={set('price')} />
        </Field>
        <Field label='Stock' error={errors.stock} hint='Leave blank when stock is not tracked.'>
          <input inputMode='numeric' value={values.stock} onChange={set('stock')} />
        </Field>
        <Field label='On sale at checkout' checkbox>
          <input
            type='checkbox'
            checked={values.active}
            onChange={(e) => setValues((s) => ({ ...s, active: e.target.checked }))}
          />
        </Field>
        <Field label='Description' error={errors.description} className='wide'>
          <textarea value={values.description} onChange={set('description')} />
        </Field>
        <div className='wide'>
          <ImageUpload
            label='Image'
            aspect={ASPECTS.product}
            folder='products'
            value={values.image_url}
            previewAlt={values.name ? `Image of ${values.name}` : 'Product image'}
            error={errors.image_url}
            onChange={(path) => setValues((s) => ({ ...s, image_url: path }))}
          />
        </div>
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
