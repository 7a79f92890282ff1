// One rich page for every site, whatever its status: the active site's page and the
// pre-registration page of an open or upcoming site show the same details, each with its own call
// to action. Photos, the description and the figures, the waiting list in public figures and how
// its wait is worked out, prices, getting there, the patch manager, what is nearby, a map and a
// FAQ with the site's own numbers.
import { css } from 'goober'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { plural, StatusBadge } from '@/components/sites/SiteCard'
import { TravelIcon } from './TravelIcon'
import { parseCoordinates, PlaceMap } from '@/components/site-map/PlaceMap'
import { SitePlanSection } from '@/components/site-plan/SitePlanSection'
import { formatCount } from '@/lib/intl'
import { imageSrc } from '@/lib/image-src'
import { safeLinkHref } from '@/lib/rich-text/rules'
import { statusOf } from '@/lib/sites/rules'
import type { Cta, Site } from '@/lib/sites/types'
import { renderRichText } from '@/lib/rich-text/render-html'
import type { ListStats, Prices, SiteDetailsData } from '@/lib/sites/site-details'
import { longDate } from '@/lib/dates'
import { describeWait, pounds } from '@/lib/sites/wait'
import { PhotoGallery } from './PhotoGallery'
import { prerenderedDetails } from '@/lib/sites/prerendered-details'

/** Stored rich text (ProseMirror JSON, or plain text) through the allowlist renderer. */
function RichText({ value }: { value: string | null }) {
  return value ? <div dangerouslySetInnerHTML={{ __html: renderRichText(value) }} /> : null
}

const page = css`
  .head {
    display: grid;
    gap: 0.4rem;
    margin-bottom: 1.25rem;
  }
  .head h1 {
    margin: 0;
    color: var(--roots-primary);
    font-size: clamp(1.8rem, 6vw, 2.75rem);
    line-height: 1.15;
  }
  .head p {
    margin: 0;
  }
  .promo {
    display: inline-block;
    padding: 0.4rem 0.75rem;
    border-radius: 0.5rem;
    background: #fff3d6;
    color: #5c3b00;
    font-weight: 700;
  }
  .cols {
    display: grid;
    column-gap: 1.5rem;
    grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
    align-items: start;
    grid-template-areas: 'gallery aside' 'main aside';
  }
  .gallery {
    grid-area: gallery;
  }
  .content {
    grid-area: main;
  }
  .aside {
    grid-area: aside;
  }
  /* As tall as PhotoGallery: a 3:2 photo, its caption and the row of thumbnails. */
  .gallery-wait {
    margin: 0 0 1.5rem;
    padding-bottom: 9.5rem;
  }
  .gallery-wait .frame {
    aspect-ratio: 3 / 2;
    border-radius: 0.75rem;
    background: var(--roots-surface);
  }
  /* Phones: the photos, then how to join, then the rest. */
  @media (max-width: 52rem) {
    .cols {
      grid-template-columns: minmax(0, 1fr);
      grid-template-areas: 'gallery' 'aside' 'main';
    }
    .aside {
      margin-bottom: 1.5rem;
    }
  }
  section {
    margin-bottom: 2rem;
  }
  h2 {
    font-size: 1.4rem;
    margin: 0 0 0.6rem;
  }
  h3 {
    font-size: 1.1rem;
    margin: 1rem 0 0.4rem;
  }
  .facts {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr));
    gap: 0.6rem;
    margin: 0.75rem 0 0;
  }
  .facts div {
    background: var(--roots-surface);
    border-radius: 0.6rem;
    padding: 0.7rem;
  }
  .facts dt {
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
  .facts dd {
    margin: 0;
    font-size: 1.2rem;
    font-weight: 800;
  }
  .method {
    color: var(--roots-muted);
    font-size: 0.95rem;
  }
  .list {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 0.5rem;
  }
  .list li {
    background: var(--roots-surface);
    border-radius: 0.6rem;
    padding: 0.6rem 0.8rem;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.4rem;
    border-bottom: 1px solid #d9ddd3;
    vertical-align: top;
  }
  td.price {
    white-space: nowrap;
    font-weight: 700;
    text-align: right;
  }
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 0.4rem;
  }
  .pm {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: auto minmax(0, 1fr);
    align-items: start;
  }
  .pm .photos {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
  .pm img {
    width: 7rem;
    height: 7rem;
    object-fit: cover;
    border-radius: 50%;
  }
  @media (max-width: 30rem) {
    .pm {
      grid-template-columns: 1fr;
    }
  }
  .aside {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: 1.1rem;
    display: grid;
    gap: 0.75rem;
  }
  @media (min-width: 52.01rem) {
    .aside {
      position: sticky;
      top: 1rem;
    }
  }
  .aside h2 {
    font-size: 1.2rem;
    margin: 0;
  }
  .aside p {
    margin: 0;
  }
  .aside .cta {
    display: grid;
    gap: 0.5rem;
  }
  details {
    background: var(--roots-surface);
    border-radius: 0.6rem;
    padding: 0.6rem 0.9rem;
    margin-bottom: 0.5rem;
  }
  summary {
    cursor: pointer;
    font-weight: 700;
    padding: 0.2rem 0;
  }
  details p {
    margin: 0.5rem 0 0.25rem;
  }
  .embed {
    width: 100%;
    aspect-ratio: 4 / 3;
    border: 0;
    border-radius: 0.6rem;
  }
  address {
    font-style: normal;
    display: grid;
    gap: 0.25rem;
  }
`

