// The site rules and the catalogue are owned by supabase/functions/_shared/common (tested there).
// Here: the web app uses that module, and the routes it builds are the web's own path table's.
import { describe, expect, it } from 'vitest'
import { CATALOGUE_SITES, CTA_SETTINGS, WAITING_LIST_PLACE_NAMES } from '@common/catalogue'
import * as shared from '@common/site-rules'
import { namedRoutes, paths } from '@/config/paths'
import { BUILT_IN_SITES, WAITING_LIST_PLACES } from './catalogue'
import * as rules from './rules'

describe('the web app takes the site rules and the catalogue from the shared module', () => {
  it('re-exports the shared rules rather than copies', () => {
    for (
      const name of [
        'siteCta',
        'siteState',
        'resolveCta',
        'findSiteByName',
        'mergeSites',
        'applyLinkRules',
        'siteHref',
        'statusOf',
      ] as const
    ) {
      expect(rules[name], name).toBe(shared[name])
    }
  })

  it('paints first from the shared catalogue: every site and place, CTA settings included', () => {
    expect(BUILT_IN_SITES.map((s) => [s.id, s.slug, s.status, s.allotments])).toEqual(
      CATALOGUE_SITES.map((s) => [s.id, s.slug, s.status, s.allotments]),
    )
    expect(BUILT_IN_SITES.every((s) => s.builtin)).toBe(true)
    expect(WAITING_LIST_PLACES.map((p) => p.location)).toEqual(WAITING_LIST_PLACE_NAMES)
    expect(rules.BUILT_IN_CTA_SETTINGS).toEqual(CTA_SETTINGS)
  })
})

describe("the shared route rules build the path table's URLs", () => {
  const site = { city_slug: 'stoke-on-trent', slug: 'trent-vale-fields' }
  it('site page, set-up, landing join, pre-registration and its sign-up', () => {
    expect(shared.siteRoutes.site(site)).toBe(
      paths.site.getHref({ cityslug: site.city_slug, slug: site.slug }),
    )
    expect(shared.siteRoutes.siteSetup(site)).toBe(
      paths.siteSetup.getHref({ cityslug: site.city_slug, slug: site.slug }),
    )
    expect(shared.siteRoutes.landingSiteJoin(site.slug)).toBe(
      paths.landingSiteJoin.getHref({ site: site.slug }),
    )
    expect(shared.siteRoutes.preregSite(site.slug)).toBe(
      paths.preregSite.getHref({ site: site.slug }),
    )
    expect(shared.siteRoutes.preregSiteSignup(site.slug)).toBe(
      paths.preregSiteSignup.getHref({ site: site.slug }),
    )
  })

  it('the named CTA routes of cta_settings.link_route', () => {
    expect(shared.CTA_ROUTES['landing-site-join'].href(site)).toBe(
      namedRoutes['landing-site-join'].getHref({ site: site.slug }),
    )
    expect(shared.CTA_ROUTES['sites-cityslug-slug-setup'].href(site))
      .toBe(
        namedRoutes['sites-cityslug-slug-setup'].getHref({
          cityslug: site.city_slug,
          slug: site.slug,
        }),
      )
  })
})
