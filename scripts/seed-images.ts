// Draws the seed photos of the 22 catalogue sites: three gallery scenes a site
// (1200×800, and each again 800 px wide as its small copy) and a portrait of its patch manager (400×400), made here from flat shapes, seeded by
// slug so every site differs and a re-run gives the same bytes. Writes indexed-colour PNGs
// (encoder below, node:zlib) into supabase/images/sites/<slug>/, which config.toml's
// [storage.buckets.images] uploads to the `images` bucket; supabase/seeds/15_site_details.sql
// points global_sites.pm_photo_1 and public.site_photos at them.
//
//   npx deno run -A scripts/seed-images.ts          writes the images
//   npx deno run -A scripts/seed-images.ts --alt    prints each photo's alt text (for the seed)
import { deflateSync } from 'node:zlib'
import { join } from 'node:path'
import { CATALOGUE_SITES } from '../supabase/functions/_shared/common/catalogue.ts'

// == PNG (colour type 3: a palette of at most 256 colours) ==

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(new TextEncoder().encode(type), 4)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

/** An indexed PNG of `pixels` (one palette index a pixel, rows top to bottom). */
export function encodePng(
  width: number,
  height: number,
  pixels: Uint8Array,
  palette: number[],
): Uint8Array {
  const header = new Uint8Array(13)
  const hv = new DataView(header.buffer)
  hv.setUint32(0, width)
  hv.setUint32(4, height)
  header.set([8, 3, 0, 0, 0], 8) // 8-bit indices, palette, deflate, filter 0, no interlace
  const plte = new Uint8Array(palette.length * 3)
  palette.forEach((rgb, i) => plte.set([rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff], i * 3))
  // Filter "Up" (2) on every row but the first: flat regions become runs of zeros.
  const raw = new Uint8Array((width + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * width, (y + 1) * width)
    raw[y * (width + 1)] = y === 0 ? 0 : 2
    if (y === 0) raw.set(row, 1)
    else {
      const above = pixels.subarray((y - 1) * width, y * width)
      for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (row[x] - above[x]) & 0xff
    }
  }
  const idat = deflateSync(raw, { level: 9, memLevel: 9 })
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', new Uint8Array(idat.buffer, idat.byteOffset, idat.byteLength)),
    chunk('IEND', new Uint8Array()),
  ]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

// == A raster of palette indices with flat-shape drawing ==

type Pt = [number, number]

class Canvas {
  readonly pixels: Uint8Array
  readonly palette: number[] = []
  private index = new Map<number, number>()
  constructor(readonly width: number, readonly height: number) {
    this.pixels = new Uint8Array(width * height)
  }

  /** The palette index of a colour (#rrggbb), added on first use. */
  ink(hex: string): number {
    const rgb = parseInt(hex.slice(1), 16)
    let i = this.index.get(rgb)
    if (i === undefined) {
      if (this.palette.length === 256) throw new Error('more than 256 colours')
      i = this.palette.length
      this.palette.push(rgb)
      this.index.set(rgb, i)
    }
    return i
  }

  rect(x0: number, y0: number, x1: number, y1: number, hex: string) {
    const c = this.ink(hex)
    const xa = Math.max(0, Math.round(x0)), xb = Math.min(this.width, Math.round(x1))
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y1)); y++) {
      if (xb > xa) this.pixels.fill(c, y * this.width + xa, y * this.width + xb)
    }
  }

  /** A filled polygon (even-odd rule, sampled at pixel centres). */
  poly(points: Pt[], hex: string) {
    const c = this.ink(hex)
    const ys = points.map((p) => p[1])
    const top = Math.max(0, Math.floor(Math.min(...ys))),
      bottom = Math.min(this.height - 1, Math.ceil(Math.max(...ys)))
    for (let y = top; y <= bottom; y++) {
      const sy = y + 0.5
      const xs: number[] = []
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i], [bx, by] = points[(i + 1) % points.length]
        if ((ay <= sy && by > sy) || (by <= sy && ay > sy)) {
          xs.push(ax + (sy - ay) * (bx - ax) / (by - ay))
        }
      }
      xs.sort((a, b) => a - b)
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const xa = Math.max(0, Math.round(xs[k])), xb = Math.min(this.width, Math.round(xs[k + 1]))
        if (xb > xa) this.pixels.fill(c, y * this.width + xa, y * this.width + xb)
      }
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, hex: string) {
    if (rx <= 0 || ry <= 0) return
    const c = this.ink(hex)
    for (
      let y = Math.max(0, Math.floor(cy - ry));
      y <= Math.min(this.height - 1, Math.ceil(cy + ry));
      y++
    ) {
      const d = (y + 0.5 - cy) / ry
      if (d * d > 1) continue
      const half = rx * Math.sqrt(1 - d * d)
      const xa = Math.max(0, Math.round(cx - half)),
        xb = Math.min(this.width, Math.round(cx + half))
      if (xb > xa) this.pixels.fill(c, y * this.width + xa, y * this.width + xb)
    }
  }

  /** A straight stroke of width `w`. */
  line(a: Pt, b: Pt, w: number, hex: string) {
    const dx = b[0] - a[0], dy = b[1] - a[1]
    const len = Math.hypot(dx, dy) || 1
    const nx = (-dy / len) * w / 2, ny = (dx / len) * w / 2
    this.poly([[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [
      a[0] - nx,
      a[1] - ny,
    ]], hex)
  }

  png(): Uint8Array {
    return encodePng(this.width, this.height, this.pixels, this.palette)
  }
}

