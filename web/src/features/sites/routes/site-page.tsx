// The site page (/sites/{cityslug}/{slug} and /old): the site's rich page (SiteProfile, shared
// with the pre-registration page) with its call to action and link preview.
// Route rules: an unknown site goes to /404, a non-active one to /prereg/{slug} with
// the query it came with (a flyer's utm_ tags survive both hops of /s/{code}); both judged only
// once the stored sites have been read (or failed to be), and an unknown one once the redirect
// table is known (a closed site's old address leads to where its list went).
import { useDeferredValue, useEffect, useMemo } from 'react'
import { useLocation, useParams, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { useRedirectsKnown } from '@/lib/redirects-known'
import { useHead } from '@/lib/head'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { isActive, siteCta, sitePageHref } from '@/lib/sites/rules'
import { useSiteDetails } from '@/lib/sites/site-details'
import { siteHead } from '@/components/site-profile/site-head'
import { SiteProfile } from '@/components/site-profile/SiteProfile'

export { embedSrc } from '@/components/site-profile/SiteProfile'

export function useSiteBySlug(slug: string) {
  const state = useLocations()
  const site = state.sites.find((s) => s.slug === slug) ?? null
  return { site, settled: state.settled, ctaSettings: state.ctaSettings }
}

export default function SitePageRoute() {
  const params = useParams<{ cityslug: string; slug: string }>()
  const [path, navigate] = useLocation()
  const search = useSearch()
  const slug = slugParam(params.slug, path)
  slugParam(params.cityslug, path)
  const { site, settled, ctaSettings } = useSiteBySlug(slug)
  const details = useSiteDetails(site?.id ?? null, slug)
  const head = site
    ? siteHead(site, details.photos, `${site.location} allotments, ${site.city}`, sitePageHref(site))
    : { title: 'Site', description: '' }
  useHead({ ...head, description: head.description || 'A Roots allotment site.' })
  // An active site shows at once (from the built-in catalogue until its stored row arrives);
  // sending elsewhere waits for the stored rows, which may know a site the catalogue does not.
  // An unknown address waits for the redirect table too: it may be a closed site's old page.
  const redirectsKnown = useRedirectsKnown()
  const verdict =
    site && isActive(site) ? 'show' : !settled ? 'wait' : site ? 'prereg' : redirectsKnown ? 'unknown' : 'wait'
  useEffect(() => {
    if (verdict === 'unknown') navigate(paths.notFound.getHref(), { replace: true })
    else if (verdict === 'prereg') {
      navigate(`${paths.preregSite.getHref({ site: slug })}${search ? `?${search}` : ''}`, { replace: true })
    }
  }, [verdict, slug, search, navigate])
  // The stored row and the counts replace what the page shows as a deferred value: the page
  // re-renders as an interruptible update, in slices, while the verdict above stays immediate.
  const shown = useDeferredValue(useMemo(() => ({ site, ctaSettings }), [site, ctaSettings]))
  if (verdict !== 'show' || !site) return <p role='status'>Loading the site…</p>
  const current = shown.site?.slug === site.slug ? shown : { site, ctaSettings }
  return <SiteProfile site={current.site!} details={details} cta={siteCta(current.site!, current.ctaSettings)} />
}
