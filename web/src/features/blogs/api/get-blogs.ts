// Published blog posts, newest first, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { type Page, restPage } from '@/lib/content/rest'

export const BLOGS_PER_PAGE = 6

export interface BlogSummary {
  slug: string
  title: string
  excerpt: string | null
  cover_image: string | null
  /** What the cover shows; null when it only decorates. */
  cover_alt: string | null
  author: string | null
  published_at: string | null
}

export const getBlogs = (page: number): Promise<Page<BlogSummary>> =>
  restPage<BlogSummary>(
    'blogs',
    'select=slug,title,excerpt,cover_image,cover_alt,author,published_at&published=eq.true&order=published_at.desc.nullslast,id.desc',
    (page - 1) * BLOGS_PER_PAGE,
    BLOGS_PER_PAGE,
  )

export const blogsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['blogs', page],
    queryFn: () => getBlogs(page),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })

export function useBlogs(page: number) {
  return useQuery(blogsQueryOptions(page))
}
