import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { project, VIEW_HEIGHT, VIEW_WIDTH } from './great-britain'
import { SiteMap } from './SiteMap'
import { MAX_RADIUS, MIN_RADIUS, markerRadius } from './types'

afterEach(cleanup)

const points = [
  { id: 'tm', name: 'Tuckers Meadow', lat: 51.39, lng: -2.32, demand: 40, href: '/sites/bath/tuckers-meadow' },
  {
    id: 'pp',
    name: 'Providence Pastures',
    lat: 53.83,
    lng: -1.59,
    demand: 10,
    href: '/sites/leeds/providence-pastures',
  },
  { id: 'ex', name: 'Exeter', lat: 50.72, lng: -3.53, demand: 0 },
]

function renderMap(props: Partial<Parameters<typeof SiteMap>[0]> = {}) {
  const loc = memoryLocation({ path: '/maps/test', record: true })
  render(
    <Router hook={loc.hook}>
      <SiteMap points={points} label='Map of sites' tileUrl={null} {...props} />
    </Router>,
  )
  return loc
}

describe('markerRadius', () => {
  it('grows with demand (area ∝ demand) between the minimum and maximum', () => {
    expect(markerRadius(0, 40)).toBe(MIN_RADIUS)
    expect(markerRadius(40, 40)).toBe(MAX_RADIUS)
    expect(markerRadius(10, 40)).toBeCloseTo(MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * 0.5, 1)
    expect(markerRadius(5, 0)).toBe(MIN_RADIUS)
    expect(markerRadius(80, 40)).toBe(MAX_RADIUS)
  })
})

describe('project', () => {
  it('places the south west left of and below the north east, inside the view', () => {
    const [bathX, bathY] = project(51.39, -2.32)
    const [leedsX, leedsY] = project(53.83, -1.59)
    expect(bathX).toBeLessThan(leedsX)
    expect(bathY).toBeGreaterThan(leedsY)
    for (const v of [bathX, leedsX]) expect(v).toBeGreaterThan(0)
    expect(bathX).toBeLessThan(VIEW_WIDTH)
    expect(bathY).toBeLessThan(VIEW_HEIGHT)
  })
})

describe('SiteMap (offline outline)', () => {
  it('draws one named marker per point, sized by demand, linked when it has an href', () => {
    renderMap()
    const map = screen.getByRole('group', { name: 'Map of sites' })
    expect(map.getAttribute('data-map')).toBe('outline')
    const tm = within(map).getByRole('link', { name: 'Tuckers Meadow: 40 people waiting' })
    const pp = within(map).getByRole('link', { name: 'Providence Pastures: 10 people waiting' })
    const ex = within(map).getByRole('img', { name: 'Exeter: 0 people waiting' })
    expect(ex.getAttribute('tabindex')).toBe('0')
    const r = (el: Element) => Number(el.querySelector('circle')!.getAttribute('r'))
    expect(r(tm)).toBeGreaterThan(r(pp))
    expect(r(pp)).toBeGreaterThan(r(ex))
    expect(tm.getAttribute('href')).toBe('/sites/bath/tuckers-meadow')
  })

  it('follows a marker link inside the app', () => {
    const loc = renderMap()
    fireEvent.click(screen.getByRole('link', { name: 'Providence Pastures: 10 people waiting' }))
    expect(loc.history.at(-1)).toBe('/sites/leeds/providence-pastures')
  })

  it('lists the same data in a table, most demand first', () => {
    renderMap({ caption: 'Demand by place' })
    const table = screen.getByRole('table', { name: 'Demand by place' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent)
    expect(rows).toEqual(['Tuckers Meadow40', 'Providence Pastures10', 'Exeter0'])
  })

  it('skips points without usable coordinates on the map but keeps them in the table', () => {
    renderMap({ points: [...points, { id: 'x', name: 'Nowhere', lat: Number.NaN, lng: 0, demand: 3 }] })
    expect(screen.queryByRole('img', { name: /Nowhere/ })).toBeNull()
    expect(within(screen.getByRole('table')).getByText('Nowhere')).toBeTruthy()
  })

  it('says so when there is nothing to show', () => {
    renderMap({ points: [] })
    expect(screen.getByRole('status').textContent).toMatch(/no places to show/i)
    expect(screen.queryByRole('group')).toBeNull()
  })
})

describe('SiteMap inside a nested router (the admin area)', () => {
  // The admin location map is drawn under <Router base='/admin'>: its links must still be the
  // pages they name, in this tab and in a new one, not '/admin/sites/…' or '/locations/edit/…'.
  const nestedPoints = [
    { id: 'tm', name: 'Tuckers Meadow', lat: 51.39, lng: -2.32, demand: 40, href: '/sites/bath/tuckers-meadow' },
    { id: 'pp', name: 'Providence Pastures', lat: 53.83, lng: -1.59, demand: 10, href: '/admin/locations/edit/3' },
  ]
  function renderNested() {
    const loc = memoryLocation({ path: '/admin/location-map', record: true })
    render(
      <Router hook={loc.hook}>
        <Router base='/admin'>
          <SiteMap points={nestedPoints} label='Map of sites' tileUrl={null} />
        </Router>
      </Router>,
    )
    return loc
  }

  it('gives markers and rows the absolute path, so a new tab opens the same page', () => {
    renderNested()
    const map = screen.getByRole('group', { name: 'Map of sites' })
    expect(
      within(map)
        .getByRole('link', { name: /Tuckers Meadow/ })
        .getAttribute('href'),
    ).toBe('/sites/bath/tuckers-meadow')
    expect(
      within(map)
        .getByRole('link', { name: /Providence Pastures/ })
        .getAttribute('href'),
    ).toBe('/admin/locations/edit/3')
    const table = screen.getByRole('table')
    expect(within(table).getByRole('link', { name: 'Tuckers Meadow' }).getAttribute('href')).toBe(
      '/sites/bath/tuckers-meadow',
    )
    expect(within(table).getByRole('link', { name: 'Providence Pastures' }).getAttribute('href')).toBe(
      '/admin/locations/edit/3',
    )
  })

  it('follows a marker or a row to that same absolute path', () => {
    const loc = renderNested()
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Map of sites' })).getByRole('link', { name: /Tuckers Meadow/ }),
    )
    expect(loc.history.at(-1)).toBe('/sites/bath/tuckers-meadow')
    fireEvent.click(within(screen.getByRole('table')).getByRole('link', { name: 'Providence Pastures' }))
    expect(loc.history.at(-1)).toBe('/admin/locations/edit/3')
  })
})

describe('SiteMap (tiles)', () => {
  it('loads the Leaflet map when a tile source is given, with focusable named markers', async () => {
    renderMap({ tileUrl: 'https://tiles.test/{z}/{x}/{y}.png' })
    const region = await screen.findByRole('region', { name: 'Map of sites' })
    expect(region.getAttribute('data-map')).toBe('tiles')
    const marker = await within(region).findByRole('link', { name: 'Tuckers Meadow: 40 people waiting' })
    expect(marker.getAttribute('tabindex')).toBe('0')
    expect(within(region).getByRole('img', { name: 'Exeter: 0 people waiting' })).toBeTruthy()
  })
})
