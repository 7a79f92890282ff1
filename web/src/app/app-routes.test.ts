import { describe, expect, it } from 'vitest'
import { preloadLandingPage } from './app-routes'
import { patternRegExp } from './lazy-page'

describe('landing-page preloads', () => {
  it('turn wouter patterns into expressions that match as wouter does', () => {
    const site = patternRegExp('/sites/:cityslug/:slug')
    expect(site.test('/sites/bath/avon-views')).toBe(true)
    expect(site.test('/Sites/Bath/Avon-Views/')).toBe(true)
    expect(site.test('/sites/bath')).toBe(false)
    expect(site.test('/sites/bath/avon-views/setup')).toBe(false)
    expect(patternRegExp('/sites').test('/sitesx')).toBe(false)
    expect(patternRegExp('/').test('/')).toBe(true)
    expect(patternRegExp('/').test('/sites')).toBe(false)
    const kb = patternRegExp('/kb/*?')
    expect(['/kb', '/kb/', '/kb/getting-started', '/kb/a/b'].every((p) => kb.test(p))).toBe(true)
    expect(kb.test('/kbx')).toBe(false)
    expect(patternRegExp('/files/:path*').test('/files/a/b.txt')).toBe(true)
    expect(patternRegExp('/files/:path*').test('/files')).toBe(false)
    expect(patternRegExp('/a/:b?').test('/a')).toBe(true)
    expect(patternRegExp('/a.b').test('/axb')).toBe(false)
  })

  it('start the chunk for the sites list and site pages only', () => {
    expect(preloadLandingPage('/sites')).toBe(true)
    expect(preloadLandingPage('/locations/')).toBe(true)
    expect(preloadLandingPage('/sites/dartford/darenth-fields')).toBe(true)
    expect(preloadLandingPage('/sites/dartford/darenth-fields/old')).toBe(true)
    expect(preloadLandingPage('/')).toBe(false)
    expect(preloadLandingPage('/admin/login')).toBe(false)
    expect(preloadLandingPage('/sites/dartford/darenth-fields/setup')).toBe(false)
  })
})
