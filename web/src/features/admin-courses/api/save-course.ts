// Course writes (admins only; audited by trigger): the course itself, its lessons, their order
// (reorder_course_lessons) and publishing with its lessons (set_course_published, which refuses
// a course without lessons or with an empty one).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { courseSchema, type CourseFormValues, lessonSchema, type LessonFormValues } from './course-schema'
import { coursesQueryKey } from './get-courses'

async function one(run: PromiseLike<{ data: { id: number } | null; error: unknown }>, failed: string): Promise<number> {
  const { data, error } = await run
  if (error) throw new DbError(error, failed)
  if (!data) throw new DbError({ code: '42501' })
  return data.id
}

export async function saveCourse({ id, values }: { id: number | null; values: CourseFormValues }): Promise<number> {
  const row = courseSchema.parse(values)
  const t = supabase().from('courses')
  return await one(id === null ? t.insert(row).select('id').single() : t.update(row).eq('id', id).select('id').maybeSingle(), 'The course was not saved.')
}

export const deleteCourse = (id: number) => one(supabase().from('courses').delete().eq('id', id).select('id').maybeSingle(), 'The course was not deleted.')

export async function setCoursePublished({ id, published }: { id: number; published: boolean }): Promise<number> {
  const { error } = await supabase().rpc('set_course_published', { p_course_id: id, p_published: published })
  if (error) throw new DbError(error, published ? 'The course was not published.' : 'The course was not withdrawn.')
  return id
}

/** A new lesson goes last (position after the highest); two clicks make one lesson, as the position is unique. */
export async function saveLesson({ courseId, id, values, nextPosition }: { courseId: number; id: number | null; values: LessonFormValues; nextPosition: number }): Promise<number> {
  const row = lessonSchema.parse(values)
  const t = supabase().from('course_contents')
  return await one(
    id === null
      ? t.insert({ ...row, course_id: courseId, position: nextPosition }).select('id').single()
      : t.update(row).eq('id', id).eq('course_id', courseId).select('id').maybeSingle(),
    'The lesson was not saved.',
  )
}

export const deleteLesson = (id: number) => one(supabase().from('course_contents').delete().eq('id', id).select('id').maybeSingle(), 'The lesson was not deleted.')

export async function reorderLessons({ courseId, ids }: { courseId: number; ids: number[] }): Promise<number> {
  const { error } = await supabase().rpc('reorder_course_lessons', { p_course_id: courseId, p_lesson_ids: ids })
  if (error) throw new DbError(error, 'The lessons were not reordered.')
  return courseId
}

function useCourseMutation<A>(fn: (a: A) => Promise<number>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: coursesQueryKey }) })
}

export const useSaveCourse = () => useCourseMutation(saveCourse)
export const useDeleteCourse = () => useCourseMutation(deleteCourse)
export const useSetCoursePublished = () => useCourseMutation(setCoursePublished)
export const useSaveLesson = () => useCourseMutation(saveLesson)
export const useDeleteLesson = () => useCourseMutation(deleteLesson)
export const useReorderLessons = () => useCourseMutation(reorderLessons)
