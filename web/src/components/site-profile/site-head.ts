// A site page's link preview: its own title, description and first photo.
import type { HeadInfo } from '@/lib/head'
import { imageSrc } from '@/lib/image-src'
import { renderRichText } from '@/lib/rich-text/render-html'
import { statusOf } from '@/lib/sites/rules'
import type { Site } from '@/lib/sites/types'
import type { SitePhoto } from '@/lib/sites/site-details'

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/** Plain text of a stored value that may be rich text (ProseMirror JSON) or plain. */
export function plainText(value: string | null): string {
  if (!value) return ''
  return renderRichText(value).replace(/<[^>]*>/g, ' ').replace(
    /&(amp|lt|gt|quot|#39);/g,
    (e) => ENTITIES[e]!,
  )
    .replace(/\s+/g, ' ').trim()
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max = 160): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).replace(/[\s,.;:]+$/, '')}…`
}

export function siteDescription(site: Site): string {
  const own = plainText(site.landing_page_description) || plainText(site.description)
  if (own) return clip(own)
  const plots = site.allotments ? `${site.allotments} allotment plots` : 'Allotment plots'
  const status = statusOf(site)
  const what = status === 'upcoming'
    ? 'coming soon'
    : status === 'open'
    ? 'with its waiting list open'
    : 'with tools, water and seeds supplied'
  return clip(
    `${plots} at ${site.location}, ${site.city}, ${what}. See photos, prices, the wait and how to get there.`,
  )
}

export function siteHead(
  site: Site,
  photos: readonly SitePhoto[] | null,
  title: string,
  path: string,
): HeadInfo {
  const first = photos?.[0]
  return {
    title,
    description: siteDescription(site),
    image: first ? imageSrc(first.path) : null,
    imageAlt: first?.alt ?? null,
    url: path,
  }
}
