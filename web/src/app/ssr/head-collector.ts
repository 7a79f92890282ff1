// Server build only (vite.config.ts swaps it in for lib/head and lib/page-meta): a page's
// useHead / usePageMeta record its head while it renders, since effects never run on the server.
// The last call wins: pages render after the layouts around them.
import type { HeadInfo } from '../../lib/head'

export { clearHead, DEFAULT_IMAGE_PATH, type HeadInfo, headTags, setHead } from '../../lib/head'
export { DEFAULT_DESCRIPTION, pageTitle, setPageMeta, SITE_NAME } from '../../lib/page-meta'

let collected: HeadInfo | null = null

/** Forgets the last page's head (before each render). */
export function resetCollectedHead() {
  collected = null
}

/** The head the last render asked for, if any. */
export const collectedHead = (): HeadInfo | null => collected

export function useHead(info: HeadInfo) {
  collected = { ...info }
}

export function usePageMeta(title: string, description?: string) {
  collected = { title, description: description ?? '' }
}
