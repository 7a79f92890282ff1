// /admin/waiting-list: entries by site, category and status; search by name, e-mail or
// reference; page through; export CSV; edit an entry; move entries between categories.
import { css } from 'goober'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { categoriesFor, useCategories } from '../api/get-categories'
import { ENTRY_STATUSES } from '@common/waiting-list'
import { type Entry, type EntryFilters, PAGE_SIZE, useEntries } from '../api/get-entries'
import { useSiteOptions } from '../api/get-site-options'
import { useExportEntries } from '../api/export-entries'
import { useMoveEntries } from '../api/move-entries'
import { EntryForm } from '../components/EntryForm'
import { MoveEntryForm } from '../components/MoveEntryForm'
import { downloadText } from '@/lib/admin/csv'
import { breakAll } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'
import { numericDate } from '@/lib/dates'

const selectedCount = css`
  margin: 0;
  align-self: center;
`
const checkbox = css`
  width: 1.25rem;
  height: 1.25rem;
`

const EMPTY: EntryFilters = { siteId: '', categoryId: '', status: '', search: '' }

export function AdminWaitingListRoute() {
  const sites = useSiteOptions()
  const categories = useCategories()
  const [filters, setFilters] = useState<EntryFilters>(EMPTY)
  const [searchText, setSearchText] = useState('')
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [moveTo, setMoveTo] = useState('')
  const [editing, setEditing] = useState<Entry | null>(null)
  const [moving, setMoving] = useState<Entry | null>(null)
  const entries = useEntries(filters, page)
  const exporter = useExportEntries()
  const mover = useMoveEntries()
  usePageMeta('Waiting list')
  // Typing waits a moment before asking the database.
  useEffect(() => {
    const t = setTimeout(() => setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText })), 300)
    return () => clearTimeout(t)
  }, [searchText])
  useEffect(() => {
    setPage(0)
    setSelected(new Set())
  }, [filters])

  const siteName = useMemo(() => new Map((sites.data?.sites ?? []).map((s) => [s.id, s.location])), [sites.data])
  const catName = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c.name])), [categories.data])
  const usableCategories = categoriesFor(categories.data ?? [], filters.siteId ? Number(filters.siteId) : null)
  const total = entries.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const rows = entries.data?.rows ?? []
  const setFilter = (k: keyof EntryFilters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [k]: e.target.value }))
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s)
      if (n.has(id)) n.delete(id)
      else n.add(id)
      return n
    })

  const exportCsv = () =>
    exporter.mutate(
      { filters, categoryName: (id) => (id === null ? '' : (catName.get(id) ?? '')) },
      {
        onSuccess: ({ csv, rows: n }) => {
          downloadText(csv, `waiting-list-${new Date().toISOString().slice(0, 10)}.csv`)
          toast.success(`Exported ${n} ${n === 1 ? 'entry' : 'entries'}`)
        },
        onError: (e) => toast.error(e.message),
      },
    )
  const move = () =>
    mover.mutate(
      { ids: [...selected], categoryId: moveTo === 'none' ? null : Number(moveTo) },
      {
        onSuccess: (n) => {
          toast.success(`Moved ${n} ${n === 1 ? 'entry' : 'entries'}`)
          setSelected(new Set())
        },
        onError: (e) => toast.error(e.message),
      },
    )

  return (
    <>
      <PageHeader title='Waiting list'>
        <Link href={`~${adminPaths.adminWaitingListProcess.getHref()}`} className={buttonPrimary}>
          Make offers
        </Link>
        <button
          type='button'
          className={buttonSecondary}
          onClick={exportCsv}
          disabled={exporter.isPending || total === 0}
        >
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      </PageHeader>
      {sites.isError && <ErrorNotice title='You cannot see any waiting list' message={sites.error.message} />}
      <div className={toolbar} role='search'>
        <Field label='Search'>
          <input
            type='search'
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder='Name, email or reference'
          />
        </Field>
        <Field label='Site'>
          <select
            value={filters.siteId}
            onChange={(e) => setFilters((f) => ({ ...f, siteId: e.target.value, categoryId: '' }))}
          >
            <option value=''>{sites.data?.role === 'patch_manager' ? 'All my sites' : 'All sites'}</option>
            {sites.data?.sites.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Category'>
          <select value={filters.categoryId} onChange={setFilter('categoryId')}>
            <option value=''>Any category</option>
            <option value='none'>No category</option>
            {usableCategories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Status'>
          <select value={filters.status} onChange={setFilter('status')}>
            <option value=''>Any status</option>
            {ENTRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {entries.isError && <ErrorNotice title='The waiting list could not be loaded' message={entries.error.message} />}
      {entries.isPending && <Status>Loading entries…</Status>}
      {selected.size > 0 && (
        <div className={toolbar} aria-label='Selected entries'>
          <p className={selectedCount}>
            <strong>{selected.size}</strong> selected
          </p>
          <Field label='Move to category'>
            <select value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
              <option value=''>Choose…</option>
              <option value='none'>No category</option>
              {usableCategories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <button type='button' className={buttonPrimary} disabled={!moveTo || mover.isPending} onClick={move}>
            Move
          </button>
        </div>
      )}
      <DataTable
        rows={entries.data && rows}
        head={[
          { label: 'Select', hidden: true },
          'Name',
          'Email',
          'Site',
          'Category',
          'Status',
          'Joined',
          { label: 'Actions', hidden: true },
        ]}
        caption={
          <>
            {total} {total === 1 ? 'entry' : 'entries'}
            {entries.isFetching ? ' (updating…)' : ''}
          </>
        }
        empty='No entries match these filters.'
        pager={{ page, pages, onPage: setPage }}
      >
        {(e) => (
          <tr key={e.id}>
            <td>
              <input
                type='checkbox'
                aria-label={`Select ${e.first_name} ${e.last_name}`}
                checked={selected.has(e.id)}
                onChange={() => toggle(e.id)}
                className={checkbox}
              />
            </td>
            <td>
              {e.first_name} {e.last_name}
            </td>
            <td className={breakAll}>{e.email}</td>
            <td>{e.site_id ? (siteName.get(e.site_id) ?? e.location) : e.location}</td>
            <td>{e.category_id ? (catName.get(e.category_id) ?? '—') : '—'}</td>
            <td>{e.status}</td>
            <td>{numericDate(e.joined_at)}</td>
            <td>
              <button
                type='button'
                className={buttonSecondary}
                onClick={() => setEditing(e)}
                aria-label={`Edit ${e.first_name} ${e.last_name}`}
              >
                Edit
              </button>
              {e.status === 'waiting' && (
                <>
                  {' '}
                  <button
                    type='button'
                    className={buttonSecondary}
                    onClick={() => setMoving(e)}
                    aria-label={`Move ${e.first_name} ${e.last_name} in the queue`}
                  >
                    Move
                  </button>
                </>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      {moving && <MoveEntryForm entry={moving} sites={sites.data?.sites ?? []} onClose={() => setMoving(null)} />}
      {editing && (
        <EntryForm
          entry={editing}
          categories={categoriesFor(categories.data ?? [], editing.site_id)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
