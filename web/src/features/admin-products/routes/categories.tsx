// /admin/products/categories: add, rename and delete product categories.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ConfirmDialog, ErrorNotice, Field, formGrid, PageHeader, Status, useFormSave } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type Category, categorySchema, type CategoryFormValues, useCategories } from '../api/categories'
import { useDeleteCategory } from '../api/delete-category'
import { useSaveCategory } from '../api/save-category'
import { slugAfterTitle } from '@/lib/slug'
import { actionsTight } from '@/components/admin/styles'

const categoryForm = css`
  max-width: 40rem;
  margin-bottom: 1.5rem;
`

function CategoryForm({ editing, onDone }: { editing: Category | null; onDone: () => void }) {
  const [values, setValues] = useState<CategoryFormValues>(
    editing ? { name: editing.name, slug: editing.slug } : { name: '', slug: '' },
  )
  const save = useSaveCategory()
  const { errors, formError, saving, submit } = useFormSave<CategoryFormValues>(categorySchema, 'category')
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submit(values, async (v) => {
      try {
        await save.mutateAsync({ id: editing?.id ?? null, values: v })
        toast.success(editing ? 'Category saved' : 'Category added')
        if (!editing) setValues({ name: '', slug: '' })
        onDone()
        return null
      } catch (err) {
        return (err as Error).message
      }
    })
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? `Edit ${editing.name}` : 'New category'}
      className={categoryForm}
    >
      <h2>{editing ? `Edit ${editing.name}` : 'New category'}</h2>
      {formError && (
        <p role='alert' className={errorText}>
          {formError}
        </p>
      )}
      <div className={formGrid}>
        <Field label='Category name' error={errors.name}>
          <input
            value={values.name}
            onChange={(e) => {
              const name = e.target.value
              setValues((v) => ({ name, slug: editing ? v.slug : slugAfterTitle(v.name, v.slug, name) }))
            }}
          />
        </Field>
        <Field label='Category slug' error={errors.slug}>
          <input value={values.slug} onChange={(e) => setValues((v) => ({ ...v, slug: e.target.value }))} />
        </Field>
      </div>
      <div className={actionRow}>
        <button type='submit' className={buttonPrimary} disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save category' : 'Add category'}
        </button>
        {editing && (
          <button type='button' className={buttonSecondary} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}

export function AdminProductCategoriesRoute() {
  usePageMeta('Product categories')
  const categories = useCategories()
  const remove = useDeleteCategory()
  const [editing, setEditing] = useState<Category | null>(null)
  const [deleting, setDeleting] = useState<Category | null>(null)
  return (
    <>
      <PageHeader title='Product categories'>
        <Link href={`~${adminPaths.adminProducts.getHref()}`} className={buttonSecondary}>
          Products
        </Link>
      </PageHeader>
      <CategoryForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {categories.isPending && <Status>Loading categories…</Status>}
      {categories.isError && (
        <ErrorNotice title='The categories could not be loaded' message={categories.error.message} />
      )}
      <DataTable
        rows={categories.data}
        head={['Name', 'Slug', 'Actions']}
        label='Product categories'
        empty='No categories yet: add the first above.'
      >
        {(c) => (
          <tr key={c.id}>
            <td>{c.name}</td>
            <td>{c.slug}</td>
            <td className={actionsTight}>
              <button
                type='button'
                className={buttonSecondary}
                aria-label={`Edit ${c.name}`}
                onClick={() => setEditing(c)}
              >
                Edit
              </button>
              <button
                type='button'
                className={buttonSecondary}
                aria-label={`Delete ${c.name}`}
                onClick={() => setDeleting(c)}
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel='Delete category'
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success('Category deleted')
                setDeleting(null)
                if (editing?.id === deleting.id) setEditing(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setDeleting(null)
              },
            })
          }
        >
          <p>Its products stay in the shop, without a category.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
