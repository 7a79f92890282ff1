import { describe, expect, it } from 'vitest'
import { emptyPlot, plotRow, plotSchema } from './plot-schema'

describe('the plot form', () => {
  it('accepts what the register accepts and stores empty fields as nothing', () => {
    const v = { ...emptyPlot(), number: ' 14B ', size_m2: '' }
    expect(plotSchema.safeParse(v).success).toBe(true)
    expect(plotRow(v)).toEqual({
      number: '14B',
      size: 'full',
      size_m2: null,
      features: [],
      notes: null,
    })
    expect(plotRow({ ...v, size_m2: '125.5', features: ['shed'], notes: ' gate ' })).toMatchObject({
      size_m2: 125.5,
      features: ['shed'],
      notes: 'gate',
    })
  })

  it('names what is wrong', () => {
    const bad = plotSchema.safeParse({
      ...emptyPlot(),
      number: '#7',
      size_m2: '0',
      features: ['pond'],
    })
    expect(bad.success).toBe(false)
    const paths = bad.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['number', 'size_m2', 'features.0']))
  })
})