// == Seeded randomness ==

function rng(seed: string) {
  let h = 2166136261
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  let s = h >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    range: (a: number, b: number) => a + (b - a) * next(),
    int: (a: number, b: number) => Math.floor(a + (b - a + 1) * next()),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  }
}
type Rng = ReturnType<typeof rng>

/** A colour between two (#rrggbb), t in 0..1. */
function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16), pb = parseInt(b.slice(1), 16)
  const ch = (shift: number) =>
    Math.round(((pa >> shift) & 0xff) * (1 - t) + ((pb >> shift) & 0xff) * t)
  return '#' + [16, 8, 0].map((s) => ch(s).toString(16).padStart(2, '0')).join('')
}

// == Gallery scenes ==

type Season = 'spring' | 'early summer' | 'late summer' | 'autumn'
type Sky = 'clear' | 'cloudy' | 'evening'
type Crop =
  | 'cabbage'
  | 'lettuce'
  | 'onion'
  | 'potato'
  | 'squash'
  | 'sweetcorn'
  | 'strawberry'
  | 'flowers'
  | 'chard'
  | 'bare'
  | 'manure'

const SEASON_CROPS: Record<Season, Crop[]> = {
  'spring': ['bare', 'bare', 'onion', 'lettuce', 'potato', 'manure', 'strawberry', 'cabbage'],
  'early summer': [
    'lettuce',
    'onion',
    'potato',
    'cabbage',
    'strawberry',
    'chard',
    'flowers',
    'bare',
  ],
  'late summer': [
    'squash',
    'sweetcorn',
    'cabbage',
    'chard',
    'flowers',
    'potato',
    'onion',
    'squash',
  ],
  'autumn': ['squash', 'bare', 'cabbage', 'manure', 'chard', 'bare', 'onion', 'cabbage'],
}

const SKIES: Record<Sky, { top: string; bottom: string; sun: string; cloud: string }> = {
  clear: { top: '#5b9bd5', bottom: '#cfe6f5', sun: '#fff4c2', cloud: '#ffffff' },
  cloudy: { top: '#8fa9bf', bottom: '#dfe7ee', sun: '#f4f1e4', cloud: '#f3f5f7' },
  evening: { top: '#6f8fc4', bottom: '#f6d3a2', sun: '#ffe0a0', cloud: '#fbe6cf' },
}

const SHEDS = [
  { name: 'green', wall: '#4f7a5a', dark: '#3d6147', roof: '#3b3b3b' },
  { name: 'blue', wall: '#5d7f99', dark: '#4a6780', roof: '#3b3b3b' },
  { name: 'timber', wall: '#9a6b43', dark: '#7d5534', roof: '#4a4440' },
  { name: 'sage', wall: '#8ea58a', dark: '#74896f', roof: '#505050' },
] as const

export interface Scene {
  kind: 'plots' | 'beds' | 'path'
  season: Season
  sky: Sky
  shed: (typeof SHEDS)[number]['name']
  extras: string[]
}

interface View {
  horizon: number
  focal: number
  camHeight: number
  skew: number
  cx: number
}

function project(v: View, x: number, z: number, up = 0): Pt {
  return [v.cx + ((x + z * v.skew) * v.focal) / z, v.horizon + ((v.camHeight - up) * v.focal) / z]
}

function drawSky(c: Canvas, r: Rng, v: View, sky: Sky) {
  const s = SKIES[sky]
  const bands = 14
  for (let i = 0; i < bands; i++) {
    c.rect(
      0,
      (v.horizon * i) / bands,
      c.width,
      (v.horizon * (i + 1)) / bands + 1,
      mix(s.top, s.bottom, i / (bands - 1)),
    )
  }
  if (sky !== 'cloudy') {
    const sx = r.range(0.12, 0.88) * c.width, sy = r.range(0.25, 0.6) * v.horizon
    c.ellipse(sx, sy, 70, 70, mix(s.sun, s.bottom, 0.55))
    c.ellipse(sx, sy, 46, 46, s.sun)
  }
  const clouds = sky === 'cloudy' ? r.int(6, 9) : r.int(2, 4)
  for (let i = 0; i < clouds; i++) {
    const cx = r.range(-0.05, 1.05) * c.width, cy = r.range(0.12, 0.7) * v.horizon
    const w = r.range(90, 200)
    const shade = mix(s.cloud, s.top, 0.18)
    for (let k = 0; k < 5; k++) {
      c.ellipse(cx + (k - 2) * w * 0.32, cy + 10, w * 0.32, w * 0.16, shade)
    }
    for (let k = 0; k < 4; k++) {
      c.ellipse(cx + (k - 1.5) * w * 0.3, cy - (k % 2) * 14, w * 0.28, w * 0.2, s.cloud)
    }
  }
}

