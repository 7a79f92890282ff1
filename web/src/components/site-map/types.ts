// The site map's data: one point per site or place, sized by its demand.

export interface MapPoint {
  id: string
  name: string
  lat: number
  lng: number
  /** People waiting (or any demand figure): sets the marker's size. */
  demand: number
  /**
   * Where the marker and its row link to, if anywhere: a path from the site's root ('/sites/bath/x',
   * '/admin/locations/edit/3'), whichever router the map is drawn in. Inside a nested router (the
   * admin area) a relative href would go wrong in a new tab, or gain the nest's base.
   */
  href?: string
}

export const MIN_RADIUS = 5
export const MAX_RADIUS = 22

/** Marker radius in px: area grows with demand (square root), never below MIN_RADIUS. */
export function markerRadius(demand: number, maxDemand: number): number {
  if (!(maxDemand > 0) || !(demand > 0)) return MIN_RADIUS
  const share = Math.min(1, demand / maxDemand)
  return Math.round((MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(share)) * 10) / 10
}

/** The href as wouter's navigate and Link take it: '~' makes it absolute inside a nested router. */
export const appHref = (href: string) => `~${href}`

export const maxDemand = (points: readonly MapPoint[]) =>
  points.reduce((m, p) => Math.max(m, p.demand), 0)

export const demandLabel = (demand: number) =>
  `${demand} ${demand === 1 ? 'person' : 'people'} waiting`

export const markerLabel = (p: MapPoint) => `${p.name}: ${demandLabel(p.demand)}`

/** Only points with usable coordinates can be drawn (the list shows them all). */
export const isDrawable = (p: MapPoint) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 &&
  Math.abs(p.lng) <= 180
