// The public header: the brand, the main sections and the members' entry point ("Member sign-in",
// or "My membership" once signed in). From 60rem up the sections sit in one row; below that they
// fold behind a Menu button (a disclosure: aria-expanded, aria-controls) that closes on navigation,
// on Escape (focus back on the button) and on a click elsewhere. Part of the first load: small.
import { useEffect, useRef, useState } from 'react'
import { css } from 'goober'
import { Link, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { isCurrentSection, MAIN_LINKS, memberLink } from './nav-links'
import { useSignedIn } from './use-signed-in'

const header = css`
  position: relative;
  z-index: 600;
  background: var(--roots-surface);
  border-bottom: 1px solid #d9ddd9;
  .inner {
    max-width: 72rem;
    margin: 0 auto;
    padding: 0.5rem 1rem;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.25rem 1.5rem;
  }
  .brand {
    font-weight: 800;
    font-size: 1.25rem;
    color: var(--roots-primary);
    text-decoration: none;
    padding: 0.5rem 0;
  }
  .menu {
    display: none;
    align-items: center;
    gap: 0.5rem;
    min-height: 2.75rem;
    padding: 0.4rem 0.9rem;
    border-radius: 0.5rem;
    border: 2px solid var(--roots-primary);
    background: var(--roots-surface);
    color: var(--roots-primary);
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
  .bars,
  .bars::before,
  .bars::after {
    display: block;
    width: 1.1rem;
    height: 2px;
    background: currentColor;
    position: relative;
  }
  .bars::before,
  .bars::after {
    content: '';
    position: absolute;
    left: 0;
  }
  .bars::before {
    top: -6px;
  }
  .bars::after {
    top: 6px;
  }
  .menu[aria-expanded='true'] .bars {
    background: transparent;
  }
  .menu[aria-expanded='true'] .bars::before {
    top: 0;
    transform: rotate(45deg);
  }
  .menu[aria-expanded='true'] .bars::after {
    top: 0;
    transform: rotate(-45deg);
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 1.1rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  ul a {
    display: inline-block;
    padding: 0.6rem 0;
    font-weight: 600;
    color: var(--roots-text);
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }
  ul a:hover {
    color: var(--roots-primary);
    border-bottom-color: currentColor;
  }
  ul a[aria-current='page'] {
    color: var(--roots-primary);
    border-bottom-color: currentColor;
  }
  ul .member a {
    padding: 0.45rem 0.9rem;
    border: 2px solid var(--roots-primary);
    border-radius: 0.5rem;
    color: var(--roots-primary);
  }
  ul .member a:hover {
    background: #e8f0ea;
  }
  @media (max-width: 60rem) {
    .menu {
      display: inline-flex;
    }
    ul {
      display: none;
      position: absolute;
      left: 0;
      right: 0;
      top: 100%;
      flex-direction: column;
      align-items: stretch;
      gap: 0;
      max-height: calc(100dvh - 4rem);
      overflow-y: auto;
      padding: 0.25rem 1rem 1rem;
      background: var(--roots-surface);
      border-bottom: 1px solid #d9ddd9;
      box-shadow: 0 0.75rem 1.5rem rgb(0 0 0 / 0.15);
    }
    ul[data-open='true'] {
      display: flex;
    }
    ul a {
      display: block;
      padding: 0.75rem 0.25rem;
      border-bottom: 1px solid #eef0ee;
    }
    ul a[aria-current='page'] {
      border-bottom-color: #eef0ee;
      text-decoration: underline;
      text-underline-offset: 0.25em;
    }
    ul .member {
      padding-top: 0.75rem;
    }
    ul .member a {
      text-align: center;
    }
  }
`

export function SiteHeader() {
  const [location] = useLocation()
  const signedIn = useSignedIn()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  useEffect(() => setOpen(false), [location])
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (e: PointerEvent) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])
  const member = memberLink(signedIn)
  const current = (href: string) => (isCurrentSection(href, location) ? 'page' : undefined)
  return (
    <header className={header}>
      <div className='inner'>
        <Link href={paths.home.getHref()} className='brand'>
          Roots Allotments
        </Link>
        <nav ref={nav} aria-label='Main'>
          <button
            ref={button}
            type='button'
            className='menu'
            aria-expanded={open}
            aria-controls='site-menu'
            onClick={() => setOpen((o) => !o)}
          >
            <span className='bars' aria-hidden='true' />
            Menu
          </button>
          <ul id='site-menu' data-open={open}>
            {MAIN_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} aria-current={current(l.href)}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li className='member'>
              <Link href={member.href} aria-current={current(member.href)}>
                {member.label}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  )
}