function drawHorizon(c: Canvas, r: Rng, v: View, season: Season) {
  // Distant hills, then the hedgerow and trees along the far boundary.
  const hill = mix('#7d9a86', '#b9c7cf', 0.35)
  const phase = r.range(0, 6), amp = r.range(18, 55)
  const pts: Pt[] = [[0, v.horizon]]
  for (let x = 0; x <= c.width; x += 20) {
    pts.push([
      x,
      v.horizon - 30 - amp * (0.6 + 0.4 * Math.sin(x / 170 + phase)) -
      12 * Math.sin(x / 53 + phase * 2),
    ])
  }
  pts.push([c.width, v.horizon])
  c.poly(pts, hill)
  const hedge = season === 'autumn' ? '#5f6b3a' : '#3f6b3c'
  const hedgeDark = season === 'autumn' ? '#4b5530' : '#315731'
  for (let x = -20; x < c.width + 40; x += r.range(22, 36)) {
    c.ellipse(x, v.horizon - 8, r.range(20, 32), r.range(14, 22), r.chance(0.5) ? hedge : hedgeDark)
  }
  c.rect(0, v.horizon - 8, c.width, v.horizon + 4, hedgeDark)
  const trees = r.int(3, 6)
  const leaf = season === 'autumn'
    ? ['#b5792f', '#9c8b35', '#6f7a33']
    : season === 'spring'
    ? ['#6f9e4c', '#86ad5c', '#5c8a45']
    : ['#3f6e3a', '#4c7d40', '#365f33']
  for (let i = 0; i < trees; i++) {
    const x = r.range(0, c.width), h = r.range(60, 120)
    c.rect(x - 5, v.horizon - h * 0.45, x + 5, v.horizon, '#5a4632')
    const col = r.pick(leaf)
    c.ellipse(x, v.horizon - h * 0.6, h * 0.45, h * 0.42, col)
    c.ellipse(x - h * 0.25, v.horizon - h * 0.5, h * 0.3, h * 0.28, mix(col, '#000000', 0.12))
    if (season === 'spring' && r.chance(0.6)) {
      for (let k = 0; k < 14; k++) {
        c.ellipse(
          x + r.range(-h * 0.4, h * 0.4),
          v.horizon - h * r.range(0.3, 0.9),
          3,
          3,
          '#f2c6d6',
        )
      }
    }
  }
}

function drawCrop(
  c: Canvas,
  r: Rng,
  v: View,
  crop: Crop,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  season: Season,
) {
  const grow = season === 'spring' ? 0.55 : season === 'early summer' ? 0.8 : 1
  const rows = crop === 'sweetcorn' || crop === 'squash' ? 2 : 3
  if (crop === 'manure') {
    c.poly([
      project(v, x0 + 0.1, z0),
      project(v, x1 - 0.1, z0),
      project(v, x1 - 0.1, z1),
      project(v, x0 + 0.1, z1),
    ], '#6c9b45')
    return
  }
  if (crop === 'bare') {
    for (let k = 1; k < 6; k++) {
      const x = x0 + ((x1 - x0) * k) / 6
      c.line(
        project(v, x, z0),
        project(v, x, z1),
        Math.max(1, v.focal / ((z0 + z1) / 2) * 0.06),
        '#4e3826',
      )
    }
    return
  }
  // Plants from the back of the bed to the front, so nearer ones overlap.
  const step = crop === 'onion' || crop === 'lettuce' || crop === 'strawberry'
    ? 0.35
    : crop === 'sweetcorn'
    ? 0.5
    : 0.7
  for (let z = z1 - step / 2; z > z0; z -= step) {
    for (let k = 0; k < rows; k++) {
      const x = x0 + ((x1 - x0) * (k + 0.5)) / rows + r.range(-0.05, 0.05)
      const [px, py] = project(v, x, z)
      const s = v.focal / z // pixels a metre here
      const size = s * grow
      switch (crop) {
        case 'cabbage':
          c.ellipse(px, py - size * 0.14, size * 0.24, size * 0.16, '#5f8f77')
          c.ellipse(px, py - size * 0.17, size * 0.12, size * 0.09, '#8fb89a')
          break
        case 'lettuce':
          c.ellipse(
            px,
            py - size * 0.08,
            size * 0.15,
            size * 0.1,
            r.chance(0.3) ? '#8a4a5e' : '#9ccc65',
          )
          break
        case 'onion':
          for (let l = -1; l <= 1; l++) {
            c.line(
              [px, py],
              [px + l * size * 0.05, py - size * 0.3],
              Math.max(1, size * 0.025),
              '#6f9f86',
            )
          }
          break
        case 'potato':
          c.ellipse(px, py - size * 0.16, size * 0.3, size * 0.2, '#4c7a3a')
          c.ellipse(px - size * 0.08, py - size * 0.22, size * 0.14, size * 0.1, '#5e9146')
          if (season === 'early summer' && r.chance(0.4)) {
            c.ellipse(px, py - size * 0.33, size * 0.04, size * 0.04, '#f3f0e6')
          }
          break
        case 'squash':
          c.ellipse(px, py - size * 0.12, size * 0.42, size * 0.2, '#3e6e34')
          c.ellipse(px + size * 0.1, py - size * 0.18, size * 0.22, size * 0.12, '#4f8240')
          if (r.chance(season === 'spring' ? 0 : 0.55)) {
            c.ellipse(
              px - size * 0.12,
              py - size * 0.05,
              size * 0.13,
              size * 0.1,
              r.chance(0.7) ? '#e08a2c' : '#d9b43a',
            )
          }
          break
        case 'sweetcorn':
          c.line([px, py], [px, py - size * 1.3], Math.max(1, size * 0.05), '#7ba34a')
          c.line(
            [px, py - size * 0.5],
            [px - size * 0.25, py - size * 0.8],
            Math.max(1, size * 0.04),
            '#8db85a',
          )
          c.line(
            [px, py - size * 0.7],
            [px + size * 0.25, py - size * 0.95],
            Math.max(1, size * 0.04),
            '#8db85a',
          )
          if (season !== 'spring') {
            c.line(
              [px, py - size * 1.3],
              [px, py - size * 1.45],
              Math.max(1, size * 0.03),
              '#d8c27a',
            )
          }
          break
        case 'strawberry':
          c.ellipse(px, py - size * 0.06, size * 0.13, size * 0.07, '#4f8a46')
          if (season !== 'spring' && r.chance(0.5)) {
            c.ellipse(px + size * 0.05, py - size * 0.02, size * 0.03, size * 0.03, '#d2363a')
          }
          break
        case 'chard':
          c.line(
            [px, py],
            [px, py - size * 0.25],
            Math.max(1, size * 0.04),
            r.pick(['#c0392b', '#e6b422', '#e0e0d0']),
          )
          c.ellipse(px, py - size * 0.3, size * 0.12, size * 0.13, '#3f7a3a')
          break
        case 'flowers':
          c.ellipse(px, py - size * 0.15, size * 0.14, size * 0.15, '#4f8a46')
          for (let f = 0; f < 3; f++) {
            c.ellipse(
              px + r.range(-0.1, 0.1) * size,
              py - size * r.range(0.2, 0.4),
              size * 0.05,
              size * 0.05,
              r.pick(['#f2a93b', '#f4d03f', '#e2553d', '#ffffff']),
            )
          }
          break
      }
    }
  }
}

