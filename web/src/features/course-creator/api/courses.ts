// An expert's own courses: list, read one with its lessons, create, edit, delete. RLS lets an
// expert read and write only their own courses and delete only their own drafts (lessons go with
// the course); publishing is for staff (the database refuses it), and so is changing published
// words: edits go through submit_course_edit, which keeps a published course's for review.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import { FunctionError } from '@/lib/call-function'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { slugify } from '@/lib/sites/catalogue'
import { supabase } from '@/lib/supabase'
import type { Selected } from '@/lib/db-types'
import type { MyExpert } from './get-my-expert'

const COURSE_COLUMNS = 'id, slug, title, summary, expert_id, published'
const LESSON_COLUMNS = 'id, course_id, position, title, content, published'

export type MyCourse = Selected<'courses', typeof COURSE_COLUMNS>
/** A lesson; its content is jsonb to the client, a rich-text document to us (the database checks it). */
export type MyLesson = Omit<Selected<'course_contents', typeof LESSON_COLUMNS>, 'content'> & {
  content: RichTextNode
}

export const courseSchema = z.object({
  title: z.string().trim().min(1, 'Give the course a title.').max(
    200,
    'Use at most 200 characters.',
  ),
  summary: z.string().trim().max(1000, 'Use at most 1,000 characters.').transform((
    v,
  ) => (v === '' ? null : v)),
})
export type CourseInput = z.infer<typeof courseSchema>

export const DUPLICATE_TITLE = 'You already have a course with this title. Choose another.'

/** The course's address: its title, then the expert's slug, so two experts may share a title. */
export const courseSlug = (title: string, expertSlug: string) =>
  `${slugify(title).slice(0, 80).replace(/-+$/, '') || 'course'}-${expertSlug}`

function fail(error: { code?: string } | null, fallback: string): never {
  if (error?.code === '23505') {
    throw new FunctionError(409, 'duplicate', DUPLICATE_TITLE, [{
      path: 'title',
      message: DUPLICATE_TITLE,
    }])
  }
  throw new DbError(error, fallback)
}

export const myCoursesQueryKey = (expertId: number) =>
  ['course-creator', 'courses', expertId] as const
export const courseQueryKey = (courseId: number) => ['course-creator', 'course', courseId] as const
export const revisionsQueryKey = (courseId: number) =>
  ['course-creator', 'revisions', courseId] as const

export async function getMyCourses(expertId: number): Promise<MyCourse[]> {
  const { data, error } = await supabase().from('courses').select(COURSE_COLUMNS).eq(
    'expert_id',
    expertId,
  ).order('created_at', { ascending: false })
  if (error) fail(error, 'We could not load your courses just now.')
  return data
}

export const useMyCourses = (expertId: number) =>
  useQuery(
    queryOptions({ queryKey: myCoursesQueryKey(expertId), queryFn: () => getMyCourses(expertId) }),
  )

/** The expert's own course with its lessons, or null (no such course, or another expert's). */
export async function getMyCourse(
  courseId: number,
  expertId: number,
): Promise<{ course: MyCourse; lessons: MyLesson[] } | null> {
  const { data: course, error } = await supabase().from('courses').select(COURSE_COLUMNS).eq(
    'id',
    courseId,
  ).eq('expert_id', expertId).maybeSingle()
  if (error) fail(error, 'We could not load this course just now.')
  if (!course) return null
  const { data: lessons, error: lessonError } = await supabase().from('course_contents').select(
    LESSON_COLUMNS,
  ).eq('course_id', courseId).order('position')
  if (lessonError) fail(lessonError, 'We could not load the lessons just now.')
  return { course, lessons: lessons as MyLesson[] }
}

export const useMyCourse = (courseId: number, expertId: number) =>
  useQuery(
    queryOptions({
      queryKey: courseQueryKey(courseId),
      queryFn: () => getMyCourse(courseId, expertId),
      enabled: Number.isSafeInteger(courseId) && courseId > 0,
    }),
  )

export async function createCourse(input: CourseInput, expert: MyExpert): Promise<MyCourse> {
  const { data, error } = await supabase().from('courses')
    .insert({
      slug: courseSlug(input.title, expert.slug),
      title: input.title,
      summary: input.summary,
      expert_id: expert.id,
    })
    .select(COURSE_COLUMNS).single()
  if (error) fail(error, 'We could not create the course. Please try again.')
  return data
}

export function useCreateCourse(expert: MyExpert) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CourseInput) => createCourse(input, expert),
    onSettled: () => qc.invalidateQueries({ queryKey: myCoursesQueryKey(expert.id) }),
  })
}

/** What became of an edit: a draft is saved at once; published work waits for staff review. */
export type EditOutcome = 'saved' | 'in_review'

/** Saves the course's details through submit_course_edit: a draft's at once, a published course's
 *  go to the Roots team for review (the live details stay until they approve). */
export async function updateCourse(courseId: number, input: CourseInput): Promise<EditOutcome> {
  const { data, error } = await supabase().rpc('submit_course_edit', {
    p_course_id: courseId,
    p_title: input.title,
    p_summary: input.summary ?? '',
  })
  if (error) fail(error, 'We could not save the course. Please try again.')
  return data === 'in_review' ? 'in_review' : 'saved'
}

export function useUpdateCourse(courseId: number, expertId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CourseInput) => updateCourse(courseId, input),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: courseQueryKey(courseId) }),
        qc.invalidateQueries({ queryKey: revisionsQueryKey(courseId) }),
        qc.invalidateQueries({ queryKey: myCoursesQueryKey(expertId) }),
      ]),
  })
}

export const NOT_DELETED =
  'The course was not deleted: it may be published (ask the Roots team to withdraw it first) or no longer yours.'

/** Deletes the course and, with it, its lessons. Nothing deleted (RLS hid the row) is an error too. */
export async function deleteCourse(courseId: number): Promise<void> {
  const { data, error } = await supabase().from('courses').delete().eq('id', courseId).select('id')
  if (error) throw new DbError(error, 'We could not delete the course. Please try again.')
  if (!data?.length) throw new Error(NOT_DELETED)
}

export function useDeleteCourse(courseId: number, expertId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => deleteCourse(courseId),
    onSuccess: () =>
      qc.setQueryData<MyCourse[]>(
        myCoursesQueryKey(expertId),
        (old) => old?.filter((c) => c.id !== courseId),
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: myCoursesQueryKey(expertId) }),
  })
}
