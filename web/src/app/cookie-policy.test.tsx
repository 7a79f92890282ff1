// The cookie policy (features/legal) against the storage the rest of the app really writes: the
// consent cookie of features/consent, the redirect cache, the reload guard, the promo bar. A test
// across features lives here, in the app, which may import them all.
import type { ComponentType } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { HIDDEN_KEY } from '@/components/promo-bar/PromoBar'
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S } from '@/features/consent/consent-effects'
import CookiesRoute, { ANALYTICS, FUNCTIONAL, NECESSARY } from '@/features/legal/routes/cookies'
import { STORAGE_KEY as REDIRECTS_KEY } from '@/lib/redirects'
import { RELOAD_GUARD_KEY } from '@/lib/reload-guard'

afterEach(cleanup)

const renderAt = (path: string, Page: ComponentType) => {
  const { hook } = memoryLocation({ path })
  return render(
    <Router hook={hook}>
      <Page />
    </Router>,
  )
}

describe('/cookies', () => {
  it('lists the storage the app really writes, under the names the code uses', () => {
    renderAt('/cookies', CookiesRoute)
    expect(document.title).toBe('Cookie policy | Roots Allotments')
    const names = [...NECESSARY, ...FUNCTIONAL, ...ANALYTICS].map((c) => c.name)
    expect(names).toEqual(
      expect.arrayContaining([CONSENT_COOKIE, REDIRECTS_KEY, RELOAD_GUARD_KEY, HIDDEN_KEY, 'roots.queue-references']),
    )
    expect(NECESSARY.find((c) => c.name === CONSENT_COOKIE)!.lasts).toBe(`${CONSENT_MAX_AGE_S / 86400} days`)
    for (const name of names) expect(screen.getAllByText(name, { selector: 'code' }).length).toBeGreaterThan(0)
    expect(screen.getByRole('list', { name: 'Analytics cookies and storage' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy')
  })
})
