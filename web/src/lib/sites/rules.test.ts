import { describe, expect, it } from 'vitest'
import { BUILT_IN_SITES, FLAGSHIP_SITES, REGIONAL_SITES, WAITING_LIST_PLACES } from './catalogue'
import {
  applyLinkRules, BUILT_IN_CTA_SETTINGS, findSiteByName, fromStoredRow, mergeSites, resolveCta, siteCta, siteState, siteWithOffer,
  stateLabel, statusOf, withCounts,
} from './rules'
import type { Offer, Site } from './types'

const row = (over: Record<string, unknown> = {}) => ({
  id: 101, city: 'Bath', city_slug: 'bath', location: 'New Meadow', slug: 'new-meadow', status: 'active', booked: false,
  allotments: 60, site_size: '7.50', ...over,
})
const stored = (over: Record<string, unknown> = {}) => fromStoredRow(row(over))!

describe('built-in catalogue (spec §9)', () => {
  it('has ids 1 to 9 and 11 with the spec plot counts and sizes; Daffodil Views upcoming, the rest open', () => {
    expect(FLAGSHIP_SITES.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11])
    const bySlug = Object.fromEntries(FLAGSHIP_SITES.map((s) => [s.slug, s]))
    expect([bySlug['tuckers-meadow'].allotments, bySlug['tuckers-meadow'].site_size]).toEqual([392, 8])
    expect([bySlug['meadow-hill-fields'].allotments, bySlug['meadow-hill-fields'].site_size]).toEqual([712, 33])
    expect([bySlug['daffodil-views'].allotments, bySlug['daffodil-views'].site_size, bySlug['daffodil-views'].status])
      .toEqual([16, 16.2, 'upcoming'])
    expect(FLAGSHIP_SITES.filter((s) => s.status === 'open')).toHaveLength(9)
    expect(bySlug['galleywood-meadow'].promo).toBe('PayDay Weekend Offer')
  })

  it('has the second list (50 plots typical, one 120, sizes 9 to 14.5) and the waiting-list-only places', () => {
    expect(REGIONAL_SITES.every((s) => s.allotments === 50 || s.allotments === 120)).toBe(true)
    expect(REGIONAL_SITES.filter((s) => s.allotments === 120)).toHaveLength(1)
    const sizes = REGIONAL_SITES.map((s) => s.site_size!)
    expect(Math.min(...sizes)).toBe(9)
    expect(Math.max(...sizes)).toBe(14.5)
    expect(sizes).toContain(12.5)
    expect(new Set(REGIONAL_SITES.map((s) => s.status))).toEqual(new Set(['active', 'upcoming']))
    expect(WAITING_LIST_PLACES.map((p) => p.location)).toContain('Isle of Wight')
    expect(new Set(BUILT_IN_SITES.map((s) => s.slug)).size).toBe(BUILT_IN_SITES.length)
  })
})

describe('status rules (spec §4)', () => {
  it('counts a missing status as upcoming', () => {
    expect(statusOf({ status: null })).toBe('upcoming')
  })

  it('sets booked on stored sites when upcoming or open (or no status), not when active', () => {
    expect(stored({ status: 'upcoming' }).booked).toBe(true)
    expect(stored({ status: 'open' }).booked).toBe(true)
    expect(stored({ status: null }).booked).toBe(true)
    expect(stored({ status: 'active', booked: true }).booked).toBe(false)
  })

  it('points cta_link and form_link of a non-active site at /prereg/{slug}/signup', () => {
    const s = stored({ status: 'open', cta_link: 'https://elsewhere.example', form_link: 'https://form.example' })
    expect(s.cta_link).toBe('/prereg/new-meadow/signup')
    expect(s.form_link).toBe('/prereg/new-meadow/signup')
    const active = stored({ status: 'active', cta_link: '/landing/new-meadow/join', form_link: 'https://form.example' })
    expect(active.form_link).toBe('https://form.example')
    expect(applyLinkRules(BUILT_IN_SITES.find((x) => x.slug === 'daffodil-views')!).cta_link).toBe('/prereg/daffodil-views/signup')
  })

  it('keeps numbers as numbers and drops rows without an id, slug, city or location', () => {
    expect(stored().site_size).toBe(7.5)
    expect(fromStoredRow(row({ slug: null }))).toBeNull()
    expect(fromStoredRow(row({ id: 'x' }))).toBeNull()
  })
})

