// Nothing a client can send is a 5xx: hostile and malformed requests to every function, as
// anon and as an admin, are answered 4xx in the documented shape.
import assert from 'node:assert/strict'
import { call, staff, test, tokenFor } from './testing.ts'

const FUNCTIONS = [
  'sites',
  'redirect-lookup',
  'waiting-list',
  'waiting-list-process',
  'waiting-list-import',
  'waiting-list-tools',
  'communications',
  'payments/checkout',
  'payments/webhook',
  'payments/membership-change',
  'bookings',
  'site-votes',
  'postcodes',
  'list-updates',
  'list-updates/unsubscribe',
  'data-rights',
  'plot-access',
  'plot-inspections',
]

const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) })
const BODIES: unknown[] = [
  'null',
  '[]',
  '"text"',
  '42',
  '{}',
  '{"action":',
  '{"__proto__":{"x":1}}',
  { kind: 'waiting_list', site: 'x'.repeat(5000) },
  { kind: ['general'] },
  { action: 'offer', site_id: -1, count: 1e308 },
  { action: 'respond', token: { $gt: '' }, accept: 'yes' },
  { tool: 'ac-sync', site_id: 1.5 },
  { template_id: '1 or 1=1' },
  { type: 'welcome_slot', slot_id: 9007199254740993, name: '\u0000', email: 'a@b.c' },
  { kind: 'shop', email: 'a@example.com', items: [{ product_id: 1, quantity: 1e9 }] },
  { kind: 'gift_voucher', email: 'a@example.com', value_pence: '2500' },
  deep(200),
  { site: "'; drop table global_sites; --" },
  { action: 'request', reference: { $gt: '' } },
  { action: 'request', reference: "' or 1=1 --" },
  { action: 'request', reference: '0123456789abcdef0123456789abcdef' },
  { action: 'complete', request_id: -1 },
  { action: 'complete', request_id: '1; delete from data_erasure_requests' },
  { action: 'complete', request_id: 2147483647 },
  { action: 'extend', offer_id: 1, respond_by: '2026-13-45', reason: 'x' },
  { action: 'extend', offer_id: 2147483647, respond_by: '2099-01-01T00:00:00Z', reason: '\u0000' },
  { action: 'extend', offer_id: 2147483647, respond_by: '2099-01-01T00:00:00Z', reason: 'x' },
  { action: 'book_viewing', token: '0'.repeat(32), slot_id: 9007199254740993 },
  { action: 'cancel_viewing', token: { $ne: '' } },
  { action: 'keep_place_view', token: 'f'.repeat(32) },
  { action: 'keep_place', token: "' or 1=1 --", keep: 'no' },
  { action: 'notify_choices', extra: 1 },
  { action: 'notify', import_id: "' or 1=1 --" },
  { action: 'notify', import_id: ['00000000-0000-4000-8000-000000000000'] },
  { action: 'notify', import_id: '00000000-0000-4000-8000-000000000000', extra: 1 },
  { action: 'monthly', extra: 1 },
  { action: ['closures'] },
]
const QUERIES: Record<string, string>[] = [
  { name: '%' },
  { path: '/%E0%A4%A' },
  { reference: "' or 1=1 --" },
  { reference: 'a'.repeat(5000) },
  { site: '../../etc/passwd' },
  { session_id: 'cs_' + 'x'.repeat(5000) },
]

test('hostile bodies and queries are 4xx for anon, an admin and a forged token, never 5xx', async () => {
  const admin = await tokenFor(staff.official)
  for (const token of [undefined, admin, 'not.a.jwt']) {
    for (const fn of FUNCTIONS) {
      for (const body of BODIES) {
        const r = await call(fn, {
          body: typeof body === 'string' ? body : JSON.stringify(body),
          token,
          headers: fn === 'payments/webhook' ? { 'stripe-signature': 't=1,v1=0' } : {},
        })
        assert.ok(
          r.status >= 400 && r.status < 500,
          `${fn} ${JSON.stringify(body).slice(0, 60)} → ${r.status} ${r.text.slice(0, 200)}`,
        )
        if (r.status !== 401 || r.json?.error) {
          assert.ok(r.json?.error?.code, `${fn}: the error shape`)
        }
      }
      for (const query of QUERIES) {
        const r = await call(fn, { query, token })
        assert.ok(
          r.status < 500,
          `${fn} ?${new URLSearchParams(query)} → ${r.status} ${r.text.slice(0, 200)}`,
        )
      }
    }
  }
})

test('membership changes: hostile bodies with an Idempotency-Key are 4xx for anon, a member and a forged token', async () => {
  const member = await tokenFor(staff.member)
  const bodies: unknown[] = [
    { membership_id: 2147483647, action: 'pause', months: 1 },
    { membership_id: 1e308, action: 'cancel' },
    { membership_id: 9007199254740993, action: 'cancel', reason: '\u0000' },
    { membership_id: '1 or 1=1', action: 'cancel' },
    { membership_id: 2147483647, action: 'pause', months: 2.5 },
    { membership_id: 2147483647, action: { $ne: 'x' } },
    { membership_id: 2147483647, action: 'undo_cancel', reason: 'x'.repeat(5000) },
  ]
  for (const token of [undefined, member, 'not.a.jwt']) {
    for (const key of ['boundary-key-0001', "' or 1=1 --", 'k'.repeat(500)]) {
      for (const body of bodies) {
        const r = await call('payments/membership-change', {
          body: JSON.stringify(body),
          token,
          headers: { 'idempotency-key': key },
        })
        assert.ok(
          r.status >= 400 && r.status < 500 && r.json?.error?.code,
          `${JSON.stringify(body).slice(0, 60)} ${key.slice(0, 20)} → ${r.status} ${
            r.text.slice(0, 200)
          }`,
        )
      }
    }
  }
})
