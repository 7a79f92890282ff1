import { describe, expect, it } from 'vitest'
import { describeWait, ordinal } from './format'

describe('queue wording', () => {
  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ])
  })

  it('describes the estimated wait, or nothing when there is no estimate', () => {
    expect(describeWait(null)).toBeNull()
    expect(describeWait('abc')).toBeNull()
    expect(describeWait(0.4)).toBe('less than a month')
    expect(describeWait('1.2')).toBe('about 1 month')
    expect(describeWait(7.4)).toBe('about 7 months')
    expect(describeWait(12)).toBe('about 1 year')
    expect(describeWait(27)).toBe('about 2 years and 3 months')
  })
})
