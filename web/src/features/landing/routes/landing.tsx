// Landing pages. /landing/{site}: an active built-in site goes to its site page; any
// other known site gets a short landing page with its call to action; an unknown one is 404.
// /landing/special/sugar-loaf-fields, /landing/special/{site}/join/success and /new-site-landing.
import { useEffect } from 'react'
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { SiteCard, siteGrid, StatusBadge } from '@/components/sites/SiteCard'
import { HttpError } from '@/lib/errors/http-error'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { isActive, siteCta, sitePageHref, statusOf } from '@/lib/sites/rules'
import { BUILT_IN_SITES } from '@/lib/sites/catalogue'
import type { Site } from '@/lib/sites/types'
import { formatCount } from '@/lib/intl'

const page = css`
  .hero {
    background: var(--roots-surface);
    border-radius: 1rem;
    padding: clamp(1.25rem, 5vw, 3rem);
    margin-bottom: 1.5rem;
  }
  h1 {
    color: var(--roots-primary);
    margin: 0.25rem 0 0.75rem;
    font-size: clamp(1.9rem, 6vw, 3rem);
  }
  .lead {
    font-size: 1.15rem;
    max-width: 40rem;
  }
  .promo {
    display: inline-block;
    padding: 0.4rem 0.75rem;
    border-radius: 0.5rem;
    background: #fff3d6;
    color: #5c3b00;
    font-weight: 700;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    margin-top: 1rem;
  }
  ul.points {
    padding-left: 1.2rem;
  }
`

function Landing({ site, ctaSettings }: { site: Site; ctaSettings: ReturnType<typeof useLocations>['ctaSettings'] }) {
  const cta = siteCta(site, ctaSettings)
  const upcoming = statusOf(site) === 'upcoming'
  return (
    <div className={page}>
      <section className='hero' aria-labelledby='landing-title'>
        <p>
          {site.city} · <StatusBadge site={site} />
        </p>
        <h1 id='landing-title'>{site.description_title ?? `Grow your own at ${site.location}`}</h1>
        <p className='lead'>
          {site.landing_page_description ??
            site.description ??
            `Your own allotment plot in ${site.city}, with tools, water, seeds and help all supplied.`}
        </p>
        {cta.promo && (
          <p>
            <span className='promo'>{cta.promo}</span>
          </p>
        )}
        <div className='actions'>
          <Link
            href={
              upcoming
                ? paths.preregSiteSignup.getHref({ site: site.slug })
                : paths.landingSiteJoin.getHref({ site: site.slug })
            }
            className={buttonPrimary}
          >
            {upcoming ? 'Pre-register' : cta.label}
          </Link>
          {isActive(site) && (
            <Link href={sitePageHref(site)} className={buttonSecondary}>
              About the site
            </Link>
          )}
        </div>
      </section>
      <ul className='points'>
        {site.allotments !== null && (
          <li>
            {site.allotments} plots on {site.site_size ?? '?'} acres
          </li>
        )}
        <li>Tools, water and seeds on site</li>
        <li>{formatCount(site.waiting_list_count)} people on the waiting list now</li>
      </ul>
    </div>
  )
}

export default function LandingSiteRoute() {
  const params = useParams<{ site: string }>()
  const [path, navigate] = useLocation()
  const slug = slugParam(params.site, path)
  const { sites, settled, ctaSettings } = useLocations()
  const site = sites.find((s) => s.slug === slug) ?? null
  const builtInActive = BUILT_IN_SITES.some((b) => b.slug === slug && isActive(b))
  const title = site ? site.location : 'Landing'
  usePageMeta(title)
  // An active built-in site goes straight to its page (no need to wait for the stored list).
  useEffect(() => {
    if (builtInActive && site) navigate(sitePageHref(site), { replace: true })
  }, [builtInActive, site, navigate])
  if (builtInActive) return <p role='status'>Loading…</p>
  if (!site) {
    if (!settled) return <p role='status'>Loading…</p>
    throw new HttpError(404, 'Page not found')
  }
  return <Landing site={site} ctaSettings={ctaSettings} />
}

export function SugarLoafFieldsRoute() {
  const { sites, ctaSettings } = useLocations()
  const site = sites.find((s) => s.slug === 'sugar-loaf-fields')!
  usePageMeta('Sugar Loaf Fields')
  return <Landing site={site} ctaSettings={ctaSettings} />
}

export function SpecialJoinSuccessRoute() {
  const params = useParams<{ site: string }>()
  const [path] = useLocation()
  const slug = slugParam(params.site, path)
  const { sites, places } = useLocations()
  const name =
    sites.find((s) => s.slug === slug)?.location ?? places.find((p) => p.slug === slug)?.location ?? 'the list'
  usePageMeta('You are on the list')
  return (
    <div className={page}>
      <section className='hero' aria-labelledby='done-title'>
        <h1 id='done-title'>You are on the waiting list for {name}</h1>
        <p className='lead'>
          We have e-mailed you your private reference. Use it any time to see your place, the list length and your
          estimated wait.
        </p>
        <div className='actions'>
          <Link href={paths.queueReady.getHref()} className={buttonPrimary}>
            See your place in the queue
          </Link>
        </div>
      </section>
    </div>
  )
}

export function NewSiteLandingRoute() {
  const { sites, ctaSettings } = useLocations()
  usePageMeta('New sites')
  const upcoming = sites.filter((s) => statusOf(s) === 'upcoming')
  return (
    <div className={page}>
      <section className='hero' aria-labelledby='new-title'>
        <h1 id='new-title'>New Roots sites are on the way</h1>
        <p className='lead'>Pre-register for a site near you and you will get first pick of its plots when it opens.</p>
      </section>
      <ul className={siteGrid}>
        {upcoming.map((s) => (
          <li key={s.slug}>
            <SiteCard site={s} cta={siteCta(s, ctaSettings)} headingLevel={2} />
          </li>
        ))}
      </ul>
    </div>
  )
}