function drawShed(c: Canvas, v: View, x: number, z: number, shed: (typeof SHEDS)[number]) {
  const w = 2.4, d = 1.8, h = 2.1
  /** A point of the shed: x, depth, height above the ground. */
  const at = (px: number, pz: number, up = 0): Pt => {
    const [sx, sy] = project(v, px, pz)
    return [sx, sy - (up * v.focal) / pz]
  }
  const fl = at(x, z), fr = at(x + w, z)
  // The side wall that faces the camera, then the front and the roof.
  const sx = fl[0] < v.cx ? x + w : x
  c.poly([at(sx, z), at(sx, z + d), at(sx, z + d, h), at(sx, z, h)], shed.dark)
  c.poly([fl, fr, at(x + w, z, h), at(x, z, h)], shed.wall)
  c.poly([at(x - 0.1, z, h), at(x + w + 0.1, z, h), at(x + w / 2, z, h + 0.7)], shed.roof)
  // Door, window, and a water butt beside it.
  const s = v.focal / z
  c.rect(fl[0] + s * 0.3, fl[1] - s * 1.8, fl[0] + s * 1.1, fl[1], shed.dark)
  c.rect(fl[0] + s * 1.5, fl[1] - s * 1.5, fl[0] + s * 2.1, fl[1] - s * 1.0, '#cfe3ec')
  c.rect(fr[0] + s * 0.1, fr[1] - s * 0.9, fr[0] + s * 0.6, fr[1], '#3b4f3f')
  c.ellipse(fr[0] + s * 0.35, fr[1] - s * 0.9, s * 0.25, s * 0.06, '#2f3f33')
}

function drawCompostBays(c: Canvas, v: View, x: number, z: number, season: Season) {
  const s = v.focal / z
  for (let b = 0; b < 3; b++) {
    const [px, py] = project(v, x + b * 1.1, z)
    c.ellipse(
      px + s * 0.5,
      py - s * 0.55,
      s * 0.45,
      s * 0.25,
      b === 2 ? '#6b8f3a' : season === 'autumn' ? '#7a5a35' : '#5c4128',
    )
    for (let k = 0; k < 4; k++) {
      c.rect(px, py - s * (0.2 + k * 0.18), px + s, py - s * (0.08 + k * 0.18), '#a07850')
    }
    c.rect(px - s * 0.04, py - s * 0.8, px + s * 0.06, py, '#7d5a3a')
  }
  const [ex, ey] = project(v, x + 3.3, z)
  c.rect(ex - s * 0.04, ey - s * 0.8, ex + s * 0.06, ey, '#7d5a3a')
}

function drawTrough(c: Canvas, v: View, x: number, z: number) {
  const s = v.focal / z
  const [px, py] = project(v, x, z)
  c.rect(px, py - s * 0.55, px + s * 1.4, py, '#8a949b')
  c.rect(px + s * 0.06, py - s * 0.55, px + s * 1.34, py - s * 0.45, '#6fa3c0')
  c.line(
    [px + s * 1.2, py - s * 0.55],
    [px + s * 1.2, py - s * 1.1],
    Math.max(1, s * 0.05),
    '#55606a',
  )
}

function drawWigwam(c: Canvas, v: View, x: number, z: number, season: Season) {
  const s = v.focal / z
  const [px, py] = project(v, x, z)
  const apex: Pt = [px, py - s * 2.1]
  for (const dx of [-0.5, -0.2, 0.2, 0.5]) {
    c.line([px + dx * s, py], apex, Math.max(1, s * 0.035), '#b89566')
  }
  if (season !== 'spring') {
    for (let k = 0; k < 18; k++) {
      const t = (k % 9) / 9, side = k < 9 ? -1 : 1
      c.ellipse(
        px + side * 0.4 * s * (1 - t),
        py - s * 2 * t,
        s * 0.12,
        s * 0.1,
        k % 3 ? '#4f8a3a' : '#5f9a45',
      )
      if (season === 'late summer' && k % 4 === 0) {
        c.ellipse(
          px + side * 0.4 * s * (1 - t),
          py - s * 2 * t + s * 0.1,
          s * 0.04,
          s * 0.04,
          '#d8433a',
        )
      }
    }
  }
}