describe('offers (spec §4)', () => {
  const offers: Offer[] = [{ id: 7, slug: 'o', title: 'Join', settings: { path_params: { site: 'slug', cityslug: 'city_slug' } } }]

  it('returns an upcoming site directly without an offer', () => {
    const s = stored({ status: 'upcoming', offer_id: 999 })
    expect(siteWithOffer(s, offers)).toEqual({ site: s, offer: null })
  })

  it('merges the offer by id and fills its path parameters from site fields; booked when not active', () => {
    const result = siteWithOffer(stored({ status: 'open', offer_id: 7 }), offers)!
    expect(result.offer!.params).toEqual({ site: 'new-meadow', cityslug: 'bath' })
    expect(result.site.booked).toBe(true)
    expect(siteWithOffer(stored({ status: 'active', offer_id: 7 }), offers)!.site.booked).toBe(false)
  })

  it('gives nothing for an unknown offer', () => {
    expect(siteWithOffer(stored({ status: 'open', offer_id: 8 }), offers)).toBeNull()
    expect(siteWithOffer(stored({ status: 'active', offer_id: null }), offers)).toBeNull()
  })
})

describe('merge and counts', () => {
  it('lets stored sites override built-ins by slug and orders by id', () => {
    const override = stored({ id: 1, slug: 'tuckers-meadow', location: 'Tuckers Meadow', allotments: 400, status: 'active' })
    const merged = mergeSites(BUILT_IN_SITES, [override, stored({ id: 500, slug: 'zeta' })])
    expect(merged.filter((s) => s.slug === 'tuckers-meadow')).toHaveLength(1)
    expect(merged.find((s) => s.slug === 'tuckers-meadow')!.allotments).toBe(400)
    expect(merged.find((s) => s.slug === 'tuckers-meadow')!.builtin).toBe(false)
    expect(merged.at(-1)!.slug).toBe('zeta')
    expect(merged.map((s) => s.id)).toEqual([...merged.map((s) => s.id)].sort((a, b) => a - b))
  })

  it('merges counts by location name, case-insensitively, 0 when missing', () => {
    const sites = mergeSites(BUILT_IN_SITES, [])
    const out = withCounts(sites, [{ location: 'tuckers meadow ', count: '12' }, { location: 'Avon Views', count: 3 }])
    expect(out.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count).toBe(12)
    expect(out.find((s) => s.slug === 'avon-views')!.waiting_list_count).toBe(3)
    expect(out.find((s) => s.slug === 'bowshaw-views')!.waiting_list_count).toBe(0)
  })
})

describe('site lookup by name (spec §5)', () => {
  const storedSites: Site[] = [
    stored({ id: 201, slug: 'hill-top', location: 'Hill Top Gardens', city: 'York' }),
    stored({ id: 202, slug: 'river', location: 'River', city: 'Hull' }),
  ]

  it('trims and lowercases, then matches a stored slug exactly', () => {
    expect(findSiteByName('  HILL-TOP ', storedSites, BUILT_IN_SITES)?.id).toBe(201)
  })

  it('then stored location equal, containing, or contained in the text', () => {
    expect(findSiteByName('hill top gardens', storedSites, BUILT_IN_SITES)?.id).toBe(201)
    expect(findSiteByName('top gard', storedSites, BUILT_IN_SITES)?.id).toBe(201)
    expect(findSiteByName('the river allotments', storedSites, BUILT_IN_SITES)?.id).toBe(202)
  })

  it('then built-ins by exact location, partial location, then exact city', () => {
    expect(findSiteByName('Avon Views', [], BUILT_IN_SITES)?.slug).toBe('avon-views')
    expect(findSiteByName('galleywood', [], BUILT_IN_SITES)?.slug).toBe('galleywood-meadow')
    expect(findSiteByName('croydon', [], BUILT_IN_SITES)?.slug).toBe('meadow-hill-fields')
    expect(findSiteByName('atlantis', [], BUILT_IN_SITES)).toBeNull()
    expect(findSiteByName('   ', storedSites, BUILT_IN_SITES)).toBeNull()
  })

  it('prefers stored sites over built-ins', () => {
    const shadow = [stored({ id: 300, slug: 'something', location: 'Avon Views Annex' })]
    expect(findSiteByName('avon views', shadow, BUILT_IN_SITES)?.id).toBe(300)
  })
})

