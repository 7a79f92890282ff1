// The local payment provider's hosted pages (local stack only; 404 with a real provider):
//   GET|POST /payments/local-checkout/<cs_local_…>   the checkout page. A one-off purchase takes
//            Stripe's test cards; a membership (subscription mode) lets the person choose Card or
//            Bacs Direct Debit (sort code 10-88-00, account 00012345 pays, 90012345 fails its
//            payments; name and the mandate confirmation required). Paying posts the signed events
//            Stripe would send (local-billing.ts) and returns to the success URL.
//   GET|POST /payments/local-portal/<ps_local_…>     the billing portal: the current payment
//            method, and a new card or Direct Debit; saving pays any open invoice at once and
//            returns to the portal session's return URL.
// Every field is labelled; the pages are one column, usable at 360 px.
import { must } from '../_shared/db.ts'
import { HttpError, notFound } from '../_shared/errors.ts'
import { readText } from '../_shared/http.ts'
import { escapeHtml } from '../_shared/render.ts'
import {
  functionsUrl,
  type LocalSession,
  localSession,
  paymentProvider,
  signPayload,
} from '../_shared/providers/payments.ts'
import { localWebhookSecret } from '../_shared/providers/config.ts'
import {
  BACS_TEST_ACCOUNTS,
  BACS_TEST_SORT_CODE,
  completedCheckout,
  completeSubscriptionCheckout,
  type Delivery,
  type MethodInput,
  paymentMethodOfCustomer,
  readObject,
  setPaymentMethod,
} from '../_shared/providers/local-billing.ts'
import { adminClient } from '../_shared/supabase.ts'

const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '2223003122003222': null,
  '378282246310005': null,
  // Attaches and pays now; every later payment fails (local-billing.ts).
  '4000000000000341': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
}

export function luhn(n: string): boolean {
  let sum = 0
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return n.length >= 12 && sum % 10 === 0
}

/** Why a card is refused, or null when it pays. */
export function cardOutcome(raw: string): string | null {
  const n = raw.replace(/[\s-]/g, '')
  if (!/^[0-9]{12,19}$/.test(n) || !luhn(n)) return 'Your card number is invalid.'
  if (n in TEST_CARDS) return TEST_CARDS[n]!
  return 'Your card was declined. This is a test checkout: use a test card such as 4242 4242 4242 4242.'
}

/** A payment method from the form's fields, or the reason it is refused. */
export function methodFromForm(f: URLSearchParams): MethodInput | string {
  if (f.get('method') === 'bacs_debit') {
    const name = (f.get('account_name') ?? '').trim()
    const sortCode = (f.get('sort_code') ?? '').replace(/[\s-]/g, '')
    const account = (f.get('account_number') ?? '').replace(/\s/g, '')
    if (!name) return 'Enter the name on the account.'
    if (!/^\d{6}$/.test(sortCode)) return 'Enter the sort code: 6 digits, such as 10-88-00.'
    if (!/^\d{8}$/.test(account)) return 'Enter the account number: 8 digits.'
    if (f.get('mandate') !== 'yes') {
      return 'Confirm that you are the account holder and may authorise the Direct Debit.'
    }
    if (sortCode !== BACS_TEST_SORT_CODE || !(account in BACS_TEST_ACCOUNTS)) {
      return 'This is a test checkout: use sort code 10-88-00 with account number 00012345 (or 90012345 for payments that fail).'
    }
    return { type: 'bacs_debit', sort_code: sortCode, account_number: account, name }
  }
  const number = f.get('card_number') ?? ''
  const refused = cardOutcome(number)
  if (refused) return refused
  return { type: 'card', number: number.replace(/[\s-]/g, '') }
}

export function page(title: string, body: string, status = 200): Response {
  return new Response(
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${
      escapeHtml(title)
    }</title>` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><style>*{box-sizing:border-box}body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;overflow-wrap:anywhere;line-height:1.4}` +
      `label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;font-size:1rem}input[type=radio],input[type=checkbox]{width:auto;margin-right:.5rem}` +
      `.choice{display:flex;align-items:flex-start;margin:.5rem 0}.choice label{margin:0}fieldset{border:1px solid #ccc;margin:1rem 0;padding:.5rem 1rem 1rem}legend{font-weight:bold}` +
      `button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem}.error{color:#b00020}.hint{color:#555;font-size:.9rem;margin:.2rem 0}</style></head>` +
      `<body>${body}</body></html>`,
    {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
      },
    },
  )
}

