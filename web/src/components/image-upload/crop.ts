// The crop box's maths, in the image's own pixels: a box of a fixed aspect (width / height) that
// stays inside the image, moved by dragging or the arrow keys and resized from a corner (the
// opposite corner stays put) or about its centre with + and −.

export interface Box {
  x: number
  y: number
  w: number
  h: number
}
export type Corner = 'nw' | 'ne' | 'sw' | 'se'

/** The aspect of each use: gallery 3:2, patch manager and product 1:1, event and blog 16:9. */
export const ASPECTS = { gallery: 3 / 2, portrait: 1, product: 1, wide: 16 / 9 } as const

/** The smallest box width, in image pixels (smaller if the image itself is smaller). */
export const MIN_CROP = 32

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi)

/** The largest box of this aspect, centred. */
export function initialCrop(iw: number, ih: number, aspect: number): Box {
  const w = Math.min(iw, ih * aspect)
  const h = w / aspect
  return { x: (iw - w) / 2, y: (ih - h) / 2, w, h }
}

/** The box moved by (dx, dy), kept inside the image. */
export function moveCrop(b: Box, dx: number, dy: number, iw: number, ih: number): Box {
  return { ...b, x: clamp(b.x + dx, 0, iw - b.w), y: clamp(b.y + dy, 0, ih - b.h) }
}

/** The box with `corner` dragged to (px, py): the opposite corner stays, the aspect holds. */
export function resizeCrop(
  b: Box,
  corner: Corner,
  px: number,
  py: number,
  aspect: number,
  iw: number,
  ih: number,
): Box {
  const east = corner === 'ne' || corner === 'se'
  const south = corner === 'sw' || corner === 'se'
  const ax = east ? b.x : b.x + b.w
  const ay = south ? b.y : b.y + b.h
  const roomW = east ? iw - ax : ax
  const roomH = south ? ih - ay : ay
  const maxW = Math.min(roomW, roomH * aspect)
  const wanted = Math.max(Math.abs(px - ax), Math.abs(py - ay) * aspect)
  const w = clamp(wanted, Math.min(MIN_CROP, maxW), maxW)
  const h = w / aspect
  return { x: east ? ax : ax - w, y: south ? ay : ay - h, w, h }
}

/** The box scaled about its centre (keyboard + and −), within the image. */
export function scaleCrop(b: Box, factor: number, aspect: number, iw: number, ih: number): Box {
  const maxW = Math.min(iw, ih * aspect)
  const w = clamp(b.w * factor, Math.min(MIN_CROP, maxW), maxW)
  const h = w / aspect
  const cx = b.x + b.w / 2
  const cy = b.y + b.h / 2
  return { w, h, x: clamp(cx - w / 2, 0, iw - w), y: clamp(cy - h / 2, 0, ih - h) }
}

/** Which part of the box a point is on: a corner (within `grab` pixels), inside it, or neither. */
export function hitTest(b: Box, x: number, y: number, grab: number): Corner | 'move' | null {
  const near = (a: number, c: number) => Math.abs(a - c) <= grab
  const west = near(x, b.x)
  const east = near(x, b.x + b.w)
  const north = near(y, b.y)
  const south = near(y, b.y + b.h)
  if (north && west) return 'nw'
  if (north && east) return 'ne'
  if (south && west) return 'sw'
  if (south && east) return 'se'
  return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h ? 'move' : null
}

/** The output's size in pixels: the box's, scaled down to at most `maxWidth` wide. */
export function outputSize(b: Box, maxWidth: number): { w: number; h: number } {
  const scale = Math.min(1, maxWidth / b.w)
  return { w: Math.max(1, Math.round(b.w * scale)), h: Math.max(1, Math.round(b.h * scale)) }
}

/** The box in whole pixels for drawImage (never past the image's edge). */
export function pixelBox(b: Box, iw: number, ih: number): Box {
  const x = clamp(Math.round(b.x), 0, iw - 1)
  const y = clamp(Math.round(b.y), 0, ih - 1)
  return { x, y, w: clamp(Math.round(b.w), 1, iw - x), h: clamp(Math.round(b.h), 1, ih - y) }
}
