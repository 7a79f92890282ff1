// Staff checkout links (a phone sale): an admin picks products for a person; the order is written
// pending with who made it, and the person pays on the provider's hosted page from the link
// (e-mailed to them when asked). The role is the database's (current_staff_role over the
// caller's JWT), never the token's user_metadata.
import { z } from 'npm:zod@3'
import { HttpError } from '../_shared/errors.ts'
import { json, readJson } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { simpleEmail } from '../_shared/render.ts'
import { adminClientFor, authUser, requireStaff, userClient } from '../_shared/supabase.ts'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'
import { email, placeShopOrder, priceItems, shopItems } from './shop.ts'

export const checkoutLinkSchema = z.object({
  email,
  name: z.string().trim().min(1, 'Enter the person’s name.').max(100, 'At most 100 characters.'),
  items: shopItems,
  send_email: z.boolean().default(false),
}).strict()

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/

/** POST /payments/checkout-link  header Idempotency-Key (required). */
export async function checkoutLink(req: Request): Promise<Response> {
  await requireStaff(req, ADMIN_ROLES)
  const b = await readJson(req, checkoutLinkSchema)
  const key = req.headers.get('idempotency-key') ?? ''
  if (!KEY.test(key)) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
      path: 'Idempotency-Key',
      message: 'Send an Idempotency-Key of 8 to 200 letters, digits, _ . : or -.',
    }])
  }
  // Unconfigured e-mail → 503 before the order is written (the payment provider is checked before
  // the order too, in placeShopOrder).
  if (b.send_email) requireProvider('email')
  const staff = await authUser(req)
  const items = await priceItems(userClient(req), b.items)
  // Written with the service role for this admin: the audit log names them, through payments.
  const order = await placeShopOrder({
    key: `link-${key}`,
    email: b.email,
    userId: null,
    createdBy: staff?.id ?? null,
    items,
    db: adminClientFor('payments', staff?.id),
  })
  let emailed = false
  if (b.send_email && !order.repeated) {
    const total = `£${(order.total_pence / 100).toFixed(2)}`
    const lines = [
      `Hello ${b.name},`,
      `As we discussed, here is the link to pay for your Roots Allotments order (${
        items.map((i) => `${i.name} × ${i.quantity}`).join(', ')
      }): ${total}.`,
    ]
    emailed = (await sendAndLog({
      to: b.email,
      subject: 'Your Roots Allotments payment link',
      ...simpleEmail(lines, { text: `Pay ${total} securely`, href: order.url }),
      tag: 'checkout-link',
      idempotencyKey: `checkout-link-${order.order_id}`,
    }, { sent_by: staff?.id ?? null, via: 'payments' })).sent
  }
  return json({ ...order, emailed }, { status: order.repeated ? 200 : 201 })
}
