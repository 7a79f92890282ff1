import type { ComponentType } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { HIDDEN_KEY } from '@/components/promo-bar/PromoBar'
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S } from '@/features/consent/consent-effects'
import { STORAGE_KEY as REDIRECTS_KEY } from '@/lib/redirects'
import { RELOAD_GUARD_KEY } from '@/lib/reload-guard'
import CookiesRoute, { ANALYTICS, FUNCTIONAL, NECESSARY } from './cookies'
import PrivacyRoute from './privacy'

afterEach(cleanup)

const renderAt = (path: string, Page: ComponentType) => {
  const { hook } = memoryLocation({ path })
  return render(<Router hook={hook}><Page /></Router>)
}

describe('/privacy', () => {
  it('names the controller, each form, the processors, transfers, the rights and the ICO, and marks what is to complete', () => {
    renderAt('/privacy', PrivacyRoute)
    expect(document.title).toBe('Privacy notice | Roots Allotments')
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy()
    expect(screen.getByText('Roots Allotments Ltd', { selector: 'strong' })).toBeTruthy()
    for (const form of ['Joining a waiting list', 'Pre-registering for a site that is coming soon', 'Membership and your account',
      'Guided tours and welcome slots', 'Gift vouchers, the shop and deposits', 'Job applications', 'Newsletters and sowing reminders',
      'Votes for a new site and offers of land']) {
      const section = screen.getByRole('region', { name: form })
      for (const term of ['What', 'Why', 'Lawful basis', 'How long']) expect(section.textContent).toContain(term)
    }
    const text = document.body.textContent!
    for (const processor of ['Supabase', 'Stripe', 'ActiveCampaign', 'PostHog', 'Sentry', 'e-mail provider']) expect(text).toContain(processor)
    for (const right of ['access', 'rectification', 'erasure', 'restrict', 'object', 'data portability', 'withdraw consent']) expect(text).toContain(right)
    expect(text).toContain('Transfers outside the UK')
    expect(screen.getByRole('link', { name: 'ico.org.uk/make-a-complaint' }).getAttribute('href')).toBe('https://ico.org.uk/make-a-complaint/')
    expect(text).toContain('[to complete: registered address]')
    expect(text).toContain('privacy@[to complete: domain]')
    expect(screen.getByRole('link', { name: 'cookie policy' }).getAttribute('href')).toBe('/cookies')
  })
})

describe('/cookies', () => {
  it('lists the storage the app really writes, under the names the code uses', () => {
    renderAt('/cookies', CookiesRoute)
    expect(document.title).toBe('Cookie policy | Roots Allotments')
    const names = [...NECESSARY, ...FUNCTIONAL, ...ANALYTICS].map((c) => c.name)
    expect(names).toEqual(expect.arrayContaining([CONSENT_COOKIE, REDIRECTS_KEY, RELOAD_GUARD_KEY, HIDDEN_KEY, 'roots.queue-references']))
    expect(NECESSARY.find((c) => c.name === CONSENT_COOKIE)!.lasts).toBe(`${CONSENT_MAX_AGE_S / 86400} days`)
    for (const name of names) expect(screen.getAllByText(name, { selector: 'code' }).length).toBeGreaterThan(0)
    expect(screen.getByRole('list', { name: 'Analytics cookies and storage' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy')
  })
})
