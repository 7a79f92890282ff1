// The tiled map (Leaflet), loaded only when a tile source is configured: its own chunk, so no
// page pays for the library unless it draws this map. Markers are focusable, named, and follow
// their link on click or Enter.
import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { css } from 'goober'
import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { BOUNDS } from './great-britain'
import { appHref, isDrawable, type MapPoint, markerLabel, markerRadius, maxDemand } from './types'

const boxClass = css`
  height: min(75vh, 36rem);
  min-height: 20rem;
  border-radius: 0.75rem;
  z-index: 0;
  .roots-map-marker {
    border-radius: 50%;
    background: rgba(32, 94, 58, 0.72);
    border: 2px solid #fff;
    box-sizing: border-box;
    cursor: pointer;
  }
  .roots-map-marker:hover,
  .roots-map-marker:focus {
    background: #b8541a;
  }
  .roots-map-marker:focus-visible {
    outline: 3px solid #111;
    outline-offset: 2px;
  }
`

export default function LeafletMap({
  points,
  label,
  tileUrl,
}: {
  points: readonly MapPoint[]
  label: string
  tileUrl: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const [, navigate] = useLocation()
  const go = useRef(navigate)
  go.current = navigate

  useEffect(() => {
    if (!box.current) return
    const map = L.map(box.current, { scrollWheelZoom: false })
    L.tileLayer(tileUrl, { maxZoom: 18 }).addTo(map)
    const max = maxDemand(points)
    const drawn = points.filter(isDrawable).sort((a, b) => b.demand - a.demand)
    // The view first: layers added to a map without one wait, and have no element to name yet.
    const bounds = drawn.length
      ? L.latLngBounds(drawn.map((p) => [p.lat, p.lng] as [number, number])).pad(0.15)
      : L.latLngBounds([BOUNDS.south, BOUNDS.west], [BOUNDS.north, BOUNDS.east])
    map.fitBounds(bounds, { maxZoom: 12 })
    for (const p of drawn) {
      const size = markerRadius(p.demand, max) * 2
      const name = markerLabel(p)
      const marker = L.marker([p.lat, p.lng], {
        title: name,
        keyboard: true,
        icon: L.divIcon({ className: 'roots-map-marker', iconSize: [size, size], html: '' }),
      }).addTo(map)
      const el = marker.getElement()
      el?.setAttribute('role', p.href ? 'link' : 'img')
      el?.setAttribute('aria-label', name)
      el?.setAttribute('data-point', p.id)
      if (p.href) {
        const href = appHref(p.href)
        marker.on('click', () => go.current(href))
        el?.addEventListener('keydown', (e) => {
          if (e.key === 'Enter') go.current(href)
        })
      }
    }
    return () => {
      map.remove()
    }
  }, [points, tileUrl])

  return <div ref={box} className={boxClass} role='region' aria-label={label} data-map='tiles' />
}
