// /admin/waiting-list/import: a spreadsheet's waiting list onto a site's list. Choose the site and
// the CSV (or paste it), check the column mapping, check the rows (a dry run in the database:
// per-row errors and duplicates, nothing written), then import them in batches with a progress
// bar and read the report. Nothing chosen is lost when a call fails: the site, the file, the
// mapping and the results so far stay, and "Try again" resumes at the batch that failed under the
// same import id (the database answers a batch it already has from its record).
import { css } from 'goober'
import { type ChangeEvent, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { DataTable } from '@/components/admin/DataTable'
import { ErrorNotice, Field, formGrid, PageHeader, Status } from '@/components/admin/ui'
import { muted, spaced } from '@/components/admin/styles'
import { actionRow, buttonPrimary, buttonSecondary } from '@/components/styles'
import { downloadText } from '@/lib/admin/csv'
import { toast } from '@/lib/toast'
import {
  checkBatch,
  importBatch,
  type ImportTotals,
  type RowResult,
  pastImportsKey,
  sendWelcomes,
  useImportSites,
  usePastImports,
} from '../api/import'
import {
  batches,
  CHECK_BATCH_SIZE,
  type ColumnMapping,
  doubleMapped,
  type FieldKey,
  guessMapping,
  IMPORT_FIELDS,
  type ImportRow,
  mapRows,
  MAX_ROWS_PER_FILE,
  missingRequired,
} from '../lib/columns'
import { decodeCsvBytes, looksBinary, parseCsv, pastedToCsv } from '../lib/parse-csv'
import { countResults, markFileDuplicates, problemRowsCsv } from '../lib/report'
import { usePageMeta } from '@/lib/page-meta'
import { dateTime } from '@/lib/dates'

const MAX_FILE_BYTES = 20 * 1024 * 1024
const SHOWN_ROWS = 200

const page = css`
  max-width: 64rem;
  section {
    margin-top: 1.5rem;
  }
  h2 {
    font-size: 1.25rem;
    margin: 0 0 0.75rem;
  }
  progress {
    width: 100%;
    height: 1.5rem;
    accent-color: var(--roots-primary);
  }
  .bad {
    color: var(--roots-error);
    font-weight: 600;
  }
  .dup {
    color: #8a5a00;
    font-weight: 600;
  }
  .good {
    color: var(--roots-primary);
    font-weight: 600;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
    gap: 0.75rem;
    margin: 0 0 1rem;
  }
  dl div {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 0.75rem;
  }
  dt {
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
  textarea {
    font-family: monospace;
  }
`

interface Source {
  fileName: string
  text: string
  encoding: 'utf-8' | 'windows-1252'
}

type Phase = 'edit' | 'checking' | 'importing' | 'done'

interface Run {
  importId: string
  batchesDone: number
  results: RowResult[]
  totals: ImportTotals | null
}

const statusLabel: Record<RowResult['status'], { text: string; className: string }> = {
  ok: { text: 'Ready', className: 'good' },
  imported: { text: 'Imported', className: 'good' },
  duplicate: { text: 'Duplicate', className: 'dup' },
  error: { text: 'Error', className: 'bad' },
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

export function AdminImportRoute() {
  usePageMeta('Import a waiting list')
  const sites = useImportSites()
  const [siteId, setSiteId] = useState('')
  const [source, setSource] = useState<Source | null>(null)
  const [pasted, setPasted] = useState('')
  const [fileError, setFileError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<ColumnMapping | null>(null)
  const [sendWelcome, setSendWelcome] = useState(false)
  const [phase, setPhase] = useState<Phase>('edit')
  const [check, setCheck] = useState<{ key: string; results: RowResult[] } | null>(null)
  const [progress, setProgress] = useState({ done: 0, total: 0 })
  const [run, setRun] = useState<Run | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [welcome, setWelcome] = useState<{ sent: number } | { error: string } | null>(null)
  const [showAll, setShowAll] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const queryClient = useQueryClient()
  const past = usePastImports(siteId ? Number(siteId) : null)

  const parsed = useMemo(() => (source ? parseCsv(source.text) : null), [source])
  const usable = parsed && !parsed.error && parsed.rows.length <= MAX_ROWS_PER_FILE ? parsed : null
  const rows: ImportRow[] = useMemo(() => (usable && mapping ? mapRows(usable.rows, mapping) : []), [usable, mapping])
  const key = `${siteId}|${source?.fileName}|${source?.text.length}|${JSON.stringify(mapping)}`
  const checked = check && check.key === key ? check.results : null
  const counts = checked ? countResults(checked) : null
  const busy = phase === 'checking' || phase === 'importing'

  const takeSource = (s: Source) => {
    setFileError(null)
    setError(null)
    setRun(null)
    setWelcome(null)
    setPhase('edit')
    if (looksBinary(s.text)) {
      setSource(null)
      setFileError(
        'This is not a CSV file. In your spreadsheet choose File → Save as (or Download) → CSV, and choose that file.',
      )
      return
    }
    const p = parseCsv(s.text)
    setSource(s)
    setMapping(p.error ? null : guessMapping(p.headers))
    if (p.error) setFileError(p.error)
    else if (p.rows.length > MAX_ROWS_PER_FILE) {
      setFileError(
        `The file has ${plural(p.rows.length, 'row')}: import at most ${MAX_ROWS_PER_FILE.toLocaleString('en-GB')} rows per file. Split it into smaller files.`,
      )
    }
  }

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (!file) return
    if (file.size > MAX_FILE_BYTES) {
      setFileError('The file is larger than 20 MB: split it into smaller files.')
      return
    }
    const { text, encoding } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()))
    takeSource({ fileName: file.name, text, encoding })
  }

  const validate = (): boolean => {
    const errs: Record<string, string> = {}
    if (!siteId) errs.site = 'Choose the site whose waiting list this is.'
    if (!source) errs.file = 'Choose a CSV file, or paste the rows.'
    else if (fileError) errs.file = fileError
    if (mapping) {
      const missing = missingRequired(mapping)
      if (missing.length > 0) errs.mapping = `Choose the column for ${missing.join(', ')}: these are required.`
      const doubles = doubleMapped(mapping)
      if (doubles.length > 0)
        errs.mapping = `One column is chosen twice (${doubles.join(', ')}): choose each column once.`
    }
    setFieldErrors(errs)
    if (Object.keys(errs).length > 0) {
      toast.error(Object.values(errs)[0]!)
      return false
    }
    return true
  }

  const checkRows = async () => {
    if (!validate()) return
    setPhase('checking')
    setError(null)
    const parts = batches(rows, CHECK_BATCH_SIZE)
    setProgress({ done: 0, total: rows.length })
    const results: RowResult[] = []
    try {
      for (const part of parts) {
        results.push(...(await checkBatch(Number(siteId), part)))
        setProgress({ done: results.length, total: rows.length })
      }
      setCheck({ key, results: markFileDuplicates(rows, results) })
      setRun(null)
      toast.info('Rows checked: nothing was imported yet')
    } catch (e) {
      setError((e as Error).message)
      toast.error((e as Error).message)
    } finally {
      setPhase('edit')
    }
  }

  const startImport = async () => {
    if (!checked || !source || !validate()) return
    // Every row goes: the database checks each again as it inserts and records what became of it,
    // so the import's record counts the whole file.
    const sending = rows
    const parts = batches(sending)
    const current: Run = run ?? { importId: crypto.randomUUID(), batchesDone: 0, results: [], totals: null }
    setRun(current)
    setPhase('importing')
    setError(null)
    setProgress({ done: current.results.length, total: sending.length })
    let state = current
    try {
      for (let i = state.batchesDone; i < parts.length; i++) {
        const answer = await importBatch({
          siteId: Number(siteId),
          importId: state.importId,
          fileName: source.fileName,
          totalRows: sending.length,
          sendWelcome,
          rows: parts[i]!,
        })
        state = { ...state, batchesDone: i + 1, results: [...state.results, ...answer.rows], totals: answer.totals }
        setRun(state)
        setProgress({ done: state.results.length, total: sending.length })
      }
      setPhase('done')
      void queryClient.invalidateQueries({ queryKey: pastImportsKey(Number(siteId)) })
      toast.success(`Imported ${plural(state.totals?.imported ?? 0, 'applicant')}`)
      if (sendWelcome) {
        try {
          const sent = await sendWelcomes(state.importId)
          setWelcome({ sent: sent.notified })
        } catch (e) {
          setWelcome({ error: (e as Error).message })
        }
      }
    } catch (e) {
      setPhase('edit')
      setError(`${(e as Error).message} Rows imported so far stay imported: try again to carry on from this batch.`)
      toast.error((e as Error).message)
    }
  }

  const startOver = () => {
    setSource(null)
    setMapping(null)
    setCheck(null)
    setRun(null)
    setWelcome(null)
    setPhase('edit')
    setPasted('')
    if (fileInput.current) fileInput.current.value = ''
  }

  // The report: what the database recorded for every row of the file.
  const reportRows = run ? [...run.results].sort((a, b) => a.row - b.row) : []
  const reportCounts = countResults(reportRows)
  const siteName = sites.data?.find((s) => String(s.id) === siteId)?.location ?? ''
  const inFlight = phase === 'importing' || (run !== null && phase !== 'done')

  return (
    <div className={page}>
      <PageHeader title='Import a waiting list' />
      <p>
        Bring an existing waiting list over from a spreadsheet. Save it as CSV, choose it here, check which column holds
        what, and check the rows: nothing is imported until you say so. Everyone keeps the date they joined, so their
        place in the queue stays fair. At most {MAX_ROWS_PER_FILE.toLocaleString('en-GB')} rows per file.
      </p>

      {sites.isError && <ErrorNotice title='The sites could not be loaded' message={(sites.error as Error).message} />}

      <section aria-labelledby='import-source'>
        <h2 id='import-source'>1. The site and the file</h2>
        <div className={formGrid}>
          <Field label='Site' error={fieldErrors.site} hint='The list the applicants join.'>
            <select value={siteId} disabled={busy || inFlight} onChange={(e) => setSiteId(e.target.value)}>
              <option value=''>Choose a site</option>
              {sites.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.city ? `${s.location}, ${s.city}` : s.location}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label='CSV file'
            error={fieldErrors.file ?? fileError ?? undefined}
            hint='From Excel, Numbers or Google Sheets: File → Save as / Download → CSV.'
          >
            <input
              ref={fileInput}
              type='file'
              accept='.csv,text/csv,text/plain'
              disabled={busy || inFlight}
              onChange={(e) => void onFile(e)}
            />
          </Field>
        </div>
        <details className={spaced}>
          <summary>Or paste the rows</summary>
          <Field
            label='Rows to paste (with the header row)'
            hint='Copy the cells from your spreadsheet, header row included, or paste CSV text.'
          >
            <textarea rows={6} value={pasted} disabled={busy || inFlight} onChange={(e) => setPasted(e.target.value)} />
          </Field>
          <button
            type='button'
            className={buttonSecondary}
            disabled={busy || inFlight}
            onClick={() => takeSource({ fileName: 'pasted rows', text: pastedToCsv(pasted), encoding: 'utf-8' })}
          >
            Use the pasted rows
          </button>
        </details>
        {source && !fileError && parsed && (
          <Status>
            {source.fileName}: {plural(parsed.rows.length, 'row')} under a header of{' '}
            {plural(parsed.headers.length, 'column')}.
            {source.encoding === 'windows-1252' &&
              ' The file was not saved as UTF-8, so it was read as Windows text: check names with accents in the preview.'}
          </Status>
        )}
      </section>

      {past.data && past.data.length > 0 && (
        <section aria-labelledby='import-past'>
          <h2 id='import-past'>Earlier imports at this site</h2>
          <DataTable
            rows={past.data}
            head={[
              'File',
              'Started',
              { label: 'Rows', num: true },
              { label: 'Imported', num: true },
              { label: 'Duplicates', num: true },
              { label: 'Errors', num: true },
              'State',
            ]}
            label='Earlier imports at this site'
          >
            {(p) => (
              <tr key={p.id}>
                <td>{p.file_name}</td>
                <td>{dateTime(p.created_at)}</td>
                <td className='num'>{p.total_rows.toLocaleString('en-GB')}</td>
                <td className='num'>{p.imported_count.toLocaleString('en-GB')}</td>
                <td className='num'>{p.duplicate_count.toLocaleString('en-GB')}</td>
                <td className='num'>{p.error_count.toLocaleString('en-GB')}</td>
                <td>{p.finished_at ? 'Finished' : 'Stopped part-way'}</td>
              </tr>
            )}
          </DataTable>
        </section>
      )}

      {usable && mapping && (
        <section aria-labelledby='import-mapping'>
          <h2 id='import-mapping'>2. Which column holds what</h2>
          <p className={muted}>
            We guessed from the headers; change any that are wrong. First name, last name and e-mail are required. Dates
            as dd/mm/yyyy or yyyy-mm-dd; a row without one joins today.
          </p>
          {fieldErrors.mapping && <ErrorNotice title='Check the columns' message={fieldErrors.mapping} />}
          <div className={formGrid}>
            {IMPORT_FIELDS.map((f) => (
              <Field
                key={f.key}
                label={f.required ? `${f.label} (required)` : f.label}
                hint={sample(usable.rows, mapping[f.key])}
              >
                <select
                  value={mapping[f.key] ?? ''}
                  disabled={busy || inFlight}
                  onChange={(e) =>
                    setMapping({
                      ...mapping,
                      [f.key as FieldKey]: e.target.value === '' ? null : Number(e.target.value),
                    })
                  }
                >
                  <option value=''>Not in the file</option>
                  {usable.headers.map((h, i) => (
                    <option key={i} value={i}>
                      {h || `Column ${i + 1}`}
                    </option>
                  ))}
                </select>
              </Field>
            ))}
          </div>
          <div className={actionRow}>
            <button
              type='button'
              className={checked ? buttonSecondary : buttonPrimary}
              disabled={busy || inFlight}
              onClick={() => void checkRows()}
            >
              {phase === 'checking' ? 'Checking…' : checked ? 'Check the rows again' : 'Check the rows'}
            </button>
          </div>
          {phase === 'checking' && <Progress label='Checking rows' done={progress.done} total={progress.total} />}
        </section>
      )}

      {error && <ErrorNotice title={inFlight ? 'The import stopped' : 'That did not work'} message={error} />}

      {checked && counts && phase !== 'done' && (
        <section aria-labelledby='import-preview'>
          <h2 id='import-preview'>3. What would happen</h2>
          <dl aria-label='Check results'>
            <div>
              <dt>Ready to import</dt>
              <dd>{counts.ok.toLocaleString('en-GB')}</dd>
            </div>
            <div>
              <dt>Duplicates (skipped)</dt>
              <dd>{counts.duplicate.toLocaleString('en-GB')}</dd>
            </div>
            <div>
              <dt>Errors (skipped)</dt>
              <dd>{counts.error.toLocaleString('en-GB')}</dd>
            </div>
          </dl>
          <RowsTable
            rows={rows}
            results={checked}
            showAll={showAll}
            onShowAll={setShowAll}
            caption='Rows of the file'
          />
          <Field label='E-mail each imported applicant a welcome with their reference' checkbox>
            <input
              type='checkbox'
              checked={sendWelcome}
              disabled={busy || inFlight}
              onChange={(e) => setSendWelcome(e.target.checked)}
            />
          </Field>
          <div className={actionRow}>
            <button
              type='button'
              className={buttonPrimary}
              disabled={busy || counts.ok === 0}
              onClick={() => void startImport()}
            >
              {phase === 'importing'
                ? 'Importing…'
                : run
                  ? 'Try again'
                  : `Import ${plural(counts.ok, 'applicant')} into ${siteName}`}
            </button>
            {run && phase === 'edit' && (
              <button type='button' className={buttonSecondary} onClick={startOver}>
                Start over with another file
              </button>
            )}
          </div>
          {counts.ok === 0 && <p className={muted}>No row is ready to import: fix the file and choose it again.</p>}
          {(phase === 'importing' || run) && (
            <Progress label='Import progress' done={progress.done} total={progress.total} />
          )}
        </section>
      )}

      {phase === 'done' && run?.totals && (
        <section aria-labelledby='import-report'>
          <h2 id='import-report'>Import finished</h2>
          <Progress label='Import progress' done={progress.total} total={progress.total} />
          <dl aria-label='Import report'>
            <div>
              <dt>Imported</dt>
              <dd>{run.totals.imported.toLocaleString('en-GB')}</dd>
            </div>
            <div>
              <dt>Duplicates skipped</dt>
              <dd>{reportCounts.duplicate.toLocaleString('en-GB')}</dd>
            </div>
            <div>
              <dt>Errors skipped</dt>
              <dd>{reportCounts.error.toLocaleString('en-GB')}</dd>
            </div>
          </dl>
          {sendWelcome && !welcome && <Status>Sending the welcome e-mails…</Status>}
          {welcome && 'sent' in welcome && (
            <Status>Welcome e-mails sent: {welcome.sent.toLocaleString('en-GB')}.</Status>
          )}
          {welcome && 'error' in welcome && (
            <ErrorNotice title='The welcome e-mails are not sent yet' message={welcome.error} />
          )}
          <div className={`${actionRow} ${spaced}`}>
            {reportCounts.duplicate + reportCounts.error > 0 && (
              <button
                type='button'
                className={buttonSecondary}
                onClick={() =>
                  downloadText(
                    problemRowsCsv(usable?.headers ?? [], usable?.rows ?? [], reportRows),
                    `not-imported-${source?.fileName.replace(/\.csv$/i, '') ?? 'rows'}.csv`,
                  )
                }
              >
                Download the rows not imported (CSV)
              </button>
            )}
            <button type='button' className={buttonSecondary} onClick={startOver}>
              Import another file
            </button>
          </div>
          <RowsTable
            rows={rows}
            results={reportRows}
            showAll={showAll}
            onShowAll={setShowAll}
            caption='What became of each row'
          />
        </section>
      )}
    </div>
  )
}

