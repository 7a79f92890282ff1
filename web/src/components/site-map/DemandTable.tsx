// The map's data as a table: the same places and demand for screen readers and small screens.
import { css } from 'goober'
import { Link } from 'wouter'
import { visuallyHidden } from '@/components/styles'
import { appHref, type MapPoint } from './types'
import { compareText } from '@/lib/intl'

const tableClass = css`
  width: 100%;
  border-collapse: collapse;
  margin-top: 1rem;
  font-size: 0.95rem;
  caption {
    text-align: left;
    font-weight: 700;
    margin-bottom: 0.4rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.45rem 0.5rem;
    border-bottom: 1px solid var(--roots-border);
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`

export function DemandTable({
  points,
  caption,
  hidden,
}: {
  points: readonly MapPoint[]
  caption: string
  hidden?: boolean
}) {
  const rows = [...points].sort((a, b) => b.demand - a.demand || compareText(a.name, b.name))
  return (
    <table className={hidden ? visuallyHidden : tableClass}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope='col'>Place</th>
          <th scope='col' className='num'>
            People waiting
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.id}>
            <th scope='row'>{p.href ? <Link href={appHref(p.href)}>{p.name}</Link> : p.name}</th>
            <td className='num'>{p.demand}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
