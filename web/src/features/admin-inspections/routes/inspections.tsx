// /admin/inspections: a patch manager (or an admin) inspects plots on a phone, 360 px wide, in a
// field that may have no signal. Pick a site and a plot (by number or on the plan), score its
// cultivation, add a note and photos, save. Each inspection is kept on the phone (IndexedDB)
// before it is sent; "Waiting to send (n)" shows what has not reached the server, and the queue
// sends it by itself when the signal returns (queue/queue.ts), exactly once (its UUID). The
// database applies the rules and e-mails the member (20250121000300_inspections.sql).
import { useEffect, useState, useSyncExternalStore } from 'react'
import { css } from 'goober'
import { scoreWords } from '@common/inspection-scale'
import { ErrorNotice, Field, PageHeader, Status } from '@/components/admin/ui'
import { longDate } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { useInspectionSites } from '../api/get-inspection-sites'
import { usePlotInspections } from '../api/get-plot-inspections'
import { useSitePlots } from '../api/get-site-plots'
import { InspectionForm } from '../components/InspectionForm'
import { PlotPicker } from '../components/PlotPicker'
import { QueuePanel } from '../components/QueuePanel'
import { inspectionQueue, queueIsPersistent, useInspectionQueue } from '../queue/queue-instance'

const SITE_KEY = 'roots-inspection-site'

const page = css`
  max-width: 40rem;
  select {
    font: inherit;
    font-size: 1.05rem;
    min-height: 2.75rem;
    width: 100%;
  }
  .offline {
    background: #3b3f3c;
    color: #fff;
    border-radius: 0.5rem;
    padding: 0.6rem 0.9rem;
    margin: 0 0 1rem;
  }
  .saved {
    border-left: 4px solid var(--roots-primary);
    padding: 0.25rem 0 0.25rem 0.75rem;
    margin: 0 0 1rem;
    font-weight: 600;
  }
  .recent {
    margin-top: 1.5rem;
  }
  .recent h2 {
    font-size: 1.1rem;
  }
  .recent ul {
    padding-left: 1.1rem;
  }
  .recent li {
    margin-bottom: 0.5rem;
  }
`

const subscribeOnline = (fn: () => void) => {
  globalThis.addEventListener('online', fn)
  globalThis.addEventListener('offline', fn)
  return () => {
    globalThis.removeEventListener('online', fn)
    globalThis.removeEventListener('offline', fn)
  }
}
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )

const OUTCOME: Record<string, string> = {
  passed: 'Passed',
  cleared: 'Passed: the warning is closed',
  warning: 'Failed: warning sent',
  warned: 'Failed: warning still running',
  notice: 'Failed after the deadline: notice to quit',
  failed: 'Failed',
}

function RecentInspections({ plotId }: { plotId: number }) {
  const recent = usePlotInspections(plotId)
  if (!recent.data || recent.data.length === 0) return null
  return (
    <section className='recent' aria-labelledby='recent-title'>
      <h2 id='recent-title'>Latest inspections of this plot</h2>
      <ul>
        {recent.data.map((i) => (
          <li key={i.id}>
            {longDate(i.inspected_at)}: {scoreWords(i.score)}. {OUTCOME[i.outcome] ?? i.outcome}
            {i.warning_deadline && i.outcome !== 'cleared' ? ` (deadline ${longDate(i.warning_deadline)})` : ''}.
            {i.note ? ` “${i.note}”` : ''}
            {i.plot_inspection_replies.map((r) => (
              <div key={r.id}>
                <em>Reply, {longDate(r.created_at)}:</em> {r.body}
              </div>
            ))}
          </li>
        ))}
      </ul>
    </section>
  )
}

function rememberedSite(): number | null {
  try {
    const v = Number(localStorage.getItem(SITE_KEY))
    return Number.isInteger(v) && v > 0 ? v : null
  } catch {
    return null
  }
}

export function AdminInspectionsRoute() {
  usePageMeta('Inspections')
  const online = useOnline()
  const queued = useInspectionQueue()
  const sites = useInspectionSites()
  const [siteId, setSiteId] = useState<number | null>(rememberedSite)
  const [plotId, setPlotId] = useState<number | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const site = sites.data?.find((s) => s.site_id === siteId) ?? null
  const plots = useSitePlots(site ? site.site_id : null)
  const plot = plots.data?.plots.find((p) => p.id === plotId) ?? null

  // The first site, when the one remembered is not (or no longer) the caller's.
  useEffect(() => {
    if (sites.data && sites.data.length > 0 && !site) setSiteId(sites.data[0]!.site_id)
  }, [sites.data, site])
  useEffect(() => {
    if (!siteId) return
    try {
      localStorage.setItem(SITE_KEY, String(siteId))
    } catch {
      /* private mode */
    }
  }, [siteId])

  return (
    <div className={page}>
      <PageHeader title='Inspections' />
      {!online && (
        <p className='offline' role='status' data-testid='offline-banner'>
          Offline. Inspections you save are kept on this phone and sent when the signal returns.
        </p>
      )}
      {!queueIsPersistent() && (
        <ErrorNotice
          title='This browser cannot keep inspections'
          message='Keep this page open until every inspection is sent (a private window forgets them).'
        />
      )}
      <QueuePanel items={queued} online={online} queue={inspectionQueue()} />
      {saved && (
        <p className='saved' role='status' data-testid='inspection-saved'>
          {saved}
        </p>
      )}
      {sites.isPending && <Status>Loading your sites…</Status>}
      {sites.isError && (
        <ErrorNotice
          title='Your sites could not be loaded'
          message={online ? sites.error.message : 'You are offline: open this page once with a signal to load them.'}
        />
      )}
      {sites.data && sites.data.length === 0 && <p>You look after no site with a plot register yet.</p>}
      {sites.data && sites.data.length > 0 && (
        <Field label='Site'>
          <select
            value={siteId ?? ''}
            onChange={(e) => {
              setSiteId(Number(e.target.value))
              setPlotId(null)
            }}
          >
            {sites.data.map((s) => (
              <option key={s.site_id} value={s.site_id}>
                {s.location}, {s.city} ({s.plots} plots)
              </option>
            ))}
          </select>
        </Field>
      )}
      {site && plots.isPending && <Status>Loading the plots…</Status>}
      {site && plots.isError && <ErrorNotice title='The plots could not be loaded' message={plots.error.message} />}
      {site && plots.data && (
        <PlotPicker
          plan={plots.data}
          selectedId={plotId}
          onSelect={(id) => {
            setPlotId(id)
            setSaved(null)
          }}
        />
      )}
      {site && plot && (
        <InspectionForm
          key={plot.id}
          siteId={site.site_id}
          siteName={site.location}
          plotId={plot.id}
          plotNumber={plot.number}
          passMark={site.pass_mark}
          holder={plot.holder ?? null}
          onSaved={(message) => {
            setSaved(message)
            setPlotId(null)
            globalThis.scrollTo({ top: 0, behavior: 'smooth' })
          }}
        />
      )}
      {plot && online && <RecentInspections plotId={plot.id} />}
    </div>
  )
}
