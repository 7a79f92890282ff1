// /pre-register, /prereg and /prereg/Home: sites coming soon (pre-register) and sites whose
// queue is open.
import { css } from 'goober'
import { SiteCard, siteGrid } from '@/components/sites/SiteCard'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { siteCta, statusOf } from '@/lib/sites/rules'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  h2 {
    margin: 2rem 0 0.75rem;
  }
`

export default function PreRegisterRoute() {
  usePageMeta('Pre-register')
  const { sites, ctaSettings } = useLocations()
  const upcoming = sites.filter((s) => statusOf(s) === 'upcoming')
  const open = sites.filter((s) => statusOf(s) === 'open')
  return (
    <div className={page}>
      <h1>Pre-register for a new site</h1>
      <p>Be first to hear when a new Roots site opens near you, and get first pick of the plots.</p>
      <h2>Coming soon</h2>
      <ul className={siteGrid}>
        {upcoming.map((s) => (
          <li key={s.slug}>
            <SiteCard site={s} cta={siteCta(s, ctaSettings)} />
          </li>
        ))}
      </ul>
      <h2>Queues open now</h2>
      <ul className={siteGrid}>
        {open.map((s) => (
          <li key={s.slug}>
            <SiteCard site={s} cta={siteCta(s, ctaSettings)} />
          </li>
        ))}
      </ul>
    </div>
  )
}
