// /admin/plots and /admin/plots/:siteId: a site's plot register for its staff (admins, and the
// site's patch managers: RLS and the plot functions decide which sites). Built for a phone in a
// field first: the plan (drawn on demand, Leaflet loaded only with it) with the chosen plot's
// actions right under it, then the register as a table, adding a plot and loading a CSV.
import { css } from 'goober'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { DataTable } from '@/components/admin/DataTable'
import { EmptyState, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { usePaged } from '@/components/admin/list-screen'
import { buttonLink, buttonPrimary } from '@/components/styles'
import type { PlanMapApi } from '@/components/site-plan/PlanMap'
import { SitePlan } from '@/components/site-plan/SitePlan'
import { byNumber, featureLabel, formatM2, legendOf, type SitePlanData, statusLabel } from '@/components/site-plan/plan'
import { usePageMeta } from '@/lib/page-meta'
import { type PlotSite, usePlotSites } from '../api/get-plot-sites'
import { useSitePlan } from '../api/get-site-plan'
import { emptyPlot } from '../api/plot-schema'
import { useSavePlot } from '../api/save-plot'
import { useSavePlotShape } from '../api/save-plot-shape'
import { ChosenPlot } from '../components/ChosenPlot'
import { ImportPlots } from '../components/ImportPlots'
import { PlanImage } from '../components/PlanImage'
import { PlotForm } from '../components/PlotForm'

const page = css`
  display: grid;
  gap: 1.5rem;
  min-width: 0;
  section {
    display: grid;
    gap: 0.75rem;
    min-width: 0;
  }
  h2 {
    margin: 0;
    font-size: 1.3rem;
  }
  p {
    margin: 0;
  }
`

const sitePlotsHref = (id: number) => `~${adminPaths.adminSitePlots.getHref({ siteId: String(id) })}`

function SitePicker({ current }: { current: number | null }) {
  const sites = usePlotSites()
  const [, navigate] = useLocation()
  if (sites.isError) return <ErrorNotice title='Your sites could not be loaded' message={sites.error.message} />
  if (!sites.data || (current !== null && sites.data.length < 2)) return null
  return (
    <Field label='Site'>
      <select value={current ?? ''} onChange={(e) => e.target.value && navigate(sitePlotsHref(Number(e.target.value)))}>
        {current === null && <option value=''>Choose a site</option>}
        {sites.data.map((s) => (
          <option key={s.id} value={s.id}>
            {s.location}, {s.city}
          </option>
        ))}
      </select>
    </Field>
  )
}

/** /admin/plots: the sites whose plots the caller keeps; with one site, straight to it. */
export function AdminPlotsRoute() {
  usePageMeta('Plots')
  const sites = usePlotSites()
  const [, navigate] = useLocation()
  const only = sites.data?.length === 1 ? sites.data[0]! : null
  useEffect(() => {
    if (only) navigate(sitePlotsHref(only.id), { replace: true })
  }, [only, navigate])
  return (
    <div className={page}>
      <PageHeader title='Plots' />
      <p>Each site's plot register, its plan and its offers. Choose a site.</p>
      {sites.isPending && <Status>Loading your sites…</Status>}
      <SitePicker current={null} />
      {sites.data && sites.data.length === 0 && <EmptyState>You do not look after any site yet.</EmptyState>}
      {sites.data && sites.data.length > 1 && (
        <ul>
          {sites.data.map((s) => (
            <li key={s.id}>
              <Link href={sitePlotsHref(s.id)}>
                {s.location}, {s.city}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const plotsTitle = (site: PlotSite | undefined) => (site ? `Plots at ${site.location}` : 'Plots')
const siteNamed = (sites: PlotSite[] | undefined, id: number) => sites?.find((s) => s.id === id)

const HEAD = ['Number', 'Size', { label: 'm²', num: true }, 'Features', 'Status', 'Holder']

/** Rows of the register on one page: a site of hundreds of plots stays short on a phone. */
export const REGISTER_PAGE_SIZE = 50

/**
 * Whether a plot answers what was typed in "Find a plot": the start of its number (C7, c7, 14b),
 * or any part of its holder's name. Spaces around the words do not count.
 */
export function plotMatches(p: SitePlanData['plots'][number], typed: string): boolean {
  const q = typed.trim().toLowerCase()
  if (q === '') return true
  return p.number.toLowerCase().startsWith(q) || (p.holder ?? '').toLowerCase().includes(q)
}

function RegisterTable({
  plots,
  location,
  onChoose,
}: {
  plots: SitePlanData['plots']
  location: string
  onChoose: (id: number) => void
}) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const statuses = useMemo(() => legendOf(plots), [plots])
  const found = useMemo(
    () => [...plots].sort(byNumber).filter((p) => (status === '' || p.status === status) && plotMatches(p, search)),
    [plots, search, status],
  )
  const { page, setPage, pages, shown } = usePaged(found, REGISTER_PAGE_SIZE, [search, status])
  const filtering = search.trim() !== '' || status !== ''
  return (
    <>
      {plots.length > 0 && (
        <div className={toolbar} role='search' aria-label='Search the register'>
          <Field label='Find a plot' hint="Its number, or its holder's name.">
            <input type='search' value={search} onChange={(e) => setSearch(e.target.value)} autoComplete='off' />
          </Field>
          <Field label='Status'>
            <select value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value=''>Every status</option>
              {statuses.map((s) => (
                <option key={s.status} value={s.status}>
                  {statusLabel(s.status)} ({s.count})
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      {plots.length > 0 && (
        <p role='status' data-testid='register-count'>
          {filtering
            ? `${found.length} of ${plots.length} plots match.`
            : `${plots.length} ${plots.length === 1 ? 'plot' : 'plots'}${pages > 1 ? `, ${REGISTER_PAGE_SIZE} to a page` : ''}.`}
        </p>
      )}
      <DataTable
        rows={shown}
        head={HEAD}
        label={`Plots at ${location}`}
        empty={
          filtering
            ? "No plot matches: try the start of its number, or part of its holder's name."
            : 'No plots yet: add them one by one or load a CSV.'
        }
        pager={{ page, pages, onPage: setPage }}
      >
        {(p) => (
          <tr key={p.id} data-testid='plot-row'>
            <th scope='row'>
              <button
                type='button'
                className={buttonLink}
                aria-label={`Plot ${p.number}: choose`}
                onClick={() => onChoose(p.id)}
              >
                {p.number}
              </button>
            </th>
            <td>{p.size === 'half' ? 'Half' : 'Full'}</td>
            <td className='num'>{p.size_m2 ? formatM2(p.size_m2).replace(' m²', '') : '—'}</td>
            <td>{p.features.map(featureLabel).join(', ') || '—'}</td>
            <td>{statusLabel(p.status)}</td>
            <td>{p.holder ?? '—'}</td>
          </tr>
        )}
      </DataTable>
    </>
  )
}

export function AdminSitePlotsRoute({ siteId: param }: { siteId: string }) {
  const siteId = Number(param)
  const sites = usePlotSites()
  const plan = useSitePlan(siteId)
  const saveShape = useSavePlotShape(siteId)
  const savePlot = useSavePlot(siteId)
  const [chosen, setChosen] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const [added, setAdded] = useState<{ key: number; message: string | null }>({ key: 0, message: null })
  const [scrollTo, setScrollTo] = useState(0)
  const mapRef = useRef<PlanMapApi | null>(null)
  // Chosen in the register (below): its panel, above, comes into view. On the plan it is in view.
  useEffect(() => {
    if (scrollTo) document.getElementById('chosen-title')?.scrollIntoView({ block: 'start' })
  }, [scrollTo])
  const site = siteNamed(sites.data, siteId)
  const data = plan.data
  const chooseInRegister = useCallback((id: number) => {
    setChosen(id)
    setScrollTo((n) => n + 1)
  }, [])
  // The register is drawn again only when the plots change, not when one is chosen.
  const register = useMemo(
    () =>
      data && <RegisterTable plots={data.plots} location={site?.location ?? 'this site'} onChoose={chooseInRegister} />,
    [data, site?.location, chooseInRegister],
  )
  usePageMeta(plotsTitle(site))
  const plot = data?.plots.find((p) => p.id === chosen) ?? null

  if (!Number.isInteger(siteId) || siteId <= 0) return <ErrorNotice title='No such site' message='Choose a site.' />
  return (
    <div className={page}>
      <PageHeader title={plotsTitle(site)} />
      <SitePicker current={siteId} />
      {plan.isError && <ErrorNotice title='The plots could not be loaded' message={plan.error.message} />}
      {/* The page's words show at once (its largest paint on a phone); the plots follow. */}
      {data ? (
        <p data-testid='plot-counts'>
          {data.counts.plots} plot{data.counts.plots === 1 ? '' : 's'} in use: {data.counts.free} ready to let,{' '}
          {data.counts.let} let.
        </p>
      ) : (
        plan.isPending && <Status>Loading the plots…</Status>
      )}
      <section aria-labelledby='plan-title'>
        <h2 id='plan-title'>Site plan</h2>
        <p>Choose a plot on the plan or in the list under it, then draw its outline or change its status.</p>
        {data && (
          <SitePlan
            plan={data}
            selectedId={chosen}
            onSelect={setChosen}
            editable
            label={`Plan of ${site?.location ?? 'the site'}`}
            onShapeDrawn={(plotId, shape) => saveShape.mutateAsync({ plotId, shape })}
            mapRef={mapRef}
          />
        )}
      </section>
      {plot && <ChosenPlot key={plot.id} siteId={siteId} plot={plot} />}
      <section aria-labelledby='register-title'>
        <h2 id='register-title'>Register</h2>
        <div>
          <button type='button' className={buttonPrimary} aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
            {adding ? 'Close the form' : 'Add a plot'}
          </button>
        </div>
        {added.message && <p role='status'>{added.message}</p>}
        {adding && (
          <PlotForm
            key={added.key}
            initial={emptyPlot()}
            submitLabel='Add plot'
            onSave={async (values) => {
              try {
                const saved = await savePlot.mutateAsync({ id: null, values })
                setAdded((a) => ({ key: a.key + 1, message: `Plot ${saved.number} added: it is being prepared.` }))
                return null
              } catch (e) {
                return (e as Error).message
              }
            }}
          />
        )}
        {register}
      </section>
      <section aria-labelledby='import-title'>
        <h2 id='import-title'>Load plots from a CSV</h2>
        <ImportPlots siteId={siteId} />
      </section>
      {data && (
        <section aria-labelledby='plan-image-title'>
          <h2 id='plan-image-title'>Plan image</h2>
          <PlanImage siteId={siteId} slug={site?.slug ?? null} current={data.background} mapRef={mapRef} />
        </section>
      )}
    </div>
  )
}
