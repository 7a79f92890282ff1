// The Roots pledge: its published pages in their order, and one page by slug.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restOne } from '@/lib/content/rest'
import { restSelect } from '@/lib/sites/rest'
import type { RichTextNode } from '@/lib/rich-text/render-html'

export interface PledgeSummary {
  slug: string
  title: string
  summary: string | null
}

export interface PledgePage extends PledgeSummary {
  body: RichTextNode
}

export const getPledges = () =>
  restSelect<PledgeSummary>(
    'pledge_pages',
    'select=slug,title,summary&published=eq.true&order=position.asc,title.asc',
  )

export const getPledge = (slug: string) =>
  restOne<PledgePage>(
    'pledge_pages',
    `select=slug,title,summary,body&published=eq.true&slug=eq.${encodeURIComponent(slug)}`,
  )

export const pledgesQueryOptions = () =>
  queryOptions({ queryKey: ['pledges'], queryFn: getPledges, staleTime: 5 * 60_000 })
export const pledgeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['pledge', slug],
    queryFn: () => getPledge(slug),
    staleTime: 5 * 60_000,
  })

export const usePledges = () => useQuery(pledgesQueryOptions())
export const usePledge = (slug: string) => useQuery(pledgeQueryOptions(slug))
