// Shop orders, from the public checkout and from staff checkout links: prices and stock from the
// database, an optional gift voucher (validated and spent in the database, race-safe), the
// provider's hosted checkout for what is left to pay, or paid at once when the voucher covers it.
import { z } from 'npm:zod@3'
import { type DbError, dbError, must } from '../_shared/db.ts'
import { HttpError, upstream } from '../_shared/errors.ts'
import { siteUrl } from '../_shared/render.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import {
  type CheckoutRequest,
  type LineItem,
  paymentProvider,
} from '../_shared/providers/payments.ts'
import { adminClient, type Client } from '../_shared/supabase.ts'

export const email = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address.')

/** A voucher code as printed (ABCD-1234-EF56), any case, with or without dashes or spaces. */
export const voucherCode = z.string().transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine(
    (v) => /^[A-Z0-9]{12}$/.test(v),
    'Enter the voucher code as printed, like ABCD-1234-EF56.',
  )
  .transform((v) => `${v.slice(0, 4)}-${v.slice(4, 8)}-${v.slice(8)}`)

export const shopItems = z.array(
  z.object({ product_id: z.number().int().positive(), quantity: z.number().int().min(1).max(20) })
    .strict(),
)
  .min(1, 'Choose at least one item.').max(20)
  .refine(
    (items) => new Set(items.map((i) => i.product_id)).size === items.length,
    'List each product once.',
  )

export type ShopItem = z.infer<typeof shopItems>[number]
export type PricedItem = LineItem & { product_id: number }

/** The items at the database's prices; unknown or inactive products 404, short stock 409. */
export async function priceItems(db: Client, items: ShopItem[]): Promise<PricedItem[]> {
  const ids = items.map((i) => i.product_id)
  const products = must(
    await db.from('products').select('id, name, price_pence, stock').in('id', ids).eq(
      'active',
      true,
    ),
  )
  const byId = new Map(products.map((p) => [Number(p.id), p]))
  const missing = ids.filter((i) => !byId.has(i))
  if (missing.length) {
    throw new HttpError(404, 'not_found', 'Unknown product.', { product_ids: missing })
  }
  const short = items.filter((i) => {
    const s = byId.get(i.product_id)!.stock
    return s !== null && i.quantity > s
  })
  if (short.length) {
    throw new HttpError(409, 'out_of_stock', 'Not enough in stock.', {
      product_ids: short.map((i) => i.product_id),
    })
  }
  return items.map((i) => {
    const p = byId.get(i.product_id)!
    return {
      name: p.name,
      amount_pence: p.price_pence,
      quantity: i.quantity,
      product_id: Number(p.id),
    }
  })
}

export const subtotalOf = (items: LineItem[]) =>
  items.reduce((s, i) => s + i.amount_pence * i.quantity, 0)

const voucherRefused = (message: string) =>
  new HttpError(409, 'voucher_not_usable', message, [{ path: 'voucher_code', message }])

/** quote_gift_voucher's jsonb (a type alias, so the Json it comes as converts to it). */
export type VoucherQuote = {
  code: string
  balance_pence: number
  discount_pence: number
  total_pence: number
  expires_at: string | null
}

/** What a voucher takes off a subtotal; refused (409, beside the voucher field) when unusable. */
export async function quoteVoucher(code: string, subtotal: number): Promise<VoucherQuote> {
  const res = await adminClient().rpc('quote_gift_voucher', {
    p_code: code,
    p_total_pence: subtotal,
  })
  if (res.error?.code === '22023') throw voucherRefused(res.error.message)
  return must(res) as VoucherQuote
}

/** A refusal from an RPC that spends a voucher (private.spend_gift_voucher): the balance changed
 *  since the quote (409 voucher_changed) or the voucher cannot be used (409 voucher_not_usable),
 *  both beside the voucher field; anything else as the database says. */
export function voucherSpendError(e: DbError): HttpError {
  if (e.code === '40001') {
    return new HttpError(409, 'voucher_changed', e.message, [{
      path: 'voucher_code',
      message: e.message,
    }])
  }
  if (e.code === '22023') return voucherRefused(e.message)
  return dbError(e)
}

/** What the provider shows: the items, or (with a voucher) one line for the amount left to pay. */
export function providerLines(items: LineItem[], discount: number): LineItem[] {
  if (discount <= 0) {
    return items.map(({ name, amount_pence, quantity }) => ({ name, amount_pence, quantity }))
  }
  const names = items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)).join(', ')
  const label = `${names} (gift voucher −£${(discount / 100).toFixed(2)})`
  return [{
    name: label.length > 250 ? `${label.slice(0, 249)}…` : label,
    amount_pence: subtotalOf(items) - discount,
    quantity: 1,
  }]
}

