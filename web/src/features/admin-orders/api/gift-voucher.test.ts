import { describe, expect, it } from 'vitest'
import { canResend, resendSchema } from './gift-voucher'

const NOW = Date.parse('2026-06-01T12:00:00Z')
const live = { status: 'active', balance_pence: 2500, expires_at: '2027-06-01T12:00:00Z' }

describe('sending a gift voucher again', () => {
  it('is offered only for a voucher that can still be spent', () => {
    expect(canResend(live, NOW)).toBe(true)
    expect(canResend({ ...live, expires_at: null }, NOW)).toBe(true)
    expect(canResend({ ...live, balance_pence: 0 }, NOW)).toBe(false)
    expect(canResend({ ...live, status: 'redeemed' }, NOW)).toBe(false)
    expect(canResend({ ...live, status: 'pending' }, NOW)).toBe(false)
    expect(canResend({ ...live, status: 'cancelled' }, NOW)).toBe(false)
    expect(canResend({ ...live, expires_at: '2026-06-01T11:59:59Z' }, NOW)).toBe(false)
  })

  it('needs a real e-mail address, trimmed', () => {
    expect(resendSchema.parse({ email: ' gwen@example.com ' }).email).toBe('gwen@example.com')
    expect(resendSchema.safeParse({ email: 'gwen at example' }).error?.issues[0]?.message)
      .toBe('Enter a valid e-mail address, like name@example.com.')
    expect(resendSchema.safeParse({ email: '' }).error?.issues[0]?.message)
      .toBe('Enter the e-mail address to send it to.')
  })
})
