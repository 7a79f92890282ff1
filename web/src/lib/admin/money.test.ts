import { describe, expect, it } from 'vitest'
import { formatPence, parsePounds, penceToPounds } from './money'

describe('money', () => {
  it('formats pence as pounds', () => {
    expect(formatPence(2999)).toBe('£29.99')
    expect(formatPence(0)).toBe('£0.00')
    expect(formatPence(123456)).toBe('£1,234.56')
    expect(formatPence(-450)).toBe('-£4.50')
    expect(formatPence(null)).toBe('£0.00')
  })
  it('parses what staff type, exactly, or refuses it', () => {
    expect(parsePounds('29.99')).toBe(2999)
    expect(parsePounds('£29.9')).toBe(2990)
    expect(parsePounds(' 1,200.50 ')).toBe(120050)
    expect(parsePounds('7')).toBe(700)
    expect(parsePounds('0.1')).toBe(10)
    expect(parsePounds('29.999')).toBeNull()
    expect(parsePounds('-5')).toBeNull()
    expect(parsePounds('abc')).toBeNull()
    expect(parsePounds('')).toBeNull()
  })
  it('round-trips pence to the field text', () => {
    expect(penceToPounds(2999)).toBe('29.99')
    expect(parsePounds(penceToPounds(105))).toBe(105)
  })
})
