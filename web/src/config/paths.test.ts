import { describe, expect, it } from 'vitest'
import { definePath, namedRoutes, paths } from './paths'

describe('paths', () => {
  it('builds hrefs with encoded parameters', () => {
    expect(paths.home.getHref()).toBe('/')
    expect(paths.site.getHref({ cityslug: 'bath', slug: 'tuckers meadow' })).toBe(
      '/sites/bath/tuckers%20meadow',
    )
    expect(namedRoutes['landing-site-join'].getHref({ site: 'sugar-loaf-fields' })).toBe(
      '/landing/sugar-loaf-fields/join',
    )
    expect(namedRoutes['sites-cityslug-slug-setup'].getHref({ cityslug: 'leeds', slug: 'pp' }))
      .toBe('/sites/leeds/pp/setup')
  })

  it('keeps slashes of a wildcard and refuses a missing parameter', () => {
    expect(paths.kb.getHref({ link: 'growing/tomatoes?' })).toBe('/kb/growing/tomatoes%3F')
    const p = definePath('/a/:b')
    expect(() => (p.getHref as (x: object) => string)({})).toThrow('missing parameter b')
  })
})