export const successUrl = (sessionId = '{CHECKOUT_SESSION_ID}') =>
  `${siteUrl()}/checkout/success?session_id=${sessionId}`

/** The provider's hosted checkout for these lines (502 when the provider is down, nothing written). */
export function openSession(
  key: string,
  customerEmail: string,
  lines: LineItem[],
  metadata: Record<string, string>,
  success = successUrl(),
  cancel = `${siteUrl()}/checkout`,
) {
  return openCheckout({
    idempotencyKey: key,
    customerEmail,
    lineItems: lines,
    successUrl: success,
    cancelUrl: cancel,
    metadata,
  })
}

/** Any hosted checkout (a membership's is in subscription mode); 502 when the provider is down. */
export async function openCheckout(r: CheckoutRequest) {
  try {
    return await paymentProvider().createCheckout(r)
  } catch (e) {
    if (e instanceof ProviderError) {
      throw upstream(
        'The payment provider is not available. Nothing was charged; please try again.',
        { provider_status: e.status },
      )
    }
    throw e
  }
}

export interface ShopOrder {
  order_id: number
  session_id: string
  url: string
  subtotal_pence: number
  discount_pence: number
  total_pence: number
  status: string
  repeated?: true
}

/** The same key again: the first order, and the same provider session (its request rebuilt from the order). */
async function repeatOf(key: string): Promise<ShopOrder | null> {
  const o = must(
    await adminClient().from('orders').select(
      'id, checkout_session_id, status, email, total_pence, subtotal_pence, discount_pence, order_items(description, quantity, unit_price_pence)',
    )
      .eq('idempotency_key', key).maybeSingle(),
  )
  // Orders are written with their session (create_shop_order), so a stored one has it.
  if (!o?.checkout_session_id) return null
  const base = {
    order_id: Number(o.id),
    session_id: o.checkout_session_id,
    subtotal_pence: o.subtotal_pence ?? o.total_pence,
    discount_pence: o.discount_pence,
    total_pence: o.total_pence,
    status: o.status,
    repeated: true as const,
  }
  if (o.checkout_session_id.startsWith('cs_voucher_')) {
    return { ...base, url: successUrl(o.checkout_session_id) }
  }
  const lines = providerLines(
    o.order_items.map((i) => ({
      name: i.description,
      amount_pence: i.unit_price_pence,
      quantity: i.quantity,
    })),
    o.discount_pence,
  )
  const session = await openSession(key, o.email, lines, { kind: 'shop', idempotency_key: key })
  return { ...base, url: session.url }
}

/**
 * One shop order. `items` are priced already; `voucher` is a normalised code or undefined.
 * Returns 201-worthy data, or the first order for a repeated key. `db` writes the order: the
 * admin client for a member of staff placing it (adminClientFor), else the service role's.
 */
export async function placeShopOrder(
  o: {
    key: string
    email: string
    userId: string | null
    createdBy: string | null
    items: PricedItem[]
    voucher?: string | undefined
    db?: Client
  },
): Promise<ShopOrder> {
  const repeated = await repeatOf(o.key)
  if (repeated) return repeated
  const subtotal = subtotalOf(o.items)
  const discount = o.voucher ? (await quoteVoucher(o.voucher, subtotal)).discount_pence : 0
  const total = subtotal - discount
  const sessionId = total === 0 ? `cs_voucher_${crypto.randomUUID().replaceAll('-', '')}` : null
  const session = sessionId
    ? { id: sessionId, url: successUrl(sessionId) }
    : await openSession(o.key, o.email, providerLines(o.items, discount), {
      kind: 'shop',
      idempotency_key: o.key,
    })
  const res = await (o.db ?? adminClient()).rpc('create_shop_order', {
    p_email: o.email,
    p_user_id: o.userId,
    p_idempotency_key: o.key,
    p_session_id: session.id,
    p_items: o.items.map((i) => ({
      product_id: i.product_id,
      plan_id: null,
      description: i.name,
      quantity: i.quantity,
      unit_price_pence: i.amount_pence,
    })),
    p_voucher_code: o.voucher ?? null,
    p_expected_discount: discount,
    p_created_by: o.createdBy,
  })
  if (res.error?.code === '23505') {
    const again = await repeatOf(o.key)
    if (again) return again
  }
  if (res.error) throw voucherSpendError(res.error)
  const r = res.data as {
    order_id: number
    subtotal_pence: number
    discount_pence: number
    total_pence: number
    status: string
  }
  return {
    order_id: Number(r.order_id),
    session_id: session.id,
    url: session.url,
    subtotal_pence: r.subtotal_pence,
    discount_pence: r.discount_pence,
    total_pence: r.total_pence,
    status: r.status,
  }
}