const TRAVEL: [keyof NonNullable<Site['directions']>, string][] = [
  ['bike', 'By bike'],
  ['public_transport', 'By public transport'],
  ['car', 'By car'],
]

/** The sentence that says how the estimate is worked out (shown beside it and in the FAQ). */
export function waitMethod(stats: ListStats): string {
  const window =
    stats.window_months >= 12 ? 'the last 12 months' : `the last ${plural(Math.round(stats.window_months), 'month')}`
  const waiting = Number(stats.waiting)
  const considering = Number(stats.list_length) - waiting
  const others =
    considering > 0
      ? ` The other ${plural(considering, 'person', 'people')} on the list ${considering === 1 ? 'is' : 'are'} considering an offer now.`
      : ''
  return `We work it out from how many plots this list offered in ${window} (${formatCount(stats.offers_last_year)}) and your place if you joined today (${formatCount(waiting + 1)}, behind the ${plural(waiting, 'person', 'people')} waiting): the wait grows with the people ahead of you and shrinks the faster plots free up.${others}`
}

export function waitSentence(stats: ListStats | null): string | null {
  if (!stats) return null
  const wait = describeWait(stats.estimated_wait_months)
  if (!wait) {
    return stats.waiting === 0
      ? 'Nobody is waiting: you would be first in line.'
      : 'No plot has been offered from this list in the last 12 months, so we cannot give an honest estimate yet.'
  }
  return `Someone joining today can expect to wait ${wait}.`
}

/** The FAQ's questions and answers, with the site's own numbers where they are known. */
export function faqEntries(site: Site, stats: ListStats | null, prices: Prices | null): { q: string; a: string }[] {
  const upcoming = statusOf(site) === 'upcoming'
  const deposit = prices?.depositPence != null ? pounds(prices.depositPence) : null
  const fee = prices?.joiningFeePence != null ? pounds(prices.joiningFeePence) : null
  const plans = prices?.plans ?? []
  const included = plans
    .filter((p) => p.description)
    .map((p) => `${p.name}: ${p.description} (${pounds(p.price_pence)} a ${p.billing_interval})`)
  const out: { q: string; a: string }[] = [
    {
      q: 'What does a plot include?',
      a: included.length
        ? `Your own plot at ${site.location}${site.allotments ? `, one of ${formatCount(site.allotments)}` : ''}. ${included.join('. ')}.`
        : `Your own plot at ${site.location}${site.allotments ? `, one of ${formatCount(site.allotments)}` : ''}, with what each plan includes listed under Prices.`,
    },
    {
      q: 'How do offers work?',
      a: upcoming
        ? `${site.location} is not open yet. When it opens, plots are offered to the people who pre-registered, in the order they signed up, by e-mail.`
        : 'When a plot frees up we offer it by e-mail to the person at the top of the list, with a date to answer by. If they say no or do not answer in time, the plot goes to the next person. You can see your place in the queue at any time with your private reference.',
    },
    {
      q: 'How long is the wait?',
      a: upcoming
        ? 'There is no list to move yet: the first plots go to pre-registered people when the site opens.'
        : stats
          ? `${plural(stats.waiting, 'person is', 'people are')} waiting and ${plural(stats.offers_last_year, 'plot was', 'plots were')} offered in the last 12 months. ${waitSentence(stats)} ${stats.estimated_wait_months !== null ? waitMethod(stats) : ''}`.trim()
          : `${plural(site.waiting_list_count, 'person is', 'people are')} on the list now; the estimate shows above once the list's figures have loaded.`,
    },
    {
      q: 'What happens to my deposit?',
      a: `The deposit${deposit ? ` of ${deposit}` : ''} is paid once, when you take up your plot, and it is refundable: it secures your plot and comes back to you when your membership ends and the plot is handed back clear.${fee ? ` The joining fee of ${fee} is paid once too.` : ''}`,
    },
    {
      q: 'Does it cost anything to join the list?',
      a: 'No. Joining the waiting list or pre-registering is free; you pay only when you accept a plot and set up your membership.',
    },
  ]
  return out
}

