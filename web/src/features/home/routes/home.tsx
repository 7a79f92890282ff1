// The home page (placeholder until the marketing content lands).
import { useEffect } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'

const hero = css`
  padding: clamp(1.5rem, 5vw, 4rem) 0;
  h1 { font-size: clamp(2rem, 6vw, 3.25rem); margin: 0 0 1rem; color: var(--roots-primary); }
  p { font-size: 1.15rem; max-width: 40rem; margin: 0 0 1.5rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
`

export function HomeRoute() {
  useEffect(() => {
    document.title = 'Home | Roots Allotments'
  }, [])
  return (
    <section className={hero} aria-labelledby='home-title'>
      <h1 id='home-title'>Grow your own at a Roots allotment</h1>
      <p>
        Rent your own plot at a community allotment near you, with everything you need to start growing supplied: tools,
        water, seeds and friendly help on site.
      </p>
      <div className='actions'>
        <Link href={paths.sites.getHref()} className={buttonPrimary}>Find a site near you</Link>
        <Link href={paths.preRegister.getHref()} className={buttonSecondary}>Pre-register for a new site</Link>
      </div>
    </section>
  )
}
