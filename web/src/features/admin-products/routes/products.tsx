// /admin/products (list: search, category, on sale, paging), /admin/products/new and
// /admin/products/{id} (edit, delete after confirming).
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ConfirmDialog, EmptyState, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { formatPence } from '@/lib/admin/money'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { useCategories } from '../api/categories'
import { useDeleteProduct } from '../api/delete-product'
import { useAdminProduct } from '../api/get-product'
import { type ProductFilters, PRODUCTS_PAGE_SIZE, useAdminProducts } from '../api/get-products'
import { emptyProduct, productToForm } from '../api/product-schema'
import { useSaveProduct } from '../api/save-product'
import { ProductForm } from '../components/ProductForm'

const href = (id: number | 'new') => `~${adminPaths.adminProduct.getHref({ id: String(id) })}`

export function AdminProductsRoute() {
  usePageMeta('Products')
  const categories = useCategories()
  const [filters, setFilters] = useState<ProductFilters>({ search: '', categoryId: '', active: '', page: 0 })
  const list = useAdminProducts(filters)
  const set = (k: 'search' | 'categoryId' | 'active') => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [k]: e.target.value, page: 0 }))
  const pages = Math.ceil((list.data?.total ?? 0) / PRODUCTS_PAGE_SIZE)
  return (
    <>
      <PageHeader title='Products'>
        <Link href={`~${adminPaths.adminProductCategories.getHref()}`} className={buttonSecondary}>
          Categories
        </Link>
        <Link href={href('new')} className={buttonPrimary}>
          New product
        </Link>
      </PageHeader>
      <div className={toolbar} role='search'>
        <Field label='Search'>
          <input type='search' value={filters.search} onChange={set('search')} placeholder='Name or slug' />
        </Field>
        <Field label='Category'>
          <select value={filters.categoryId} onChange={set('categoryId')}>
            <option value=''>All categories</option>
            <option value='none'>No category</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label='On sale'>
          <select value={filters.active} onChange={set('active')}>
            <option value=''>All</option>
            <option value='true'>On sale</option>
            <option value='false'>Not on sale</option>
          </select>
        </Field>
      </div>
      {list.isPending && <Status>Loading products…</Status>}
      {list.isError && <ErrorNotice title='The products could not be loaded' message={list.error.message} />}
      <DataTable
        rows={list.data?.rows}
        head={['Product', 'Category', { label: 'Price', num: true }, { label: 'Stock', num: true }, 'On sale']}
        caption={
          <>
            {list.data?.total} product{list.data?.total === 1 ? '' : 's'}
          </>
        }
        empty={
          <>
            No products match. <Link href={href('new')}>Add a product</Link>.
          </>
        }
        pager={{ page: filters.page, pages, onPage: (page) => setFilters((f) => ({ ...f, page })) }}
      >
        {(p) => (
          <tr key={p.id}>
            <td>
              <Link href={href(p.id)}>{p.name}</Link>
            </td>
            <td>{p.category?.name ?? '—'}</td>
            <td className='num'>{formatPence(p.price_pence)}</td>
            <td className='num'>{p.stock ?? 'Not tracked'}</td>
            <td>{p.active ? 'Yes' : 'No'}</td>
          </tr>
        )}
      </DataTable>
    </>
  )
}

export function AdminProductRoute({ id }: { id: string }) {
  const isNew = id === 'new'
  const title = isNew ? 'New product' : 'Edit product'
  usePageMeta(title)
  const [, navigate] = useLocation()
  const product = useAdminProduct(isNew ? 0 : Number(id))
  const save = useSaveProduct()
  const remove = useDeleteProduct()
  const [confirming, setConfirming] = useState(false)
  const back = () => navigate(`~${adminPaths.adminProducts.getHref()}`)
  const onSave = (productId: number | null) => async (values: Parameters<typeof save.mutateAsync>[0]['values']) => {
    try {
      const saved = await save.mutateAsync({ id: productId, values })
      toast.success(productId === null ? 'Product created' : 'Product saved')
      if (productId === null) navigate(href(saved), { replace: true })
      return null
    } catch (e) {
      return (e as Error).message
    }
  }
  if (isNew)
    return (
      <>
        <PageHeader title='New product' />
        <ProductForm initial={emptyProduct()} submitLabel='Create product' onCancel={back} onSave={onSave(null)} />
      </>
    )
  if (!/^\d+$/.test(id))
    return (
      <>
        <PageHeader title='Product' />
        <EmptyState>There is no product {id}.</EmptyState>
      </>
    )
  if (product.isPending) return <Status>Loading the product…</Status>
  if (product.isError) return <ErrorNotice title='The product could not be loaded' message={product.error.message} />
  const p = product.data
  if (!p)
    return (
      <>
        <PageHeader title='Product' />
        <EmptyState>There is no product {id}.</EmptyState>
      </>
    )
  return (
    <>
      <PageHeader title={p.name}>
        <button type='button' className={buttonSecondary} onClick={() => setConfirming(true)}>
          Delete product
        </button>
      </PageHeader>
      <ProductForm
        key={p.updated_at}
        initial={productToForm(p)}
        submitLabel='Save product'
        onCancel={back}
        onSave={onSave(p.id)}
      />
      {confirming && (
        <ConfirmDialog
          title={`Delete ${p.name}?`}
          confirmLabel='Delete product'
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(p.id, {
              onSuccess: () => {
                toast.success('Product deleted')
                back()
              },
              onError: (e) => {
                toast.error(e.message)
                setConfirming(false)
              },
            })
          }
        >
          <p>
            It disappears from the shop. Past orders keep their lines. To stop selling it for now, untick “On sale”
            instead.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
