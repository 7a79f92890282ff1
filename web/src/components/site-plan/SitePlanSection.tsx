// A site page's plan (public.site_plan as a visitor sees it: free, let or unavailable, no names):
// read once the page is in the browser, shown only where the site keeps a plot register, with how
// many plots are free. The plan itself (zod, the list, then Leaflet) is a chunk of its own, loaded
// only for such a site, so a site page without plots carries none of it.
import { lazy, Suspense, useEffect, useState } from 'react'
import { formatCount } from '@/lib/intl'
import { restRpc } from '@/lib/sites/rest'

const PublicPlan = lazy(() => import('./PublicPlan'))

interface RawPlan {
  counts?: { plots?: number; free?: number }
  plots?: { shape?: unknown }[]
}

export function SitePlanSection({ siteId, location }: { siteId: number; location: string }) {
  const [plan, setPlan] = useState<RawPlan | null>(null)
  useEffect(() => {
    let live = true
    setPlan(null)
    restRpc<RawPlan>('site_plan', { p_site_id: siteId }).then(
      (p) => {
        // A plan with outlines draws its map: the map's code loads beside the plan's own chunk.
        if (p.plots?.some((x) => x.shape)) void import('./PlanMap').catch(() => {})
        if (live) setPlan(p)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [siteId])
  const count = plan?.plots?.length ?? 0
  if (!plan || count === 0) return null
  const free = Number(plan.counts?.free ?? 0)
  const total = Number(plan.counts?.plots ?? count)
  return (
    <section aria-labelledby='plan-title' data-section='plan'>
      <h2 id='plan-title'>The plots</h2>
      <p data-testid='plots-free'>
        <strong>{free === 0 ? 'No plots free' : `${formatCount(free)} ${free === 1 ? 'plot' : 'plots'} free`}</strong>{' '}
        of {formatCount(total)} at {location} just now.{' '}
        {free > 0
          ? 'Free plots are offered to the waiting list in turn.'
          : 'Plots are offered to the waiting list as they free up.'}
      </p>
      <Suspense fallback={<p role='status'>Loading the site plan…</p>}>
        <PublicPlan plan={plan} label={`Plan of the plots at ${location}`} />
      </Suspense>
    </section>
  )
}