/** A Google Maps embed URL only (never arbitrary HTML). */
export function embedSrc(value: string | null): string | null {
  if (!value) return null
  const m = value.match(/src="([^"]+)"/)
  const url = m ? m[1] : value.trim()
  return /^https:\/\/(www\.)?google\.[a-z.]+\/maps\/embed/.test(url) ? url : null
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} data-section={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  )
}

function ListFigures({ site, stats }: { site: Site; stats: ListStats | null }) {
  const upcoming = statusOf(site) === 'upcoming'
  const count = stats?.list_length ?? site.waiting_list_count
  return (
    <Section id='list' title={upcoming ? 'Pre-registration' : 'The waiting list'}>
      <dl className='facts'>
        <div>
          <dt>{upcoming ? 'Signed up' : 'On the list'}</dt>
          <dd data-testid='waiting-count'>{formatCount(count)}</dd>
        </div>
        {!upcoming && stats && (
          <>
            <div>
              <dt>Top of the list since</dt>
              <dd data-testid='top-since'>{longDate(stats.top_joined_on, 'Nobody waiting')}</dd>
            </div>
            <div>
              <dt>Offers in the last 12 months</dt>
              <dd data-testid='offers-year'>{formatCount(stats.offers_last_year)}</dd>
            </div>
            <div>
              <dt>Estimated wait if you join today</dt>
              <dd data-testid='estimated-wait'>
                {describeWait(stats.estimated_wait_months) ??
                  (stats.waiting === 0 ? 'None' : 'Not enough movement yet')}
              </dd>
            </div>
          </>
        )}
      </dl>
      {upcoming ? (
        <p className='method'>
          The site is not open yet: people who pre-register are offered plots first, in the order they signed up.
        </p>
      ) : (
        stats && (
          <>
            <p>{waitSentence(stats)}</p>
            <p className='method' data-testid='wait-method'>
              {waitMethod(stats)}
            </p>
            <p>
              <Link href={paths.siteList.getHref({ cityslug: site.city_slug, slug: site.slug })}>
                The list month by month: offers, typical wait and how its order is kept fair
              </Link>
            </p>
          </>
        )
      )}
    </Section>
  )
}

