// /offers/{slug}: an offer from the offers table, what it gives, and its call to action for
// each site it belongs to (the site's CTA setting decides the label, promotion and link). An
// unknown offer is 404; until the offers have loaded the page says it is loading.
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { contentPage, Loading } from '@/components/content/states'
import { buttonPrimary } from '@/components/styles'
import { HttpError } from '@/lib/errors/http-error'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { slugParam } from '@/lib/sites/route-params'
import { offerPage } from '../offer'

/** A site's CTA may be one of our routes or another address (an external sign-up form). */
function CtaLink({ href, label, children }: { href: string; label: string; children: string }) {
  return href.startsWith('/') ? (
    <Link href={href} className={buttonPrimary} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href={href} className={buttonPrimary} aria-label={label} rel='noopener'>
      {children}
    </a>
  )
}

export default function OfferRoute() {
  const params = useParams<{ slug: string }>()
  const [path] = useLocation()
  const slug = slugParam(params.slug, path)
  const { offers, sitesWithOffer, ctaSettings, settled, offersLoaded } = useLocations()
  const page = offersLoaded ? offerPage(slug, offers, sitesWithOffer, ctaSettings) : null
  usePageMeta(page?.offer.title ?? 'Offer', page?.description ?? undefined)
  if (!settled)
    return (
      <div className={contentPage}>
        <Loading what='this offer' />
      </div>
    )
  if (!offersLoaded) {
    return (
      <div className={contentPage}>
        <h1>Offer</h1>
        <div className='panel' role='alert'>
          <p className='error'>We could not load this offer just now. Please refresh the page to try again.</p>
        </div>
      </div>
    )
  }
  if (!page) throw new HttpError(404, 'Page not found')
  return (
    <div className={contentPage}>
      <article aria-labelledby='offer-title'>
        <h1 id='offer-title'>{page.offer.title}</h1>
        {page.description && <p className='lead'>{page.description}</p>}
        {page.sites.length === 0 && (
          <div className='panel'>
            {page.promo && (
              <p>
                <strong>{page.promo}</strong>
              </p>
            )}
            <p>
              <Link href={paths.sites.getHref()} className={buttonPrimary}>
                Find your nearest site
              </Link>
            </p>
          </div>
        )}
        {page.sites.length > 0 && (
          <ul className='cards' aria-label='Sites with this offer'>
            {page.sites.map(({ site, cta }) => (
              <li key={site.slug} className='card'>
                <h2>{site.location}</h2>
                <p className='meta'>{site.city}</p>
                {cta.promo && (
                  <p>
                    <strong>{cta.promo}</strong>
                  </p>
                )}
                <p>
                  <CtaLink href={cta.href} label={`${cta.label}: ${site.location}`}>
                    {cta.label}
                  </CtaLink>
                </p>
              </li>
            ))}
          </ul>
        )}
      </article>
    </div>
  )
}
