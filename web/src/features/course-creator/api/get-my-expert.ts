// Who is using the course tools: nobody signed in, a signed-in member who is no expert, or an
// expert (a growing_experts row linked to their sign-in by staff; RLS lets them read it).
import { useEffect } from 'react'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { Row } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export type MyExpert = Pick<Row<'growing_experts'>, 'id' | 'slug' | 'name'>

export type Author = { kind: 'signed-out' } | { kind: 'not-expert'; email: string } | {
  kind: 'expert'
  expert: MyExpert
}

export const myExpertQueryKey = ['course-creator', 'me'] as const

export async function getMyExpert(): Promise<Author> {
  const { data } = await supabase().auth.getSession()
  const user = data.session?.user
  if (!user) return { kind: 'signed-out' }
  const { data: expert, error } = await supabase().from('growing_experts').select('id, slug, name')
    .eq('user_id', user.id).maybeSingle()
  if (error) throw new DbError(error, 'We could not check your expert profile just now.')
  return expert ? { kind: 'expert', expert } : { kind: 'not-expert', email: user.email ?? '' }
}

/** Always checked afresh on a visit, and again whenever someone signs in or out. */
export function useMyExpert() {
  const qc = useQueryClient()
  useEffect(() => {
    const { data } = supabase().auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') {
        void qc.invalidateQueries({ queryKey: myExpertQueryKey })
      }
    })
    return () => data.subscription.unsubscribe()
  }, [qc])
  return useQuery(
    queryOptions({
      queryKey: myExpertQueryKey,
      queryFn: getMyExpert,
      staleTime: 0,
      refetchOnMount: 'always',
      refetchOnWindowFocus: false,
    }),
  )
}
