import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataTable } from './DataTable'

afterEach(cleanup)

const rows = [
  { id: 1, name: 'Tuckers Meadow', plots: 40 },
  { id: 2, name: 'Haigh Fields', plots: 12 },
]
const row = (r: (typeof rows)[number]) => (
  <tr key={r.id}>
    <td>{r.name}</td>
    <td className='num'>{r.plots}</td>
  </tr>
)

describe('DataTable', () => {
  it('puts the table in a focusable region named by its caption, with column headers', () => {
    render(
      <DataTable rows={rows} head={['Site', { label: 'Plots', num: true }]} caption='2 sites'>
        {row}
      </DataTable>,
    )
    const region = screen.getByRole('region', { name: '2 sites' })
    expect(region.tabIndex).toBe(0)
    const table = within(region).getByRole('table', { name: '2 sites' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope'), h.className])).toEqual([
      ['Site', 'col', ''],
      ['Plots', 'col', 'num'],
    ])
    expect(within(table).getAllByRole('row')).toHaveLength(3)
  })

  it('lets a label name the region and hides a heading visually only', () => {
    render(
      <DataTable rows={rows} head={['Site', { label: 'Actions', hidden: true }]} label='Sites'>
        {row}
      </DataTable>,
    )
    expect(screen.getByRole('region', { name: 'Sites' })).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: 'Actions' }).firstElementChild?.tagName).toBe('SPAN')
  })

  it('shows the empty state instead of an empty table, and nothing while loading', () => {
    const { rerender } = render(
      <DataTable rows={undefined} head={['Site']} label='Sites' empty='No sites yet.'>
        {row}
      </DataTable>,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByText('No sites yet.')).toBeNull()
    rerender(
      <DataTable rows={[]} head={['Site']} label='Sites' empty='No sites yet.'>
        {row}
      </DataTable>,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('No sites yet.')).toBeTruthy()
  })

  it('pages with the pager under the table', () => {
    const onPage = vi.fn()
    render(
      <DataTable rows={rows} head={['Site', 'Plots']} caption='Sites' pager={{ page: 0, pages: 3, onPage }}>
        {row}
      </DataTable>,
    )
    const pager = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy()
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(onPage).toHaveBeenCalledWith(1)
  })
})
