import { describe, expect, it } from 'vitest'
import { checkoutLinkSchema } from './create-checkout-link'

const base = {
  name: 'Pat Phone',
  email: 'Pat@Example.com',
  quantities: { 1: '2', 2: '', 3: '0' },
  send_email: true,
}

describe('checkout link form', () => {
  it('keeps the chosen products and lower-cases the e-mail', () => {
    expect(checkoutLinkSchema.parse(base)).toEqual({
      name: 'Pat Phone',
      email: 'pat@example.com',
      items: [{ product_id: 1, quantity: 2 }],
      send_email: true,
    })
  })
  it('names each problem beside its field', () => {
    const r = checkoutLinkSchema.safeParse({
      name: ' ',
      email: 'nope',
      quantities: { 4: '1.5', 5: '21' },
      send_email: false,
    })
    expect(r.success).toBe(false)
    if (r.success) return
    const byPath = Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
    expect(byPath.name).toBe('Enter the person’s name.')
    expect(byPath.email).toBe('Enter a valid e-mail address, like name@example.com.')
  })
  it('asks for at least one product and a sane quantity', () => {
    const none = checkoutLinkSchema.safeParse({ ...base, quantities: { 1: '' } })
    expect(none.success).toBe(false)
    if (!none.success) expect(none.error.issues[0]!.message).toBe('Choose at least one product.')
    const bad = checkoutLinkSchema.safeParse({ ...base, quantities: { 1: '21' } })
    expect(bad.success).toBe(false)
    if (!bad.success) expect(bad.error.issues.map((i) => i.path.join('.'))).toContain('qty-1')
  })
})
