import { describe, expect, it } from 'vitest'
import { compareText, formatCount } from './intl'

describe('intl helpers', () => {
  it('formats numbers with British thousands separators, as Intl would', () => {
    for (const n of [0, 7, 999, 1000, 1234567, -4321, 12.5, 1234.75]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB', { maximumFractionDigits: 20 }))
    }
  })
  it('orders text alphabetically, ignoring case and accents', () => {
    expect(['leeds', 'Bath', 'bristol', 'Ávila', 'Stoke-on-Trent', 'St Albans'].sort(compareText))
      .toEqual(['Ávila', 'Bath', 'bristol', 'leeds', 'St Albans', 'Stoke-on-Trent'])
    expect(compareText('bath', 'Bath')).not.toBe(0)
    expect(compareText('Bath', 'Bath')).toBe(0)
  })
})
