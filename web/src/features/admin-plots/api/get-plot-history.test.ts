import { describe, expect, it } from 'vitest'
import type { Json } from '@/lib/db-types'
import { describeChange } from './get-plot-history'

describe("a plot's history in words", () => {
  const change = (
    kind: string,
    detail: { [key: string]: Json } = {},
    from: string | null = null,
    to: string | null = null,
  ) => describeChange({ kind, detail, from_status: from, to_status: to })

  it('says what happened, with the note staff gave', () => {
    expect(change('created', {}, null, 'preparing')).toBe('Added as being prepared')
    expect(change('status', { note: 'Cleared' }, 'preparing', 'vacant')).toBe(
      'Being prepared → Ready to let (Cleared)',
    )
    expect(change('status', {}, 'vacant', 'out_of_use')).toBe('Ready to let → Out of use')
    expect(change('shape', { area_m2: 251.3 })).toBe('Outline drawn (251.3 m²)')
    expect(change('shape', {})).toBe('Outline removed')
    expect(change('let', { offer_id: 4 }, 'offered', 'let')).toBe('Let: the offer was accepted')
    expect(change('ended')).toBe('Tenancy ended')
  })

  it('names each detail changed, from and to', () => {
    expect(
      change('details', { number: ['7', '7A'], features: [[], ['shed']], size_m2: [null, 250] }),
    ).toBe(
      'Changed number from 7 to 7A; features from none to shed; m² from none to 250',
    )
  })
})
