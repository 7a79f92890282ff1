// The inspections of the plot the signed-in person holds or co-works on, made during the current
// tenancy (RLS decides: private.can_see_inspection), newest first, with the replies and a
// short-lived link to each photo (bucket inspection-photos is private: signed URLs, one hour).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

export async function getMyInspections() {
  const { data, error } = await supabase()
    .from('plot_inspections')
    .select(
      'id, score, pass_mark, passed, note, outcome, warning_deadline, notice_ends_on, inspected_at, photos, plot:plots(number), replies:plot_inspection_replies(id, body, created_at, author_id)',
    )
    .order('inspected_at', { ascending: false })
    .order('id')
    .limit(50)
  if (error) throw new Error(error.message)
  const paths = data.flatMap((i) => i.photos)
  const urls = new Map<string, string>()
  if (paths.length > 0) {
    const { data: signed } = await supabase().storage.from('inspection-photos').createSignedUrls(
      paths,
      3600,
    )
    for (const s of signed ?? []) if (s.path && s.signedUrl) urls.set(s.path, s.signedUrl)
  }
  return data.map((i) => ({
    ...i,
    replies: [...i.replies].sort((a, b) => a.id - b.id),
    photoUrls: i.photos.flatMap((p) => (urls.has(p) ? [urls.get(p)!] : [])),
  }))
}

export type MyInspection = Awaited<ReturnType<typeof getMyInspections>>[number]

export const myInspectionsQueryKey = (userId: string | null) => ['my-inspections', userId] as const

export const myInspectionsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: myInspectionsQueryKey(userId),
    queryFn: getMyInspections,
    staleTime: 60_000,
  })

export function useMyInspections(userId: string | null) {
  return useQuery({ ...myInspectionsQueryOptions(userId), enabled: userId !== null })
}
