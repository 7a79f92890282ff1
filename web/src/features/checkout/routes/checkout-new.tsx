// /checkout/new: the shop. The starter bundle (£29.99) leads, with the CTA setting's offer text;
// pick quantities, optionally apply a gift voucher (checked by the payments function, spent only
// when the order is placed), give an e-mail, pay on the hosted checkout page (or, when the
// voucher covers everything, go straight to the receipt).
import { useState } from 'react'
import { css } from 'goober'
import { TextField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { useVoucherCode } from '@/lib/gift-vouchers'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { useIdempotencyKey, useZodSubmit } from '@/lib/use-zod-submit'
import { useProducts } from '../api/get-products'
import { useQuoteVoucher } from '../api/quote-voucher'
import { shopSchema, useStartShopCheckout } from '../api/start-shop-checkout'
import { pounds } from '../components/OrderOutcome'
import { imageSrc } from '@/lib/image-src'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  form {
    max-width: 44rem;
  }
  ul {
    list-style: none;
    padding: 0;
    display: grid;
    gap: 0.75rem;
  }
  li {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1rem;
    display: grid;
    grid-template-columns: 1fr 7rem;
    gap: 0.5rem 1rem;
    align-items: center;
  }
  li[data-featured='true'] {
    border: 3px solid var(--roots-primary);
  }
  li h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  li p {
    margin: 0;
  }
  li img {
    max-width: 6rem;
    max-height: 6rem;
    object-fit: contain;
    border-radius: 0.375rem;
  }
  .offer {
    color: #5c3b00;
    background: #fff3d6;
    border-radius: 0.35rem;
    padding: 0.2rem 0.5rem;
    font-weight: 700;
    justify-self: start;
  }
  .voucher {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 0.75rem;
    align-items: flex-end;
  }
  .voucher > div {
    flex: 1 1 14rem;
  }
  .voucher button {
    margin-bottom: 1rem;
  }
  .total {
    font-size: 1.2rem;
    font-weight: 800;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  @media (max-width: 30rem) {
    li {
      grid-template-columns: 1fr;
    }
  }
`

export default function CheckoutNewRoute() {
  usePageMeta('Shop')
  const products = useProducts()
  const { ctaSettings } = useLocations()
  const offer = ctaSettings.find((c) => c.promo?.includes('Starter Bundle'))?.promo ?? null
  const start = useStartShopCheckout()
  const quote = useQuoteVoucher()
  const key = useIdempotencyKey('shop')
  const [qty, setQty] = useState<Record<number, string>>({})
  const list = [...(products.data ?? [])].sort(
    (a, b) => Number(b.slug === 'starter-bundle') - Number(a.slug === 'starter-bundle'),
  )
  const chosen = list.map((p) => ({
    product_id: p.id,
    quantity: qty[p.id] === undefined || qty[p.id] === '' ? 0 : Number(qty[p.id]),
  }))
  const basket = chosen.filter((i) => Number.isInteger(i.quantity) && i.quantity > 0 && i.quantity <= 20)
  const total = list.reduce(
    (sum, p) => sum + (Number(qty[p.id]) > 0 ? Math.floor(Number(qty[p.id])) * p.price_pence : 0),
    0,
  )
  const voucher = useVoucherCode(
    (code) => quote.mutateAsync({ code, items: basket }),
    () => (basket.length === 0 ? 'Choose something first, then apply your voucher.' : null),
  )
  const { code, applied } = voucher
  // A quote is for one basket: change the basket and the voucher is worked out again on submit.
  const quoteFits = applied !== null && applied.subtotal_pence === total
  const discount = quoteFits ? applied.discount_pence : 0
  const {
    ref,
    errors: raw,
    onSubmit,
    pending,
  } = useZodSubmit(shopSchema, {
    read: (form) => ({ email: String(new FormData(form).get('email') ?? ''), items: chosen, voucher_code: code }),
    send: async (input) => {
      const started = await key.withKey((k) => start.mutateAsync({ input, key: k }))
      globalThis.location.assign(started.url)
    },
  })
  // items.N.quantity → the quantity field of product N.
  const errors: Record<string, string> = { ...raw, ...(voucher.error ? { voucher_code: voucher.error } : {}) }
  for (const [k, v] of Object.entries(raw)) {
    const m = k.match(/^items\.(\d+)\.quantity$/)
    if (m && list[Number(m[1])]) errors[`qty-${list[Number(m[1])]!.id}`] = v
  }

  return (
    <div className={page}>
      <h1>Shop</h1>
      <p>Everything for your first season, delivered to your plot.</p>
      {products.isPending && <p role='status'>Loading products…</p>}
      {products.isError && <p role='alert'>We could not load the shop just now.</p>}
      {products.data && (
        <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Shop'>
          <ul>
            {list.map((p) => (
              <li key={p.id} data-featured={p.slug === 'starter-bundle'}>
                <div>
                  {p.image_url && <img src={imageSrc(p.image_url) ?? ''} alt='' loading='lazy' />}
                  <h2>
                    {p.name} · {pounds(p.price_pence)}
                  </h2>
                  {p.description && <p>{p.description}</p>}
                  {p.slug === 'starter-bundle' && offer && <p className='offer'>{offer}</p>}
                </div>
                <TextField
                  label={`Quantity of ${p.name}`}
                  name={`qty-${p.id}`}
                  type='number'
                  min={0}
                  max={20}
                  inputMode='numeric'
                  value={qty[p.id] ?? ''}
                  onChange={(e) => setQty({ ...qty, [p.id]: e.target.value })}
                  error={errors[`qty-${p.id}`]}
                />
              </li>
            ))}
          </ul>
          {errors.items && (
            <p className='error' role='alert'>
              {errors.items}
            </p>
          )}
          <div className='voucher'>
            <TextField
              label='Gift voucher code (optional)'
              name='voucher_code'
              autoComplete='off'
              value={code}
              error={errors.voucher_code}
              onChange={(e) => voucher.change(e.target.value)}
            />
            <button
              type='button'
              className={buttonSecondary}
              onClick={() => void voucher.apply()}
              disabled={voucher.checking}
            >
              {voucher.checking ? 'Checking…' : 'Apply voucher'}
            </button>
          </div>
          <div aria-live='polite'>
            {discount > 0 && (
              <p data-testid='voucher-discount'>
                Gift voucher {applied!.code}: −{pounds(discount)} ({pounds(applied!.balance_pence - discount)} stays on
                it for next time)
              </p>
            )}
            <p className='total' data-testid='shop-total'>
              Total {pounds(total - discount)}
            </p>
          </div>
          <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
          {errors._form && (
            <p className='error' role='alert'>
              {errors._form}
            </p>
          )}
          <button type='submit' className={buttonPrimary} disabled={pending}>
            {pending
              ? 'Opening checkout…'
              : total > 0 && total - discount === 0
                ? 'Pay with gift voucher'
                : 'Continue to payment'}
          </button>
        </form>
      )}
    </div>
  )
}