function drawPolytunnel(c: Canvas, v: View, x: number, z: number) {
  const s = v.focal / z
  const [px, py] = project(v, x, z)
  const [fx] = project(v, x + 4, z)
  const pts: Pt[] = []
  for (let a = 0; a <= 20; a++) {
    pts.push([px + (fx - px) * (a / 20), py - Math.sin((Math.PI * a) / 20) * s * 2.2])
  }
  c.poly(pts, '#e9efe9')
  for (let k = 1; k < 6; k++) {
    c.line(
      [px + ((fx - px) * k) / 6, py],
      [px + ((fx - px) * k) / 6, py - Math.sin((Math.PI * k) / 6) * s * 2.2],
      Math.max(1, s * 0.03),
      '#c9d3cc',
    )
  }
  c.rect(px + (fx - px) * 0.4, py - s * 1.4, px + (fx - px) * 0.6, py, '#b7c4bb')
}

/** One gallery photo: what it shows is returned for its alt text. */
export function galleryScene(
  slug: string,
  n: number,
  width = 1200,
  height = 800,
): { png: Uint8Array; scene: Scene } {
  const r = rng(`${slug}#${n}`)
  const kind: Scene['kind'] = (['plots', 'beds', 'path'] as const)[(n - 1) % 3]
  const seasons: Season[] = ['spring', 'early summer', 'late summer', 'autumn']
  const season = seasons[(rng(slug).int(0, 3) + n - 1) % 4]
  const sky = r.pick(['clear', 'clear', 'cloudy', 'evening'] as const)
  const shed = SHEDS[rng(slug + '#shed').int(0, SHEDS.length - 1)]
  const c = new Canvas(width, height)
  const view: View = {
    horizon: height * (kind === 'plots' ? r.range(0.36, 0.44) : r.range(0.42, 0.5)),
    focal: width * 0.75,
    camHeight: kind === 'plots' ? 2.4 : 1.5,
    skew: r.range(-0.18, 0.18),
    cx: width / 2,
  }
  drawSky(c, r, view, sky)
  drawHorizon(c, r, view, season)
  const grass = season === 'autumn' ? '#8a9a4f' : season === 'spring' ? '#86b25a' : '#76a84e'
  c.rect(0, view.horizon + 4, width, height, grass)
  // Mown stripes in the grass for depth.
  for (let z = 60; z > 2; z *= 0.8) {
    const y0 = project(view, 0, z)[1], y1 = project(view, 0, z * 0.9)[1]
    c.rect(0, y0, width, y1, mix(grass, '#ffffff', 0.06))
  }
  const extras: string[] = []
  const bedW = kind === 'beds' ? 1.2 : 2.6, bedL = kind === 'beds' ? 2.4 : 5
  const gap = kind === 'beds' ? 0.7 : 0.9
  const zStart = kind === 'beds' ? 2.6 : 4
  const zEnd = kind === 'plots' ? 70 : 38
  const crops = SEASON_CROPS[season]
  const pathX = kind === 'path' ? -0.8 : null
  // Build the beds, then draw everything far to near.
  type Item = { z: number; draw: () => void }
  const items: Item[] = []
  for (let z = zStart; z < zEnd; z += bedL + gap) {
    for (let x = -22; x < 22; x += bedW + gap) {
      if (pathX !== null && x + bedW > pathX && x < pathX + 1.6) continue
      const crop = r.pick(crops)
      const [bx0, bx1, bz0, bz1] = [x, x + bedW, z, z + bedL]
      const corners = [
        project(view, bx0, bz0),
        project(view, bx1, bz0),
        project(view, bx1, bz1),
        project(view, bx0, bz1),
      ]
      if (corners.every((p) => p[0] < -50) || corners.every((p) => p[0] > width + 50)) continue
      items.push({
        z: bz1,
        draw: () => {
          if (kind === 'beds') {
            // Raised bed: a timber edge in front of the soil.
            const f0 = project(view, bx0, bz0), f1 = project(view, bx1, bz0)
            const lift = (0.25 * view.focal) / bz0
            c.poly([[f0[0], f0[1] - lift], [f1[0], f1[1] - lift], f1, f0], '#9b7048')
            c.poly(
              corners.map(([px, py], i) =>
                [px, py - (0.25 * view.focal) / (i < 2 ? bz0 : bz1)] as Pt
              ),
              crop === 'bare' ? '#5a4330' : '#6b4f36',
            )
            c.line(
              [f0[0], f0[1] - lift],
              [f1[0], f1[1] - lift],
              Math.max(1, lift * 0.15),
              '#b98d5f',
            )
          } else {
            c.poly(corners, crop === 'bare' ? '#5a4330' : '#6b4f36')
          }
          const up = kind === 'beds' ? 0.25 : 0
          const v2: View = { ...view, camHeight: view.camHeight - up }
          drawCrop(c, r, v2, crop, bx0, bx1, bz0, bz1, season)
        },
      })
    }
  }
  // Features of the site, placed in the gaps.
  const shedZ = kind === 'plots' ? r.range(14, 22) : r.range(9, 13)
  const shedX = r.chance(0.5) ? r.range(-9, -5) : r.range(3, 6)
  items.push({ z: shedZ + 1.8, draw: () => drawShed(c, view, shedX, shedZ, shed) })
  extras.push('shed')
  if (kind === 'beds' || r.chance(0.4)) {
    const z = kind === 'beds' ? r.range(6, 8) : r.range(10, 16)
    const x = shedX < 0 ? r.range(2, 5) : r.range(-7, -4)
    items.push({ z: z + 0.9, draw: () => drawCompostBays(c, view, x, z, season) })
    extras.push('compost bays')
  }
  if (kind !== 'beds' && r.chance(0.6)) {
    const z = r.range(7, 11)
    items.push({
      z: z + 0.5,
      draw: () => drawTrough(c, view, shedX < 0 ? r.range(1, 3) : r.range(-4, -2), z),
    })
    extras.push('water trough')
  }
  if (kind === 'path') {
    for (const z of [5.5, 9, 14]) {
      items.push({
        z: z + 0.3,
        draw: () => drawWigwam(c, view, pathX! + (z === 9 ? 2.6 : -1.4), z, season),
      })
    }
    extras.push('bean wigwams')
    if (r.chance(0.6)) {
      const z = r.range(18, 24)
      items.push({ z: z + 0.5, draw: () => drawPolytunnel(c, view, shedX < 0 ? 4 : -9, z) })
      extras.push('polytunnel')
    }
  }
  if (pathX !== null) {
    // The main path: wood chip, running away from the camera.
    const pts = [
      project(view, pathX, 1.2),
      project(view, pathX + 1.6, 1.2),
      project(view, pathX + 1.6, zEnd),
      project(view, pathX, zEnd),
    ]
    c.poly(pts, '#b08d63')
    for (let z = 1.5; z < zEnd; z *= 1.25) {
      c.ellipse(
        ...project(view, pathX + 0.8 + r.range(-0.5, 0.5), z),
        (view.focal / z) * 0.08,
        (view.focal / z) * 0.02,
        '#94714b',
      )
    }
  }
  items.sort((a, b) => b.z - a.z)
  for (const it of items) it.draw()
  return { png: c.png(), scene: { kind, season, sky, shed: shed.name, extras } }
}

