// The site page (/sites/{cityslug}/{slug} and /old): everything spec §3 holds about a site.
// Route rules (spec §2): an unknown site goes to /404, a non-active one to /prereg/{slug}; both
// judged only once the stored sites have been read (or failed to be).
import { memo, useDeferredValue, useEffect, useMemo } from 'react'
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary, visuallyHidden } from '@/components/styles'
import { plural, StatusBadge } from '@/components/sites/SiteCard'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { isActive, siteCta } from '@/lib/sites/rules'
import { safeLinkHref } from '@/lib/rich-text/rules'
import type { Direction, Site } from '@/lib/sites/types'
import { RichText } from '../components/RichText'
import { formatCount } from '@/lib/intl'

const page = css`
  .head { display: grid; gap: 0.5rem; margin-bottom: 1.5rem; }
  .head h1 { margin: 0; color: var(--roots-primary); font-size: clamp(1.8rem, 5vw, 2.75rem); }
  .head p { margin: 0; }
  .promo { display: inline-block; padding: 0.4rem 0.75rem; border-radius: 0.5rem; background: #fff3d6; color: #5c3b00; font-weight: 700; }
  .cols { display: grid; gap: 1.5rem; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); }
  @media (max-width: 52rem) { .cols { grid-template-columns: 1fr; } }
  section { margin-bottom: 1.75rem; }
  h2 { font-size: 1.35rem; margin: 0 0 0.6rem; }
  .facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr)); gap: 0.75rem; margin: 0; }
  .facts div { background: var(--roots-surface); border-radius: 0.6rem; padding: 0.75rem; }
  .facts dt { color: var(--roots-muted); font-size: 0.9rem; }
  .facts dd { margin: 0; font-size: 1.35rem; font-weight: 800; }
  .directions { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
  .directions li { background: var(--roots-surface); border-radius: 0.6rem; padding: 0.6rem 0.8rem; }
  .aside { background: var(--roots-surface); border-radius: 0.75rem; padding: 1.1rem; align-self: start; }
  .aside .cta { display: grid; gap: 0.5rem; margin-bottom: 1rem; }
  .pm { display: grid; gap: 0.75rem; }
  .photos { display: flex; gap: 0.5rem; flex-wrap: wrap; }
  .photos img { width: 9rem; height: 9rem; object-fit: cover; border-radius: 0.5rem; }
  iframe { width: 100%; aspect-ratio: 4 / 3; border: 0; border-radius: 0.6rem; }
  address { font-style: normal; display: grid; gap: 0.25rem; }
`

const TRAVEL: [keyof NonNullable<Site['directions']>, string, string][] = [
  ['bike', 'By bike', '🚲'],
  ['public_transport', 'By public transport', '🚌'],
  ['car', 'By car', '🚗'],
]
const ICONS: Record<string, string> = { bike: '🚲', car: '🚗', walk: '🚶', tram: '🚊', bus: '🚌', train: '🚆' }

function minutes(d: Direction) {
  return plural(d.minutes, 'minute')
}

/** A Google Maps embed URL only (never arbitrary HTML). */
export function embedSrc(value: string | null): string | null {
  if (!value) return null
  const m = value.match(/src="([^"]+)"/)
  const url = m ? m[1] : value.trim()
  return /^https:\/\/(www\.)?google\.[a-z.]+\/maps\/embed/.test(url) ? url : null
}

