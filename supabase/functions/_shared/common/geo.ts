// Places on the map, shared by the postcodes function and the web app (`@common/geo`): UK postcode
// format and spelling, a site's stored "lat,lng", and the great-circle distance between two
// points in miles (the UK's unit for it).

export interface LatLng {
  latitude: number
  longitude: number
}

/** Mean Earth radius in miles (6371.0088 km). */
export const EARTH_RADIUS_MILES = 3958.7613

const rad = (deg: number) => (deg * Math.PI) / 180

/** Haversine distance between two points, in miles. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** "12.3 miles away" (one decimal; "1 mile away" only when it rounds to exactly 1.0). */
export function milesAway(miles: number): string {
  const shown = (Math.round(miles * 10) / 10).toFixed(1)
  return `${shown} ${shown === '1.0' ? 'mile' : 'miles'} away`
}

/** A point a visitor may give: latitude −90…90, longitude −180…180, both finite. */
export function isLatLng(p: { latitude: number; longitude: number }): boolean {
  return Number.isFinite(p.latitude) && Number.isFinite(p.longitude) &&
    Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180
}

/** A site's stored coordinates ("51.3925,-2.3211"), or null when missing or not a point. */
export function parseCoordinates(coordinates: string | null | undefined): LatLng | null {
  if (!coordinates) return null
  const parts = coordinates.split(',')
  if (parts.length !== 2) return null
  const [lat, lng] = parts.map((p) => p.trim())
  if (!lat || !lng) return null
  const p = { latitude: Number(lat), longitude: Number(lng) }
  return isLatLng(p) ? p : null
}

// ---- UK postcodes --------------------------------------------------------------------------------

export const POSTCODE_INVALID_MESSAGE = 'Enter a full UK postcode, like SW1A 1AA.'
export const POSTCODE_NOT_FOUND_MESSAGE = 'We could not find that postcode.'

/** A full UK postcode without its space: outward code (area letters, district) and inward code
 *  (sector digit, two unit letters, never C, I, K, M, O or V), or GIR 0AA. */
const FULL_POSTCODE = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][ABD-HJLNP-UW-Z]{2}|GIR0AA)$/

/** Upper case, no spaces: "sw1a  1aa" → "SW1A1AA" (the form used in URLs). */
export const compactPostcode = (input: string) => input.replace(/\s+/g, '').toUpperCase()

/** The postcode as written ("SW1A 1AA"), or null when `input` is not a full UK postcode. */
export function normalisePostcode(input: string): string | null {
  const compact = compactPostcode(input)
  if (!FULL_POSTCODE.test(compact)) return null
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`
}

/** The outward code of a normalised postcode ("SW1A 1AA" → "SW1A"). */
export const outwardCode = (postcode: string) => postcode.split(' ')[0]!