// == Patch manager portraits ==

export interface Person {
  skin: string
  hair: string
  style: 'short' | 'long' | 'bun' | 'bob' | 'ponytail' | 'cap' | 'beanie' | 'bald'
  beard?: boolean
  glasses?: boolean
  shirt: string
  background: string
}

/** Each site's patch manager as drawn (the names are in 15_site_details.sql). Bath's two sites
 *  share Sam Patch, the demo patch manager. */
export const PATCH_MANAGERS: Record<string, Person> = {
  'tuckers-meadow': {
    skin: '#f1c7a5',
    hair: '#6b4a2f',
    style: 'short',
    glasses: true,
    shirt: '#3f7d5a',
    background: '#e8f1d9',
  },
  'avon-views': {
    skin: '#f1c7a5',
    hair: '#6b4a2f',
    style: 'short',
    glasses: true,
    shirt: '#3f7d5a',
    background: '#dcebf3',
  },
  'leigh-woods-meadows': {
    skin: '#f3d0b5',
    hair: '#b5562f',
    style: 'long',
    shirt: '#c7793c',
    background: '#f3e6cf',
  },
  'sugar-loaf-fields': {
    skin: '#b07a52',
    hair: '#1f1a17',
    style: 'short',
    beard: true,
    shirt: '#2f5f8a',
    background: '#e3eddc',
  },
  'meadow-hill-fields': {
    skin: '#7a4e33',
    hair: '#1b1512',
    style: 'bun',
    shirt: '#d3a02b',
    background: '#f1e3d3',
  },
  'providence-pastures': {
    skin: '#efc09b',
    hair: '#8a6a45',
    style: 'short',
    beard: true,
    shirt: '#5b6f3a',
    background: '#dde8ee',
  },
  'ruddington-fields': {
    skin: '#f4cfb0',
    hair: '#d8b26a',
    style: 'long',
    shirt: '#7b4f8f',
    background: '#eaf1df',
  },
  'bowshaw-views': {
    skin: '#e8b896',
    hair: '#9a9a96',
    style: 'bald',
    beard: true,
    shirt: '#8a3b34',
    background: '#e2e9d6',
  },
  'galleywood-meadow': {
    skin: '#f0c4a0',
    hair: '#3c2a20',
    style: 'bob',
    glasses: true,
    shirt: '#2f7f7a',
    background: '#f5e9d6',
  },
  'daffodil-views': {
    skin: '#f2cbb0',
    hair: '#c9c4bd',
    style: 'long',
    shirt: '#e0b83a',
    background: '#f6f0cf',
  },
  'darenth-fields': {
    skin: '#6e4630',
    hair: '#17110e',
    style: 'bun',
    shirt: '#3f7d5a',
    background: '#f0e4d5',
  },
  'loxley-meadow': {
    skin: '#f3ccad',
    hair: '#5a3d2a',
    style: 'short',
    shirt: '#6a5a9a',
    background: '#dfeae2',
  },
  'haigh-fields': {
    skin: '#eebd98',
    hair: '#4a3526',
    style: 'cap',
    shirt: '#b2452f',
    background: '#e6ecd8',
  },
  'brasside-meadow': {
    skin: '#f4d2b8',
    hair: '#7a4a2a',
    style: 'long',
    glasses: true,
    shirt: '#35698a',
    background: '#ecefdc',
  },
  'cissbury-fields': {
    skin: '#e9b690',
    hair: '#6e5238',
    style: 'beanie',
    beard: true,
    shirt: '#4f6d45',
    background: '#dbe9f0',
  },
  'saughall-meadow': {
    skin: '#f0c7a8',
    hair: '#2e2520',
    style: 'short',
    shirt: '#9a6a2f',
    background: '#e9efdb',
  },
  'ruislip-pinner-fields': {
    skin: '#c68c63',
    hair: '#1d1714',
    style: 'long',
    shirt: '#a63d5a',
    background: '#f2e8d8',
  },
  'nene-meadows': {
    skin: '#f1c6a2',
    hair: '#b08a5a',
    style: 'short',
    glasses: true,
    shirt: '#42698f',
    background: '#e4ecd6',
  },
  'dearne-fields': {
    skin: '#f3cdb0',
    hair: '#a8552e',
    style: 'bob',
    shirt: '#5d8a3f',
    background: '#f1e5d3',
  },
  'wrekin-views': {
    skin: '#efc4a3',
    hair: '#4b3222',
    style: 'ponytail',
    shirt: '#7a9a3f',
    background: '#dde9ee',
  },
  'trent-vale-fields': {
    skin: '#e7b48f',
    hair: '#2f241c',
    style: 'cap',
    beard: true,
    shirt: '#34566e',
    background: '#e8eedb',
  },
  'severn-fields': {
    skin: '#8d5a3b',
    hair: '#1a1411',
    style: 'short',
    glasses: true,
    shirt: '#b5703a',
    background: '#e6eedf',
  },
}