function PricesSection({ prices }: { prices: Prices | null }) {
  if (!prices)
    return (
      <Section id='prices' title='Prices'>
        <p role='status'>Loading the prices…</p>
      </Section>
    )
  return (
    <Section id='prices' title='Prices'>
      {prices.plans.length > 0 && (
        <table data-testid='plans'>
          <caption>Membership plans</caption>
          <thead>
            <tr>
              <th scope='col'>Plan</th>
              <th scope='col'>What is included</th>
              <th scope='col' className='price'>
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {prices.plans.map((p) => (
              <tr key={p.id}>
                <th scope='row'>{p.name}</th>
                <td>{p.description ?? (p.plot_size === 'half' ? 'A half-size plot' : 'A full plot')}</td>
                <td className='price'>
                  {pounds(p.price_pence)} a {p.billing_interval}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className='facts'>
        {prices.joiningFeePence !== null && (
          <div>
            <dt>Joining fee (once)</dt>
            <dd data-testid='joining-fee'>{pounds(prices.joiningFeePence)}</dd>
          </div>
        )}
        {prices.depositPence !== null && (
          <div>
            <dt>Refundable deposit (once)</dt>
            <dd data-testid='deposit'>{pounds(prices.depositPence)}</dd>
          </div>
        )}
      </dl>
    </Section>
  )
}

export interface SiteProfileProps {
  site: Site
  details: SiteDetailsData
  /** The call to action (the shared rules' siteCta); the pre-registration page passes its own. */
  cta: Cta
  /** The page's main heading (default: the site's name). */
  heading?: string
  /** The id of the h1 (pages label their article with it). */
  headingId?: string
}

export function SiteProfile({ site, details: live, cta, heading, headingId = 'site-title' }: SiteProfileProps) {
  // Until the page's own reads answer: what the server rendered it with (the same first render).
  const pre = prerenderedDetails(site.slug)
  const details: SiteDetailsData = {
    ...live,
    photos: live.photos ?? pre?.photos ?? null,
    stats: live.stats ?? pre?.stats ?? null,
    prices: live.prices ?? pre?.prices ?? null,
  }
  const social = site.social_media ?? {}
  const deposit = safeLinkHref(site.stripe_deposit_link)
  const coords = parseCoordinates(site.coordinates)
  const embed = coords ? null : embedSrc(site.gmap_embed)
  const photos = (details.photos ?? []).map((p) => ({
    src: imageSrc(p.path)!,
    small: imageSrc(p.small_path),
    thumb: imageSrc(p.thumb_path),
    alt: p.alt,
  }))
  const pmPhotos = [site.pm_photo_1, site.pm_photo_2].map((v) => imageSrc(v)).filter((v): v is string => !!v)
  const upcoming = statusOf(site) === 'upcoming'
  const faq = faqEntries(site, details.stats, details.prices)
  const directions = TRAVEL.filter(([k]) => site.directions?.[k])
  return (
    <article className={page} aria-labelledby={headingId} data-site={site.slug}>
      <header className='head'>
        <p>
          {site.city} · <StatusBadge site={site} />
        </p>
        <h1 id={headingId}>{heading ?? site.location}</h1>
        {site.description_title && site.description_title !== site.location && (
          <p>
            <strong>{site.description_title}</strong>
          </p>
        )}
        {cta.promo && (
          <p>
            <span className='promo'>{cta.promo}</span>
          </p>
        )}
      </header>
      <div className='cols'>
        {details.photos === null ? (
          // The gallery's room, kept while its photos are read, so nothing below it moves
          // when they arrive (layout shift on phones, where the gallery comes first).
          <div className='gallery gallery-wait' aria-hidden='true' data-testid='gallery-wait'>
            <div className='frame' />
          </div>
        ) : (
          photos.length > 0 && (
            <div className='gallery'>
              <PhotoGallery photos={photos} label={`Photos of ${site.location}`} />
            </div>
          )
        )}
        {/* How to join comes before the details in the document, as it does on a phone's screen:
            the reading and tab order match what is seen, and while the HTML streams in, the
            details never paint first and get pushed down when this box arrives above them. */}
        <aside className='aside' aria-labelledby='join-title'>
          <h2 id='join-title'>{upcoming ? `Be first at ${site.location}` : `Join ${site.location}`}</h2>
          <p>
            {upcoming
              ? 'Pre-register to hear first and get first pick of plots when the site opens.'
              : `${plural(site.waiting_list_count, 'person', 'people')} on the list${details.stats?.estimated_wait_months != null ? `; estimated wait ${describeWait(details.stats.estimated_wait_months)}` : ''}.`}
          </p>
          <div className='cta'>
            <Link href={cta.href} className={buttonPrimary}>
              {cta.label}
            </Link>
            {deposit && (
              <a href={deposit} className={buttonSecondary}>
                Pay your deposit
              </a>
            )}
          </div>
          {social.phone_number && (
            <p>
              Questions? Call <a href={`tel:${social.phone_number.replace(/\s+/g, '')}`}>{social.phone_number}</a>.
            </p>
          )}
        </aside>
        <div className='content'>
          <Section id='about' title='About this site'>
            <RichText value={site.description ?? site.landing_page_description} />
            <dl className='facts'>
              {site.allotments !== null && (
                <div>
                  <dt>Plots</dt>
                  <dd data-testid='plots'>{formatCount(site.allotments)}</dd>
                </div>
              )}
              {site.site_size !== null && (
                <div>
                  <dt>Site size</dt>
                  <dd data-testid='size'>{site.site_size} acres</dd>
                </div>
              )}
              {site.joined && (
                <div>
                  <dt>Joined Roots</dt>
                  <dd>{site.joined}</dd>
                </div>
              )}
            </dl>
          </Section>
          <ListFigures site={site} stats={details.stats} />
          <PricesSection prices={details.prices} />
          {(directions.length > 0 || (site.distance_points?.length ?? 0) > 0) && (
            <Section id='directions' title='Getting there'>
              {directions.length > 0 && (
                <ul className='list'>
                  {directions.map(([k, label]) => {
                    const d = site.directions![k]!
                    return (
                      <li key={k}>
                        <TravelIcon kind={k} />
                        <strong>
                          {label}: {plural(d.minutes, 'minute')}
                        </strong>
                        {d.text && <> — {d.text}</>}
                      </li>
                    )
                  })}
                </ul>
              )}
              {site.distance_points && site.distance_points.length > 0 && (
                <>
                  <h3>Travel times</h3>
                  <ul className='list'>
                    {site.distance_points.map((p, i) => (
                      <li key={i}>
                        <TravelIcon kind={p.icon} />
                        {p.text}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Section>
          )}
          {(site.pm_name || site.pm_message) && (
            <Section id='pm' title={`Your patch manager${site.pm_name ? `: ${site.pm_name}` : ''}`}>
              <div className='pm'>
                {pmPhotos.length > 0 && (
                  <div className='photos'>
                    {pmPhotos.map((src, i) => (
                      <img
                        key={src}
                        src={src}
                        alt={`${site.pm_name ?? 'The patch manager'} at ${site.location}${pmPhotos.length > 1 ? `, photo ${i + 1}` : ''}`}
                        loading='lazy'
                        decoding='async'
                        width={112}
                        height={112}
                      />
                    ))}
                  </div>
                )}
                <div>
                  <RichText value={site.pm_message} />
                  {(social.pm_phone_number || social.pm_email) && (
                    <address>
                      {social.pm_phone_number && (
                        <span>
                          Phone:{' '}
                          <a href={`tel:${social.pm_phone_number.replace(/\s+/g, '')}`}>{social.pm_phone_number}</a>
                        </span>
                      )}
                      {social.pm_email && (
                        <span>
                          Email: <a href={`mailto:${social.pm_email}`}>{social.pm_email}</a>
                        </span>
                      )}
                    </address>
                  )}
                </div>
              </div>
            </Section>
          )}
          {(site.nearby_attractions || site.food_drinks) && (
            <Section id='nearby' title='Nearby'>
              {site.nearby_attractions && (
                <>
                  <h3>Things to see and do</h3>
                  <RichText value={site.nearby_attractions} />
                </>
              )}
              {site.food_drinks && (
                <>
                  <h3>Food and drink</h3>
                  <RichText value={site.food_drinks} />
                </>
              )}
            </Section>
          )}
          <SitePlanSection siteId={site.id} location={site.location} />
          {(coords || embed) && (
            <Section id='map' title='Where it is'>
              {coords ? (
                <PlaceMap place={{ name: site.location, ...coords }} googleHref={safeLinkHref(site.gmap_link)} />
              ) : (
                <iframe
                  className='embed'
                  src={embed!}
                  title={`Map of ${site.location}`}
                  loading='lazy'
                  referrerPolicy='no-referrer'
                />
              )}
            </Section>
          )}
          <Section id='faq' title='Questions and answers'>
            {faq.map((f) => (
              <details key={f.q}>
                <summary>{f.q}</summary>
                <p>{f.a}</p>
              </details>
            ))}
          </Section>
        </div>
      </div>
    </article>
  )
}
