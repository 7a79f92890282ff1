import { describe, expect, it } from 'vitest'
import { aYearOn, ukDay } from '@/lib/dates'
import { giftVoucherSchema } from './buy-gift-voucher'

const base = {
  value_pounds: '50',
  buyer_name: 'Ada',
  email: 'ada@example.com',
  recipient_name: '',
  recipient_email: 'bo@example.com',
  deliver_on: '',
  message: '',
}
const day = (offset: number) => {
  const d = new Date(`${ukDay()}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + offset)
  return d.toISOString().slice(0, 10)
}
const errorAt = (values: Record<string, string>, path: string) => {
  const r = giftVoucherSchema.safeParse(values)
  return r.success ? undefined : r.error.issues.find((i) => i.path.join('.') === path)?.message
}

describe('the gift voucher form', () => {
  it('takes a delivery date from today to a year ahead', () => {
    expect(giftVoucherSchema.parse({ ...base, deliver_on: ukDay() }).deliver_on).toBe(ukDay())
    expect(giftVoucherSchema.parse({ ...base, deliver_on: aYearOn(ukDay()) }).deliver_on).toBe(
      aYearOn(ukDay()),
    )
    expect(giftVoucherSchema.parse(base).deliver_on).toBeUndefined()
    expect(errorAt({ ...base, deliver_on: day(-1) }, 'deliver_on')).toBe(
      'Choose today or a later date.',
    )
    expect(errorAt({ ...base, deliver_on: day(367) }, 'deliver_on')).toBe(
      'Choose a date within a year.',
    )
    expect(errorAt({ ...base, deliver_on: '2025-02-30' }, 'deliver_on')).toBe(
      'Enter a date, like 25/12/2025.',
    )
  })
  it("needs a recipient for a date, and the buyer's name always", () => {
    expect(errorAt({ ...base, recipient_email: '', deliver_on: day(3) }, 'deliver_on')).toBe(
      "Add the recipient's e-mail address to choose a delivery date.",
    )
    expect(errorAt({ ...base, buyer_name: '  ' }, 'buyer_name')).toBe(
      'Enter your name: the recipient sees who the voucher is from.',
    )
  })
  it('knows a year on from a leap day', () => {
    expect(aYearOn('2024-02-29')).toBe('2025-02-28')
  })
})