export const SiteDetails = memo(function SiteDetails({ site, ctaLabel, ctaHref, promo }: { site: Site; ctaLabel: string; ctaHref: string; promo: string | null }) {
  const social = site.social_media ?? {}
  const embed = embedSrc(site.gmap_embed)
  const deposit = safeLinkHref(site.stripe_deposit_link)
  return (
    <article className={page} aria-labelledby='site-title'>
      <header className='head'>
        <p>{site.city} · <StatusBadge site={site} /></p>
        <h1 id='site-title'>{site.location}</h1>
        {site.description_title && site.description_title !== site.location && <p><strong>{site.description_title}</strong></p>}
        {promo && <p><span className='promo'>{promo}</span></p>}
      </header>
      <div className='cols'>
        <div>
          <section aria-labelledby='about-title'>
            <h2 id='about-title'>About this site</h2>
            <RichText value={site.description} />
            <dl className='facts'>
              {site.allotments !== null && <div><dt>Plots</dt><dd>{formatCount(site.allotments)}</dd></div>}
              {site.site_size !== null && <div><dt>Site size (acres)</dt><dd>{site.site_size}</dd></div>}
              {site.joined && <div><dt>Joined Roots</dt><dd>{site.joined}</dd></div>}
              <div><dt>Waiting list</dt><dd data-testid='waiting-count'>{formatCount(site.waiting_list_count)}</dd></div>
            </dl>
          </section>
          {(site.directions && Object.keys(site.directions).length > 0) && (
            <section aria-labelledby='directions-title'>
              <h2 id='directions-title'>Getting here</h2>
              <ul className='directions'>
                {TRAVEL.filter(([k]) => site.directions?.[k]).map(([k, label, icon]) => (
                  <li key={k}>
                    <span aria-hidden='true'>{icon} </span><strong>{label}: {minutes(site.directions![k]!)}</strong>
                    {site.directions![k]!.text && <> — {site.directions![k]!.text}</>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {site.distance_points && site.distance_points.length > 0 && (
            <section aria-labelledby='distances-title'>
              <h2 id='distances-title'>Travel times</h2>
              <ul className='directions'>
                {site.distance_points.map((p, i) => (
                  <li key={i}><span aria-hidden='true'>{ICONS[p.icon] ?? '📍'} </span>{p.text}</li>
                ))}
              </ul>
            </section>
          )}
          {site.nearby_attractions && (
            <section aria-labelledby='nearby-title'>
              <h2 id='nearby-title'>Nearby</h2>
              <RichText value={site.nearby_attractions} />
            </section>
          )}
          {site.food_drinks && (
            <section aria-labelledby='food-title'>
              <h2 id='food-title'>Food and drink</h2>
              <RichText value={site.food_drinks} />
            </section>
          )}
          {(site.pm_name || site.pm_message) && (
            <section aria-labelledby='pm-title' className='pm'>
              <h2 id='pm-title'>From your patch manager{site.pm_name ? `, ${site.pm_name}` : ''}</h2>
              <RichText value={site.pm_message} />
              {(site.pm_photo_1 || site.pm_photo_2) && (
                <div className='photos'>
                  {[site.pm_photo_1, site.pm_photo_2].filter(Boolean).map((src, i) => (
                    <img key={i} src={src!} alt={`${site.pm_name ?? 'The patch manager'} at ${site.location}, photo ${i + 1}`} loading='lazy' width='144' height='144' />
                  ))}
                </div>
              )}
            </section>
          )}
        </div>
        <aside className='aside' aria-label={`Join ${site.location}`}>
          <div className='cta'>
            <Link href={ctaHref} className={buttonPrimary}>{ctaLabel}</Link>
            {deposit && <a href={deposit} className={buttonSecondary}>Pay your deposit</a>}
          </div>
          <section aria-labelledby='map-title'>
            <h2 id='map-title'>Map</h2>
            {embed && <iframe src={embed} title={`Map of ${site.location}`} loading='lazy' referrerPolicy='no-referrer' />}
            {site.gmap_link && (
              <p><a href={site.gmap_link} target='_blank' rel='noopener noreferrer'>Open {site.location} in Google Maps<span className={visuallyHidden}> (opens in a new tab)</span></a></p>
            )}
            {site.coordinates && <p>Coordinates: {site.coordinates}</p>}
          </section>
          {(social.phone_number || social.pm_phone_number || social.pm_email) && (
            <section aria-labelledby='contact-title'>
              <h2 id='contact-title'>Contact</h2>
              <address>
                {social.phone_number && <span>Site: <a href={`tel:${social.phone_number.replace(/\s+/g, '')}`}>{social.phone_number}</a></span>}
                {social.pm_phone_number && <span>Patch manager: <a href={`tel:${social.pm_phone_number.replace(/\s+/g, '')}`}>{social.pm_phone_number}</a></span>}
                {social.pm_email && <span>Email: <a href={`mailto:${social.pm_email}`}>{social.pm_email}</a></span>}
              </address>
            </section>
          )}
        </aside>
      </div>
    </article>
  )
})

export function useSiteBySlug(slug: string) {
  const state = useLocations()
  const site = state.sites.find((s) => s.slug === slug) ?? null
  return { site, settled: state.settled, ctaSettings: state.ctaSettings }
}

export default function SitePageRoute() {
  const params = useParams<{ cityslug: string; slug: string }>()
  const [path, navigate] = useLocation()
  const slug = slugParam(params.slug, path)
  slugParam(params.cityslug, path)
  const { site, settled, ctaSettings } = useSiteBySlug(slug)
  usePageMeta(site?.location ?? 'Site', site?.landing_page_description ?? site?.description ?? undefined)
  // An active site shows at once (from the built-in catalogue until its stored row arrives);
  // sending elsewhere waits for the stored rows, which may know a site the catalogue does not.
  const verdict = site && isActive(site) ? 'show' : !settled ? 'wait' : !site ? 'unknown' : 'prereg'
  useEffect(() => {
    if (verdict === 'unknown') navigate(paths.notFound.getHref(), { replace: true })
    else if (verdict === 'prereg') navigate(paths.preregSite.getHref({ site: slug }), { replace: true })
  }, [verdict, slug, navigate])
  // The stored row and the counts replace what the page shows as a deferred value: the page
  // re-renders as an interruptible update, in slices, while the verdict above stays immediate.
  const shown = useDeferredValue(useMemo(() => ({ site, ctaSettings }), [site, ctaSettings]))
  if (verdict !== 'show' || !site) return <p role='status'>Loading the site…</p>
  const current = shown.site?.slug === site.slug ? shown : { site, ctaSettings }
  const cta = siteCta(current.site!, current.ctaSettings)
  return <SiteDetails site={current.site!} ctaLabel={cta.label} ctaHref={cta.href} promo={cta.promo} />
}
