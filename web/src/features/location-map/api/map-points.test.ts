import { describe, expect, it } from 'vitest'
import { BUILT_IN_SITES, WAITING_LIST_PLACES } from '@/lib/sites/catalogue'
import { mapPoints, parseCoordinates, placePoint, sitePoint } from './map-points'

const tuckers = BUILT_IN_SITES.find((s) => s.slug === 'tuckers-meadow')!
const darenth = BUILT_IN_SITES.find((s) => s.slug === 'darenth-fields')!
const daffodil = BUILT_IN_SITES.find((s) => s.slug === 'daffodil-views')!

describe('parseCoordinates', () => {
  it('reads "lat,lng" text and refuses anything else', () => {
    expect(parseCoordinates('51.3925,-2.3211')).toEqual([51.3925, -2.3211])
    expect(parseCoordinates(' 53.8 , -1.59 ')).toEqual([53.8, -1.59])
    expect(parseCoordinates('91,0')).toBeNull()
    expect(parseCoordinates('somewhere')).toBeNull()
    expect(parseCoordinates(null)).toBeNull()
  })
})

describe('map points', () => {
  it('places a site at its stored coordinates, sized by its waiting list, linked to its page', () => {
    const p = sitePoint({ ...tuckers, status: 'active', waiting_list_count: 12 })!
    expect(p).toMatchObject({
      id: 'site-tuckers-meadow',
      name: 'Tuckers Meadow, Bath',
      lat: 51.3925,
      lng: -2.3211,
      demand: 12,
      href: '/sites/bath/tuckers-meadow',
    })
  })

  it('sends an upcoming site to pre-registration', () => {
    expect(sitePoint(daffodil)!.href).toBe('/prereg/daffodil-views')
  })

  it('puts a site without coordinates at its town centre', () => {
    const p = sitePoint({ ...darenth, coordinates: null })!
    expect([p.lat, p.lng]).toEqual([51.44, 0.22])
  })

  it('leaves out a site in a town it cannot place', () => {
    expect(sitePoint({ ...darenth, city: 'Atlantis', city_slug: 'atlantis', coordinates: null }))
      .toBeNull()
  })

  it('adds waiting-list places without links, with their counts', () => {
    const exeter = WAITING_LIST_PLACES.find((p) => p.location === 'Exeter')!
    const p = placePoint({ ...exeter, waiting_list_count: 7 })!
    expect(p).toMatchObject({ id: 'place-exeter', name: 'Exeter', demand: 7 })
    expect(p.href).toBeUndefined()
  })

  it('maps every built-in site and waiting-list place', () => {
    const points = mapPoints(BUILT_IN_SITES, WAITING_LIST_PLACES)
    expect(points).toHaveLength(BUILT_IN_SITES.length + WAITING_LIST_PLACES.length)
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length)
  })
})
