import { describe, expect, it } from 'vitest'
import { methodText } from './member'

describe('how staff read a payment method', () => {
  it('names a card by brand and last four digits', () => {
    expect(methodText({ type: 'card', brand: 'visa', last4: '4242' })).toBe('Visa ending 4242')
    expect(methodText({ type: 'card', last4: '0341' })).toBe('Card ending 0341')
  })
  it('gives a Direct Debit its account and sort code in pairs', () => {
    expect(methodText({ type: 'bacs_debit', last4: '2345', sort_code: '108800' })).toBe(
      'Direct Debit from account ending 2345, sort code 10-88-00',
    )
  })
  it('says when there is none', () => {
    expect(methodText(null)).toBe('None on file')
  })
})