const errorBlock = (error?: string) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''

/** The card and Direct Debit fields, the chosen one first (no script needed). */
function methodFields(f: URLSearchParams | null): string {
  const bacs = f?.get('method') === 'bacs_debit'
  const v = (k: string) => escapeHtml(f?.get(k) ?? '')
  return `<fieldset><legend>How would you like to pay?</legend>` +
    `<div class="choice"><input type="radio" id="method-card" name="method" value="card"${
      bacs ? '' : ' checked'
    }><label for="method-card">Card</label></div>` +
    `<div class="choice"><input type="radio" id="method-bacs" name="method" value="bacs_debit"${
      bacs ? ' checked' : ''
    }><label for="method-bacs">Bacs Direct Debit</label></div></fieldset>` +
    `<fieldset><legend>Card</legend>` +
    `<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${
      v('card_number')
    }">` +
    `<label for="exp">Expiry (MM/YY)</label><input id="exp" name="expiry" autocomplete="cc-exp" value="12/34">` +
    `<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123"></fieldset>` +
    `<fieldset><legend>Bacs Direct Debit</legend>` +
    `<label for="account-name">Name on the account</label><input id="account-name" name="account_name" autocomplete="name" value="${
      v('account_name')
    }">` +
    `<label for="sort-code">Sort code</label><input id="sort-code" name="sort_code" inputmode="numeric" aria-describedby="sort-code-hint" value="${
      v('sort_code')
    }"><p class="hint" id="sort-code-hint">6 digits, for example 10-88-00</p>` +
    `<label for="account-number">Account number</label><input id="account-number" name="account_number" inputmode="numeric" value="${
      v('account_number')
    }">` +
    `<div class="choice"><input type="checkbox" id="mandate" name="mandate" value="yes"><label for="mandate">I am the account holder and I authorise Roots Allotments to collect payments from this account by Direct Debit, as set out in the Direct Debit Guarantee.</label></div>` +
    `</fieldset>`
}

/** Posts one Stripe-shaped event for a payment-mode session (as before subscriptions). */
async function postSessionEvent(s: LocalSession): Promise<Response | null> {
  const event = JSON.stringify({
    id: `evt_local_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: s.id,
        object: 'checkout.session',
        mode: 'payment',
        amount_total: s.amount_total,
        currency: 'gbp',
        payment_status: 'paid',
        payment_intent: `pi_local_${crypto.randomUUID().replaceAll('-', '')}`,
        client_reference_id: s.idempotency_key,
        customer_email: s.customer_email,
        metadata: s.metadata,
      },
    },
  })
  try {
    const delivered = await fetch(`${functionsUrl()}/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': await signPayload(localWebhookSecret(), event),
      },
      body: event,
    })
    await delivered.body?.cancel()
    return delivered
  } catch {
    return null
  }
}

const notCompleted = (why: string) =>
  page(
    'Payment not completed',
    `<h1>Payment not completed</h1><p class="error">${escapeHtml(why)}</p>`,
    502,
  )

/** A refused event delivery, as the page says it. */
function failedDelivery(deliveries: Delivery[]): Response | null {
  const bad = deliveries.find((d) => d.status >= 300)
  return bad
    ? notCompleted(`The shop could not record the payment (${bad.type}: ${bad.status}).`)
    : null
}

