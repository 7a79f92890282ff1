// One published expert (by slug, or by numeric id) with their published courses and lessons;
// null when there is no such published expert.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import type { Row } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'
import { type Expert, EXPERT_COLUMNS } from './get-experts'

/** A lesson; its content is jsonb to the client, a rich-text document to us (the database checks it). */
export type PublicLesson =
  & Pick<Row<'course_contents'>, 'id' | 'course_id' | 'position' | 'title'>
  & { content: RichTextNode }
export type PublicCourse = Pick<Row<'courses'>, 'id' | 'slug' | 'title' | 'summary'> & {
  lessons: PublicLesson[]
}

export interface ExpertProfile {
  expert: Expert
  courses: PublicCourse[]
}

function fail(error: unknown): never {
  throw new DbError(error, 'We could not load this expert just now.')
}

export async function getExpert(eid: string): Promise<ExpertProfile | null> {
  const db = supabase()
  const byId = /^\d{1,15}$/.test(eid)
  const { data: expert, error } = await db.from('growing_experts').select(EXPERT_COLUMNS)
    .eq(byId ? 'id' : 'slug', eid).eq('published', true).maybeSingle()
  if (error) fail(error)
  if (!expert) return null
  const { data: courses, error: courseError } = await db.from('courses').select(
    'id, slug, title, summary',
  )
    .eq('expert_id', expert.id).eq('published', true).order('title')
  if (courseError) fail(courseError)
  const ids = (courses ?? []).map((c) => c.id)
  const { data: lessons, error: lessonError } = ids.length
    ? await db.from('course_contents').select('id, course_id, position, title, content').in(
      'course_id',
      ids,
    ).eq('published', true).order('position')
    : { data: [], error: null }
  if (lessonError) fail(lessonError)
  return {
    expert,
    courses: (courses ?? []).map((c) => ({
      ...c,
      lessons: ((lessons ?? []) as PublicLesson[]).filter((l) => l.course_id === c.id),
    })),
  }
}

export const expertQueryOptions = (eid: string) =>
  queryOptions({
    queryKey: ['growing-expert', eid],
    queryFn: () => getExpert(eid),
    staleTime: 60_000,
  })

export const useExpert = (eid: string) => useQuery(expertQueryOptions(eid))
