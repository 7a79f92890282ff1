// The site plan as every page draws it: public.site_plan(site) checked with zod, what each status
// looks like (colour, pattern and words, so colour is never the only sign), and the geometry the
// plan needs without Leaflet: outlines as [lat, lng] corners, bounds, a label's point, an area
// while drawing and a drawn outline as the GeoJSON Polygon save_plot_shape takes.
import { z } from 'zod'

/** A position as Leaflet takes it: [latitude, longitude]. */
export type LatLng = [number, number]

const position = z.tuple([z.number(), z.number()]).rest(z.number())

export const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(position)).min(1),
})
export type GeoJsonPolygon = z.infer<typeof polygonSchema>

/** What a visitor sees (free, let, unavailable) and what staff of the site see (the register's). */
export const PLOT_STATUSES = [
  'free',
  'let',
  'unavailable',
  'vacant',
  'preparing',
  'offered',
  'out_of_use',
] as const
export type PlotStatus = (typeof PLOT_STATUSES)[number]

export const planPlotSchema = z.object({
  id: z.number(),
  number: z.string(),
  size: z.enum(['half', 'full']),
  size_m2: z.coerce.number().nullish(),
  features: z.array(z.string()).default([]),
  status: z.enum(PLOT_STATUSES),
  shape: polygonSchema.nullish(),
  mine: z.boolean().optional(),
  holder: z.string().nullish(),
  membership_id: z.number().nullish(),
  let_since: z.string().nullish(),
})
export type PlanPlot = z.infer<typeof planPlotSchema>

export const sitePlanSchema = z.object({
  site_id: z.number(),
  centre: z.tuple([z.coerce.number(), z.coerce.number()]).nullish(),
  counts: z.object({ plots: z.number(), free: z.number(), let: z.number() }),
  plots: z.array(planPlotSchema),
  /** The site's plan image (bucket images) and its south-west and north-east corners. */
  background: z
    .object({
      path: z.string(),
      bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
      updated_at: z.string(),
    })
    .nullish(),
})
export type SitePlanData = z.infer<typeof sitePlanSchema>

/** site_plan's answer, checked: a plan this page cannot draw fails here, not in the map. */
export const parseSitePlan = (value: unknown): SitePlanData => sitePlanSchema.parse(value)

/** How a status is drawn: its fill, the pattern over it (none for solid) and its words. */
export type Pattern = 'solid' | 'hatch' | 'cross' | 'dots' | 'vertical'
export interface StatusStyle {
  label: string
  fill: string
  pattern: Pattern
}

export const STATUS_STYLE: Record<PlotStatus, StatusStyle> = {
  free: { label: 'Free', fill: '#3f9e5a', pattern: 'solid' },
  vacant: { label: 'Ready to let', fill: '#3f9e5a', pattern: 'solid' },
  preparing: { label: 'Being prepared', fill: '#e0a526', pattern: 'dots' },
  offered: { label: 'Offered', fill: '#4a7fc1', pattern: 'vertical' },
  let: { label: 'Let', fill: '#9c7a4d', pattern: 'hatch' },
  unavailable: { label: 'Not available', fill: '#a3aaa5', pattern: 'cross' },
  out_of_use: { label: 'Out of use', fill: '#a3aaa5', pattern: 'cross' },
}

/** The outline of the member's own plot and of the chosen one. */
export const MINE_COLOUR = '#6a2c91'
export const SELECTED_COLOUR = '#111111'

export const statusLabel = (s: PlotStatus) => STATUS_STYLE[s].label

/** The statuses present in a plan, in legend order, each with how many plots have it. */
export function legendOf(plots: readonly PlanPlot[]): { status: PlotStatus; count: number }[] {
  const counts = new Map<PlotStatus, number>()
  for (const p of plots) counts.set(p.status, (counts.get(p.status) ?? 0) + 1)
  return PLOT_STATUSES.filter((s) => counts.has(s)).map((s) => ({
    status: s,
    count: counts.get(s)!,
  }))
}

const FEATURE_WORDS: Record<string, string> = {
  raised_bed: 'raised bed',
  step_free: 'step-free',
  near_tap: 'near a tap',
  shed: 'shed',
  greenhouse: 'greenhouse',
  water_butt: 'water butt',
  fruit_trees: 'fruit trees',
}
/** The features the register allows, in the order forms list them. */
export const FEATURES = Object.keys(FEATURE_WORDS)
export const featureLabel = (f: string) => FEATURE_WORDS[f] ?? f.replace(/_/g, ' ')

/** "Full plot, 250 m²; raised bed, near a tap". */
export function plotDescription(p: Pick<PlanPlot, 'size' | 'size_m2' | 'features'>): string {
  const size = `${p.size === 'half' ? 'Half' : 'Full'} plot${
    p.size_m2 ? `, ${formatM2(p.size_m2)}` : ''
  }`
  return p.features.length ? `${size}; ${p.features.map(featureLabel).join(', ')}` : size
}

