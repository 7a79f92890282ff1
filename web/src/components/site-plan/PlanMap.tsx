// The site plan's map (Leaflet, its own chunk: only pages that show a plan load it). Every plot
// is one path on Leaflet's canvas renderer, coloured by status; a second canvas above it draws
// each status's pattern and the plot numbers, so 700 plots are two canvases, not 700 elements or
// React components. Tiles (OpenStreetMap, or the configured source) are drawn when they load over
// a plain background that never waits for them; the site's plan image, when it has one, lies over
// the tiles and under the plots, so the site shows where tiles cannot load. While an outline is
// drawn, each click on the map adds a corner.
import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { type MutableRefObject, useEffect, useRef } from 'react'
import {
  cornersOf,
  labelPoint,
  type LatLng,
  MINE_COLOUR,
  type Pattern,
  planBounds,
  type PlanPlot,
  SELECTED_COLOUR,
  STATUS_STYLE,
} from './plan'

export interface PlanMapApi {
  /** The map's centre: where "Add a corner at the centre" puts one (keyboard drawing). */
  centre(): LatLng
  /** What the map shows now: its south-west and north-east corners, and its width over height. */
  view(): { bounds: [LatLng, LatLng]; aspect: number }
}

/** The site's plan image: its URL and its south-west and north-east corners. */
export interface PlanBackground {
  url: string
  bounds: [LatLng, LatLng]
}

export interface PlanMapProps {
  plots: readonly PlanPlot[]
  centre: LatLng | null
  selectedId: number | null
  onSelect: (plotId: number) => void
  /** The corners drawn so far while an outline is drawn; null otherwise. */
  drawing: readonly LatLng[] | null
  onAddCorner: (corner: LatLng) => void
  tileUrl: string | null
  attribution: string
  background: PlanBackground | null
  label: string
  className: string
  apiRef: MutableRefObject<PlanMapApi | null>
  /** Called once the plots are drawn (the bench times it). */
  onDrawn?: () => void
}

const GB_CENTRE: LatLng = [54.3, -2.5]

function pathStyle(p: PlanPlot, selected: boolean): L.PathOptions {
  const s = STATUS_STYLE[p.status]
  return {
    color: selected ? SELECTED_COLOUR : p.mine ? MINE_COLOUR : '#23302a',
    weight: selected ? 4 : p.mine ? 4 : 1.25,
    dashArray: p.mine && !selected ? '8 4' : undefined,
    fillColor: s.fill,
    fillOpacity: 0.72,
    opacity: 1,
  }
}

/** Lines of a pattern over a box, clipped by the caller to the plot's outline. */
function drawPattern(ctx: CanvasRenderingContext2D, pattern: Pattern, box: DOMRect) {
  if (pattern === 'solid') return
  const step = 7
  ctx.beginPath()
  if (pattern === 'dots') {
    for (let x = box.left + 2; x < box.right; x += step) {
      for (let y = box.top + 2; y < box.bottom; y += step) {
        ctx.moveTo(x + 1.4, y)
        ctx.arc(x, y, 1.4, 0, Math.PI * 2)
      }
    }
    ctx.fill()
    return
  }
  const span = box.width + box.height
  if (pattern === 'vertical') {
    for (let x = box.left; x < box.right; x += step) {
      ctx.moveTo(x, box.top)
      ctx.lineTo(x, box.bottom)
    }
  }
  if (pattern === 'hatch' || pattern === 'cross') {
    for (let d = 0; d < span; d += step) {
      ctx.moveTo(box.left + d, box.top)
      ctx.lineTo(box.left + d - box.height, box.bottom)
    }
  }
  if (pattern === 'cross') {
    for (let d = 0; d < span; d += step) {
      ctx.moveTo(box.left + d - box.height, box.top)
      ctx.lineTo(box.left + d, box.bottom)
    }
  }
  ctx.stroke()
}

