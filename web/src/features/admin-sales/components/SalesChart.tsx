// A small bar chart of what was charged per period, drawn in SVG. Screen readers get a title and
// a summary (role img); the exact figures are in the table beside it.
import { css } from 'goober'
import { formatPence } from '@/lib/admin/money'
import type { SalesRow } from '../api/get-sales'

const wrap = css`
  background: var(--roots-surface);
  border: 1px solid #d9ddd9;
  border-radius: 0.5rem;
  padding: 0.75rem;
  margin: 0 0 1rem;
  svg {
    width: 100%;
    height: auto;
    display: block;
  }
  .bar {
    fill: var(--roots-primary);
  }
  .axis {
    stroke: #5f6b63;
    stroke-width: 1;
  }
  text {
    font-size: 11px;
    fill: #333;
  }
`

export interface ChartBar {
  label: string
  value: number
}

/** Bar geometry in a width × height box (exported for tests): the tallest bar fills the height. */
export function layoutBars(
  values: number[],
  width: number,
  height: number,
): Array<{ x: number; y: number; w: number; h: number }> {
  const max = Math.max(1, ...values)
  const slot = values.length ? width / values.length : width
  const w = Math.max(1, slot * 0.7)
  return values.map((v, i) => {
    const h = Math.round((Math.max(0, v) / max) * height)
    return { x: i * slot + (slot - w) / 2, y: height - h, w, h }
  })
}

export function SalesChart({ rows, title }: { rows: SalesRow[]; title: string }) {
  const W = 640,
    H = 200,
    PAD = 28
  const bars = layoutBars(
    rows.map((r) => r.sales_pence),
    W - PAD,
    H,
  )
  const total = rows.reduce((s, r) => s + r.sales_pence, 0)
  const best = rows.reduce<SalesRow | null>((b, r) => (!b || r.sales_pence > b.sales_pence ? r : b), null)
  const summary =
    rows.length === 0
      ? 'No periods.'
      : `${rows.length} periods, ${formatPence(total)} in all${best && best.sales_pence > 0 ? `; highest ${formatPence(best.sales_pence)} in the period starting ${best.period}` : ''}.`
  const every = Math.max(1, Math.ceil(rows.length / 8))
  return (
    <figure className={wrap}>
      <svg viewBox={`0 0 ${W} ${H + 24}`} role='img' aria-labelledby='sales-chart-title sales-chart-desc'>
        <title id='sales-chart-title'>{title}</title>
        <desc id='sales-chart-desc'>{summary}</desc>
        <g transform={`translate(${PAD},0)`}>
          {bars.map((b, i) => (
            <rect key={rows[i]!.period} className='bar' x={b.x} y={b.y} width={b.w} height={b.h}>
              <title>{`${rows[i]!.period}: ${formatPence(rows[i]!.sales_pence)}`}</title>
            </rect>
          ))}
          <line className='axis' x1={0} y1={H} x2={W - PAD} y2={H} />
          {rows.map((r, i) =>
            i % every === 0 ? (
              <text key={r.period} x={bars[i]!.x} y={H + 16}>
                {r.period.slice(5)}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      <figcaption>{summary}</figcaption>
    </figure>
  )
}
