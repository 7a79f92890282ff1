// The site map's data: one point per site or place, sized by its demand.

export interface MapPoint {
  id: string
  name: string
  lat: number
  lng: number
  /** People waiting (or any demand figure): sets the marker's size. */
  demand: number
  /** Where the marker and its row link to, if anywhere. */
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

export const maxDemand = (points: readonly MapPoint[]) => points.reduce((m, p) => Math.max(m, p.demand), 0)

export const demandLabel = (demand: number) => `${demand} ${demand === 1 ? 'person' : 'people'} waiting`

export const markerLabel = (p: MapPoint) => `${p.name}: ${demandLabel(p.demand)}`

/** Only points with usable coordinates can be drawn (the list shows them all). */
export const isDrawable = (p: MapPoint) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180
