// Courses with their lessons (admins read drafts too): the list, and one course in lesson order.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Row } from '@/lib/db-types'

/** A lesson; its content is jsonb to the client, a rich-text document to us (the database checks it). */
export type Lesson =
  & Pick<Row<'course_contents'>, 'id' | 'course_id' | 'position' | 'title' | 'published'>
  & { content: RichTextNode }
export type Course =
  & Pick<Row<'courses'>, 'id' | 'slug' | 'title' | 'summary' | 'published' | 'updated_at'>
  & { lessons: Lesson[] }

const COLUMNS =
  'id, slug, title, summary, published, updated_at, lessons:course_contents(id, course_id, position, title, content, published)'
const inOrder = (c: Course): Course => ({
  ...c,
  lessons: [...(c.lessons ?? [])].sort((a, b) => a.position - b.position),
})

export async function getCourses(): Promise<Course[]> {
  const { data, error } = await supabase().from('courses').select(COLUMNS).order('title').limit(500)
  if (error) throw new DbError(error, 'The courses could not be loaded.')
  return ((data ?? []) as Course[]).map(inOrder)
}

export async function getCourse(id: number): Promise<Course | null> {
  const { data, error } = await supabase().from('courses').select(COLUMNS).eq('id', id)
    .maybeSingle()
  if (error) throw new DbError(error, 'The course could not be loaded.')
  return data ? inOrder(data as Course) : null
}

export const coursesQueryKey = ['admin-courses'] as const
export const coursesQueryOptions = () =>
  queryOptions({ queryKey: [...coursesQueryKey, 'list'], queryFn: getCourses })
export const useCourses = () => useQuery(coursesQueryOptions())
export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...coursesQueryKey, 'one', id], queryFn: () => getCourse(id) })
export const useCourse = (id: number) =>
  useQuery({ ...courseQueryOptions(id), enabled: Number.isInteger(id) && id > 0 })
