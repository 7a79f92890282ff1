// Blog posts as the admin reads them (drafts too, as RLS lets admins), newest change first; one
// post with its body.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

/** A post as the admin reads it; body is jsonb to the client, a rich-text document to us. */
export interface AdminBlog {
  id: number
  slug: string
  title: string
  excerpt: string | null
  author: string | null
  cover_image: string | null
  cover_alt: string | null
  published: boolean
  published_at: string | null
  updated_at: string
}

export interface AdminBlogWithBody extends AdminBlog {
  body: RichTextNode
}

const COLUMNS =
  'id, slug, title, excerpt, author, cover_image, cover_alt, published, published_at, updated_at'

export async function getBlogs(): Promise<AdminBlog[]> {
  const { data, error } = await supabase().from('blogs').select(COLUMNS)
    .order('updated_at', { ascending: false }).order('id', { ascending: false }).limit(1000)
  if (error) throw new DbError(error, 'The posts could not be loaded.')
  return data ?? []
}

export async function getBlog(id: number): Promise<AdminBlogWithBody | null> {
  const { data, error } = await supabase().from('blogs').select(`${COLUMNS}, body`).eq('id', id)
    .maybeSingle()
  if (error) throw new DbError(error, 'The post could not be loaded.')
  return data as AdminBlogWithBody | null
}

export const blogsQueryKey = ['admin-blogs'] as const
export const useBlogs = () =>
  useQuery(queryOptions({ queryKey: [...blogsQueryKey, 'list'], queryFn: getBlogs }))
export const useBlog = (id: number) =>
  useQuery({ queryKey: [...blogsQueryKey, 'one', id], queryFn: () => getBlog(id) })
