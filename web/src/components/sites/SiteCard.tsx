// One site in a list: name, city, state (what a visitor can do there now), plots and size, the
// live waiting-list count, the promo that applies and the call to action.
import { css } from 'goober'
import { Link } from 'wouter'
import type { ReactNode } from 'react'
import type { Cta } from '@/lib/sites/rules'
import { siteHref, siteState, type StatefulSite, stateLabel } from '@/lib/sites/rules'
import type { Site } from '@/lib/sites/types'
import { buttonPrimary } from '@/components/styles'
import { formatCount } from '@/lib/intl'

export const siteGrid = css`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr));
  list-style: none;
  margin: 0;
  padding: 0;
`

const card = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  height: 100%;
  /* Cards below the fold are laid out only when scrolled near. */
  content-visibility: auto;
  contain-intrinsic-size: auto 20rem;
  background: var(--roots-surface);
  border: 1px solid #d6dbd6;
  border-radius: 0.75rem;
  padding: 1rem 1.1rem;
  h3 {
    margin: 0;
    font-size: 1.2rem;
  }
  h3 a {
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  .city {
    margin: 0;
    color: var(--roots-muted);
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.15rem 0.75rem;
    margin: 0;
    font-size: 0.95rem;
  }
  dt {
    color: var(--roots-muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .promo {
    margin: 0;
    padding: 0.35rem 0.6rem;
    border-radius: 0.4rem;
    background: #fff3d6;
    color: #5c3b00;
    font-weight: 600;
    font-size: 0.9rem;
  }
  .actions {
    margin-top: auto;
    padding-top: 0.5rem;
  }
`

const badge = css`
  display: inline-block;
  padding: 0.1rem 0.55rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 700;
  &[data-state='available'] {
    background: #dcefe1;
    color: #14452a;
  }
  &[data-state='waiting'],
  &[data-state='full'] {
    background: #e0ebf7;
    color: #173d6b;
  }
  &[data-state='coming_soon'] {
    background: #f6e7d3;
    color: #6a3a00;
  }
`

/** The site's state as a visitor can act on it (rules.ts siteState): coming soon, people waiting, plots available, full. */
export function StatusBadge({ site }: { site: StatefulSite }) {
  return (
    <span className={badge} data-state={siteState(site)} data-testid='site-state'>
      {stateLabel(site)}
    </span>
  )
}

export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`

export function SiteCard({
  site,
  cta,
  headingLevel = 3,
  children,
}: {
  site: Site
  cta: Cta
  headingLevel?: 2 | 3 | 4
  children?: ReactNode
}) {
  const H = headingLevel === 2 ? 'h2' : headingLevel === 4 ? 'h4' : 'h3'
  return (
    <article className={card} data-testid='site-card' data-slug={site.slug}>
      <H>
        <Link href={siteHref(site)}>{site.location}</Link>
      </H>
      <p className='city'>
        {site.city} · <StatusBadge site={site} />
      </p>
      <dl>
        {site.allotments !== null && (
          <>
            <dt>Plots</dt>
            <dd>{formatCount(site.allotments)}</dd>
          </>
        )}
        {site.site_size !== null && (
          <>
            <dt>Site size</dt>
            <dd>{site.site_size} acres</dd>
          </>
        )}
        <dt>Waiting list</dt>
        <dd data-testid='waiting-count'>{plural(site.waiting_list_count, 'person', 'people')}</dd>
      </dl>
      {cta.promo && <p className='promo'>{cta.promo}</p>}
      {children}
      <p className='actions'>
        <Link href={cta.href} className={buttonPrimary} aria-label={`${cta.label}: ${site.location}`}>
          {cta.label}
        </Link>
      </p>
    </article>
  )
}