describe('calls to action', () => {
  it('sends non-active sites to the pre-registration sign-up', () => {
    const cta = resolveCta(stored({ status: 'open', cta_setting_id: 2 }), BUILT_IN_CTA_SETTINGS)
    expect(cta).toEqual({ label: 'Join Queue', promo: 'FREE £29.99 Starter Bundle When You Join This February', href: '/prereg/new-meadow/signup' })
    expect(resolveCta(stored({ status: 'upcoming' }), BUILT_IN_CTA_SETTINGS).label).toBe('Pre-register')
  })

  it('resolves the named route of an active site: landing-site-join and sites-cityslug-slug-setup', () => {
    expect(resolveCta(stored({ cta_setting_id: 1 }), BUILT_IN_CTA_SETTINGS))
      .toEqual({ label: 'Join Free Today', promo: 'for your first month free', href: '/landing/new-meadow/join' })
    expect(resolveCta(stored({ cta_setting_id: 2 }), BUILT_IN_CTA_SETTINGS).href).toBe('/sites/bath/new-meadow/setup')
    expect(resolveCta(stored({ cta_setting_id: 1, promo: 'Site promo' }), BUILT_IN_CTA_SETTINGS).promo).toBe('Site promo')
  })
})

describe('site state and the call to action that follows it (issue 17)', () => {
  const at = (over: Record<string, unknown>, waiting: number) => ({ ...stored(over), waiting_list_count: waiting })

  it('coming soon, people waiting, plots available, full', () => {
    expect(siteState(at({ status: 'upcoming' }, 0))).toBe('coming_soon')
    expect(siteState(at({ status: null }, 3))).toBe('coming_soon')
    expect(siteState(at({ status: 'active' }, 24))).toBe('waiting')
    expect(siteState(at({ status: 'open' }, 1))).toBe('waiting')
    expect(siteState(at({ status: 'active', allotments: 60 }, 0))).toBe('available')
    expect(siteState({ ...at({ status: 'active', allotments: 60 }, 0), plots_free: 0 })).toBe('full')
    expect(siteState({ ...at({ status: 'open', allotments: 0 }, 0), plots_free: 2 })).toBe('available')
    expect(siteState(at({ status: 'active', allotments: null }, 0))).toBe('full')
    expect(stateLabel(at({ status: 'active' }, 24))).toBe('Waiting list')
    expect(stateLabel(at({ status: 'active' }, 0))).toBe('Plots available')
    expect(stateLabel(at({ status: 'upcoming' }, 0))).toBe('Coming soon')
  })

  it('people waiting at an active site: join its waiting list, with no joining offer (not "Join Free Today")', () => {
    const cta = siteCta(at({ status: 'active', cta_setting_id: 1, cta: 'Join Free Today', cta_link: '/sites/bath/new-meadow/setup' }, 24), BUILT_IN_CTA_SETTINGS)
    expect(cta).toEqual({ label: 'Join the waiting list', promo: null, href: '/landing/new-meadow/join' })
  })

  it('people waiting at an open site: its sign-up page; a site promo waits too', () => {
    expect(siteCta(at({ status: 'open', cta_setting_id: 2, promo: 'PayDay Weekend Offer' }, 7), BUILT_IN_CTA_SETTINGS))
      .toEqual({ label: 'Join the waiting list', promo: null, href: '/prereg/new-meadow/signup' })
  })

  it('plots free and nobody waiting: become a member directly, with the offer that applies', () => {
    expect(siteCta(at({ status: 'active', cta_setting_id: 1 }, 0), BUILT_IN_CTA_SETTINGS))
      .toEqual({ label: 'Become a member', promo: 'for your first month free', href: '/sites/bath/new-meadow/setup' })
    expect(siteCta(at({ status: 'open', cta_setting_id: 1, promo: 'Site promo' }, 0), BUILT_IN_CTA_SETTINGS).promo).toBe('Site promo')
  })

  it('full with nobody waiting: the waiting list, first in line', () => {
    expect(siteCta({ ...at({ status: 'active', cta_setting_id: 1 }, 0), plots_free: 0 }, BUILT_IN_CTA_SETTINGS))
      .toEqual({ label: 'Join the waiting list', promo: null, href: '/landing/new-meadow/join' })
  })

  it('coming soon: pre-register, and no first month free', () => {
    expect(siteCta(at({ status: 'upcoming', cta_setting_id: 1 }, 0), BUILT_IN_CTA_SETTINGS))
      .toEqual({ label: 'Pre-register', promo: null, href: '/prereg/new-meadow/signup' })
  })
})
