// One published blog post by its slug (null when there is none).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restOne } from '@/lib/content/rest'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import type { BlogSummary } from './get-blogs'

export interface Blog extends BlogSummary {
  body: RichTextNode
}

export const getBlog = (slug: string) =>
  restOne<Blog>(
    'blogs',
    `select=slug,title,excerpt,cover_image,cover_alt,author,published_at,body&published=eq.true&slug=eq.${
      encodeURIComponent(slug)
    }`,
  )

export const blogQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blog', slug], queryFn: () => getBlog(slug), staleTime: 60_000 })

export function useBlog(slug: string) {
  return useQuery(blogQueryOptions(slug))
}
