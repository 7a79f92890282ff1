import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { googleMapsLink, osmLink, parseCoordinates, PlaceMap } from './PlaceMap'

afterEach(cleanup)

describe('PlaceMap', () => {
  it('reads "lat,lng" text and refuses anything else', () => {
    expect(parseCoordinates('51.3925,-2.3211')).toEqual({ lat: 51.3925, lng: -2.3211 })
    expect(parseCoordinates(' 53.5 , -1.2 ')).toEqual({ lat: 53.5, lng: -1.2 })
    for (const bad of [null, '', 'somewhere', '91,0', '0,181', '51.1;2']) expect(parseCoordinates(bad)).toBeNull()
  })

  it('without tiles shows the marker on a plain panel and the links out, never an empty box', () => {
    const place = { name: 'Avon Views', lat: 51.3811, lng: -2.3902 }
    const { container } = render(<PlaceMap place={place} tileUrl={null} />)
    const panel = screen.getByRole('img', { name: 'Map of Avon Views: its marker at 51.3811, -2.3902' })
    expect(panel.querySelector('svg path')).toBeTruthy()
    expect(container.querySelector('[data-map="tiles"]')).toBeNull()
    expect(screen.getByRole('link', { name: /Open in OpenStreetMap/ }).getAttribute('href')).toBe(osmLink(place))
    expect(screen.getByRole('link', { name: /Open in Google Maps/ }).getAttribute('href')).toBe(googleMapsLink(place))
    expect(osmLink(place)).toBe('https://www.openstreetmap.org/?mlat=51.3811&mlon=-2.3902#map=16/51.3811/-2.3902')
  })

  it('keeps the plain panel until the map comes into view (Leaflet is not loaded before)', () => {
    const seen: IntersectionObserverInit[] = []
    globalThis.IntersectionObserver = class {
      constructor(_cb: IntersectionObserverCallback, init: IntersectionObserverInit) {
        seen.push(init)
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver
    render(<PlaceMap place={{ name: 'X', lat: 51, lng: 0 }} tileUrl='https://tiles.example/{z}/{x}/{y}.png' />)
    expect(seen).toHaveLength(1)
    expect(screen.getByRole('img', { name: /Map of X/ })).toBeTruthy()
  })
})
