// The admin list table, once: the scrolling box (a focusable region named by the caption or the
// label, so a phone user can reach and scroll it), the caption, the header row with scope='col',
// the rows, the empty state instead of an empty table, and the pager under it.
import { type ReactNode, useId } from 'react'
import { visuallyHidden } from '@/components/styles'
import { EmptyState, Pager, tableWrap } from './ui'

/** A column heading: its text, or with `num` right-aligned figures, with `hidden` read by screen readers only. */
export type Heading = string | { label: string; num?: boolean; hidden?: boolean }

export interface DataTableProps<T> {
  /** This page's rows; undefined while they load (nothing is shown). */
  rows: readonly T[] | undefined
  head: readonly Heading[]
  /** One row: a <tr> with a key (a Fragment of rows is fine too). */
  children: (row: T, index: number) => ReactNode
  /** Names the table and its region ("12 events"); without it, `label` does. */
  caption?: ReactNode
  /** The region's name; it wins over the caption (screens that name their box keep their words). */
  label?: string
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode
  /** Rows after the data rows, such as a total. */
  after?: ReactNode
  pager?: { page: number; pages: number; onPage: (page: number) => void }
  className?: string
}

export function DataTable<T>({
  rows,
  head,
  children,
  caption,
  label,
  empty,
  after,
  pager,
  className,
}: DataTableProps<T>) {
  const captionId = useId()
  const name = label
    ? { 'aria-label': label }
    : caption != null
      ? { 'aria-labelledby': captionId }
      : { 'aria-label': 'Table' }
  return (
    <>
      {rows?.length === 0 && empty != null && <EmptyState>{empty}</EmptyState>}
      {rows && rows.length > 0 && (
        <div className={className ? `${tableWrap} ${className}` : tableWrap} tabIndex={0} role='region' {...name}>
          <table>
            {caption != null && <caption id={captionId}>{caption}</caption>}
            <thead>
              <tr>
                {head.map((h, i) => {
                  const { label: text, num, hidden } = typeof h === 'string' ? { label: h } : h
                  return (
                    <th key={i} scope='col' className={num ? 'num' : undefined}>
                      {hidden ? <span className={visuallyHidden}>{text}</span> : text}
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map(children)}
              {after}
            </tbody>
          </table>
        </div>
      )}
      {pager && <Pager {...pager} />}
    </>
  )
}
