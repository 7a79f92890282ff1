// One place on a map (a site page's "Where it is"): before Leaflet loads, or without it, a plain
// panel with the place's marker and its coordinates; once the panel comes into view Leaflet (its
// own chunk) draws an interactive map over OpenStreetMap tiles (or the configured mapTileUrl) on
// the same plain background, so a tile that cannot load leaves the background and the marker,
// never a broken box. Links out to OpenStreetMap and Google Maps always show.
import { css } from 'goober'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { visuallyHidden } from '@/components/styles'
import { configuredTileUrl } from './SiteMap'

const PlaceLeafletMap = lazy(() => import('./PlaceLeafletMap'))

/** OpenStreetMap's standard tiles, used when no tile source is configured. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

export interface Place {
  name: string
  lat: number
  lng: number
}

/** "lat,lng" text (global_sites.coordinates) as numbers, or null when it is not a usable pair. */
export function parseCoordinates(text: string | null | undefined): { lat: number; lng: number } | null {
  const m = text?.trim().match(/^(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)$/)
  if (!m) return null
  const lat = Number(m[1])
  const lng = Number(m[2])
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null
}

export const osmLink = (p: Place, zoom = 16) =>
  `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lng}#map=${zoom}/${p.lat}/${p.lng}`
export const googleMapsLink = (p: Place) => `https://www.google.com/maps/search/?api=1&query=${p.lat}%2C${p.lng}`

export const mapPanel = css`
  position: relative;
  height: 18rem;
  border-radius: 0.75rem;
  overflow: hidden;
  z-index: 0;
  background: #e7eee2 repeating-linear-gradient(45deg, transparent 0 22px, rgba(255, 255, 255, 0.35) 22px 24px);
  border: 1px solid #c9d5c3;
  &.leaflet-container {
    background-color: #e7eee2;
  }
  .pin {
    position: absolute;
    left: 50%;
    top: 50%;
    transform: translate(-50%, -100%);
    width: 36px;
    height: 48px;
    pointer-events: none;
  }
  .where {
    position: absolute;
    left: 0.5rem;
    bottom: 0.5rem;
    margin: 0;
    padding: 0.2rem 0.5rem;
    border-radius: 0.35rem;
    background: rgba(255, 255, 255, 0.9);
    font-size: 0.85rem;
    color: #1d2b22;
  }
  .roots-place-marker {
    background: none;
    border: 0;
  }
`

/** The marker's drawing: a green pin with a white dot (used by the panel and by Leaflet). */
export const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 48" width="36" height="48" aria-hidden="true"><path d="M18 47C18 47 34 28 34 17A16 16 0 0 0 2 17C2 28 18 47 18 47z" fill="#1d5b32" stroke="#fff" stroke-width="2"/><circle cx="18" cy="17" r="6" fill="#fff"/></svg>'

const links = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  margin: 0.6rem 0 0;
  padding: 0;
  list-style: none;
`
const note = css`
  color: var(--roots-muted);
  font-size: 0.9rem;
  margin: 0.4rem 0 0;
`

/** The plain panel: the marker in the middle and the coordinates; also Leaflet's loading state. */
export function PlacePanel({ place }: { place: Place }) {
  return (
    <div
      className={mapPanel}
      role='img'
      aria-label={`Map of ${place.name}: its marker at ${place.lat}, ${place.lng}`}
      data-map='panel'
    >
      <span className='pin' dangerouslySetInnerHTML={{ __html: PIN_SVG }} />
      <p className='where' aria-hidden='true'>
        {place.lat.toFixed(4)}, {place.lng.toFixed(4)}
      </p>
    </div>
  )
}

/** googleHref: the place's own Google Maps link where one is stored (else one from the coordinates). */
export function PlaceMap({
  place,
  tileUrl,
  googleHref,
}: {
  place: Place
  tileUrl?: string | null
  googleHref?: string | null
}) {
  const tiles = tileUrl === undefined ? (configuredTileUrl() ?? OSM_TILE_URL) : tileUrl
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  const [tilesFailed, setTilesFailed] = useState(false)
  useEffect(() => {
    if (!tiles || near || !box.current) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true)
      },
      { rootMargin: '200px' },
    )
    io.observe(box.current)
    return () => io.disconnect()
  }, [tiles, near])
  const panel = <PlacePanel place={place} />
  return (
    <div ref={box}>
      {tiles && near ? (
        <Suspense fallback={panel}>
          <PlaceLeafletMap
            place={place}
            tileUrl={tiles}
            attribution={tiles === OSM_TILE_URL ? OSM_ATTRIBUTION : ''}
            onTilesFailed={() => setTilesFailed(true)}
          />
        </Suspense>
      ) : (
        panel
      )}
      <ul className={links}>
        <li>
          <a href={osmLink(place)} target='_blank' rel='noopener noreferrer'>
            Open in OpenStreetMap<span className={visuallyHidden}> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={googleHref || googleMapsLink(place)} target='_blank' rel='noopener noreferrer'>
            Open in Google Maps<span className={visuallyHidden}> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      {tilesFailed && (
        <p className={note} role='status'>
          The map's background could not load just now; the marker shows where {place.name} is.
        </p>
      )}
    </div>
  )
}
