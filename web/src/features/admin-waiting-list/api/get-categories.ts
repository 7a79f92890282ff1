// Waiting-list categories the caller may see (global ones and their sites').
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface Category {
  id: number
  site_id: number | null
  name: string
  description?: string | null
  sort_order: number
}

export async function getCategories(): Promise<Category[]> {
  const { data, error } = await supabase().from('waiting_list_categories').select(
    'id, site_id, name, description, sort_order',
  ).order('sort_order').order('name')
  if (error) throw new DbError(error)
  return data ?? []
}

export const categoriesQueryKey = ['admin-waiting-list', 'categories'] as const
export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoriesQueryKey, queryFn: getCategories })
export const useCategories = () => useQuery(categoriesQueryOptions())

/** The categories usable for an entry at a site: global ones and the site's own. */
export const categoriesFor = (all: Category[], siteId: number | null) =>
  all.filter((c) => c.site_id === null || c.site_id === siteId)
