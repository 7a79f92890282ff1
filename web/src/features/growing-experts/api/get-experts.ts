// Published growing experts, by name.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { Selected } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export const EXPERT_COLUMNS = 'id, slug, name, specialism, bio, photo_url'

export type Expert = Selected<'growing_experts', typeof EXPERT_COLUMNS>

export async function getExperts(): Promise<Expert[]> {
  const { data, error } = await supabase().from('growing_experts').select(EXPERT_COLUMNS).eq(
    'published',
    true,
  ).order('name')
  if (error) throw new DbError(error, 'We could not load our growing experts just now.')
  return data
}

export const expertsQueryOptions = () =>
  queryOptions({ queryKey: ['growing-experts'], queryFn: getExperts, staleTime: 60_000 })

export const useExperts = () => useQuery(expertsQueryOptions())
