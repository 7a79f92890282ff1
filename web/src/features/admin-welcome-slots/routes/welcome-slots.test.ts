import { describe, expect, it } from 'vitest'
import { slotIdParam } from './welcome-slots'

describe('a slot id in the path', () => {
  it('is a positive whole number, else 404 Page Not Found: {path}', () => {
    expect(slotIdParam('12', '/admin/welcome-slots/12')).toBe(12)
    for (const bad of ['0', '-1', '1.5', 'abc', '12abc', '']) {
      expect(() => slotIdParam(bad, `/admin/welcome-slots/${bad}`)).toThrow(
        `Page Not Found: /admin/welcome-slots/${bad}`,
      )
    }
  })
})
