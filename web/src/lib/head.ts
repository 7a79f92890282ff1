// Link previews: a page's own title, description and image for search engines and
// social crawlers (Open Graph and Twitter cards), set on the client. The tags a page sets are
// marked data-head and removed when it unmounts, so the next page never shows another's preview;
// the title and meta description are left for the next page's usePageMeta to replace.
import { useEffect } from 'react'
import { pageTitle, setPageMeta, SITE_NAME } from './page-meta'

/** The preview image of a page without its own (web/public/og-default.png, 1200×630). */
export const DEFAULT_IMAGE_PATH = '/og-default.png'

export interface HeadInfo {
  /** The page's title, without the site name (added after it). */
  title: string
  description: string
  /** Absolute URL, or a root path (made absolute against the page's origin). */
  image?: string | null
  imageAlt?: string | null
  /** The page's canonical path or URL; defaults to the current path. */
  url?: string
  type?: 'website' | 'article'
}

const absolute = (value: string, origin: string) => new URL(value, origin).href

/** The tags of a preview, in order: [attribute, key, content]. */
export function headTags(
  info: HeadInfo,
  origin: string,
  path: string,
): [('name' | 'property'), string, string][] {
  const title = pageTitle(info.title)
  const url = absolute(info.url ?? path, origin)
  const image = absolute(info.image || DEFAULT_IMAGE_PATH, origin)
  const tags: [('name' | 'property'), string, string][] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', info.type ?? 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', info.description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:locale', 'en_GB'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', info.description],
    ['name', 'twitter:image', image],
  ]
  if (info.imageAlt) {
    tags.push(['property', 'og:image:alt', info.imageAlt], [
      'name',
      'twitter:image:alt',
      info.imageAlt,
    ])
  }
  return tags
}

/** Removes the preview tags a page set (meta[data-head] and the canonical link). */
export function clearHead(doc: Document = document) {
  for (const el of doc.head.querySelectorAll('[data-head]')) el.remove()
}

/** Sets the title, the description and the preview tags, replacing any a page set before. */
export function setHead(info: HeadInfo, doc: Document = document) {
  const loc = doc.defaultView?.location
  const origin = loc?.origin && loc.origin !== 'null' ? loc.origin : 'http://localhost'
  setPageMeta(info.title, info.description, doc)
  clearHead(doc)
  // Any untracked copy (a prerendered page's) gives way to the tracked one.
  const tags = headTags(info, origin, loc?.pathname ?? '/')
  for (const [attr, key, content] of tags) {
    for (const old of doc.head.querySelectorAll(`meta[${attr}="${key}"]`)) old.remove()
    const meta = doc.createElement('meta')
    meta.setAttribute(attr, key)
    meta.setAttribute('content', content)
    meta.setAttribute('data-head', '')
    doc.head.appendChild(meta)
  }
  for (const old of doc.head.querySelectorAll('link[rel="canonical"]')) old.remove()
  const link = doc.createElement('link')
  link.rel = 'canonical'
  link.href = absolute(info.url ?? loc?.pathname ?? '/', origin)
  link.setAttribute('data-head', '')
  doc.head.appendChild(link)
}

/** setHead while the page is shown; its preview tags go when it unmounts. */
export function useHead(info: HeadInfo) {
  const { title, description, image, imageAlt, url, type } = info
  useEffect(() => {
    setHead({ title, description, image, imageAlt, url, type })
  }, [title, description, image, imageAlt, url, type])
  useEffect(() => () => clearHead(), [])
}
