// A checkout link for a person (a phone sale), made by the payments function for admins: the
// order is written pending with who made it; the link opens the provider's payment page.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { invokeFunction } from '@/lib/admin/invoke-function'

export const checkoutLinkSchema = z.object({
  name: z.string().trim().min(1, 'Enter the person’s name.').max(100, 'At most 100 characters.'),
  email: z.string().trim().min(1, 'Enter their e-mail address.').max(254).email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
  quantities: z.record(z.string()),
  send_email: z.boolean(),
}).transform((v, ctx) => {
  const items: { product_id: number; quantity: number }[] = []
  for (const [id, raw] of Object.entries(v.quantities)) {
    const t = raw.trim()
    if (t === '' || t === '0') continue
    if (!/^\d+$/.test(t) || Number(t) > 20) {
      ctx.addIssue({ code: 'custom', path: [`qty-${id}`], message: 'A whole number from 0 to 20.' })
      continue
    }
    items.push({ product_id: Number(id), quantity: Number(t) })
  }
  if (items.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'Choose at least one product.' })
  }
  return { name: v.name, email: v.email.toLowerCase(), items, send_email: v.send_email }
})
export type CheckoutLinkValues = z.input<typeof checkoutLinkSchema>
export type CheckoutLinkBody = z.output<typeof checkoutLinkSchema>

export interface CheckoutLink {
  order_id: number
  url: string
  total_pence: number
  emailed: boolean
  repeated?: boolean
}

export const createCheckoutLink = ({ body, key }: { body: CheckoutLinkBody; key: string }) =>
  invokeFunction<CheckoutLink>('payments/checkout-link', body, {
    headers: { 'idempotency-key': key },
    fallback: 'The checkout link was not created.',
  })

export const useCreateCheckoutLink = () => useMutation({ mutationFn: createCheckoutLink })

export interface SaleProduct {
  id: number
  name: string
  price_pence: number
  stock: number | null
}

export async function getSaleProducts(): Promise<SaleProduct[]> {
  const { data, error } = await supabase().from('products').select('id, name, price_pence, stock')
    .eq('active', true).order('name')
  if (error) throw new DbError(error, 'The products could not be loaded.')
  return data ?? []
}
export const useSaleProducts = () =>
  useQuery(queryOptions({ queryKey: ['admin-checkout', 'products'], queryFn: getSaleProducts }))
