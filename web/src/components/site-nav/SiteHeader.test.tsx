import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Link, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { SiteHeader } from './SiteHeader'
import { hasStoredSession } from './use-signed-in'

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true })
  render(
    <Router hook={location.hook}>
      <SiteHeader />
      <Link href='/events'>Elsewhere</Link>
    </Router>,
  )
  return location
}

// The button shows below 60rem only (CSS); the test window is wider.
const menu = () => document.querySelector<HTMLButtonElement>('button[aria-controls="site-menu"]')!
const list = () => document.getElementById('site-menu')!

beforeEach(() => localStorage.clear())
afterEach(cleanup)

describe('SiteHeader', () => {
  it('carries the main sections and the member sign-in, marking the current section', () => {
    renderAt('/kb/getting-started/tools')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Find a site', '/sites'],
      ['Coming soon', '/pre-register'],
      ['Become a member', '/become-member'],
      ['Guides', '/kb'],
      ['Events', '/events'],
      ['Gift vouchers', '/gift-vouchers'],
      ['Member sign-in', '/login'],
    ])
    expect(within(nav).getByRole('link', { name: 'Guides' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBeNull()
  })

  it('offers "My membership" once this browser holds a session', () => {
    localStorage.setItem('sb-127-auth-token', JSON.stringify({ access_token: 'a', refresh_token: 'r' }))
    renderAt('/')
    expect(screen.getByRole('link', { name: 'My membership' }).getAttribute('href')).toBe('/members')
    expect(screen.queryByRole('link', { name: 'Member sign-in' })).toBeNull()
  })

  it('is a disclosure: the button opens and closes the menu, Escape closes it and returns focus', () => {
    renderAt('/')
    expect(menu().textContent).toBe('Menu')
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(menu())
    expect(menu().getAttribute('aria-expanded')).toBe('true')
    expect(list().dataset.open).toBe('true')
    within(list()).getByText('Events').focus()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menu())
    fireEvent.click(menu())
    fireEvent.click(menu())
    expect(menu().getAttribute('aria-expanded')).toBe('false')
  })

  it('closes on navigation and on a click elsewhere', () => {
    const location = renderAt('/')
    fireEvent.click(menu())
    act(() => {
      fireEvent.click(within(list()).getByText('Find a site'))
    })
    expect(location.history.at(-1)).toBe('/sites')
    expect(menu().getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(menu())
    fireEvent.pointerDown(document.body)
    expect(menu().getAttribute('aria-expanded')).toBe('false')
  })
})

describe('hasStoredSession', () => {
  it('finds a Supabase session key with a refresh token, and nothing else', () => {
    expect(hasStoredSession(localStorage)).toBe(false)
    localStorage.setItem('roots:redirects:v1', '{}')
    localStorage.setItem('sb-x-auth-token', '{"expires_at":1}')
    expect(hasStoredSession(localStorage)).toBe(false)
    localStorage.setItem('sb-x-auth-token', '{"refresh_token":"r"}')
    expect(hasStoredSession(localStorage)).toBe(true)
    expect(hasStoredSession(null)).toBe(false)
  })
})
