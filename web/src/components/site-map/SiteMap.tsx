// A map of places sized by demand, with the same data as a table. With a tile source configured
// (runtime config `mapTileUrl`) it draws a Leaflet map, loaded on demand; without one (offline,
// the default here) it draws the markers over a plain outline of Great Britain.
import { css } from 'goober'
import { lazy, Suspense } from 'react'
import { env } from '@/config/env'
import { DemandTable } from './DemandTable'
import { OutlineMap } from './OutlineMap'
import type { MapPoint } from './types'

const LeafletMap = lazy(() => import('./LeafletMap'))

const wrap = css`
  margin: 0;
  .map-note {
    color: var(--roots-muted);
    font-size: 0.9rem;
    margin: 0.5rem 0 0;
  }
`

export interface SiteMapProps {
  points: readonly MapPoint[]
  /** The map's accessible name, e.g. "Map of Roots sites and waiting-list demand". */
  label: string
  /** Caption of the table of the same data. */
  caption?: string
  /** Keep the table for screen readers only (default: shown under the map). */
  hideTable?: boolean
  /** Tile URL template; defaults to the runtime config's `mapTileUrl`. `null` forces the outline. */
  tileUrl?: string | null
}

export function configuredTileUrl(): string | undefined {
  try {
    return env().mapTileUrl
  } catch {
    return undefined
  }
}

export function SiteMap({ points, label, caption = 'Places and people waiting', hideTable, tileUrl }: SiteMapProps) {
  const tiles = tileUrl === undefined ? configuredTileUrl() : (tileUrl ?? undefined)
  if (points.length === 0) return <p role='status'>There are no places to show on the map yet.</p>
  const outline = <OutlineMap points={points} label={label} />
  return (
    <figure className={wrap}>
      {tiles ? (
        <Suspense fallback={outline}>
          <LeafletMap points={points} label={label} tileUrl={tiles} />
        </Suspense>
      ) : (
        outline
      )}
      <p className='map-note'>Larger circles mean more people waiting.</p>
      <DemandTable points={points} caption={caption} hidden={hideTable} />
    </figure>
  )
}
