// /prereg/{site} (spec §2): an active site goes to its site page; an unknown site, or a site with
// no offer, is 404 'Page not found'. Otherwise: the upcoming or open site and how to sign up.
// Also /prereg/{site}/landing and /prereg/{site}/thankyou.
import { useEffect } from 'react'
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { StatusBadge } from '@/components/sites/SiteCard'
import { HttpError } from '@/lib/errors/http-error'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { isActive, siteCta, sitePageHref, statusOf } from '@/lib/sites/rules'
import type { Site } from '@/lib/sites/types'
import { formatCount } from '@/lib/intl'

const page = css`
  h1 { color: var(--roots-primary); margin: 0.25rem 0 0.75rem; font-size: clamp(1.8rem, 5vw, 2.6rem); }
  .lead { font-size: 1.15rem; max-width: 42rem; }
  .card { background: var(--roots-surface); border-radius: 0.75rem; padding: 1.25rem; max-width: 42rem; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0; }
  dt { color: var(--roots-muted); }
  dd { margin: 0; font-weight: 700; }
  .promo { display: inline-block; padding: 0.35rem 0.7rem; border-radius: 0.4rem; background: #fff3d6; color: #5c3b00; font-weight: 700; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
`

type Verdict = { kind: 'wait' } | { kind: 'active'; site: Site } | { kind: 'missing' } | { kind: 'show'; site: Site }

export function usePreregSite(slug: string): Verdict {
  const { sites, sitesWithOffer, offersLoaded, settled } = useLocations()
  if (!settled) return { kind: 'wait' }
  const site = sites.find((s) => s.slug === slug)
  if (!site) return { kind: 'missing' }
  if (isActive(site)) return { kind: 'active', site }
  // The sites function's all-sites-with-offer list decides (a site with an unknown offer is not in
  // it). Without its answer (backend down) a site that names an offer is given the benefit of the doubt.
  const withOffer = offersLoaded
    ? sitesWithOffer.find((s) => s.slug === slug) ?? null
    : (statusOf(site) === 'upcoming' || site.offer_id !== null ? site : null)
  return withOffer ? { kind: 'show', site: withOffer } : { kind: 'missing' }
}

function PreregSite({ variant }: { variant: 'page' | 'landing' | 'thankyou' }) {
  const params = useParams<{ site: string }>()
  const [path, navigate] = useLocation()
  const slug = slugParam(params.site, path)
  const verdict = usePreregSite(slug)
  const { ctaSettings } = useLocations()
  const site = verdict.kind === 'show' ? verdict.site : null
  const title = !site ? 'Pre-register' : variant === 'thankyou' ? `Thank you: ${site.location}` : site.location
  usePageMeta(title, site?.landing_page_description ?? undefined)
  useEffect(() => {
    if (verdict.kind === 'active') navigate(sitePageHref(verdict.site), { replace: true })
  }, [verdict, navigate])
  if (verdict.kind === 'missing') throw new HttpError(404, 'Page not found')
  if (!site) return <p role='status'>Loading…</p>
  const upcoming = statusOf(site) === 'upcoming'
  const cta = siteCta(site, ctaSettings)

  if (variant === 'thankyou') {
    return (
      <div className={page}>
        <h1>Thank you</h1>
        <p className='lead'>You are on the list for {site.location}. We will e-mail you as soon as there is news.</p>
        <p><Link href={paths.queueReady.getHref()}>See your place in the queue</Link> · <Link href={paths.sites.getHref()}>Other sites</Link></p>
      </div>
    )
  }
  return (
    <article className={page} aria-labelledby='prereg-title'>
      <p>{site.city} · <StatusBadge site={site} /></p>
      <h1 id='prereg-title'>{upcoming ? `Coming soon: ${site.location}` : `${site.location}: the queue is open`}</h1>
      <p className='lead'>
        {site.landing_page_description ?? site.description ?? (upcoming
          ? `A new Roots allotment site is coming to ${site.city}. Pre-register to hear first and get first pick of plots.`
          : `Plots at ${site.location} are taken; join the queue and we will offer you one as soon as it frees up.`)}
      </p>
      {cta.promo && <p><span className='promo'>{cta.promo}</span></p>}
      <div className='card'>
        <dl>
          {site.allotments !== null && <><dt>Plots</dt><dd>{site.allotments}</dd></>}
          {site.site_size !== null && <><dt>Site size</dt><dd>{site.site_size} acres</dd></>}
          {!upcoming && <><dt>Waiting now</dt><dd data-testid='waiting-count'>{formatCount(site.waiting_list_count)}</dd></>}
        </dl>
        <div className='actions'>
          <Link href={paths.preregSiteSignup.getHref({ site: site.slug })} className={buttonPrimary}>
            {upcoming ? 'Pre-register now' : cta.label}
          </Link>
          {site.gmap_link && <a className={buttonSecondary} href={site.gmap_link} target='_blank' rel='noopener noreferrer'>See it on a map</a>}
        </div>
      </div>
    </article>
  )
}

export default function PreregSiteRoute() {
  return <PreregSite variant='page' />
}
export function PreregSiteLandingRoute() {
  return <PreregSite variant='landing' />
}
export function PreregSiteThankyouRoute() {
  return <PreregSite variant='thankyou' />
}
