// A person's own records (their payments, their rent) as a table on a wide screen and as one block
// per row on a phone (30rem and narrower), so the amount and status are never off to the side.
// On a phone the column headings are hidden from view but kept for screen readers, and each cell
// shows its heading beside its value (CSS generated text, given empty alternative text so it is not
// read twice). The table's parts carry their ARIA roles too: a browser may drop a table's
// semantics once its parts no longer display as one.
import type { ReactNode } from 'react'
import { css } from 'goober'
import { visuallyHidden } from './styles'

export interface StackedColumn<T> {
  /** The heading; on a phone it is shown beside each cell. */
  label: string
  /** A heading read by screen readers only, with nothing beside the cell on a phone (a row's link). */
  hidden?: boolean
  /** For the heading and the cells: `num` for figures, or the page's own column classes. */
  className?: string
  cell: (row: T) => ReactNode
}

const box = css`
  overflow-x: auto;
  & table {
    overflow-wrap: normal;
  }
  @media (max-width: 30rem) {
    & thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    & tr {
      display: block;
      padding: 0.5rem 0;
    }
    & tbody tr + tr {
      border-top: 1px solid #c9d2c9;
    }
    & tbody td {
      display: grid;
      grid-template-columns: minmax(5.5rem, 35%) 1fr;
      gap: 0.75rem;
      border: 0;
      padding: 0.15rem 0.5rem;
      white-space: normal;
    }
    /* Above a page's own column alignment (figures to the right): here values line up on the left. */
    & tbody td[data-label] {
      text-align: left;
    }
    & tbody td:not([data-label]) {
      display: block;
      text-align: right;
    }
    & tbody td[data-label]::before {
      content: attr(data-label);
      content: attr(data-label) / '';
      font-weight: 700;
    }
  }
`

export function StackedTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  /** Names the scrolling region that holds the table (a wide table on a narrow window scrolls). */
  label: string
  columns: readonly StackedColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string | number
  rowTestId?: string
}) {
  return (
    <div className={`scroll ${box}`} tabIndex={0} role='region' aria-label={label}>
      <table role='table'>
        <thead role='rowgroup'>
          <tr role='row'>
            {columns.map((c) => (
              <th key={c.label} scope='col' role='columnheader' className={c.className}>
                {c.hidden ? <span className={visuallyHidden}>{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role='rowgroup'>
          {rows.map((r) => (
            <tr key={rowKey(r)} role='row' data-testid={rowTestId}>
              {columns.map((c) => (
                <td key={c.label} role='cell' className={c.className} data-label={c.hidden ? undefined : c.label}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
