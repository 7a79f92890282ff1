// The import page's bad input and failures, with the database calls stubbed: a missing required
// column, a spreadsheet that is not CSV and a file over the row limit are said plainly and call
// nothing; a batch that fails keeps everything and "Try again" carries on from that batch under
// the same import id.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ImportBatchInput, RowResult } from '../api/import'

const checkBatch = vi.fn()
const importBatch = vi.fn()
const sendWelcomes = vi.fn()
vi.mock('../api/import', () => ({
  useImportSites: () => ({ data: [{ id: 7, location: 'Tuckers Meadow', city: 'Bath' }], isError: false }),
  usePastImports: () => ({ data: [] }),
  pastImportsKey: (id: number) => ['admin-import', 'imports', id],
  checkBatch: (...a: unknown[]) => checkBatch(...a),
  importBatch: (...a: unknown[]) => importBatch(...a),
  sendWelcomes: (...a: unknown[]) => sendWelcomes(...a),
}))
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

const { AdminImportRoute } = await import('./import')
const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query')
const page = () => (
  <QueryClientProvider client={new QueryClient()}>
    <AdminImportRoute />
  </QueryClientProvider>
)

afterEach(() => {
  cleanup()
  checkBatch.mockReset()
  importBatch.mockReset()
  sendWelcomes.mockReset()
})

function upload(text: string | Uint8Array<ArrayBuffer>, name = 'list.csv') {
  const file = new File([text], name, { type: 'text/csv' })
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } })
}

const csv = (n: number) =>
  ['First name,Last name,Email', ...Array.from({ length: n }, (_, i) => `A${i},B,a${i}@example.com`)].join('\n')

describe('the import page', () => {
  it('names a required column the file lacks and checks nothing', async () => {
    render(page())
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '7' } })
    upload('First name,Phone\nAnn,07700 900123\n')
    await screen.findByText('list.csv: 1 row under a header of 2 columns.')
    fireEvent.click(screen.getByRole('button', { name: 'Check the rows' }))
    await screen.findByText('Choose the column for Last name, E-mail: these are required.')
    expect(checkBatch).not.toHaveBeenCalled()
    expect((screen.getByLabelText('Site') as HTMLSelectElement).value).toBe('7')
  })

  it('says a spreadsheet file is not CSV, and refuses a file over the row limit', async () => {
    render(page())
    upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x14]), 'list.xlsx')
    await screen.findByText(/This is not a CSV file/)
    upload(csv(10_001))
    await screen.findByText(/The file has 10,001 rows: import at most 10,000 rows per file/)
    expect(screen.queryByRole('button', { name: 'Check the rows' })).toBeNull()
  })

  it('keeps everything when a batch fails, and carries on from it under the same import id', async () => {
    checkBatch.mockImplementation((_site: number, rows: { row: number }[]) =>
      Promise.resolve(rows.map((r): RowResult => ({ row: r.row, status: 'ok', messages: [] }))),
    )
    let calls = 0
    importBatch.mockImplementation((b: ImportBatchInput) => {
      calls++
      if (calls === 2) return Promise.reject(new Error('We could not reach Roots just now.'))
      const rows = b.rows.map((r): RowResult => ({ row: r.row, status: 'imported', messages: [] }))
      return Promise.resolve({
        rows,
        totals: {
          id: b.importId,
          total_rows: 250,
          imported: calls === 1 ? 200 : 250,
          duplicates: 0,
          errors: 0,
          send_welcome: false,
          finished_at: null,
        },
      })
    })
    render(page())
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '7' } })
    upload(csv(250))
    fireEvent.click(await screen.findByRole('button', { name: 'Check the rows' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Import 250 applicants into Tuckers Meadow' }))
    await screen.findByText(/We could not reach Roots just now\. Rows imported so far stay imported/)
    expect((screen.getByRole('progressbar', { name: 'Import progress' }) as HTMLProgressElement).value).toBe(200)
    expect((screen.getByLabelText('Site') as HTMLSelectElement).value).toBe('7')

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { name: 'Import finished' })
    expect(importBatch).toHaveBeenCalledTimes(3)
    const [first, failed, retried] = importBatch.mock.calls.map((c) => c[0] as ImportBatchInput)
    expect(first!.rows).toHaveLength(200)
    expect(retried!.rows.map((r) => r.row)).toEqual(failed!.rows.map((r) => r.row))
    expect(new Set([first!.importId, failed!.importId, retried!.importId]).size).toBe(1)
    await waitFor(() =>
      expect(screen.getByLabelText('Import report').textContent).toBe('Imported250Duplicates skipped0Errors skipped0'),
    )
    expect(sendWelcomes).not.toHaveBeenCalled()
  })
})