export const formatM2 = (m2: number) => `${Number(m2.toFixed(1)).toLocaleString('en-GB')} m²`

/** A polygon's outer ring as [lat, lng] corners, without the closing repeat of the first. */
export function cornersOf(shape: GeoJsonPolygon | null | undefined): LatLng[] {
  const ring = shape?.coordinates[0] ?? []
  const corners = ring.map((c) => [c[1]!, c[0]!] as LatLng)
  const [first, last] = [corners[0], corners.at(-1)]
  if (corners.length > 1 && first![0] === last![0] && first![1] === last![1]) corners.pop()
  return corners
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7

/** Corners clicked on the map ([lat, lng]) as a closed GeoJSON Polygon ([lng, lat], WGS 84). */
export function cornersToPolygon(corners: readonly LatLng[]): GeoJsonPolygon {
  const ring = corners.map(([lat, lng]) => [round7(lng), round7(lat)] as [number, number])
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] }
}

export interface Bounds {
  south: number
  west: number
  north: number
  east: number
}

/** The box around every drawn outline, or null when none is drawn. */
export function planBounds(plots: readonly PlanPlot[]): Bounds | null {
  let b: Bounds | null = null
  for (const p of plots) {
    for (const [lat, lng] of cornersOf(p.shape)) {
      b = b
        ? {
          south: Math.min(b.south, lat),
          west: Math.min(b.west, lng),
          north: Math.max(b.north, lat),
          east: Math.max(b.east, lng),
        }
        : { south: lat, west: lng, north: lat, east: lng }
    }
  }
  return b
}

/** Where a plot's number is written: its outline's centroid (the corners' mean if it has no area). */
export function labelPoint(corners: readonly LatLng[]): LatLng | null {
  if (corners.length === 0) return null
  // Relative to the first corner: products of whole degrees would swamp a plot's few metres.
  const [lat0, lng0] = corners[0]!
  let a = 0
  let cx = 0
  let cy = 0
  for (let i = 0; i < corners.length; i++) {
    const [y0, x0] = [corners[i]![0] - lat0, corners[i]![1] - lng0]
    const next = corners[(i + 1) % corners.length]!
    const [y1, x1] = [next[0] - lat0, next[1] - lng0]
    const f = x0 * y1 - x1 * y0
    a += f
    cx += (x0 + x1) * f
    cy += (y0 + y1) * f
  }
  if (Math.abs(a) < 1e-18) {
    const n = corners.length
    return [corners.reduce((s, c) => s + c[0], 0) / n, corners.reduce((s, c) => s + c[1], 0) / n]
  }
  return [lat0 + cy / (3 * a), lng0 + cx / (3 * a)]
}

const EARTH_RADIUS_M = 6_371_008.8

/** A drawn outline's area in m² (near enough for a plot: a flat projection at its latitude). */
export function areaM2(corners: readonly LatLng[]): number {
  if (corners.length < 3) return 0
  const lat0 = (corners.reduce((s, c) => s + c[0], 0) / corners.length) * (Math.PI / 180)
  const xy = corners.map(([lat, lng]) => [
    EARTH_RADIUS_M * (lng * Math.PI / 180) * Math.cos(lat0),
    EARTH_RADIUS_M * (lat * Math.PI / 180),
  ])
  let sum = 0
  for (let i = 0; i < xy.length; i++) {
    const [x0, y0] = xy[i]!
    const [x1, y1] = xy[(i + 1) % xy.length]!
    sum += x0! * y1! - x1! * y0!
  }
  return Math.abs(sum) / 2
}

/** Whether two sides of the outline cross (the database refuses such a shape). */
export function crossesItself(corners: readonly LatLng[]): boolean {
  const n = corners.length
  if (n < 4) return false
  const side = (a: LatLng, b: LatLng, c: LatLng) =>
    Math.sign((b[1] - a[1]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[1] - a[1]))
  for (let i = 0; i < n; i++) {
    const a = corners[i]!
    const b = corners[(i + 1) % n]!
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue // neighbours through the closing side
      const c = corners[j]!
      const d = corners[(j + 1) % n]!
      if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) return true
    }
  }
  return false
}

// One collator for every comparison: localeCompare with options builds one per call, which for
// the sort of 700 plots was most of a phone's frame.
const numbers = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' })

/** Plot numbers in the order people count them: 1, 2, 10, 10A, B1. */
export function byNumber(a: Pick<PlanPlot, 'number'>, b: Pick<PlanPlot, 'number'>): number {
  return numbers.compare(a.number, b.number)
}
