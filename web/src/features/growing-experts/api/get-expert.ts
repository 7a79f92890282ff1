// One published expert (by slug, or by numeric id) with their published courses and lessons;
// null when there is no such published expert.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { EXPERT_COLUMNS, type Expert } from './get-experts'

export interface PublicLesson {
  id: number
  course_id: number
  position: number
  title: string
  content: RichTextNode
}

export interface PublicCourse {
  id: number
  slug: string
  title: string
  summary: string | null
  lessons: PublicLesson[]
}

export interface ExpertProfile {
  expert: Expert
  courses: PublicCourse[]
}

const fail = (error: unknown): never => {
  throw new DbError(error, 'We could not load this expert just now.')
}

export async function getExpert(eid: string): Promise<ExpertProfile | null> {
  const db = supabase()
  const byId = /^\d{1,15}$/.test(eid)
  const { data: expert, error } = await db.from('growing_experts').select(EXPERT_COLUMNS)
    .eq(byId ? 'id' : 'slug', eid).eq('published', true).maybeSingle()
  if (error) fail(error)
  if (!expert) return null
  const { data: courses, error: courseError } = await db.from('courses').select('id, slug, title, summary')
    .eq('expert_id', (expert as Expert).id).eq('published', true).order('title')
  if (courseError) fail(courseError)
  const ids = (courses ?? []).map((c) => c.id as number)
  const { data: lessons, error: lessonError } = ids.length
    ? await db.from('course_contents').select('id, course_id, position, title, content').in('course_id', ids).eq('published', true).order('position')
    : { data: [], error: null }
  if (lessonError) fail(lessonError)
  return {
    expert: expert as Expert,
    courses: (courses ?? []).map((c) => ({ ...(c as Omit<PublicCourse, 'lessons'>), lessons: ((lessons ?? []) as PublicLesson[]).filter((l) => l.course_id === c.id) })),
  }
}

export const expertQueryOptions = (eid: string) => queryOptions({ queryKey: ['growing-expert', eid], queryFn: () => getExpert(eid), staleTime: 60_000 })

export const useExpert = (eid: string) => useQuery(expertQueryOptions(eid))
