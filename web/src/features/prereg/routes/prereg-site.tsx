// /prereg/{site}: an active site goes to its site page; an unknown site, or a site with
// no offer, is 404 'Page not found'. Otherwise: the upcoming or open site and how to sign up.
// Also /prereg/{site}/landing and /prereg/{site}/thankyou.
import { useEffect } from 'react'
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { HttpError } from '@/lib/errors/http-error'
import { useHead } from '@/lib/head'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { isActive, siteCta, sitePageHref, statusOf } from '@/lib/sites/rules'
import type { Site } from '@/lib/sites/types'
import { useSiteDetails } from '@/lib/sites/site-details'
import { siteHead } from '@/components/site-profile/site-head'
import { SiteProfile } from '@/components/site-profile/SiteProfile'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0.25rem 0 0.75rem;
    font-size: clamp(1.8rem, 5vw, 2.6rem);
  }
  .lead {
    font-size: 1.15rem;
    max-width: 42rem;
  }
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
    ? (sitesWithOffer.find((s) => s.slug === slug) ?? null)
    : statusOf(site) === 'upcoming' || site.offer_id !== null
      ? site
      : null
  return withOffer ? { kind: 'show', site: withOffer } : { kind: 'missing' }
}

function PreregSite({ variant }: { variant: 'page' | 'landing' | 'thankyou' }) {
  const params = useParams<{ site: string }>()
  const [path, navigate] = useLocation()
  const slug = slugParam(params.site, path)
  const verdict = usePreregSite(slug)
  const { ctaSettings } = useLocations()
  const site = verdict.kind === 'show' ? verdict.site : null
  const details = useSiteDetails(site?.id ?? null, variant === 'thankyou' || !site ? null : slug)
  const upcomingSite = site !== null && statusOf(site) === 'upcoming'
  const title = !site
    ? 'Pre-register'
    : variant === 'thankyou'
      ? `Thank you: ${site.location}`
      : upcomingSite
        ? `Coming soon: ${site.location} allotments, ${site.city}`
        : `${site.location} allotments, ${site.city}: join the queue`
  const head = site ? siteHead(site, details.photos, title, paths.preregSite.getHref({ site: site.slug })) : null
  useHead({
    title,
    description: head?.description ?? 'Pre-register for a Roots allotment site near you.',
    image: head?.image,
    imageAlt: head?.imageAlt,
    url: head?.url,
  })
  useEffect(() => {
    if (verdict.kind === 'active') navigate(sitePageHref(verdict.site), { replace: true })
  }, [verdict, navigate])
  if (verdict.kind === 'missing') throw new HttpError(404, 'Page not found')
  if (!site) return <p role='status'>Loading…</p>
  const cta = siteCta(site, ctaSettings)

  if (variant === 'thankyou') {
    return (
      <div className={page}>
        <h1>Thank you</h1>
        <p className='lead'>You are on the list for {site.location}. We will e-mail you as soon as there is news.</p>
        <p>
          <Link href={paths.queueReady.getHref()}>See your place in the queue</Link> ·{' '}
          <Link href={paths.sites.getHref()}>Other sites</Link>
        </p>
      </div>
    )
  }
  return (
    <SiteProfile
      site={site}
      details={details}
      headingId='prereg-title'
      heading={upcomingSite ? `Coming soon: ${site.location}` : `${site.location}: the queue is open`}
      // The pre-registration page's own call to action: pre-register (upcoming) or join the queue.
      cta={{
        ...cta,
        label: upcomingSite ? 'Pre-register now' : cta.label,
        href: paths.preregSiteSignup.getHref({ site: site.slug }),
      }}
    />
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
