import { describe, expect, it } from 'vitest'
import { describeWait, pounds } from './wait'

describe('describeWait and pounds', () => {
  it('reads months as a person would say them', () => {
    expect(describeWait(0.4)).toBe('less than a month')
    expect(describeWait(1)).toBe('about 1 month')
    expect(describeWait(27)).toBe('about 2 years and 3 months')
    expect(describeWait(null)).toBeNull()
    expect(describeWait(-1)).toBeNull()
    expect(pounds(1999)).toBe('£19.99')
  })
})
