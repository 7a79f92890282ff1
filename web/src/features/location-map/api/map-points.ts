// The location map's points: every site (stored over built-in) and every waiting-list-only
// place, sized by its waiting list. A site without stored coordinates, and a place, sits at its
// town's centre from the table below (close enough to read demand by region).
import type { MapPoint } from '@/components/site-map/types'
import { siteHref } from '@/lib/sites/rules'
import type { Site, WaitingListPlace } from '@/lib/sites/types'

/** Town centres for sites without coordinates and for waiting-list places (lat, lng). */
export const TOWN_CENTRES: Record<string, readonly [number, number]> = {
  bath: [51.38, -2.36],
  bristol: [51.45, -2.59],
  stourbridge: [52.46, -2.15],
  croydon: [51.37, -0.1],
  leeds: [53.8, -1.55],
  nottingham: [52.95, -1.15],
  sheffield: [53.38, -1.47],
  chelmsford: [51.74, 0.47],
  chester: [53.19, -2.89],
  dartford: [51.44, 0.22],
  wigan: [53.55, -2.63],
  durham: [54.78, -1.57],
  worthing: [50.82, -0.37],
  ruislip: [51.57, -0.42],
  peterborough: [52.57, -0.24],
  barnsley: [53.55, -1.48],
  telford: [52.68, -2.45],
  'stoke-on-trent': [53.0, -2.18],
  gloucester: [51.86, -2.24],
  'isle-of-wight': [50.69, -1.3],
  basildon: [51.57, 0.46],
  exeter: [50.72, -3.53],
  shrewsbury: [52.71, -2.75],
  'london-hackney': [51.55, -0.06],
  'london-ealing': [51.51, -0.3],
  glasgow: [55.86, -4.25],
  basingstoke: [51.27, -1.09],
  liverpool: [53.41, -2.98],
  norwich: [52.63, 1.3],
  portsmouth: [50.82, -1.09],
  wirral: [53.37, -3.07],
  london: [51.51, -0.13],
  york: [53.96, -1.08],
  cambridge: [52.2, 0.12],
}

/** "51.39,-2.32" → [51.39, -2.32]; anything else → null. */
export function parseCoordinates(text: string | null | undefined): [number, number] | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text ?? '')
  if (!m) return null
  const lat = Number(m[1])
  const lng = Number(m[2])
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lat, lng] : null
}

const townKey = (name: string) =>
  name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

export function sitePoint(site: Site): MapPoint | null {
  const at = parseCoordinates(site.coordinates) ?? TOWN_CENTRES[site.city_slug] ??
    TOWN_CENTRES[townKey(site.city)]
  if (!at) return null
  return {
    id: `site-${site.slug}`,
    name: `${site.location}, ${site.city}`,
    lat: at[0],
    lng: at[1],
    demand: site.waiting_list_count,
    href: siteHref(site),
  }
}

export function placePoint(place: WaitingListPlace): MapPoint | null {
  const at = TOWN_CENTRES[place.slug] ?? TOWN_CENTRES[townKey(place.location)]
  if (!at) return null
  return {
    id: `place-${place.slug}`,
    name: place.location,
    lat: at[0],
    lng: at[1],
    demand: place.waiting_list_count,
  }
}

export function mapPoints(sites: readonly Site[], places: readonly WaitingListPlace[]): MapPoint[] {
  return [...sites.map(sitePoint), ...places.map(placePoint)].filter((p): p is MapPoint =>
    p !== null
  )
}
