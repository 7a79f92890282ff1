// Published growing experts, by name.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'

export interface Expert {
  id: number
  slug: string
  name: string
  specialism: string | null
  bio: string | null
  photo_url: string | null
}

export const EXPERT_COLUMNS = 'id, slug, name, specialism, bio, photo_url'

export async function getExperts(): Promise<Expert[]> {
  const { data, error } = await supabase().from('growing_experts').select(EXPERT_COLUMNS).eq('published', true).order('name')
  if (error) throw new DbError(error, 'We could not load our growing experts just now.')
  return data as Expert[]
}

export const expertsQueryOptions = () => queryOptions({ queryKey: ['growing-experts'], queryFn: getExperts, staleTime: 60_000 })

export const useExperts = () => useQuery(expertsQueryOptions())
