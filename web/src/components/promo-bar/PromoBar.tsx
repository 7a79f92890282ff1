// The promo bar of public pages: the live bar for the page's site, else for every site. It is
// read after the first paint, so it sits fixed along the bottom of the window instead of above
// the header: arriving there moves nothing on the page (no layout shift). It publishes its
// height as --roots-promo-height, which lifts the cookie button, pads the footer and keeps a
// focused control from scrolling in behind it. A visitor may hide it for the rest of the visit.
// On a phone it keeps to one line and steps aside while a form field has focus (lib/typing.ts).
// Its code loads after the first paint (LazyPromoBar): plain fetch, no admin code.
import { useEffect, useLayoutEffect, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation } from 'wouter'
import { useTyping } from '@/lib/typing'
import { type LiveBar, loadedLiveBars, loadLiveBars, pickBar, siteSlugFromPath } from './promo-bar'

export const HEIGHT_VAR = '--roots-promo-height'
export const HIDDEN_KEY = 'roots:promo-hidden'

const bar = css`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 700;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  background: #fff3d6;
  color: #3d2800;
  border-top: 1px solid #e8cf94;
  box-shadow: 0 -0.25rem 1rem rgb(0 0 0 / 0.12);
  font-weight: 700;
  padding: 0.45rem 0.5rem 0.45rem 1rem;
  font-size: 0.98rem;
  text-align: center;
  animation: roots-promo-in 0.25s ease-out;
  p {
    margin: 0;
    flex: 0 1 auto;
  }
  a {
    color: #3d2800;
  }
  button {
    flex: none;
    min-width: 2.75rem;
    min-height: 2.75rem;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: #3d2800;
    font-size: 1.4rem;
    line-height: 1;
    cursor: pointer;
  }
  button:hover {
    background: rgb(61 40 0 / 0.08);
  }
  @keyframes roots-promo-in {
    from {
      transform: translateY(100%);
    }
    to {
      transform: none;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
  /* Phones: one line (the full text stays the link's name), and out of the way while typing. */
  @media (max-width: 48rem) {
    padding: 0.2rem 0.25rem 0.2rem 0.75rem;
    font-size: 0.9rem;
    p {
      flex: 1 1 auto;
      min-width: 0;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      text-align: left;
    }
    /* The link is cut where the line is: left inline, its box ran on under the close button and
       made that button a target too small to tap (Lighthouse's target-size audit). */
    p > a {
      display: block;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    button {
      min-width: 2.5rem;
      min-height: 2.5rem;
    }
    &[data-typing='true'] {
      display: none;
    }
  }
`

const hiddenIds = (): number[] => {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(HIDDEN_KEY) ?? '[]')
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []
  } catch {
    return []
  }
}

function hide(id: number) {
  try {
    sessionStorage.setItem(HIDDEN_KEY, JSON.stringify([...new Set([...hiddenIds(), id])]))
  } catch {
    /* storage blocked: hidden for this page only */
  }
}

/**
 * Publishes the bar's height (0 without one) for the rest of the page to make room. Where there
 * is a ResizeObserver it alone reports the height: its first report comes after the layout the
 * browser does anyway and before the paint, so mounting the bar forces no layout of its own.
 */
function useHeightVar(el: HTMLElement | null) {
  useLayoutEffect(() => {
    const root = document.documentElement
    if (!el) {
      root.style.removeProperty(HEIGHT_VAR)
      return
    }
    const publish = (px: number) => root.style.setProperty(HEIGHT_VAR, `${Math.ceil(px)}px`)
    if (typeof ResizeObserver !== 'function') {
      publish(el.getBoundingClientRect().height)
      return () => root.style.removeProperty(HEIGHT_VAR)
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry) publish(entry.borderBoxSize?.[0]?.blockSize ?? el.getBoundingClientRect().height)
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      root.style.removeProperty(HEIGHT_VAR)
    }
  }, [el])
}

export function PromoBar() {
  const [path] = useLocation()
  const [bars, setBars] = useState<LiveBar[]>(() => loadedLiveBars() ?? [])
  const [hidden, setHidden] = useState(hiddenIds)
  const [el, setEl] = useState<HTMLElement | null>(null)
  const typing = useTyping()
  useEffect(() => {
    let live = true
    void loadLiveBars().then((b) => {
      if (live) setBars(b)
    })
    return () => {
      live = false
    }
  }, [])
  const shown = pickBar(
    bars.filter((b) => !hidden.includes(b.id)),
    siteSlugFromPath(path),
  )
  useHeightVar(shown ? el : null)
  if (!shown) return null
  const text =
    shown.link === null ? (
      shown.text
    ) : shown.link.startsWith('/') ? (
      <Link href={shown.link}>{shown.text}</Link>
    ) : (
      <a href={shown.link}>{shown.text}</a>
    )
  const dismiss = () => {
    hide(shown.id)
    setHidden((h) => [...h, shown.id])
  }
  return (
    <aside ref={setEl} className={bar} aria-label='Offer' data-testid='promo-bar' data-typing={typing}>
      <p>{text}</p>
      <button type='button' onClick={dismiss} aria-label='Hide this offer' title='Hide this offer'>
        <span aria-hidden='true'>×</span>
      </button>
    </aside>
  )
}
