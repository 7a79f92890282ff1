// A plain, simplified outline of Great Britain as [lng, lat] pairs (clockwise from Land's End),
// and the projection the offline map draws it and its markers with. Accurate to a few miles:
// enough to place sites by region, not to navigate.

export const GREAT_BRITAIN: ReadonlyArray<readonly [number, number]> = [
  [-5.71, 50.06],
  [-5.05, 50.0],
  [-4.6, 50.33],
  [-4.2, 50.35],
  [-3.5, 50.33],
  [-3.0, 50.7],
  [-2.45, 50.58],
  [-1.95, 50.68],
  [-1.3, 50.8],
  [-0.8, 50.73],
  [0.25, 50.74],
  [0.98, 50.92],
  [1.38, 51.14],
  [1.43, 51.38],
  [0.7, 51.46],
  [0.92, 51.56],
  [1.1, 51.78],
  [1.6, 51.98],
  [1.75, 52.47],
  [1.74, 52.75],
  [1.3, 52.95],
  [0.5, 52.96],
  [0.22, 52.8],
  [0.35, 53.12],
  [0.15, 53.48],
  [-0.1, 53.63],
  [-0.2, 54.12],
  [-0.6, 54.5],
  [-1.2, 54.64],
  [-1.42, 55.0],
  [-1.6, 55.6],
  [-2.0, 55.8],
  [-2.5, 56.0],
  [-3.0, 55.95],
  [-3.6, 56.03],
  [-2.8, 56.2],
  [-2.75, 56.45],
  [-2.5, 56.6],
  [-2.1, 57.0],
  [-1.8, 57.5],
  [-2.0, 57.68],
  [-3.0, 57.68],
  [-4.2, 57.5],
  [-3.8, 57.85],
  [-3.1, 58.3],
  [-3.02, 58.64],
  [-4.0, 58.58],
  [-5.0, 58.62],
  [-5.3, 58.2],
  [-5.5, 57.8],
  [-5.7, 57.3],
  [-5.8, 56.8],
  [-6.2, 56.7],
  [-5.6, 56.4],
  [-5.6, 55.9],
  [-5.7, 55.3],
  [-5.0, 55.75],
  [-4.9, 55.9],
  [-4.6, 55.5],
  [-4.9, 55.0],
  [-5.15, 54.85],
  [-4.9, 54.65],
  [-4.4, 54.72],
  [-3.6, 54.95],
  [-3.1, 54.95],
  [-3.6, 54.5],
  [-3.1, 54.1],
  [-2.95, 53.75],
  [-3.1, 53.4],
  [-3.3, 53.35],
  [-4.2, 53.3],
  [-4.6, 53.3],
  [-4.7, 53.05],
  [-4.75, 52.8],
  [-4.1, 52.6],
  [-4.1, 52.3],
  [-4.7, 52.1],
  [-5.3, 51.88],
  [-5.1, 51.68],
  [-4.3, 51.7],
  [-4.25, 51.55],
  [-3.5, 51.4],
  [-3.1, 51.45],
  [-2.65, 51.6],
  [-3.0, 51.3],
  [-3.6, 51.2],
  [-4.2, 51.2],
  [-4.55, 51.0],
  [-4.7, 50.65],
  [-5.05, 50.43],
  [-5.5, 50.2],
]

/** The area drawn: Great Britain with a margin (markers outside it are clamped to the edge). */
export const BOUNDS = { west: -6.5, east: 2.0, south: 49.8, north: 58.9 }
const COS_LAT = Math.cos((54 * Math.PI) / 180)
const SCALE = 100

export const VIEW_WIDTH = Math.round((BOUNDS.east - BOUNDS.west) * COS_LAT * SCALE)
export const VIEW_HEIGHT = Math.round((BOUNDS.north - BOUNDS.south) * SCALE)

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/** Equirectangular projection at 54°N into the SVG's viewBox (x east, y south). */
export function project(lat: number, lng: number): [number, number] {
  const x = (clamp(lng, BOUNDS.west, BOUNDS.east) - BOUNDS.west) * COS_LAT * SCALE
  const y = (BOUNDS.north - clamp(lat, BOUNDS.south, BOUNDS.north)) * SCALE
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10]
}

export const outlinePath = () =>
  GREAT_BRITAIN.map(([lng, lat], i) => `${i === 0 ? 'M' : 'L'}${project(lat, lng).join(' ')}`).join(
    ' ',
  ) + ' Z'
