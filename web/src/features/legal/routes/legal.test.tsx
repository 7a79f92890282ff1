import type { ComponentType } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import PrivacyRoute from './privacy'

afterEach(cleanup)

const renderAt = (path: string, Page: ComponentType) => {
  const { hook } = memoryLocation({ path })
  return render(
    <Router hook={hook}>
      <Page />
    </Router>,
  )
}

describe('/privacy', () => {
  it('names the controller, each form, the processors, transfers, the rights and the ICO, and marks what is to complete', () => {
    renderAt('/privacy', PrivacyRoute)
    expect(document.title).toBe('Privacy notice | Roots Allotments')
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy()
    expect(screen.getByText('Roots Allotments Ltd', { selector: 'strong' })).toBeTruthy()
    for (const form of [
      'Joining a waiting list',
      'Pre-registering for a site that is coming soon',
      'Membership and your account',
      'Plot inspections',
      'Guided tours and welcome slots',
      'Gift vouchers, the shop and deposits',
      'Job applications',
      'Newsletters and sowing reminders',
      'Votes for a new site and offers of land',
    ]) {
      const section = screen.getByRole('region', { name: form })
      for (const term of ['What', 'Why', 'Lawful basis', 'How long']) expect(section.textContent).toContain(term)
    }
    const text = document.body.textContent!
    expect(screen.getByRole('region', { name: 'Plot inspections' }).textContent).toContain(
      'Photos for 24 months after the inspection, then deleted automatically',
    )
    for (const processor of ['Supabase', 'Stripe', 'ActiveCampaign', 'PostHog', 'Sentry', 'e-mail provider'])
      expect(text).toContain(processor)
    for (const right of [
      'access',
      'rectification',
      'erasure',
      'restrict',
      'object',
      'data portability',
      'withdraw consent',
    ])
      expect(text).toContain(right)
    expect(text).toContain('Transfers outside the UK')
    expect(screen.getByRole('link', { name: 'ico.org.uk/make-a-complaint' }).getAttribute('href')).toBe(
      'https://ico.org.uk/make-a-complaint/',
    )
    expect(text).toContain('[to complete: registered address]')
    expect(text).toContain('privacy@[to complete: domain]')
    expect(screen.getByRole('link', { name: 'cookie policy' }).getAttribute('href')).toBe('/cookies')
  })
})
