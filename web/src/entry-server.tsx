// Server rendering: the public pages visitors land on (home, the sites list, every
// site page and pre-registration page) rendered to HTML from the same components the browser
// hydrates. Built by `vite build --ssr` (web/server/build.ts) into dist/.server/, never part of
// the client bundle; the stack's web server calls render() per request with a short cache.
// Data: the sites function's answer (the same the locations store reads) and, on a site's page,
// its photos, list figures and prices, read with the anon key like the browser does.
import './app/ssr/globals'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server.browser'
import { extractCss } from 'goober'
import { App } from '@/app/App'
import { prepareFirstPage } from '@/app/app-routes'
import { installGlobalStyles } from '@/app/global-styles'
import { patternRegExp } from '@/app/lazy-page'
import type { Platform } from '@/app/platform'
import {
  type PackedCatalogue,
  packCatalogue,
  type PrerenderData,
  PRERENDER_DATA_ID,
  primeStores,
} from '@/app/prerender-data'
import { collectedHead, resetCollectedHead } from '@/app/ssr/head-collector'
import type { PrerenderedDetails } from '@/lib/sites/prerendered-details'
import { paths } from '@/config/paths'
import { DEFAULT_DESCRIPTION, pageTitle } from '@/lib/page-meta'
import { headTags } from '@/lib/head'
import { imageSrc } from '@/lib/image-src'
import { GALLERY_SIZES, type GalleryPhoto, photoSrcSet } from '@/components/site-profile/PhotoGallery'
import { RedirectCache } from '@/lib/redirects'
import { isActive } from '@/lib/sites/rules'
import { getListStats, getPrices, getSitePhotos } from '@/lib/sites/site-details'
import type { CatalogueEntry, Site, SiteCatalogue } from '@/lib/sites/types'

export interface RenderOptions {
  apiUrl: string
  anonKey: string
  /** Where the web server serves the images bucket on its own origin (/images); absent: Storage's URLs. */
  imagesUrl?: string
  /** The site's public origin, for canonical and preview URLs. */
  origin: string
}

