// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { paths } from '../src/config/paths'
import { CATALOGUE_SITES } from '@common/catalogue'
import { NOT_LISTED, publicPaths, robotsTxt, sitemapXml, siteOrigin } from './sitemap'

describe('sitemap', () => {
  const listed = publicPaths()

  it('lists the home page, the public pages without parameters, and no admin, account or checkout page', () => {
    expect(listed[0]).toBe('/')
    for (
      const p of [
        '/sites',
        '/blogs',
        '/events',
        '/become-member',
        '/gift-vouchers',
        '/privacy',
        '/cookies',
        '/the-roots-pledge',
        '/pre-register',
        '/vote',
      ]
    ) {
      expect(listed).toContain(p)
    }
    for (
      const p of [
        '/login',
        '/members',
        '/checkout',
        '/checkout/success',
        '/deposit-checkout',
        '/prereg/success',
        '/maps/test',
        '/404',
      ]
    ) {
      expect(listed).not.toContain(p)
    }
    expect(listed.filter((p) => p.startsWith('/admin') || p.includes(':'))).toEqual([])
    expect(new Set(listed).size).toBe(listed.length)
  })

  it('names only keys the path table has (a renamed route cannot slip in unnoticed)', () => {
    for (const key of NOT_LISTED) expect(paths, key).toHaveProperty(key)
  })

  it('lists every catalogue site at the page its status gives it', () => {
    expect(CATALOGUE_SITES.length).toBeGreaterThanOrEqual(22)
    for (const site of CATALOGUE_SITES) {
      const page = site.status === 'active'
        ? `/sites/${site.city_slug}/${site.slug}`
        : `/prereg/${site.slug}`
      expect(listed, site.slug).toContain(page)
    }
    expect(listed).toContain('/sites/dartford/darenth-fields')
    expect(listed).toContain('/prereg/tuckers-meadow')
  })

  it('writes absolute, escaped URLs with a date, and robots.txt points to it', () => {
    const xml = sitemapXml('https://roots.example/', ['/', '/a&b'], '2026-01-02')
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain(
      '<url><loc>https://roots.example/</loc><lastmod>2026-01-02</lastmod></url>',
    )
    expect(xml).toContain('<loc>https://roots.example/a&amp;b</loc>')
    expect(robotsTxt('https://roots.example/')).toContain(
      'Sitemap: https://roots.example/sitemap.xml',
    )
    expect(robotsTxt('https://roots.example')).toMatch(
      /^User-agent: \*\nAllow: \/\nDisallow: \/admin\n/,
    )
  })

  it('takes its origin from SITE_URL, then VITE_SITE_URL, else the local web address', () => {
    expect(siteOrigin({ SITE_URL: 'https://a.example', VITE_SITE_URL: 'https://b.example' })).toBe(
      'https://a.example',
    )
    expect(siteOrigin({ VITE_SITE_URL: 'https://b.example' })).toBe('https://b.example')
    expect(siteOrigin({})).toBe('http://127.0.0.1:5173')
  })
})
