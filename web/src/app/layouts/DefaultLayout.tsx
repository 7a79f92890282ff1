// Page chrome for public pages: skip link, header with the brand, the main sections and the
// members' entry point (components/site-nav), main, footer reaching every other page, with the
// privacy and cookie links and the cookie settings button (always there, whatever the consent
// state), and the promo bar.
import type { ReactNode } from 'react'
import { css } from 'goober'
import { LazyPromoBar } from '@/components/promo-bar/LazyPromoBar'
import { SiteFooter } from '@/components/site-nav/SiteFooter'
import { SiteHeader } from '@/components/site-nav/SiteHeader'
import { openModal } from '@/features/consent/stores/consent-store'

const skip = css`
  position: absolute;
  left: 0.5rem;
  top: -4rem;
  z-index: 1100;
  padding: 0.5rem 1rem;
  border-radius: 0.5rem;
  background: var(--roots-primary);
  color: #fff;
  transition: top var(--roots-animation);
  &:focus {
    top: 0.5rem;
  }
`
const mainClass = css`
  /* At least a window tall: the footer starts below the fold, so a page growing as its data
     arrives never moves anything the visitor can see (no layout shift). */
  display: block;
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1rem 3rem;
  min-height: 100vh;
  &:focus {
    outline: none;
  }
`
const shell = css`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  min-height: 100dvh;
  & > main {
    flex: 1 0 auto;
    width: 100%;
  }
  /* Printed (a receipt), the page is its main content only: no header, menu, footer or promo bar. */
  @media print {
    & > :not(main) {
      display: none !important;
    }
    & > main {
      padding: 0;
      min-height: 0;
    }
  }
`

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className={shell}>
      <a href='#main' className={skip}>
        Skip to content
      </a>
      <SiteHeader />
      <main id='main' className={mainClass} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter onCookieSettings={openModal} />
      <LazyPromoBar />
    </div>
  )
}
