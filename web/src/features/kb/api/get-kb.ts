// Knowledge-base reads: an article with its ancestors (for breadcrumbs) and direct children,
// the top-level articles, and a search over titles and text.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restSelect } from '@/lib/sites/rest'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { ancestorsOf, childrenOf, searchTerms } from '../kb-paths'

export interface KbLinkRow {
  path: string
  title: string
}

export interface KbArticle extends KbLinkRow {
  body: RichTextNode
}

export interface KbPage {
  article: KbArticle
  /** Outermost first; an ancestor without an article has a null title. */
  ancestors: { path: string; title: string | null }[]
  children: KbLinkRow[]
}

const quoted = (v: string) => `"${v}"`

export async function getKbPage(link: string): Promise<KbPage | null> {
  const ancestors = ancestorsOf(link)
  const [rows, below] = await Promise.all([
    restSelect<KbArticle>(
      'kb_articles',
      `select=path,title,body&published=eq.true&path=in.${
        encodeURIComponent(`(${[...ancestors, link].map(quoted).join(',')})`)
      }`,
    ),
    restSelect<KbLinkRow>(
      'kb_articles',
      `select=path,title&published=eq.true&path=like.${
        encodeURIComponent(`${link}/*`)
      }&order=title.asc`,
    ),
  ])
  const article = rows.find((r) => r.path === link)
  if (!article) return null
  return {
    article,
    ancestors: ancestors.map((p) => ({
      path: p,
      title: rows.find((r) => r.path === p)?.title ?? null,
    })),
    children: childrenOf(link, below),
  }
}

export async function getKbTopLevel(): Promise<KbLinkRow[]> {
  const rows = await restSelect<KbLinkRow>(
    'kb_articles',
    'select=path,title&published=eq.true&order=title.asc',
  )
  return childrenOf('', rows)
}

/** Articles whose title contains the words, or whose title and text match them (stemmed). */
export async function searchKb(q: string): Promise<KbLinkRow[]> {
  const terms = searchTerms(q)
  if (!terms) return []
  const or = `(title.ilike.${quoted(`*${terms}*`)},search_vector.wfts(english).${quoted(terms)})`
  return await restSelect<KbLinkRow>(
    'kb_articles',
    `select=path,title&published=eq.true&or=${encodeURIComponent(or)}&order=title.asc&limit=25`,
  )
}

export const kbPageQueryOptions = (link: string) =>
  queryOptions({
    queryKey: ['kb', 'page', link],
    queryFn: () => getKbPage(link),
    staleTime: 60_000,
  })
export const kbTopQueryOptions = () =>
  queryOptions({ queryKey: ['kb', 'top'], queryFn: getKbTopLevel, staleTime: 60_000 })
export const kbSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['kb', 'search', searchTerms(q)],
    queryFn: () => searchKb(q),
    staleTime: 60_000,
    enabled: searchTerms(q) !== '',
  })

export const useKbPage = (link: string) =>
  useQuery({ ...kbPageQueryOptions(link), enabled: link !== '' })
export const useKbTopLevel = () => useQuery(kbTopQueryOptions())
export const useKbSearch = (q: string) => useQuery(kbSearchQueryOptions(q))
