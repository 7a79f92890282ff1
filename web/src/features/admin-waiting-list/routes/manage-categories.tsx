// /admin/waiting-list/manage-categories: categories for every site (admins) or for the patch
// manager's own sites; add, rename, reorder and delete (with a confirmation).
import { css } from 'goober'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { ConfirmDialog, ErrorNotice, Field, fieldErrors, formGrid, PageHeader, Status } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { actionRow, buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { categorySchema, type CategoryFormValues, duplicateName, emptyCategory } from '../api/category-schema'
import { useCreateCategory } from '../api/create-category'
import { useDeleteCategory } from '../api/delete-category'
import { type Category, useCategories } from '../api/get-categories'
import { useSiteOptions } from '../api/get-site-options'
import { useUpdateCategory } from '../api/update-category'
import { muted, noWrap } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'

const formSection = css`
  margin-top: 1.5rem;
  max-width: 48rem;
`

export function AdminManageCategoriesRoute() {
  const sites = useSiteOptions()
  const categories = useCategories()
  const create = useCreateCategory()
  const update = useUpdateCategory()
  const remove = useDeleteCategory()
  const [editing, setEditing] = useState<Category | null>(null)
  const [values, setValues] = useState<CategoryFormValues>(emptyCategory)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [deleting, setDeleting] = useState<Category | null>(null)
  const isAdmin = sites.data && sites.data.role !== 'patch_manager'
  const siteName = useMemo(() => new Map((sites.data?.sites ?? []).map((s) => [s.id, s.location])), [sites.data])
  usePageMeta('Waiting-list categories')
  useEffect(() => {
    if (!isAdmin && sites.data?.sites.length && values.site_id === '' && !editing)
      setValues((v) => ({ ...v, site_id: String(sites.data!.sites[0]!.id) }))
  }, [isAdmin, sites.data, values.site_id, editing])

  const set = (k: keyof CategoryFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }))
  const reset = () => {
    setEditing(null)
    setValues(emptyCategory())
    setErrors({})
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = categorySchema.safeParse(values)
    let errs = parsed.success ? {} : fieldErrors(parsed.error.issues)
    if (parsed.success && duplicateName(categories.data ?? [], parsed.data, editing?.id))
      errs = { name: 'A category with this name already exists there.' }
    if (Object.keys(errs).length) {
      setErrors(errs)
      toast.error(Object.values(errs)[0]!)
      return
    }
    setErrors({})
    const done = {
      onSuccess: () => {
        toast.success(editing ? 'Category saved' : 'Category added')
        reset()
      },
      onError: (err: Error) => toast.error(err.message),
    }
    if (editing) update.mutate({ id: editing.id, values }, done)
    else create.mutate(values, done)
  }
  const mayChange = (c: Category) => isAdmin || (c.site_id !== null && siteName.has(c.site_id))

  return (
    <>
      <PageHeader title='Waiting-list categories' />
      {sites.isError && <ErrorNotice title='You cannot manage categories' message={sites.error.message} />}
      {categories.isError && (
        <ErrorNotice title='The categories could not be loaded' message={categories.error.message} />
      )}
      {categories.isPending && <Status>Loading categories…</Status>}
      <DataTable
        rows={categories.data}
        head={['Name', 'Used at', { label: 'Order', num: true }, 'Actions']}
        label='Waiting-list categories'
        empty='No categories yet. Add the first below.'
      >
        {(c) => (
          <tr key={c.id}>
            <td>
              <strong>{c.name}</strong>
              {c.description ? (
                <>
                  <br />
                  <span className={muted}>{c.description}</span>
                </>
              ) : null}
            </td>
            <td>{c.site_id === null ? 'Every site' : (siteName.get(c.site_id) ?? `Site ${c.site_id}`)}</td>
            <td className='num'>{c.sort_order}</td>
            <td className={noWrap}>
              {mayChange(c) ? (
                <>
                  <button
                    type='button'
                    className={buttonSecondary}
                    aria-label={`Edit ${c.name}`}
                    onClick={() => {
                      setEditing(c)
                      setErrors({})
                      setValues({
                        name: c.name,
                        description: c.description ?? '',
                        site_id: c.site_id === null ? '' : String(c.site_id),
                        sort_order: String(c.sort_order),
                      })
                    }}
                  >
                    Edit
                  </button>{' '}
                  <button
                    type='button'
                    className={buttonSecondary}
                    aria-label={`Delete ${c.name}`}
                    onClick={() => setDeleting(c)}
                  >
                    Delete
                  </button>
                </>
              ) : (
                <span className={muted}>Admins only</span>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      <section aria-labelledby='category-form-title' className={formSection}>
        <h2 id='category-form-title'>{editing ? `Edit ${editing.name}` : 'Add a category'}</h2>
        <form onSubmit={submit} noValidate className={formGrid}>
          <Field label='Name' error={errors.name}>
            <input value={values.name} onChange={set('name')} />
          </Field>
          <Field label='Used at' error={errors.site_id}>
            <select value={values.site_id} onChange={set('site_id')}>
              {isAdmin && <option value=''>Every site</option>}
              {sites.data?.sites.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.location}
                </option>
              ))}
            </select>
          </Field>
          <Field label='Order' error={errors.sort_order} hint='Lower numbers come first.'>
            <input inputMode='numeric' value={values.sort_order} onChange={set('sort_order')} />
          </Field>
          <Field label='Description' error={errors.description} className='wide'>
            <textarea value={values.description} onChange={set('description')} />
          </Field>
          <div className={`wide ${actionRow}`}>
            <button type='submit' className={buttonPrimary} disabled={create.isPending || update.isPending}>
              {editing ? 'Save category' : 'Add category'}
            </button>
            {editing && (
              <button type='button' className={buttonSecondary} onClick={reset}>
                Cancel
              </button>
            )}
          </div>
        </form>
      </section>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel='Delete'
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success('Category deleted')
                setDeleting(null)
              },
              onError: (e) => {
                toast.error(e.message)
                setDeleting(null)
              },
            })
          }
        >
          <p>Its applicants stay on the waiting list with no category.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
