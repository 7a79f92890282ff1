// The offline map: markers over a plain SVG outline of Great Britain, no tiles and no library.
// Each marker is a link (or, without an href, a focusable image) named by its place and demand.
import { css } from 'goober'
import type { MouseEvent } from 'react'
import { useLocation } from 'wouter'
import { outlinePath, project, VIEW_HEIGHT, VIEW_WIDTH } from './great-britain'
import { appHref, isDrawable, type MapPoint, markerLabel, markerRadius, maxDemand } from './types'

const svgClass = css`
  display: block;
  width: 100%;
  height: auto;
  max-height: 75vh;
  background: #eaf3f8;
  border-radius: 0.75rem;
  .land {
    fill: #f4f1e6;
    stroke: #7c8b7c;
    stroke-width: 2;
    stroke-linejoin: round;
  }
  .marker circle {
    fill: rgba(32, 94, 58, 0.72);
    stroke: #fff;
    stroke-width: 2;
    transition: fill 120ms;
  }
  .marker:hover circle,
  .marker:focus circle {
    fill: #b8541a;
  }
  .marker:focus {
    outline: none;
  }
  .marker:focus-visible circle {
    stroke: #111;
    stroke-width: 4;
  }
`

const OUTLINE = outlinePath()

export function OutlineMap({ points, label }: { points: readonly MapPoint[]; label: string }) {
  const [, navigate] = useLocation()
  const max = maxDemand(points)
  // Biggest first, so the small markers stay on top and clickable.
  const drawn = points.filter(isDrawable).sort((a, b) => b.demand - a.demand)
  const follow = (href: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || /^[a-z]+:/i.test(href)) return
    e.preventDefault()
    navigate(appHref(href))
  }
  return (
    <svg
      className={svgClass}
      viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
      role='group'
      aria-label={label}
      data-map='outline'
    >
      <path className='land' d={OUTLINE} aria-hidden='true' />
      {drawn.map((p) => {
        const [x, y] = project(p.lat, p.lng)
        const name = markerLabel(p)
        const circle = (
          <circle cx={x} cy={y} r={markerRadius(p.demand, max)}>
            <title>{name}</title>
          </circle>
        )
        return p.href ? (
          <a key={p.id} className='marker' href={p.href} aria-label={name} data-point={p.id} onClick={follow(p.href)}>
            {circle}
          </a>
        ) : (
          <g key={p.id} className='marker' tabIndex={0} role='img' aria-label={name} data-point={p.id}>
            {circle}
          </g>
        )
      })}
    </svg>
  )
}
