// The public footer: the link groups (loaded after the first paint, like the promo bar: the footer
// starts below the fold, so they arrive without moving anything in view), the cookie settings
// button (always there, whatever the consent state) and the company line.
import { lazy, Suspense, useEffect, useState } from 'react'
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonLink } from '@/components/styles'
import { afterNextPaint } from '@/lib/after-first-paint'

let loaded = false
const load = () =>
  import('./SiteFooterLinks').then((m) => {
    loaded = true
    return { default: m.SiteFooterLinks }
  })
const Links = lazy(load)

const footer = css`
  background: #1c2420;
  color: #f2f4f2;
  padding: 2rem 0 calc(6rem + var(--roots-promo-height, 0px));
  .inner {
    max-width: 72rem;
    margin: 0 auto;
    padding: 0 1rem;
    display: grid;
    gap: 1.5rem;
  }
  .base {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem 2rem;
    justify-content: space-between;
    border-top: 1px solid #3a4640;
    padding-top: 1rem;
  }
  .base a,
  .base button {
    color: #f2f4f2;
  }
  p {
    margin: 0;
  }
`

/** `onCookieSettings` opens the cookie settings (the layout passes the consent store's action). */
export function SiteFooter({ onCookieSettings }: { onCookieSettings: () => void }) {
  const [ready, setReady] = useState(loaded)
  useEffect(() => {
    if (ready) return
    let live = true
    void afterNextPaint()
      .then(load)
      .then(
        () => {
          if (live) setReady(true)
        },
        () => {
          /* the base links still show */
        },
      )
    return () => {
      live = false
    }
  }, [ready])
  return (
    <footer className={footer}>
      <div className='inner'>
        {ready && (
          <Suspense fallback={null}>
            <Links />
          </Suspense>
        )}
        <div className='base'>
          <p>© Roots Allotments Ltd. Community allotment plots across the UK.</p>
          <p>
            <Link href={paths.privacy.getHref()}>Privacy</Link> · <Link href={paths.cookies.getHref()}>Cookies</Link> ·{' '}
            <button type='button' className={buttonLink} onClick={onCookieSettings}>
              Cookie settings
            </button>
          </p>
        </div>
      </div>
    </footer>
  )
}
