// /admin/checkout: staff make a payment link for a person (a phone sale): products and
// quantities, the person's name and e-mail, and whether to e-mail them the link.
import { type FormEvent, useRef, useState } from 'react'
import { css } from 'goober'
import { EmptyState, ErrorNotice, Field, formGrid, PageHeader, Status, useFormSave } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { formatPence } from '@/lib/admin/money'
import { AdminFunctionError } from '@/lib/admin/invoke-function'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import {
  type CheckoutLink,
  checkoutLinkSchema,
  type CheckoutLinkValues,
  useCreateCheckoutLink,
  useSaleProducts,
} from '../api/create-checkout-link'
import { actionsTight, breakAll, formWidth, spaced } from '@/components/admin/styles'

const madeBox = css`
  background: var(--roots-surface);
  border: 2px solid var(--roots-primary);
  border-radius: 0.5rem;
  padding: 1rem;
  margin-bottom: 1rem;
  & > p:first-child {
    margin-top: 0;
  }
`
const quantity = css`
  min-width: 7rem;
`
const totalLine = css`
  font-weight: 700;
`

const newKey = () => `link-${crypto.randomUUID()}`

export function AdminCheckoutRoute() {
  usePageMeta('Checkout link')
  const products = useSaleProducts()
  const create = useCreateCheckoutLink()
  const key = useRef(newKey())
  const [values, setValues] = useState<CheckoutLinkValues>({ name: '', email: '', quantities: {}, send_email: true })
  const [made, setMade] = useState<CheckoutLink | null>(null)
  const { errors, formError, saving, submit } = useFormSave<CheckoutLinkValues>(checkoutLinkSchema, 'checkout link')
  const total = (products.data ?? []).reduce(
    (s, p) => s + (/^\d+$/.test(values.quantities[p.id] ?? '') ? Number(values.quantities[p.id]) * p.price_pence : 0),
    0,
  )
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submit(values, async (v) => {
      try {
        const link = await create.mutateAsync({ body: checkoutLinkSchema.parse(v), key: key.current })
        setMade(link)
        key.current = newKey()
        toast.success(link.emailed ? 'Checkout link created and e-mailed' : 'Checkout link created')
        return null
      } catch (err) {
        if (err instanceof AdminFunctionError && err.httpStatus < 500) key.current = newKey()
        return (err as Error).message
      }
    })
  }
  const copy = async () => {
    if (!made) return
    try {
      await navigator.clipboard.writeText(made.url)
      toast.success('Link copied')
    } catch {
      toast.error('Copy the link by hand: the browser did not allow copying.')
    }
  }
  return (
    <>
      <PageHeader title='Checkout link' />
      <p>
        Make a payment link for someone buying by phone. They pay on the secure payment page; the order shows as a staff
        link under Orders.
      </p>
      {made && (
        <div role='status' className={madeBox}>
          <p>
            <strong>
              Order #{made.order_id}: {formatPence(made.total_pence)}.
            </strong>{' '}
            {made.emailed ? 'We e-mailed the link to them.' : 'Read or send them this link:'}
          </p>
          <p className={breakAll}>
            <a href={made.url} data-testid='checkout-link'>
              {made.url}
            </a>
          </p>
          <div className={actionsTight}>
            <button type='button' className={buttonSecondary} onClick={() => void copy()}>
              Copy link
            </button>
            <button
              type='button'
              className={buttonSecondary}
              onClick={() => {
                setMade(null)
                setValues({ name: '', email: '', quantities: {}, send_email: true })
              }}
            >
              Start another
            </button>
          </div>
        </div>
      )}
      {products.isPending && <Status>Loading products…</Status>}
      {products.isError && <ErrorNotice title='The products could not be loaded' message={products.error.message} />}
      {products.data?.length === 0 && (
        <EmptyState>There are no products on sale. Add one under Products first.</EmptyState>
      )}
      {products.data && products.data.length > 0 && (
        <form onSubmit={onSubmit} noValidate aria-label='Checkout link' className={formWidth}>
          {formError && (
            <p role='alert' className={errorText}>
              The link was not created. {formError}
            </p>
          )}
          <div className={formGrid}>
            <Field label='Their name' error={errors.name}>
              <input
                value={values.name}
                autoComplete='off'
                onChange={(e) => setValues((s) => ({ ...s, name: e.target.value }))}
              />
            </Field>
            <Field label='Their e-mail address' error={errors.email}>
              <input
                type='email'
                value={values.email}
                autoComplete='off'
                onChange={(e) => setValues((s) => ({ ...s, email: e.target.value }))}
              />
            </Field>
          </div>
          <DataTable
            rows={products.data}
            head={['Product', { label: 'Price', num: true }, 'Quantity']}
            caption='Products'
            className={spaced}
          >
            {(p) => (
              <tr key={p.id}>
                <td>
                  {p.name}
                  {p.stock !== null ? ` (${p.stock} in stock)` : ''}
                </td>
                <td className='num'>{formatPence(p.price_pence)}</td>
                <td className={quantity}>
                  <Field label={`Quantity of ${p.name}`} error={errors[`qty-${p.id}`]}>
                    <input
                      inputMode='numeric'
                      value={values.quantities[p.id] ?? ''}
                      onChange={(e) =>
                        setValues((s) => ({ ...s, quantities: { ...s.quantities, [p.id]: e.target.value } }))
                      }
                    />
                  </Field>
                </td>
              </tr>
            )}
          </DataTable>
          {errors.items && (
            <p role='alert' className={errorText}>
              {errors.items}
            </p>
          )}
          <p aria-live='polite' className={totalLine}>
            Total {formatPence(total)}
          </p>
          <Field label='E-mail the link to them' checkbox>
            <input
              type='checkbox'
              checked={values.send_email}
              onChange={(e) => setValues((s) => ({ ...s, send_email: e.target.checked }))}
            />
          </Field>
          <button type='submit' className={buttonPrimary} disabled={saving}>
            {saving ? 'Creating…' : 'Create checkout link'}
          </button>
        </form>
      )}
    </>
  )
}
