// Build: sitemap.xml and robots.txt. The sitemap lists every public page the build
// knows: the path table's public pages without parameters, and each site of the built-in
// catalogue at the page its status gives it (an active site's page, else its pre-registration
// page, as siteHref decides). Pages whose content lives only in the database (blogs, careers,
// the knowledge base) are not known at build time and are left to prerendering (another issue).
// URLs are absolute on SITE_URL (or VITE_SITE_URL) at build time, http://127.0.0.1:5173 without.
import type { Plugin } from 'vite'
import { sitePaths } from '../src/config/paths-sites.ts'
import { membershipPaths } from '../src/config/paths-membership.ts'
import { contentPaths } from '../src/config/paths-content.ts'
import { communityPaths } from '../src/config/paths-community.ts'
import { legalPaths } from '../src/config/paths-legal.ts'
import { CATALOGUE_SITES } from '../../supabase/functions/_shared/common/catalogue.ts'
import { siteHref } from '../../supabase/functions/_shared/common/site-rules.ts'

export const LOCAL_SITE_URL = 'http://127.0.0.1:5173'

const PUBLIC_TABLES = {
  ...sitePaths,
  ...membershipPaths,
  ...contentPaths,
  ...communityPaths,
  ...legalPaths,
}

/**
 * Parameter-free pages that are not for search engines: sign-in and account pages, checkouts,
 * "thank you" and success pages, duplicates of another page, tools and tests.
 */
export const NOT_LISTED: readonly (keyof typeof PUBLIC_TABLES)[] = [
  'locations',
  'newSiteLanding',
  'landingSugarLoafFields',
  'preregHome',
  'prereg',
  'preregSuccess',
  'queueReady',
  'welcomeSlotSuccess',
  'guidedTourThankYou',
  'guidedTourBecomeMember',
  'login',
  'members',
  'membersCancellation',
  'checkout',
  'checkoutNew',
  'checkoutSuccess',
  'depositCheckout',
  'giftVouchersSuccess',
  'seedSowingThankYou',
  'mapsTest',
  'businessInsightsLocationMap',
  'courseCreator',
]

/** The public pages' paths, home first, each once. */
export function publicPaths(): string[] {
  const out = new Set<string>(['/'])
  for (const [key, entry] of Object.entries(PUBLIC_TABLES)) {
    if (entry.path.includes(':') || (NOT_LISTED as readonly string[]).includes(key)) continue
    out.add(entry.path)
  }
  for (const site of CATALOGUE_SITES) out.add(siteHref(site))
  return [...out]
}

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  )

export function sitemapXml(origin: string, paths: readonly string[], lastmod: string): string {
  const base = origin.replace(/\/+$/, '')
  const urls = paths.map((p) =>
    `  <url><loc>${xmlEscape(base + p)}</loc><lastmod>${lastmod}</lastmod></url>`
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
    urls.join('\n')
  }\n</urlset>\n`
}

export function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, '')
  return `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /checkout\nDisallow: /members\n\nSitemap: ${base}/sitemap.xml\n`
}

export function siteOrigin(env: Record<string, string | undefined> = process.env): string {
  return (env.SITE_URL || env.VITE_SITE_URL || LOCAL_SITE_URL).trim()
}

/** Emits sitemap.xml and robots.txt into the build. */
export function sitemap(): Plugin {
  return {
    name: 'roots-sitemap',
    apply: 'build',
    generateBundle() {
      const origin = siteOrigin()
      const lastmod = new Date().toISOString().slice(0, 10)
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: sitemapXml(origin, publicPaths(), lastmod),
      })
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(origin) })
    },
  }
}
