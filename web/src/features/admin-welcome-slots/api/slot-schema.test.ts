import { describe, expect, it } from 'vitest'
import { emptySlot, futureSlotSchema, slotToForm, todayInput } from './slot-schema'

const now = () => new Date('2025-06-10T12:00:00')
const form = (date: string, time = '10:00') => ({ ...emptySlot(), site_id: '1', date, time })

describe('futureSlotSchema', () => {
  it('refuses a new slot in the past, on the date field', () => {
    const r = futureSlotSchema(0, emptySlot(), now).safeParse(form('2025-06-09'))
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]).toMatchObject({
      path: ['date'],
      message: 'Choose a date and time in the future.',
    })
    expect(futureSlotSchema(0, emptySlot(), now).safeParse(form('2025-06-10', '11:59')).success)
      .toBe(false)
  })
  it('takes a new slot in the future', () => {
    expect(futureSlotSchema(0, emptySlot(), now).safeParse(form('2025-06-10', '12:30')).success)
      .toBe(true)
  })
  it('keeps a past slot valid while its time is unchanged, but not moved into the past', () => {
    const past = slotToForm({
      site_id: 1,
      starts_at: new Date('2025-06-01T10:00:00').toISOString(),
      duration_minutes: 60,
      capacity: 5,
      notes: null,
    })
    expect(futureSlotSchema(0, past, now).safeParse({ ...past, notes: 'Boots' }).success).toBe(true)
    expect(futureSlotSchema(0, past, now).safeParse({ ...past, time: '11:00' }).success).toBe(false)
  })
})

describe('todayInput', () => {
  it('is the local date as the date input writes it', () => {
    expect(todayInput(new Date('2025-01-05T09:00:00'))).toBe('2025-01-05')
  })
})