function sample(rows: { cells: string[] }[], index: number | null): string {
  if (index === null) return 'Not imported.'
  const value = rows.find((r) => (r.cells[index] ?? '').trim() !== '')?.cells[index]?.trim()
  return value ? `For example: ${value.length > 40 ? `${value.slice(0, 40)}…` : value}` : 'Empty in every row.'
}

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  return (
    <div className={spaced}>
      <progress aria-label={label} max={Math.max(total, 1)} value={done} />
      <p role='status' className={muted}>
        {done.toLocaleString('en-GB')} of {plural(total, 'row')}
      </p>
    </div>
  )
}

function RowsTable({
  rows,
  results,
  showAll,
  onShowAll,
  caption,
}: {
  rows: ImportRow[]
  results: RowResult[]
  showAll: boolean
  onShowAll: (v: boolean) => void
  caption: string
}) {
  const byRow = useMemo(() => new Map(rows.map((r) => [r.row, r])), [rows])
  const problems = results.filter((r) => r.status === 'error' || r.status === 'duplicate')
  const listed = (showAll ? results : problems).slice(0, SHOWN_ROWS)
  const total = showAll ? results.length : problems.length
  return (
    <>
      <Field label='Show every row, not only those with a problem' checkbox>
        <input type='checkbox' checked={showAll} onChange={(e) => onShowAll(e.target.checked)} />
      </Field>
      <p className={muted}>
        {showAll ? 'Every row of the file.' : 'The rows with a problem.'}
        {total > SHOWN_ROWS
          ? ` The first ${SHOWN_ROWS} of ${total.toLocaleString('en-GB')} are listed; download them all after the import.`
          : ''}
      </p>
      <DataTable
        rows={listed}
        head={['Row', 'Name', 'E-mail', 'Joined', 'Result', 'Details']}
        caption={caption}
        empty='No row has a problem.'
      >
        {(r) => {
          const row = byRow.get(r.row)
          const label = statusLabel[r.status]
          return (
            <tr key={r.row} data-row={r.row}>
              <td>{r.row}</td>
              <td>{[row?.first_name, row?.last_name].filter(Boolean).join(' ')}</td>
              <td>{row?.email}</td>
              <td>{row?.joined}</td>
              <td className={label.className}>{label.text}</td>
              <td>{r.messages.join(' ')}</td>
            </tr>
          )
        }}
      </DataTable>
    </>
  )
}
