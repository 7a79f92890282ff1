// A site's plan: its plots drawn on a map (PlanMap, Leaflet in its own chunk, loaded once the plan
// comes into view), coloured by status with a pattern and a legend in words, the member's own plot
// outlined, and every plot also a button in the list under the map, by number, so nothing needs
// a mouse. With `editable`, staff draw the chosen plot's outline: each click on the map (or "Add a
// corner at the centre" after moving the map with the keyboard) adds a corner, then Save outline
// hands the polygon to `onShapeDrawn`. Without tiles (offline) the map is a plain background.
import { css } from 'goober'
import {
  Component,
  lazy,
  memo,
  type MutableRefObject,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { env } from '@/config/env'
import { buttonPrimary, buttonSecondary, visuallyHidden } from '@/components/styles'
import { imageSrc } from '@/lib/image-src'
import type { PlanBackground, PlanMapApi } from './PlanMap'
import {
  areaM2,
  byNumber,
  cornersToPolygon,
  crossesItself,
  formatM2,
  type GeoJsonPolygon,
  type LatLng,
  legendOf,
  MINE_COLOUR,
  type Pattern,
  plotDescription,
  type PlanPlot,
  SELECTED_COLOUR,
  type SitePlanData,
  STATUS_STYLE,
  statusLabel,
} from './plan'

const PlanMap = lazy(() => import('./PlanMap'))

/** OpenStreetMap's standard tiles, used when no tile source is configured. */
export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
const OSM_CREDIT = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

export interface SitePlanProps {
  /** public.site_plan(site), parsed with plan.ts. */
  plan: SitePlanData
  /** The chosen plot (controlled); without it the plan keeps its own choice. */
  selectedId?: number | null
  onSelect?: (plotId: number) => void
  /** Staff: draw the chosen plot's outline. */
  editable?: boolean
  /** A drawn outline; a rejected promise keeps the corners and shows its message. */
  onShapeDrawn?: (plotId: number, polygon: GeoJsonPolygon) => void | Promise<unknown>
  /** The plan's accessible name (default "Site plan"). */
  label?: string
  /** Tile URL template; default the configured source, else OpenStreetMap; null: no tiles. */
  tileUrl?: string | null
  /** Called each time the map has drawn the plots (the bench times it). */
  onMapDrawn?: () => void
  /** Staff: the map's own controls (what it shows now), to place the plan image by. */
  mapRef?: MutableRefObject<PlanMapApi | null>
}

/** A swatch's background: the status's fill with its pattern (as the map draws it). */
export function swatchBackground(fill: string, pattern: Pattern): string {
  const ink = 'rgba(20, 28, 24, 0.6)'
  const lines = (deg: number) => `repeating-linear-gradient(${deg}deg, ${ink} 0 1.5px, transparent 1.5px 6px)`
  const over: Record<Pattern, string[]> = {
    solid: [],
    hatch: [lines(-45)],
    cross: [lines(45), lines(-45)],
    vertical: [lines(90)],
    dots: [`radial-gradient(circle, ${ink} 1.3px, transparent 1.7px) 0 0 / 6px 6px`],
  }
  return [...over[pattern], fill].join(', ')
}

function configuredTiles(): string | undefined {
  try {
    return env().mapTileUrl
  } catch {
    return undefined
  }
}

const wrap = css`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  min-width: 0;
  .plan-map {
    height: clamp(16rem, 60vh, 30rem);
    border-radius: 0.75rem;
    border: 1px solid #c9d5c3;
    z-index: 0;
    background: #e7eee2 repeating-linear-gradient(45deg, transparent 0 22px, rgba(255, 255, 255, 0.35) 22px 24px);
  }
  .plan-map.leaflet-container {
    background-color: #e7eee2;
  }
  .plan-map.plan-drawing,
  .plan-map.plan-drawing .leaflet-interactive {
    cursor: crosshair;
  }
  .plan-map-wrap {
    position: relative;
  }
  .crosshair {
    position: absolute;
    left: 50%;
    top: 50%;
    width: 28px;
    height: 28px;
    margin: -14px 0 0 -14px;
    pointer-events: none;
    z-index: 500;
    background:
      linear-gradient(#111, #111) center / 2px 100% no-repeat,
      linear-gradient(#111, #111) center / 100% 2px no-repeat;
    filter: drop-shadow(0 0 1px #fff) drop-shadow(0 0 1px #fff);
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem 1rem;
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: 0.95rem;
  }
  .legend li {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
  }
  .swatch {
    display: inline-block;
    width: 1.4rem;
    height: 1rem;
    border: 1px solid #23302a;
    border-radius: 0.2rem;
  }
  .swatch.outline {
    background: #fff;
    border-width: 3px;
  }
  .chosen {
    margin: 0;
    padding: 0.6rem 0.8rem;
    border-left: 4px solid ${SELECTED_COLOUR};
    background: var(--roots-surface);
    border-radius: 0.4rem;
  }
  .draw {
    display: grid;
    gap: 0.5rem;
    padding: 0.75rem;
    border: 1px solid #c9cfcb;
    border-radius: 0.5rem;
  }
  .draw p {
    margin: 0;
  }
  .draw .buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .draw .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .list-title {
    font-size: 1rem;
    margin: 0;
  }
  .plots {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr));
    gap: 0.4rem;
    margin: 0;
    padding: 0.25rem;
    list-style: none;
    max-height: 18rem;
    overflow-y: auto;
    /* Hundreds of plots: only the rows in view are laid out and painted. */
    contain: content;
  }
  .plots li {
    content-visibility: auto;
    contain-intrinsic-size: auto 3.5rem;
  }
  .plots button {
    width: 100%;
    min-height: 2.75rem;
    display: grid;
    justify-items: start;
    gap: 0.1rem;
    padding: 0.3rem 0.5rem;
    font: inherit;
    text-align: left;
    border: 1px solid #9aa59e;
    border-radius: 0.4rem;
    background: #fff;
    color: var(--roots-text);
    cursor: pointer;
  }
  .plots button .n {
    font-weight: 700;
  }
  .plots button .s {
    font-size: 0.8rem;
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
  }
  .plots button .s .swatch {
    width: 0.8rem;
    height: 0.8rem;
  }
  .plots button[aria-pressed='true'] {
    border: 3px solid ${SELECTED_COLOUR};
    padding: calc(0.3rem - 2px) calc(0.5rem - 2px);
  }
  .plots button.mine {
    outline: 3px dashed ${MINE_COLOUR};
    outline-offset: -1px;
  }
  .note {
    color: var(--roots-muted);
    font-size: 0.9rem;
    margin: 0;
  }
`

function Swatch({ status }: { status: PlanPlot['status'] }) {
  const s = STATUS_STYLE[status]
  return <span className='swatch' aria-hidden='true' style={{ background: swatchBackground(s.fill, s.pattern) }} />
}

/** One plot in the list; memoised, as the list may hold hundreds. */
const PlotButton = memo(function PlotButton({
  plot: p,
  pressed,
  editable,
  onSelect,
}: {
  plot: PlanPlot
  pressed: boolean
  editable: boolean
  onSelect: (id: number) => void
}) {
  return (
    <li>
      <button
        type='button'
        aria-pressed={pressed}
        className={p.mine ? 'mine' : undefined}
        data-plot={p.number}
        onClick={() => onSelect(p.id)}
      >
        <span className='n'>
          <span className={visuallyHidden}>Plot </span>
          {p.number}
          {p.mine ? ' (yours)' : ''}
        </span>
        <span className='s'>
          <Swatch status={p.status} />
          {statusLabel(p.status)}
        </span>
        {editable && !p.shape && <span className='s'>no outline</span>}
      </button>
    </li>
  )
})

/** A map chunk that fails to load (offline) leaves the list, which does everything the map does. */
class MapBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

/** True once the element is within 200 px of the screen (at once where that cannot be watched). */
function useNearScreen(el: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    if (near || !el.current) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '200px',
    })
    io.observe(el.current)
    return () => io.disconnect()
  }, [el, near])
  return near
}

