// The crop step: the image on a canvas with a box of fixed aspect over it. Drag inside the box to
// move it, drag a corner to resize it; from the keyboard, arrow keys move it (Shift: further)
// and + and − resize it. The box is kept in the image's own pixels (crop.ts).
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef } from 'react'
import { css } from 'goober'
import { type Box, type Corner, hitTest, moveCrop, outputSize, pixelBox, resizeCrop, scaleCrop } from './crop'

/** The canvas's own resolution: the image fitted into this, then scaled by CSS to the column. */
const VIEW_W = 720
const VIEW_H = 540
/** Output width limit of a cropped image, in pixels. */
export const MAX_OUTPUT_WIDTH = 1600

const wrap = css`
  display: grid;
  gap: 0.4rem;
  justify-items: start;
  canvas {
    display: block;
    max-width: 100%;
    height: auto;
    touch-action: none;
    cursor: move;
    border-radius: 0.375rem;
    background: #222;
  }
  canvas:focus-visible {
    outline: 3px solid var(--roots-focus, var(--roots-primary));
    outline-offset: 3px;
  }
  .how {
    margin: 0;
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
`

export type Drawable = HTMLImageElement | HTMLCanvasElement | ImageBitmap
const sizeOf = (img: Drawable) =>
  'naturalWidth' in img ? { w: img.naturalWidth, h: img.naturalHeight } : { w: img.width, h: img.height }

export function CropCanvas({
  image,
  box,
  aspect,
  label,
  onChange,
}: {
  image: Drawable
  box: Box
  aspect: number
  label: string
  onChange: (box: Box) => void
}) {
  const id = useId()
  const ref = useRef<HTMLCanvasElement>(null)
  const drag = useRef<{ mode: Corner | 'move'; x: number; y: number; box: Box } | null>(null)
  const { w: iw, h: ih } = sizeOf(image)
  const scale = Math.min(1, VIEW_W / iw, VIEW_H / ih)
  const cw = Math.max(1, Math.round(iw * scale))
  const ch = Math.max(1, Math.round(ih * scale))

  useEffect(() => {
    const ctx = ref.current?.getContext('2d')
    if (!ctx) return
    ctx.clearRect(0, 0, cw, ch)
    ctx.drawImage(image, 0, 0, cw, ch)
    const x = box.x * scale
    const y = box.y * scale
    const w = box.w * scale
    const h = box.h * scale
    ctx.fillStyle = 'rgba(0, 0, 0, 0.55)'
    ctx.fillRect(0, 0, cw, y)
    ctx.fillRect(0, y + h, cw, ch - y - h)
    ctx.fillRect(0, y, x, h)
    ctx.fillRect(x + w, y, cw - x - w, h)
    ctx.strokeStyle = '#fff'
    ctx.lineWidth = 2
    ctx.strokeRect(x + 1, y + 1, w - 2, h - 2)
    ctx.fillStyle = '#fff'
    const s = 12
    for (const [hx, hy] of [
      [x, y],
      [x + w - s, y],
      [x, y + h - s],
      [x + w - s, y + h - s],
    ] as const)
      ctx.fillRect(hx, hy, s, s)
  }, [image, box, scale, cw, ch])

  /** The pointer's position in image pixels, and a corner's grab distance. */
  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect()
    const k = iw / (rect.width || 1)
    return { x: (e.clientX - rect.left) * k, y: (e.clientY - rect.top) * k, grab: 16 * k }
  }

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const p = at(e)
    const mode = hitTest(box, p.x, p.y, p.grab)
    if (!mode) return
    e.currentTarget.setPointerCapture?.(e.pointerId)
    drag.current = { mode, x: p.x, y: p.y, box }
    e.preventDefault()
  }
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current
    if (!d) return
    const p = at(e)
    onChange(
      d.mode === 'move'
        ? moveCrop(d.box, p.x - d.x, p.y - d.y, iw, ih)
        : resizeCrop(d.box, d.mode, p.x, p.y, aspect, iw, ih),
    )
  }
  const up = () => {
    drag.current = null
  }

  const key = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = e.shiftKey ? iw / 10 : Math.max(1, iw / 100)
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const m = moves[e.key]
    if (m) onChange(moveCrop(box, m[0], m[1], iw, ih))
    else if (e.key === '+' || e.key === '=') onChange(scaleCrop(box, 1.05, aspect, iw, ih))
    else if (e.key === '-' || e.key === '_') onChange(scaleCrop(box, 1 / 1.05, aspect, iw, ih))
    else return
    e.preventDefault()
  }

  const px = pixelBox(box, iw, ih)
  const out = outputSize(px, MAX_OUTPUT_WIDTH)
  return (
    <div className={wrap}>
      <canvas
        ref={ref}
        width={cw}
        height={ch}
        tabIndex={0}
        role='application'
        aria-label={label}
        aria-describedby={`${id}-how ${id}-now`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onKeyDown={key}
      >
        {label}
      </canvas>
      <p className='how' id={`${id}-how`}>
        Drag the box or its corners. With the keyboard: arrow keys move it (Shift moves further), + and − resize it.
      </p>
      <p className='how' id={`${id}-now`} aria-live='polite'>
        Crop: {px.w} × {px.h} pixels from {px.x}, {px.y}; saved at {out.w} × {out.h}.
      </p>
    </div>
  )
}

/** The size a crop is saved at, at most `maxWidth` wide. */
export function croppedSize(image: Drawable, box: Box, maxWidth = MAX_OUTPUT_WIDTH) {
  const { w: iw, h: ih } = sizeOf(image)
  return outputSize(pixelBox(box, iw, ih), maxWidth)
}

/** The cropped part of the image as a blob (JPEG on white, or PNG), at most `maxWidth` wide. */
export function cropToBlob(
  image: Drawable,
  box: Box,
  type: 'image/jpeg' | 'image/png',
  maxWidth = MAX_OUTPUT_WIDTH,
): Promise<Blob> {
  const { w: iw, h: ih } = sizeOf(image)
  const px = pixelBox(box, iw, ih)
  const out = outputSize(px, maxWidth)
  const canvas = document.createElement('canvas')
  canvas.width = out.w
  canvas.height = out.h
  const ctx = canvas.getContext('2d')
  if (!ctx) return Promise.reject(new Error('This browser cannot crop images.'))
  if (type === 'image/jpeg') {
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, out.w, out.h)
  }
  ctx.drawImage(image, px.x, px.y, px.w, px.h, 0, 0, out.w, out.h)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The cropped image could not be made.'))),
      type,
      0.9,
    ),
  )
}