export function portrait(p: Person, size = 400): Uint8Array {
  const c = new Canvas(size, size)
  const u = size / 400
  c.rect(0, 0, size, size, p.background)
  c.ellipse(200 * u, 215 * u, 175 * u, 175 * u, mix(p.background, '#ffffff', 0.35))
  const skinShade = mix(p.skin, '#5a3a2a', 0.18)
  // Long hair falls behind the shoulders.
  if (p.style === 'long') {
    c.poly([[120 * u, 170 * u], [280 * u, 170 * u], [292 * u, 330 * u], [108 * u, 330 * u]], p.hair)
  }
  if (p.style === 'ponytail') c.ellipse(275 * u, 215 * u, 28 * u, 62 * u, p.hair)
  // Shoulders, collar and neck.
  c.ellipse(200 * u, 420 * u, 150 * u, 110 * u, p.shirt)
  c.rect(178 * u, 240 * u, 222 * u, 318 * u, skinShade)
  c.poly([[165 * u, 312 * u], [200 * u, 350 * u], [235 * u, 312 * u], [222 * u, 305 * u], [
    200 * u,
    330 * u,
  ], [178 * u, 305 * u]], mix(p.shirt, '#ffffff', 0.25))
  // Head and ears.
  c.ellipse(134 * u, 200 * u, 14 * u, 20 * u, p.skin)
  c.ellipse(266 * u, 200 * u, 14 * u, 20 * u, p.skin)
  c.ellipse(200 * u, 190 * u, 66 * u, 82 * u, p.skin)
  // Hair on top.
  switch (p.style) {
    case 'short':
      c.ellipse(200 * u, 126 * u, 68 * u, 30 * u, p.hair)
      c.rect(134 * u, 126 * u, 146 * u, 172 * u, p.hair)
      c.rect(254 * u, 126 * u, 266 * u, 172 * u, p.hair)
      break
    case 'long':
    case 'ponytail':
      c.ellipse(200 * u, 130 * u, 74 * u, 34 * u, p.hair)
      c.poly(
        [[126 * u, 140 * u], [150 * u, 130 * u], [142 * u, 250 * u], [124 * u, 250 * u]],
        p.hair,
      )
      if (p.style === 'long') {
        c.poly(
          [[274 * u, 140 * u], [250 * u, 130 * u], [258 * u, 250 * u], [276 * u, 250 * u]],
          p.hair,
        )
      }
      break
    case 'bun':
      c.ellipse(200 * u, 78 * u, 34 * u, 28 * u, p.hair)
      c.ellipse(200 * u, 130 * u, 70 * u, 32 * u, p.hair)
      break
    case 'bob':
      c.ellipse(200 * u, 132 * u, 78 * u, 34 * u, p.hair)
      c.rect(122 * u, 140 * u, 146 * u, 232 * u, p.hair)
      c.rect(254 * u, 140 * u, 278 * u, 232 * u, p.hair)
      break
    case 'cap':
      c.ellipse(200 * u, 128 * u, 70 * u, 32 * u, mix(p.shirt, '#000000', 0.2))
      c.rect(130 * u, 128 * u, 270 * u, 142 * u, mix(p.shirt, '#000000', 0.2))
      c.ellipse(230 * u, 142 * u, 58 * u, 10 * u, mix(p.shirt, '#000000', 0.35))
      break
    case 'beanie':
      c.ellipse(200 * u, 124 * u, 72 * u, 38 * u, '#c0503a')
      c.rect(128 * u, 130 * u, 272 * u, 150 * u, '#a8432f')
      c.ellipse(200 * u, 82 * u, 14 * u, 12 * u, '#e8d9c0')
      break
    case 'bald':
      c.ellipse(138 * u, 176 * u, 8 * u, 22 * u, p.hair)
      c.ellipse(262 * u, 176 * u, 8 * u, 22 * u, p.hair)
      break
  }
  if (p.beard) {
    c.poly([[140 * u, 200 * u], [260 * u, 200 * u], [248 * u, 250 * u], [200 * u, 278 * u], [
      152 * u,
      250 * u,
    ]], p.hair)
    c.ellipse(200 * u, 232 * u, 26 * u, 12 * u, p.skin)
  }
  // Eyes, brows, cheeks, nose and a smile.
  const eye = '#2b2420'
  c.ellipse(176 * u, 188 * u, 6 * u, 7 * u, eye)
  c.ellipse(224 * u, 188 * u, 6 * u, 7 * u, eye)
  c.line([163 * u, 170 * u], [187 * u, 166 * u], 5 * u, mix(p.hair, eye, 0.3))
  c.line([213 * u, 166 * u], [237 * u, 170 * u], 5 * u, mix(p.hair, eye, 0.3))
  c.ellipse(164 * u, 214 * u, 12 * u, 7 * u, mix(p.skin, '#e06a5a', 0.3))
  c.ellipse(236 * u, 214 * u, 12 * u, 7 * u, mix(p.skin, '#e06a5a', 0.3))
  c.line([200 * u, 196 * u], [195 * u, 214 * u], 4 * u, skinShade)
  let prev: Pt | null = null
  for (let a = 0; a <= 12; a++) {
    const t = Math.PI * (0.15 + (0.7 * a) / 12)
    const pt: Pt = [200 * u - Math.cos(t) * 24 * u, 228 * u + Math.sin(t) * 12 * u]
    if (prev) c.line(prev, pt, 5 * u, '#8a3b34')
    prev = pt
  }
  if (p.glasses) {
    for (const x of [176, 224]) {
      c.ellipse(x * u, 188 * u, 19 * u, 16 * u, '#3a3a3a')
      c.ellipse(x * u, 188 * u, 15 * u, 12 * u, mix(p.skin, '#ffffff', 0.25))
      c.ellipse(x * u, 188 * u, 6 * u, 7 * u, eye)
    }
    c.line([195 * u, 186 * u], [205 * u, 186 * u], 4 * u, '#3a3a3a')
  }
  return c.png()
}

