import { describe, expect, it } from 'vitest'
import { sameValue } from './same-value'

describe('sameValue', () => {
  it('holds for equal JSON values whatever the key order', () => {
    expect(sameValue({ a: 1, b: [1, { c: 'x', d: null }] }, { b: [1, { d: null, c: 'x' }], a: 1 }))
      .toBe(true)
    expect(sameValue([], [])).toBe(true)
    expect(sameValue({ a: 1, u: undefined }, { a: 1 })).toBe(true)
  })

  it('tells apart a changed value, a missing key, a longer list and null from an object', () => {
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false)
    expect(sameValue({ a: 1, b: 2 }, { a: 1 })).toBe(false)
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false)
    expect(sameValue({ a: null }, { a: {} })).toBe(false)
    expect(sameValue([1], { 0: 1 })).toBe(false)
    expect(sameValue('1', 1)).toBe(false)
    expect(sameValue({ a: { b: [1, 2] } }, { a: { b: [2, 1] } })).toBe(false)
  })
})
