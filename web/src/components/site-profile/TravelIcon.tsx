// Travel icons drawn as SVG: an emoji needs a colour-emoji font, which many desktops and headless
// browsers lack (they show an empty box). Decorative: the text beside each says the same.
import { css } from 'goober'

const icon = css`
  width: 1.25em;
  height: 1.25em;
  vertical-align: -0.25em;
  margin-right: 0.35em;
  fill: none;
  stroke: currentColor;
  stroke-width: 1.8;
  stroke-linecap: round;
  stroke-linejoin: round;
`

/** Each icon's strokes on a 24 × 24 grid. */
const SHAPES: Record<string, string> = {
  bike: 'M5.5 17.5m-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0 M18.5 17.5m-3.5 0a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0 M5.5 17.5 9 10h7l2.5 7.5 M9 10 12 17.5h-6.5 M14.5 6.5H17l-1 3.5',
  bus: 'M5 3h14a1 1 0 0 1 1 1v13H4V4a1 1 0 0 1 1-1z M4 11h16 M7 20v-3 M17 20v-3 M7.5 14.5h.01 M16.5 14.5h.01',
  car: 'M3 16v-3l2-5h14l2 5v3z M3 16v2h3v-2 M18 16v2h3v-2 M7 13h.01 M17 13h.01',
  walk: 'M13 4.5m-1.5 0a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0 M10 21l2-6 3 3v3 M12 15l1-6-3 1-2 3 M13 9l2 3h3',
  tram: 'M6 5h12v11H6z M6 11h12 M9 2h6 M12 2v3 M8 20l2-4 M16 20l-2-4',
  train:
    'M6 3h12a1 1 0 0 1 1 1v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a1 1 0 0 1 1-1z M5 10h14 M8.5 14h.01 M15.5 14h.01 M8 21l1.5-4 M16 21l-1.5-4',
  pin: 'M12 21s-6-5.5-6-10a6 6 0 0 1 12 0c0 4.5-6 10-6 10z M12 11m-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0',
}

/** The travel modes the directions and distance points name (public transport is a bus). */
const ALIASES: Record<string, string> = { public_transport: 'bus' }

export function TravelIcon({ kind }: { kind: string }) {
  const shape = SHAPES[ALIASES[kind] ?? kind] ?? SHAPES.pin
  return (
    <svg
      className={icon}
      viewBox='0 0 24 24'
      aria-hidden='true'
      focusable='false'
      data-icon={ALIASES[kind] ?? (SHAPES[kind] ? kind : 'pin')}
    >
      <path d={shape} />
    </svg>
  )
}
