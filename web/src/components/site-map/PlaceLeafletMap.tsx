// The interactive map of one place (Leaflet, its own chunk; see PlaceMap.tsx): tiles over the
// panel's plain background and the place's marker, which a failed tile never hides.
import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useRef } from 'react'
import { mapPanel, PIN_SVG, type Place } from './PlaceMap'

export default function PlaceLeafletMap({
  place,
  tileUrl,
  attribution,
  onTilesFailed,
}: {
  place: Place
  tileUrl: string
  attribution: string
  onTilesFailed: () => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const failed = useRef(onTilesFailed)
  failed.current = onTilesFailed
  useEffect(() => {
    if (!box.current) return
    const map = L.map(box.current, { scrollWheelZoom: false, center: [place.lat, place.lng], zoom: 14 })
    let told = false
    L.tileLayer(tileUrl, { maxZoom: 18, attribution })
      .on('tileerror', () => {
        if (!told) failed.current()
        told = true
      })
      .addTo(map)
    const marker = L.marker([place.lat, place.lng], {
      title: place.name,
      alt: place.name,
      keyboard: false,
      interactive: false,
      icon: L.divIcon({ className: 'roots-place-marker', html: PIN_SVG, iconSize: [36, 48], iconAnchor: [18, 47] }),
    }).addTo(map)
    marker.getElement()?.setAttribute('data-marker', 'place')
    return () => {
      map.remove()
    }
  }, [place.lat, place.lng, place.name, tileUrl, attribution])
  return (
    <div
      ref={box}
      className={mapPanel}
      role='region'
      aria-label={`Interactive map of ${place.name}`}
      data-map='tiles'
    />
  )
}
