import { describe, expect, it } from 'vitest'
import {
  areaM2,
  byNumber,
  cornersOf,
  cornersToPolygon,
  crossesItself,
  labelPoint,
  type LatLng,
  legendOf,
  parseSitePlan,
  planBounds,
  plotDescription,
  STATUS_STYLE,
} from './plan'

// A 20 m × 10 m plot in Bath (1 degree of latitude ≈ 111,195 m).
const lat = 51.38
const dLat = 10 / 111_195
const dLng = 20 / (111_195 * Math.cos(lat * Math.PI / 180))
const square: LatLng[] = [[lat, -2.39], [lat, -2.39 + dLng], [lat + dLat, -2.39 + dLng], [
  lat + dLat,
  -2.39,
]]

describe('the site plan as site_plan answers it', () => {
  it('reads a visitor plan (no holder, stripped nulls) and a staff one', () => {
    const plan = parseSitePlan({
      site_id: 4,
      centre: [51.38, -2.39],
      counts: { plots: 2, free: 1, let: 1 },
      plots: [
        { id: 1, number: '1', size: 'full', size_m2: 250, features: ['near_tap'], status: 'free' },
        {
          id: 2,
          number: '2A',
          size: 'half',
          features: [],
          status: 'let',
          mine: true,
          shape: {
            type: 'Polygon',
            coordinates: [[[-2.39, 51.38], [-2.3897, 51.38], [-2.3897, 51.3801], [-2.39, 51.38]]],
          },
        },
      ],
    })
    expect(plan.plots[1]!.mine).toBe(true)
    expect(plan.plots[0]!.holder).toBeUndefined()
    const staff = parseSitePlan({
      site_id: 4,
      centre: null,
      counts: { plots: 1, free: 0, let: 1 },
      plots: [{
        id: 1,
        number: '1',
        size: 'full',
        features: [],
        status: 'let',
        holder: 'Ada Lovelace',
        membership_id: 9,
      }],
    })
    expect(staff.plots[0]!.holder).toBe('Ada Lovelace')
  })

  it('refuses what it cannot draw', () => {
    expect(() =>
      parseSitePlan({ site_id: 4, counts: { plots: 0, free: 0, let: 0 }, plots: [{ id: 1 }] })
    ).toThrow()
    expect(() =>
      parseSitePlan({
        site_id: 4,
        counts: { plots: 1, free: 0, let: 0 },
        plots: [{ id: 1, number: '1', size: 'full', features: [], status: 'sold' }],
      })
    ).toThrow()
  })

  it('gives every status words and a pattern, not a colour alone', () => {
    for (const [status, style] of Object.entries(STATUS_STYLE)) {
      expect(style.label, status).not.toBe('')
    }
    const patterns = new Set(
      ['free', 'let', 'unavailable'].map((s) => STATUS_STYLE[s as 'free'].pattern),
    )
    expect(patterns.size).toBe(3)
  })

  it('counts the statuses present, in legend order', () => {
    const p = (status: 'free' | 'let' | 'unavailable') => ({
      id: 1,
      number: '1',
      size: 'full' as const,
      features: [],
      status,
    })
    expect(legendOf([p('let'), p('free'), p('let')])).toEqual([{ status: 'free', count: 1 }, {
      status: 'let',
      count: 2,
    }])
  })

  it('orders plot numbers as people count them', () => {
    const numbers = ['10', '2', 'B1', '1', '10A', '2b'].map((number) => ({ number }))
    expect(numbers.sort(byNumber).map((n) => n.number)).toEqual(['1', '2', '2b', '10', '10A', 'B1'])
  })

  it('describes a plot in words', () => {
    expect(plotDescription({ size: 'full', size_m2: 250, features: ['raised_bed', 'near_tap'] }))
      .toBe(
        'Full plot, 250 m²; raised bed, near a tap',
      )
    expect(plotDescription({ size: 'half', size_m2: null, features: [] })).toBe('Half plot')
  })
})

describe('outlines', () => {
  it('turns clicked corners into a closed GeoJSON polygon, longitude first, and back', () => {
    const polygon = cornersToPolygon(square)
    expect(polygon.type).toBe('Polygon')
    const ring = polygon.coordinates[0]!
    expect(ring).toHaveLength(5)
    expect(ring[0]).toEqual(ring[4])
    expect(ring[0]).toEqual([-2.39, lat])
    const back = cornersOf(polygon)
    expect(back).toHaveLength(4)
    back.forEach((c, i) => {
      expect(c[0]).toBeCloseTo(square[i]![0], 7)
      expect(c[1]).toBeCloseTo(square[i]![1], 7)
    })
  })

  it('works out an area near enough to the plot', () => {
    expect(areaM2(square)).toBeGreaterThan(199)
    expect(areaM2(square)).toBeLessThan(201)
    expect(areaM2(square.slice(0, 2))).toBe(0)
  })

  it('labels a plot in its middle and boxes the drawn plots', () => {
    const [y, x] = labelPoint(square)!
    expect(y).toBeCloseTo(lat + dLat / 2, 9)
    expect(x).toBeCloseTo(-2.39 + dLng / 2, 9)
    const plot = (shape?: ReturnType<typeof cornersToPolygon>) => ({
      id: 1,
      number: '1',
      size: 'full' as const,
      features: [],
      status: 'free' as const,
      shape,
    })
    expect(planBounds([plot()])).toBeNull()
    const b = planBounds([plot(cornersToPolygon(square)), plot()])!
    expect(b.south).toBeCloseTo(lat, 9)
    expect(b.east).toBeCloseTo(-2.39 + dLng, 7)
  })

  it('knows an outline whose sides cross', () => {
    expect(crossesItself(square)).toBe(false)
    const bowTie: LatLng[] = [square[0]!, square[2]!, square[1]!, square[3]!]
    expect(crossesItself(bowTie)).toBe(true)
    expect(crossesItself(square.slice(0, 3))).toBe(false)
  })
})
