import { describe, expect, it } from 'vitest'
import { formatDate } from './months'

describe('formatDate', () => {
  it('reads as the en-GB long date the browser would write, in every month', () => {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const d = new Date(2025, month, day, 12)
        const expected = d.toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        })
        expect(formatDate(d.toISOString())).toBe(expected)
      }
    }
  })

  it('takes a plain date as that day', () => {
    expect(formatDate('2024-03-01')).toBe(new Date('2024-03-01').toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }))
  })

  it('gives nothing for no date or one that is not a date', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate(undefined)).toBe('')
    expect(formatDate('')).toBe('')
    expect(formatDate('not a date')).toBe('')
  })
})