// == Alt text and output ==

const SEASON_WORDS: Record<Season, string> = {
  'spring': 'in spring',
  'early summer': 'in early summer',
  'late summer': 'in late summer',
  'autumn': 'in autumn',
}

/** A sentence for a photo's alt text, from what the scene was drawn with. */
export function altText(location: string, scene: Scene): string {
  const season = scene.season === 'autumn' || scene.season === 'early summer'
    ? `an ${scene.season}`
    : `a ${scene.season}`
  const when = scene.sky === 'evening'
    ? ` on ${season} evening`
    : ` ${SEASON_WORDS[scene.season]}${scene.sky === 'cloudy' ? ' under a cloudy sky' : ''}`
  const shed = `the ${scene.shed} tool shed`
  const extra = scene.extras.filter((e) => e !== 'shed')
  const list = (xs: string[]) =>
    xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`
  if (scene.kind === 'plots') {
    const things = [
      shed,
      ...extra.map((e) =>
        e === 'water trough' ? 'a water trough' : e === 'compost bays' ? 'the compost bays' : e
      ),
    ]
    return `Rows of plots at ${location} with the hedgerow behind, ${list(things)}${when}`
  }
  if (scene.kind === 'beds') {
    return `Timber raised beds at ${location}, with ${shed} and three compost bays${when}`
  }
  const tunnel = extra.includes('polytunnel') ? ' and the polytunnel' : ''
  return `The wood-chip path at ${location} between plots, past bean wigwams${tunnel} to ${shed}${when}`
}

/** The small copy's width, as the admin's upload makes it (web/src/components/image-upload). */
export const SMALL_WIDTH = 800
/** The thumbnail's width, likewise (web/src/components/site-profile/PhotoGallery.tsx). */
export const THUMB_WIDTH = 264

export const IMAGES_DIR = new URL('../supabase/images/sites/', import.meta.url).pathname

if (import.meta.main) {
  const printAlt = Deno.args.includes('--alt')
  let total = 0
  for (const site of CATALOGUE_SITES) {
    const dir = join(IMAGES_DIR, site.slug)
    if (!printAlt) await Deno.mkdir(dir, { recursive: true })
    for (const n of [1, 2, 3]) {
      const { png, scene } = galleryScene(site.slug, n)
      if (printAlt) {
        console.log(
          `  ('${site.slug}', 'sites/${site.slug}/${n}.png', '${
            altText(site.location, scene).replaceAll("'", "''")
          }', ${n}),`,
        )
      } else {
        await Deno.writeFile(join(dir, `${n}.png`), png)
        // The small copy phones and thumbnails load (site_photos.small_path): the same scene.
        const small = galleryScene(site.slug, n, SMALL_WIDTH, Math.round(SMALL_WIDTH / 1.5)).png
        await Deno.writeFile(join(dir, `${n}-small.png`), small)
        // And the thumbnail the gallery's row of stamps loads (site_photos.thumb_path).
        const thumb = galleryScene(site.slug, n, THUMB_WIDTH, Math.round(THUMB_WIDTH / 1.5)).png
        await Deno.writeFile(join(dir, `${n}-thumb.png`), thumb)
        total += png.length + small.length + thumb.length
      }
    }
    if (!printAlt) {
      const person = PATCH_MANAGERS[site.slug]
      if (!person) throw new Error(`no patch manager drawn for ${site.slug}`)
      const png = portrait(person)
      await Deno.writeFile(join(dir, 'patch-manager.png'), png)
      total += png.length
    }
  }
  if (!printAlt) {
    console.log(
      `wrote ${CATALOGUE_SITES.length * 10} images, ${
        (total / 1024 / 1024).toFixed(2)
      } MiB, under ${IMAGES_DIR}`,
    )
  }
}
