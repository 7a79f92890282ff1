// "Find a site near you": where the visitor is (a UK postcode, looked up by the postcodes
// function, or the browser's location), kept in the query string (?near=SW1A1AA or
// ?lat=51.5&lng=-0.12) so the sorted list survives a reload and the back button; and the sites
// sorted by their distance from it. Distances come from @common/geo, in miles. /sites stays out of
// the query client's chunk (a "bare" route, for its first load): lookups are cached here.
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import {
  compactPostcode,
  distanceMiles,
  isLatLng,
  type LatLng,
  normalisePostcode,
  parseCoordinates,
  POSTCODE_INVALID_MESSAGE,
} from '@common/geo'
import type { Site } from '@/lib/sites/types'

export type NearOrigin =
  | {
    kind: 'postcode' /** As written, "SW1A 1AA"; null when the URL's is not a postcode. */
    postcode: string | null
    raw: string
  }
  | { kind: 'point'; point: LatLng }

export const NEAR_PARAMS = ['near', 'lat', 'lng'] as const

/** The origin the query string names, if any. */
export function readOrigin(search: string): NearOrigin | null {
  const q = new URLSearchParams(search)
  const near = q.get('near')
  if (near !== null && near.trim() !== '') {
    return { kind: 'postcode', postcode: normalisePostcode(near), raw: near }
  }
  const lat = q.get('lat')
  const lng = q.get('lng')
  if (lat && lng) {
    const point = { latitude: Number(lat), longitude: Number(lng) }
    if (isLatLng(point)) return { kind: 'point', point }
  }
  return null
}

/** `search` with the origin replaced (or removed, with null); other parameters kept. */
export function withOrigin(
  search: string,
  origin: { postcode: string } | { point: LatLng } | null,
): string {
  const q = new URLSearchParams(search)
  for (const p of NEAR_PARAMS) q.delete(p)
  if (origin && 'postcode' in origin) q.set('near', compactPostcode(origin.postcode))
  // Four decimals is about ten metres: plenty for sorting, and no more of the visitor's position.
  if (origin && 'point' in origin) {
    q.set('lat', origin.point.latitude.toFixed(4))
    q.set('lng', origin.point.longitude.toFixed(4))
  }
  return q.toString()
}

export interface PostcodePlace extends LatLng {
  postcode: string
}

const places = new Map<string, PostcodePlace>()
const pending = new Map<string, Promise<PostcodePlace>>()

/** The postcodes function, once per postcode per page load: 400 for a malformed postcode, 404
 *  for an unknown one (FunctionError, whose message is for the visitor). */
export function lookupPostcode(postcode: string): Promise<PostcodePlace> {
  const key = compactPostcode(postcode)
  const known = places.get(key)
  if (known) return Promise.resolve(known)
  let p = pending.get(key)
  if (!p) {
    p = import('@/lib/call-function')
      .then(({ callFunction }) => callFunction<PostcodePlace>('postcodes', { body: { postcode } }))
      .then((place) => {
        places.set(key, place)
        return place
      })
      .finally(() => pending.delete(key))
    pending.set(key, p)
  }
  return p
}

/** A postcode already looked up, or null. */
export const knownPlace = (postcode: string) => places.get(compactPostcode(postcode)) ?? null

/** Tests: forget every lookup. */
export function forgetPostcodes() {
  places.clear()
  pending.clear()
}

export interface SiteDistance {
  site: Site
  /** Miles from the origin; null for a site without coordinates. */
  miles: number | null
}

/** Nearest first; sites without coordinates last, in their given order. */
export function sortByDistance(sites: readonly Site[], origin: LatLng): SiteDistance[] {
  const withMiles = sites.map((site, i) => {
    const at = parseCoordinates(site.coordinates)
    return { site, miles: at ? distanceMiles(origin, at) : null, i }
  })
  withMiles.sort((a, b) => {
    if (a.miles === null || b.miles === null) {
      return a.miles === null ? (b.miles === null ? a.i - b.i : 1) : -1
    }
    return a.miles - b.miles || a.i - b.i
  })
  return withMiles.map(({ site, miles }) => ({ site, miles }))
}

export interface NearState {
  origin: NearOrigin | null
  /** Where distances are measured from, once known. */
  point: LatLng | null
  /** "SW1A 1AA" or "your location", once known. */
  label: string | null
  /** The postcode in the URL is being looked up. */
  looking: boolean
  /** Why the URL's postcode cannot be used. */
  error: string | null
  /** Sets the origin (a new history entry, so back returns to the previous order). */
  choose: (origin: { postcode: string } | { point: LatLng } | null) => void
}

/** The origin of the current URL, resolved to a point (a postcode through the function). */
export function useNearOrigin(): NearState {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const origin = useMemo(() => readOrigin(search), [search])
  const postcode = origin?.kind === 'postcode' ? origin.postcode : null
  const [failed, setFailed] = useState<{ postcode: string; message: string } | null>(null)
  const [, settled] = useState(0)
  useEffect(() => {
    if (!postcode || knownPlace(postcode)) return
    let live = true
    lookupPostcode(postcode).then(
      () => live && settled((n) => n + 1),
      (e: Error) => live && setFailed({ postcode, message: e.message }),
    )
    return () => {
      live = false
    }
  }, [postcode])
  const choose: NearState['choose'] = (next) => {
    const qs = withOrigin(search, next)
    navigate(`${location}${qs ? `?${qs}` : ''}`)
  }
  if (!origin) return { origin, point: null, label: null, looking: false, error: null, choose }
  if (origin.kind === 'point') {
    return {
      origin,
      point: origin.point,
      label: 'your location',
      looking: false,
      error: null,
      choose,
    }
  }
  if (!postcode) {
    return {
      origin,
      point: null,
      label: null,
      looking: false,
      error: POSTCODE_INVALID_MESSAGE,
      choose,
    }
  }
  const place = knownPlace(postcode)
  if (place) {
    return { origin, point: place, label: place.postcode, looking: false, error: null, choose }
  }
  const error = failed?.postcode === postcode ? failed.message : null
  return { origin, point: null, label: null, looking: error === null, error, choose }
}