export async function localCheckout(req: Request, sessionId: string): Promise<Response> {
  if (paymentProvider().name !== 'local') throw notFound()
  if (!/^cs_local_[0-9a-f]{32}$/.test(sessionId)) throw notFound('No such checkout session.')
  const s = await localSession(sessionId)
  if (!s) throw notFound('No such checkout session.')
  const subscription = s.mode === 'subscription' && s.subscription ? s.subscription : null
  const order = must(
    await adminClient().from('orders').select('status').eq('checkout_session_id', sessionId)
      .maybeSingle(),
  )
  const amount = `£${(s.amount_total / 100).toFixed(2)}`
  const plan = subscription
    ? `<p>Then ${escapeHtml(subscription.plan.name)}: £${
      (subscription.plan.amount_pence / 100).toFixed(2)
    } a ${subscription.plan.interval}, collected automatically.</p>`
    : ''
  const items = [
    ...(subscription ? [`${subscription.plan.name}, first ${subscription.plan.interval}`] : []),
    ...s.line_items.map((li) => `${li.name} × ${li.quantity}`),
  ]
  const form = (error?: string, fields: URLSearchParams | null = null) =>
    page(
      'Test checkout',
      `<h1>Test checkout</h1><p>${items.map(escapeHtml).join('<br>')}</p>` +
        `<p><strong>Total ${amount}</strong> · ${escapeHtml(s.customer_email)}</p>${plan}${
          errorBlock(error)
        }` +
        (subscription
          ? `<form method="post">${methodFields(fields)}`
          : `<form method="post"><label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" required>` +
            `<label for="exp">Expiry (MM/YY)</label><input id="exp" name="expiry" value="12/34"><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123">`) +
        `<button type="submit">Pay ${amount}</button></form><form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Cancel</button></form>`,
      error ? 402 : 200,
    )
  if (order?.status === 'paid' || (subscription && await completedCheckout(sessionId))) {
    return page('Paid', `<h1>Already paid</h1><p>This checkout has been paid.</p>`)
  }
  if (req.method === 'GET') return form()
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
  const fields = new URLSearchParams(await readText(req, 4096))
  if (fields.get('action') === 'cancel') return Response.redirect(s.cancel_url, 303)
  const success = s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id)
  if (subscription) {
    const method = methodFromForm(fields)
    if (typeof method === 'string') return form(method, fields)
    let deliveries: Delivery[]
    try {
      deliveries = await completeSubscriptionCheckout(s, method)
    } catch (e) {
      return notCompleted(`The payment could not be completed: ${(e as Error).message}`)
    }
    return failedDelivery(deliveries) ?? Response.redirect(success, 303)
  }
  const refused = cardOutcome(fields.get('card_number') ?? '')
  if (refused) return form(refused)
  const delivered = await postSessionEvent(s)
  if (!delivered) {
    return notCompleted(
      'The shop could not be told about the payment. Nothing was charged; please try again.',
    )
  }
  if (!delivered.ok) {
    return notCompleted(`The shop refused the payment (${delivered.status}). Nothing was charged.`)
  }
  return Response.redirect(success, 303)
}

function methodText(pm: Record<string, unknown> | null): string {
  if (!pm) return 'No payment method is on file.'
  if (pm.type === 'bacs_debit') {
    const b = pm.bacs_debit as { sort_code: string; last4: string }
    return `Bacs Direct Debit: sort code ${
      b.sort_code.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')
    }, account ending ${b.last4}`
  }
  const c = pm.card as { brand: string; last4: string }
  return `Card: ${c.brand} ending ${c.last4}`
}

export async function localPortal(req: Request, id: string): Promise<Response> {
  if (paymentProvider().name !== 'local') throw notFound()
  if (!/^ps_local_[0-9a-f]{32}$/.test(id)) throw notFound('No such portal session.')
  const session = await readObject('portal_session', id)
  if (!session) throw notFound('No such portal session.')
  const current = await paymentMethodOfCustomer(session.customer)
  const form = (error?: string, fields: URLSearchParams | null = null) =>
    page(
      'Your payment details',
      `<h1>Your payment details</h1><p>Roots Allotments membership</p>` +
        `<h2>Current payment method</h2><p>${escapeHtml(methodText(current))}</p>` +
        `<h2>Use a new payment method</h2>${errorBlock(error)}` +
        `<form method="post">${methodFields(fields)}` +
        `<p class="hint">Anything due now is paid with the new method straight away.</p>` +
        `<button type="submit">Save payment method</button></form>` +
        `<p><a href="${escapeHtml(session.return_url)}">Back to Roots Allotments</a></p>`,
      error ? 402 : 200,
    )
  if (req.method === 'GET') return form()
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
  const fields = new URLSearchParams(await readText(req, 4096))
  const method = methodFromForm(fields)
  if (typeof method === 'string') return form(method, fields)
  const deliveries = await setPaymentMethod(session.customer, method)
  return failedDelivery(deliveries) ?? Response.redirect(session.return_url, 303)
}