export interface RenderedPage {
  /** The app's markup, for inside #root. */
  html: string
  /** Title, description, canonical, preview tags and the LCP image's preload. */
  head: string
  title: string
  description: string
  /** goober's runtime rules (the static ones are in the built stylesheets). */
  css: string
  /** The page's lazy modules (paths in web/, as Vite's manifest names them). */
  modules: string[]
  /** The JSON the browser primes its stores with (see prerender-data.ts), safe inside <script>. */
  data: string
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

type Plan = ({ kind: 'list' } | { kind: 'site'; site: Site }) & { modules: string[] }

// The lazy modules each page renders with (their stylesheets go in the page's head).
const ROUTE_TABLE = 'src/app/router.tsx'
const SITES_LIST = [ROUTE_TABLE, 'src/features/sites/routes/sites-list.tsx']
const SITE_PAGE = [ROUTE_TABLE, 'src/features/sites/routes/site-page.tsx']
const PREREG_PAGE = [ROUTE_TABLE, 'src/app/QueryProvider.tsx', 'src/features/prereg/routes/prereg-site.tsx']
// What every public page adds once it has painted (the footer's link groups, the promo bar, the
// cookie settings button once a choice is made). Their stylesheets go in the head as well:
// arriving later, each was a new sheet the browser worked out the whole page's style for again,
// a long task on a slow phone after the first paint.
const AFTER_PAINT = [
  'src/components/site-nav/SiteFooterLinks.tsx',
  'src/components/promo-bar/PromoBar.tsx',
  'src/features/consent/components/ConsentReopenButton.tsx',
]

/** Which pages are server-rendered: those whose content the catalogue and a site's details give. */
function plan(path: string, c: SiteCatalogue): Plan | null {
  if (patternRegExp(paths.home.path).test(path)) return { kind: 'list', modules: [] }
  if ([paths.sites, paths.locations].some((p) => patternRegExp(p.path).test(path))) {
    return { kind: 'list', modules: SITES_LIST }
  }
  const segs = path.split('/').filter(Boolean)
  if (patternRegExp(paths.site.path).test(path) || patternRegExp(paths.siteOld.path).test(path)) {
    const site = c.sites.find((s) => s.slug === segs[2] && isActive(s))
    return site ? { kind: 'site', site, modules: SITE_PAGE } : null
  }
  if (patternRegExp(paths.preregSite.path).test(path)) {
    const site = c.sites_with_offer.find((s) => s.slug === segs[1])
    return site && c.sites.some((s) => s.slug === site.slug && !isActive(s))
      ? { kind: 'site', site, modules: PREREG_PAGE }
      : null
  }
  return null
}

/** How long one read of the sites function serves the renders that follow it. */
const CATALOGUE_REUSE_MS = 2000
let lastCatalogue: { at: number; answer: SiteCatalogue } | null = null

async function readCatalogue(opts: RenderOptions): Promise<SiteCatalogue> {
  if (lastCatalogue && Date.now() - lastCatalogue.at < CATALOGUE_REUSE_MS) return lastCatalogue.answer
  const res = await fetch(`${opts.apiUrl}/functions/v1/sites`, {
    headers: { apikey: opts.anonKey, authorization: `Bearer ${opts.anonKey}`, accept: 'application/json' },
    // The page waits for this: without an answer soon, the shell goes out instead.
    signal: AbortSignal.timeout(3000),
  })
  if (!res.ok) throw new Error(`sites function: ${res.status}`)
  const answer = (await res.json()) as SiteCatalogue
  lastCatalogue = { at: Date.now(), answer }
  return answer
}

async function readDetails(site: Site): Promise<PrerenderedDetails> {
  const [photos, stats, prices] = await Promise.all([
    getSitePhotos(site.id).catch(() => null),
    getListStats(site.slug).catch(() => null),
    getPrices().catch(() => null),
  ])
  return { slug: site.slug, photos, stats, prices }
}

/** Long texts only a site's own page shows (the lists show names, figures and status). */
const PAGE_ONLY_FIELDS = [
  'description',
  'description_title',
  'landing_page_description',
  'nearby_attractions',
  'food_drinks',
  'directions',
  'distance_points',
  'pm_message',
  'pm_photo_1',
  'pm_photo_2',
  'social_media',
  'gmap_embed',
] as const

/**
 * The catalogue the page embeds, packed: every site, but the long texts only of the site the page
 * shows (the rest come with the live read after hydration). The all-sites-with-offer list is
 * rebuilt from these sites when the stores are primed, so only `sites` is trimmed. The store and
 * the render use this same copy, so the browser's first render matches.
 */
function lean(c: SiteCatalogue, keep: string | null): PackedCatalogue {
  const trim = (s: CatalogueEntry): CatalogueEntry =>
    s.slug === keep ? s : { ...s, ...Object.fromEntries(PAGE_ONLY_FIELDS.map((k) => [k, null])) }
  return packCatalogue({ ...c, sites: c.sites.map(trim) })
}

/** A ready redirect table with no rules: the server renders the page asked for. */
function serverPlatform(): Platform {
  const redirects = new RedirectCache({ url: '', fetch: () => Promise.reject(new Error('server')), storage: null })
  redirects.ready = redirects.checked = true
  return { redirects, builds: null }
}

// goober writes a module's runtime rules once, when the module first runs: the page's style
// block carries every rule seen so far (a few KB), as the browser's own sheet does.
let allCss = ''

/**
 * The page at `path` as HTML, or null when it is not one the server renders (the browser then
 * renders it from the plain shell). Throws when the API cannot be read.
 */
export function render(path: string, opts: RenderOptions): Promise<RenderedPage | null> {
  // One at a time: the stores are this module's, and each render fills them with its own page.
  const next = queue.then(() => renderAlone(path, opts))
  queue = next.catch(() => {})
  return next
}

let queue: Promise<unknown> = Promise.resolve()

async function renderAlone(path: string, opts: RenderOptions): Promise<RenderedPage | null> {
  // As the page's /config.js says it, so the server's markup and the browser's render agree.
  globalThis.__ROOTS_CONFIG__ ??= {
    supabaseUrl: opts.apiUrl,
    supabaseAnonKey: opts.anonKey,
    ...(opts.imagesUrl ? { imagesUrl: opts.imagesUrl } : {}),
  }
  const catalogue = await readCatalogue(opts)
  const what = plan(path, catalogue)
  if (!what) return null
  const [details] = await Promise.all([what.kind === 'site' ? readDetails(what.site) : null, prepareFirstPage(path)])
  const data: PrerenderData = {
    path,
    catalogue: lean(catalogue, what.kind === 'site' ? what.site.slug : null),
    details,
  }
  await primeStores(data)
  installGlobalStyles()
  resetCollectedHead()
  const html = renderToString(
    <StrictMode>
      <App platform={serverPlatform()} locationHook={() => [path, () => {}]} searchHook={() => ''} />
    </StrictMode>,
  )
  allCss += extractCss()
  const first = details?.photos?.[0] ?? null
  const lcp = first ? imageSrc(first.path) : null
  const asked = collectedHead() ?? { title: 'Home', description: DEFAULT_DESCRIPTION }
  // The page asks for its preview image once its photos are read; the server has read them.
  const info = { ...asked, image: asked.image ?? lcp, imageAlt: asked.imageAlt ?? first?.alt ?? null }
  const description = info.description || DEFAULT_DESCRIPTION
  const tags = headTags({ ...info, description }, opts.origin, path)
  const canonical = new URL(info.url ?? path, opts.origin).href
  const head = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...tags.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`),
    // The photo comes from Storage, usually another origin: its connection opens with the HTML
    // (Lighthouse put the wait at ~150 ms of the largest paint on a phone).
    ...(lcp && new URL(lcp, opts.origin).origin !== new URL(opts.origin).origin
      ? [`<link rel="preconnect" href="${escapeHtml(new URL(lcp, opts.origin).origin)}">`]
      : []),
    // With the img's srcset and sizes, so the browser preloads the copy the img will use.
    ...(lcp ? [preloadImage({ src: lcp, small: imageSrc(first?.small_path), alt: '' })] : []),
  ].join('\n    ')
  return {
    html,
    head,
    title: pageTitle(info.title),
    description,
    css: allCss,
    modules: [...what.modules, ...AFTER_PAINT],
    data: JSON.stringify(data).replace(/</g, '\\u003c'),
  }
}

/** The largest paint's preload: the gallery's first photo, as PhotoGallery's <img> asks for it. */
function preloadImage(photo: GalleryPhoto): string {
  const srcset = photoSrcSet(photo)
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(GALLERY_SIZES)}"` : ''
  return `<link rel="preload" as="image" href="${escapeHtml(photo.src)}"${responsive} fetchpriority="high">`
}

export { PRERENDER_DATA_ID }