export function SitePlan({
  plan,
  selectedId,
  onSelect,
  editable = false,
  onShapeDrawn,
  label = 'Site plan',
  tileUrl,
  onMapDrawn,
  mapRef,
}: SitePlanProps) {
  const [ownChoice, setOwnChoice] = useState<number | null>(null)
  const chosenId = selectedId === undefined ? ownChoice : selectedId
  // Stable, so choosing a plot re-renders only the two buttons whose state changed.
  const onSelectNow = useRef(onSelect)
  onSelectNow.current = onSelect
  const select = useCallback((id: number) => {
    setOwnChoice(id)
    onSelectNow.current?.(id)
  }, [])
  const [corners, setCorners] = useState<LatLng[] | null>(null)
  const [drawError, setDrawError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const ownApi = useRef<PlanMapApi | null>(null)
  const api = mapRef ?? ownApi
  const mapWrap = useRef<HTMLDivElement>(null)
  const near = useNearScreen(mapWrap)
  const tiles = tileUrl === undefined ? (configuredTiles() ?? OSM_TILES) : tileUrl
  const plots = plan.plots
  const chosen = plots.find((p) => p.id === chosenId) ?? null
  const drawn = plots.filter((p) => p.shape).length
  const showMap = editable || drawn > 0 || !!plan.background
  const bg = plan.background
  const background = useMemo<PlanBackground | null>(
    () => (bg ? { url: imageSrc(bg.path) ?? '', bounds: bg.bounds } : null),
    [bg],
  )
  const anyMine = plots.some((p) => p.mine)
  const sorted = useMemo(() => [...plots].sort(byNumber), [plots])
  const legend = useMemo(() => legendOf(plots), [plots])

  // A different plot chosen while drawing: the corners belonged to the other one.
  const drewFor = useRef(chosenId)
  if (drewFor.current !== chosenId) {
    drewFor.current = chosenId
    if (corners !== null) setCorners(null)
    if (drawError !== null) setDrawError(null)
  }

  const addCorner = (c: LatLng) => {
    setDrawError(null)
    setCorners((cs) => (cs ? [...cs, c] : cs))
  }
  const saveOutline = async () => {
    if (!chosen || !corners || corners.length < 3 || !onShapeDrawn) return
    if (crossesItself(corners)) {
      setDrawError('Two sides of this outline cross: undo corners and click them in order around the plot.')
      return
    }
    setSaving(true)
    try {
      await onShapeDrawn(chosen.id, cornersToPolygon(corners))
      setCorners(null)
      setDrawError(null)
    } catch (e) {
      setDrawError(e instanceof Error ? e.message : 'The outline was not saved.')
    } finally {
      setSaving(false)
    }
  }

  const fallback = (
    <div className='plan-map' data-plan-map='plain'>
      <p className={visuallyHidden}>Every plot on the map is also in the list below.</p>
    </div>
  )

  return (
    <figure className={wrap} aria-label={label} data-site-plan={plan.site_id}>
      <ul className='legend' aria-label='Key'>
        {legend.map(({ status, count }) => (
          <li key={status}>
            <Swatch status={status} />
            {statusLabel(status)} ({count})
          </li>
        ))}
        {anyMine && (
          <li>
            <span
              className='swatch outline'
              aria-hidden='true'
              style={{ borderColor: MINE_COLOUR, borderStyle: 'dashed' }}
            />
            Your plot
          </li>
        )}
        {chosen && (
          <li>
            <span className='swatch outline' aria-hidden='true' style={{ borderColor: SELECTED_COLOUR }} />
            Chosen plot
          </li>
        )}
      </ul>
      {showMap ? (
        <div className='plan-map-wrap' ref={mapWrap}>
          {near ? (
            <MapBoundary fallback={fallback}>
              <Suspense fallback={fallback}>
                <PlanMap
                  plots={plots}
                  centre={plan.centre ?? null}
                  selectedId={chosenId}
                  onSelect={select}
                  drawing={corners}
                  onAddCorner={addCorner}
                  tileUrl={tiles}
                  attribution={tiles === OSM_TILES ? OSM_CREDIT : ''}
                  background={background}
                  label={`${label}: map. Move it with the arrow keys; every plot is also in the list below.`}
                  className='plan-map'
                  apiRef={api}
                  onDrawn={onMapDrawn}
                />
              </Suspense>
            </MapBoundary>
          ) : (
            fallback
          )}
          {corners && <span className='crosshair' aria-hidden='true' />}
        </div>
      ) : (
        <p className='note'>No plot outlines are drawn on this plan yet: the plots are listed below.</p>
      )}
      {/* Always there, so choosing the first plot moves nothing below it (the list of hundreds). */}
      <p className='chosen' aria-live='polite' data-testid='chosen-plot'>
        {!chosen && 'Choose a plot on the plan or in the list to see it here.'}
        {chosen && (
          <>
            <strong>
              Plot {chosen.number}: {statusLabel(chosen.status)}
              {chosen.mine ? ' (your plot)' : ''}.
            </strong>{' '}
            {plotDescription(chosen)}.{chosen.holder ? ` Held by ${chosen.holder}.` : ''}
            {editable && !chosen.shape ? ' No outline drawn yet.' : ''}
          </>
        )}
      </p>
      {editable && chosen && onShapeDrawn && (
        <div className='draw' data-testid='draw-outline'>
          {corners === null ? (
            <div className='buttons'>
              <button
                type='button'
                className={buttonSecondary}
                onClick={() => {
                  setDrawError(null)
                  setCorners([])
                }}
              >
                {chosen.shape ? 'Redraw outline' : 'Draw outline'} of plot {chosen.number}
              </button>
            </div>
          ) : (
            <>
              <p role='status'>
                Drawing plot {chosen.number}: click the map at each corner, in order around the plot, then Save outline.{' '}
                {corners.length === 1 ? '1 corner' : `${corners.length} corners`}
                {corners.length >= 3 ? `, about ${formatM2(areaM2(corners))}` : ''}.
              </p>
              <div className='buttons'>
                <button
                  type='button'
                  className={buttonSecondary}
                  disabled={!api.current}
                  onClick={() => api.current && addCorner(api.current.centre())}
                >
                  Add a corner at the centre
                </button>
                <button
                  type='button'
                  className={buttonSecondary}
                  disabled={corners.length === 0}
                  onClick={() => setCorners((cs) => cs?.slice(0, -1) ?? cs)}
                >
                  Undo corner
                </button>
                <button
                  type='button'
                  className={buttonPrimary}
                  disabled={corners.length < 3 || saving}
                  onClick={() => void saveOutline()}
                >
                  {saving ? 'Saving…' : 'Save outline'}
                </button>
                <button type='button' className={buttonSecondary} onClick={() => setCorners(null)}>
                  Cancel drawing
                </button>
              </div>
            </>
          )}
          {drawError && (
            <p role='alert' className='error'>
              {drawError}
            </p>
          )}
        </div>
      )}
      <h3 className='list-title' id={`plan-list-${plan.site_id}`}>
        Plots by number ({plots.length})
      </h3>
      <ul className='plots' aria-labelledby={`plan-list-${plan.site_id}`}>
        {sorted.map((p) => (
          <PlotButton key={p.id} plot={p} pressed={p.id === chosenId} editable={editable} onSelect={select} />
        ))}
      </ul>
    </figure>
  )
}
