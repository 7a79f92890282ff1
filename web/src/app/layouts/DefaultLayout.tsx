// Page chrome for public pages: skip link, header with the brand and navigation, main, footer
// with the cookie settings link (always there, whatever the consent state).
import type { ReactNode } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonLink } from '@/components/styles'
import { openModal } from '@/features/consent/stores/consent-store'
import { LazyPromoBar } from '@/components/promo-bar/LazyPromoBar'

const skip = css`
  position: absolute; left: 0.5rem; top: -4rem; z-index: 1100; padding: 0.5rem 1rem; border-radius: 0.5rem;
  background: var(--roots-primary); color: #fff; transition: top var(--roots-animation);
  &:focus { top: 0.5rem; }
`
const header = css`
  background: var(--roots-surface); border-bottom: 1px solid #d9ddd9;
  .inner { max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1.5rem; }
  .brand { font-weight: 800; font-size: 1.25rem; color: var(--roots-primary); text-decoration: none; }
  nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; list-style: none; margin: 0; padding: 0; }
  nav a { display: inline-block; padding: 0.5rem 0; font-weight: 600; }
`
const mainClass = css`
  /* At least a window tall: the footer starts below the fold, so a page growing as its data
     arrives never moves anything the visitor can see (no layout shift). */
  display: block; max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; min-height: 100vh;
  &:focus { outline: none; }
`
const shell = css`
  display: flex; flex-direction: column; min-height: 100vh; min-height: 100dvh;
  & > main { flex: 1 0 auto; width: 100%; }
`
const footer = css`
  background: #1c2420; color: #f2f4f2; padding: 2rem 0 calc(6rem + var(--roots-promo-height, 0px));
  .inner { max-width: 72rem; margin: 0 auto; padding: 0 1rem; display: flex; flex-wrap: wrap; gap: 1rem 2rem; justify-content: space-between; }
  a, button { color: #f2f4f2; }
  p { margin: 0; }
`

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className={shell}>
      <a href='#main' className={skip}>Skip to content</a>
      <header className={header}>
        <div className='inner'>
          <Link href={paths.home.getHref()} className='brand'>Roots Allotments</Link>
          <nav aria-label='Main'>
            <ul>
              <li><Link href={paths.sites.getHref()}>Our sites</Link></li>
              <li><Link href={paths.preRegister.getHref()}>Pre-register</Link></li>
            </ul>
          </nav>
        </div>
      </header>
      <main id='main' className={mainClass} tabIndex={-1}>{children}</main>
      <footer className={footer}>
        <div className='inner'>
          <p>© Roots Allotments. Community allotment plots across the UK.</p>
          <p><button type='button' className={buttonLink} onClick={openModal}>Cookie settings</button></p>
        </div>
      </footer>
      <LazyPromoBar />
    </div>
  )
}
