// A CSV of plots (pasted, or a file chosen) loaded into the register by import_plots: every row
// or none. The rows it refuses are listed by the file's line, and the text stays to be corrected.
import { useState } from 'react'
import { ErrorNotice, Field } from '@/components/admin/ui'
import { buttonPrimary } from '@/components/styles'
import { ImportRowsError, useImportPlots } from '../api/import-plots'
import { PLOT_COLUMNS, readPlotsCsv } from '../api/plots-csv'

const EXAMPLE = 'number,size,size_m2,features,status\n9,half,125,near tap,vacant'

export function ImportPlots({ siteId }: { siteId: number }) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const run = useImportPlots(siteId)
  const rowsWrong = run.error instanceof ImportRowsError ? run.error.rows : null

  const chooseFile = async (file: File | undefined) => {
    if (!file) return
    setText(await file.text())
    setProblem(null)
  }
  const load = () => {
    setDone(null)
    const csv = readPlotsCsv(text)
    setProblem(csv.error)
    if (csv.error) return
    run.mutate(csv, {
      onSuccess: ({ added, updated }) =>
        setDone(`${added} plot${added === 1 ? '' : 's'} added, ${updated} updated. Nothing else changed.`),
    })
  }
  return (
    <div>
      <p>
        A header row, then a plot a row. Columns: <code>{PLOT_COLUMNS.join(',')}</code>; size is half or full, features
        are separated by <code>;</code> (raised bed; near tap), status is vacant, preparing or out of use. Known numbers
        are updated; if any row is wrong, nothing is loaded.
      </p>
      <Field label='Choose a CSV file'>
        <input type='file' accept='.csv,text/csv,text/plain' onChange={(e) => void chooseFile(e.target.files?.[0])} />
      </Field>
      <Field label='Or paste the CSV' error={problem ?? undefined}>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={6}
          spellCheck={false}
          placeholder={EXAMPLE}
        />
      </Field>
      <button type='button' className={buttonPrimary} onClick={load} disabled={run.isPending || text.trim() === ''}>
        {run.isPending ? 'Loading…' : 'Load plots'}
      </button>
      {done && <p role='status'>{done}</p>}
      {rowsWrong && (
        <div role='alert' data-testid='import-errors'>
          <p>
            <strong>Some rows are wrong, so nothing was loaded.</strong> Correct them above and load again:
          </p>
          <ul>
            {rowsWrong.map((r) => (
              <li key={`${r.line}-${r.error}`}>
                Line {r.line}: {r.error}
              </li>
            ))}
          </ul>
        </div>
      )}
      {run.error && !rowsWrong && <ErrorNotice title='The plots were not loaded' message={run.error.message} />}
    </div>
  )
}