export default function PlanMap(props: PlanMapProps) {
  const { plots, centre, selectedId, drawing, tileUrl, attribution, background, label, className, apiRef } = props
  const box = useRef<HTMLDivElement>(null)
  const map = useRef<L.Map | null>(null)
  const layers = useRef(new Map<number, L.Polygon>())
  const group = useRef<L.LayerGroup | null>(null)
  const draft = useRef<L.LayerGroup | null>(null)
  const overlay = useRef<{ canvas: HTMLCanvasElement; redraw: () => void } | null>(null)
  const latest = useRef(props)
  latest.current = props
  const shown = useRef<{ plots: readonly PlanPlot[]; selectedId: number | null }>({ plots: [], selectedId: null })
  const viewSet = useRef(false)

  // The map, its tiles and the overlay canvas, once.
  useEffect(() => {
    if (!box.current) return
    const m = L.map(box.current, {
      renderer: L.canvas({ padding: 0.3 }),
      preferCanvas: true,
      scrollWheelZoom: false,
      zoomSnap: 0.5,
      maxZoom: 22,
    })
    map.current = m
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 22, maxNativeZoom: 19, attribution }).addTo(m)
    // Over the tiles (200), under the plots (overlay pane, 400).
    m.createPane('plan-image').style.zIndex = '250'
    group.current = L.layerGroup().addTo(m)
    draft.current = L.layerGroup().addTo(m)
    const pane = m.createPane('plot-marks')
    pane.style.zIndex = '450'
    pane.style.pointerEvents = 'none'
    const canvas = L.DomUtil.create('canvas', 'plot-marks', pane)
    const redraw = () => {
      const size = m.getSize()
      const ratio = globalThis.devicePixelRatio || 1
      canvas.width = size.x * ratio
      canvas.height = size.y * ratio
      canvas.style.width = `${size.x}px`
      canvas.style.height = `${size.y}px`
      L.DomUtil.setPosition(canvas, m.containerPointToLayerPoint([0, 0]))
      const ctx = canvas.getContext('2d')
      if (!ctx) return
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
      ctx.clearRect(0, 0, size.x, size.y)
      const view = new DOMRect(0, 0, size.x, size.y)
      const now = shown.current.plots
      ctx.font = '700 12px system-ui, sans-serif'
      ctx.textAlign = 'center'
      ctx.textBaseline = 'middle'
      ctx.lineJoin = 'round'
      for (const p of now) {
        const corners = cornersOf(p.shape)
        if (corners.length < 3) continue
        const pts = corners.map((c) => m.latLngToContainerPoint(c))
        const xs = pts.map((q) => q.x)
        const ys = pts.map((q) => q.y)
        const b = new DOMRect(Math.min(...xs), Math.min(...ys), 0, 0)
        b.width = Math.max(...xs) - b.x
        b.height = Math.max(...ys) - b.y
        if (b.right < 0 || b.bottom < 0 || b.left > view.right || b.top > view.bottom) continue
        const style = STATUS_STYLE[p.status]
        if (style.pattern !== 'solid' && b.width > 6 && b.height > 6) {
          ctx.save()
          ctx.beginPath()
          pts.forEach((q, i) => (i ? ctx.lineTo(q.x, q.y) : ctx.moveTo(q.x, q.y)))
          ctx.closePath()
          ctx.clip()
          ctx.strokeStyle = 'rgba(20, 28, 24, 0.55)'
          ctx.fillStyle = 'rgba(20, 28, 24, 0.55)'
          ctx.lineWidth = 1.2
          drawPattern(ctx, style.pattern, b)
          ctx.restore()
        }
        const at = labelPoint(corners)
        if (!at) continue
        const text = p.mine ? `${p.number} (yours)` : p.number
        const wide = ctx.measureText(text).width + 4
        if (b.width < wide && !p.mine) continue
        const q = m.latLngToContainerPoint(at)
        ctx.lineWidth = 3.5
        ctx.strokeStyle = 'rgba(255, 255, 255, 0.95)'
        ctx.strokeText(text, q.x, q.y)
        ctx.fillStyle = '#111'
        ctx.fillText(text, q.x, q.y)
      }
    }
    overlay.current = { canvas, redraw }
    m.on('zoomstart', () => (canvas.style.visibility = 'hidden'))
    m.on('zoomend moveend resize viewreset', () => {
      canvas.style.visibility = ''
      redraw()
    })
    m.on('click', (e: L.LeafletMouseEvent) => {
      if (latest.current.drawing) latest.current.onAddCorner([e.latlng.lat, e.latlng.lng])
    })
    apiRef.current = {
      centre: () => {
        const c = m.getCenter()
        return [c.lat, c.lng]
      },
      view: () => {
        const b = m.getBounds()
        const size = m.getSize()
        return {
          bounds: [
            [b.getSouth(), b.getWest()],
            [b.getNorth(), b.getEast()],
          ],
          aspect: size.y > 0 ? size.x / size.y : 1,
        }
      },
    }
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => m.invalidateSize())
    resize?.observe(box.current)
    return () => {
      resize?.disconnect()
      apiRef.current = null
      overlay.current = null
      layers.current.clear()
      m.remove()
      map.current = null
      viewSet.current = false
    }
  }, [tileUrl, attribution, apiRef])

  // The plan image: placed again when it changes.
  useEffect(() => {
    const m = map.current
    if (!m || !background) return
    const image = L.imageOverlay(background.url, background.bounds, {
      pane: 'plan-image',
      alt: '',
      interactive: false,
    }).addTo(m)
    return () => {
      image.remove()
    }
  }, [background])

  // The plots: drawn again when the plan changes; the view is set the first time.
  useEffect(() => {
    const m = map.current
    const g = group.current
    if (!m || !g) return
    g.clearLayers()
    layers.current.clear()
    for (const p of plots) {
      const corners = cornersOf(p.shape)
      if (corners.length < 3) continue
      const poly = L.polygon(corners, pathStyle(p, p.id === latest.current.selectedId))
      poly.on('click', (e: L.LeafletMouseEvent) => {
        if (latest.current.drawing) return
        L.DomEvent.stopPropagation(e)
        latest.current.onSelect(p.id)
      })
      poly.addTo(g)
      layers.current.set(p.id, poly)
    }
    const back = latest.current.background?.bounds
    const b =
      planBounds(plots) ?? (back ? { south: back[0][0], west: back[0][1], north: back[1][0], east: back[1][1] } : null)
    if (!viewSet.current) {
      viewSet.current = true
      if (b)
        m.fitBounds(
          [
            [b.south, b.west],
            [b.north, b.east],
          ],
          { padding: [16, 16], maxZoom: 20, animate: false },
        )
      else m.setView(centre ?? GB_CENTRE, centre ? 18 : 5, { animate: false })
    }
    shown.current = { plots, selectedId: latest.current.selectedId }
    layers.current.get(latest.current.selectedId ?? -1)?.bringToFront()
    overlay.current?.redraw()
    // How many outlines are on the map: journeys and the bench wait for it.
    box.current?.setAttribute('data-plan-drawn', String(layers.current.size))
    latest.current.onDrawn?.()
  }, [plots, centre])

  // The chosen plot: restyled (and brought into view) without drawing the others again.
  useEffect(() => {
    const before = shown.current.selectedId
    if (before === selectedId) return
    const byId = (id: number | null) => (id === null ? undefined : plots.find((p) => p.id === id))
    const old = byId(before)
    if (old) layers.current.get(old.id)?.setStyle(pathStyle(old, false))
    const now = byId(selectedId)
    const poly = now ? layers.current.get(now.id) : undefined
    if (now && poly) {
      poly.setStyle(pathStyle(now, true)).bringToFront()
      const m = map.current
      if (m && !m.getBounds().contains(poly.getBounds())) m.panTo(poly.getBounds().getCenter())
    }
    // The patterns and numbers do not change with the choice: the overlay stays as drawn.
    shown.current = { ...shown.current, selectedId }
  }, [selectedId, plots])

  // The outline being drawn: its corners and sides, closed by a dashed side.
  useEffect(() => {
    const d = draft.current
    const m = map.current
    if (!d || !m) return
    d.clearLayers()
    m.getContainer().classList.toggle('plan-drawing', drawing !== null)
    if (!drawing || drawing.length === 0) return
    const corners = drawing.map((c) => L.latLng(c[0], c[1]))
    L.polyline(corners, { color: SELECTED_COLOUR, weight: 3, interactive: false }).addTo(d)
    if (corners.length > 2) {
      L.polyline([corners.at(-1)!, corners[0]!], {
        color: SELECTED_COLOUR,
        weight: 2,
        dashArray: '6 6',
        interactive: false,
      }).addTo(d)
    }
    for (const c of corners) {
      L.circleMarker(c, {
        radius: 5,
        color: '#fff',
        weight: 2,
        fillColor: SELECTED_COLOUR,
        fillOpacity: 1,
        interactive: false,
      }).addTo(d)
    }
  }, [drawing])

  return <div ref={box} className={className} role='region' aria-label={label} data-plan-map='' />
}
