// /admin/promo-bars: the messages shown at the top of the public site, every page or one site's,
// with start and end dates. Filter by state and site, search, page; add, edit, switch off and
// delete (after confirming).
import { useMemo, useState } from 'react'
import { EditPanel } from '@/components/admin/admin-form'
import { DeleteConfirm, useEditPanel, usePaged } from '@/components/admin/list-screen'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonLink, buttonPrimary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type PromoBar, useBarSites, usePromoBars } from '../api/get-promo-bars'
import { barState, type BarState, emptyPromoBar, type PromoBarFormValues, toLocalInput } from '../api/promo-bar-schema'
import { useDeletePromoBar, useSavePromoBar } from '../api/save-promo-bar'
import { PromoBarForm } from '../components/PromoBarForm'
import { breakAll, muted, noWrap } from '@/components/admin/styles'
import { dateTime } from '@/lib/dates'

export const PAGE_SIZE = 20
const STATE_LABELS: Record<BarState, string> = {
  live: 'Live',
  scheduled: 'Scheduled',
  ended: 'Ended',
  off: 'Switched off',
}

export function filterBars(
  bars: readonly PromoBar[],
  f: { search: string; state: string; siteId: string },
  now = Date.now(),
): PromoBar[] {
  const q = f.search.trim().toLowerCase()
  return bars.filter(
    (b) =>
      (f.state === '' || barState(b, now) === f.state) &&
      (f.siteId === '' || (f.siteId === 'all' ? b.site_id === null : b.site_id === Number(f.siteId))) &&
      (q === '' || b.text.toLowerCase().includes(q)),
  )
}

const toForm = (b: PromoBar): PromoBarFormValues => ({
  text: b.text,
  link: b.link ?? '',
  site_id: b.site_id === null ? '' : String(b.site_id),
  active: b.active,
  starts_at: toLocalInput(b.starts_at),
  ends_at: toLocalInput(b.ends_at),
})

export function AdminPromoBarsRoute() {
  usePageMeta('Promo bars')
  const bars = usePromoBars()
  const sites = useBarSites()
  const save = useSavePromoBar()
  const remove = useDeletePromoBar()
  const { editing, setEditing, onSave, key } = useEditPanel<PromoBar, PromoBarFormValues>(save.mutateAsync, 'Promo bar')
  const [deleting, setDeleting] = useState<PromoBar | null>(null)
  const [filters, setFilters] = useState({ search: '', state: '', siteId: '' })
  const filtered = useMemo(() => filterBars(bars.data ?? [], filters), [bars.data, filters])
  const { page, setPage, pages, shown } = usePaged(filtered, PAGE_SIZE, filters)
  const setFilter = (k: keyof typeof filters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [k]: e.target.value }))

  const toggle = (b: PromoBar) =>
    save.mutate(
      { id: b.id, values: { ...toForm(b), active: !b.active } },
      {
        onSuccess: () => toast.success(b.active ? 'Promo bar switched off' : 'Promo bar switched on'),
        onError: (e) => toast.error(e.message),
      },
    )

  return (
    <>
      <PageHeader title='Promo bars'>
        {editing === null && (
          <button type='button' className={buttonPrimary} onClick={() => setEditing('new')}>
            New promo bar
          </button>
        )}
      </PageHeader>
      <p>
        The live bar for a site shows on that site’s pages; otherwise the live bar for every page shows at the top of
        the public site.
      </p>
      {editing !== null && (
        <EditPanel id='promo-bar-form-title' title={editing === 'new' ? 'New promo bar' : 'Edit promo bar'}>
          <PromoBarForm
            key={key}
            initial={editing === 'new' ? emptyPromoBar() : toForm(editing)}
            submitLabel={editing === 'new' ? 'Add promo bar' : 'Save promo bar'}
            onSave={onSave}
            onCancel={() => setEditing(null)}
          />
        </EditPanel>
      )}
      <div className={toolbar} role='search'>
        <Field label='Search messages'>
          <input type='search' value={filters.search} onChange={setFilter('search')} />
        </Field>
        <Field label='State'>
          <select value={filters.state} onChange={setFilter('state')}>
            <option value=''>Any state</option>
            {(Object.keys(STATE_LABELS) as BarState[]).map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Shown on'>
          <select value={filters.siteId} onChange={setFilter('siteId')}>
            <option value=''>Any pages</option>
            <option value='all'>Every page</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {bars.isPending && <Status>Loading promo bars…</Status>}
      {bars.isError && <ErrorNotice title='The promo bars could not be loaded' message={bars.error.message} />}
      <DataTable
        rows={bars.data && shown}
        head={['Message', 'Shown on', 'State', 'Starts', 'Ends', 'Actions']}
        caption={
          <>
            {filtered.length} {filtered.length === 1 ? 'promo bar' : 'promo bars'}
          </>
        }
        empty={
          bars.data?.length === 0 ? 'No promo bars yet. Add the first one.' : 'No promo bar matches these filters.'
        }
        pager={{ page, pages, onPage: setPage }}
      >
        {(b) => (
          <tr key={b.id}>
            <td>
              {b.text}
              {b.link && (
                <>
                  <br />
                  <span className={`${muted} ${breakAll}`}>{b.link}</span>
                </>
              )}
            </td>
            <td>{b.site?.location ?? 'Every page'}</td>
            <td>{STATE_LABELS[barState(b)]}</td>
            <td>{dateTime(b.starts_at)}</td>
            <td>{dateTime(b.ends_at)}</td>
            <td className={noWrap}>
              <button
                type='button'
                className={buttonLink}
                aria-label={`Edit “${b.text}”`}
                onClick={() => setEditing(b)}
              >
                Edit
              </button>
              {' · '}
              <button
                type='button'
                className={buttonLink}
                aria-label={`${b.active ? 'Switch off' : 'Switch on'} “${b.text}”`}
                disabled={save.isPending}
                onClick={() => toggle(b)}
              >
                {b.active ? 'Switch off' : 'Switch on'}
              </button>
              {' · '}
              <button
                type='button'
                className={buttonLink}
                aria-label={`Delete “${b.text}”`}
                onClick={() => setDeleting(b)}
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {deleting && (
        <DeleteConfirm
          title='Delete this promo bar?'
          remove={remove}
          id={deleting.id}
          done='Promo bar deleted'
          onClose={() => setDeleting(null)}
        >
          <p>“{deleting.text}” disappears from the public site at once.</p>
        </DeleteConfirm>
      )}
    </>
  )
}
