import { describe, expect, it } from 'vitest'
import { parseCoordinates } from './get-demand'
import { toPoints } from '../routes/location-map'

describe('the location map', () => {
  it('reads "lat,lng" coordinates, and nothing else', () => {
    expect(parseCoordinates('51.3758,-2.3599')).toEqual({ lat: 51.3758, lng: -2.3599 })
    expect(parseCoordinates(' 53.4 , -1.5 ')).toEqual({ lat: 53.4, lng: -1.5 })
    for (const bad of [null, '', 'Bath', '91,0', '0,181', '51.3;-2.3', '51.3,-2.3,4']) {
      expect(parseCoordinates(bad), String(bad)).toBeNull()
    }
  })
  it('puts placed sites on the map sized by waiting list, linking to their edit page, and lists the rest', () => {
    const { points, unplaced } = toPoints([
      {
        id: 1,
        location: 'Tuckers Meadow',
        city: 'Bath',
        status: 'open',
        coordinates: '51.37,-2.36',
        waiting: 12,
      },
      {
        id: 2,
        location: 'Nowhere Fields',
        city: 'X',
        status: 'upcoming',
        coordinates: null,
        waiting: 3,
      },
    ])
    expect(points).toEqual([{
      id: '1',
      name: 'Tuckers Meadow',
      lat: 51.37,
      lng: -2.36,
      demand: 12,
      href: '/admin/locations/edit/1',
    }])
    expect(unplaced.map((s) => s.location)).toEqual(['Nowhere Fields'])
  })
})
