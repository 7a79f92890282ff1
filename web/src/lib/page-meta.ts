// The page title is the page's title followed by the site name; the description says
// visitors can start growing their own at the allotments, with everything needed supplied.
import { useEffect } from 'react'

export const SITE_NAME = 'Roots Allotments'
export const DEFAULT_DESCRIPTION =
  'Start growing your own at a Roots allotment near you: your own plot, with everything you need supplied.'

export const pageTitle = (title: string) => `${title} | ${SITE_NAME}`

export function setPageMeta(
  title: string,
  description: string = DEFAULT_DESCRIPTION,
  doc: Document = document,
) {
  doc.title = pageTitle(title)
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!meta) {
    meta = doc.createElement('meta')
    meta.name = 'description'
    doc.head.appendChild(meta)
  }
  meta.content = description
}

export function usePageMeta(title: string, description?: string) {
  useEffect(() => setPageMeta(title, description), [title, description])
}
