// Course writes (admins only; audited by trigger): the course itself, its lessons, their order
// (reorder_course_lessons) and publishing with its lessons (set_course_published, which refuses
// a course without lessons or with an empty one).
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { deleteRow, saveRowId, useInvalidatingMutation, writeOne } from '@/lib/admin/crud'
import {
  type CourseFormValues,
  courseSchema,
  type LessonFormValues,
  lessonSchema,
} from './course-schema'
import { coursesQueryKey } from './get-courses'

export const saveCourse = async ({ id, values }: { id: number | null; values: CourseFormValues }) =>
  await saveRowId('courses', id, courseSchema.parse(values), {
    failed: 'The course was not saved.',
  })

export const deleteCourse = async (id: number) => {
  await deleteRow('courses', id, 'The course was not deleted.')
  return id
}

export async function setCoursePublished(
  { id, published }: { id: number; published: boolean },
): Promise<number> {
  const { error } = await supabase().rpc('set_course_published', {
    p_course_id: id,
    p_published: published,
  })
  if (error) {
    throw new DbError(
      error,
      published ? 'The course was not published.' : 'The course was not withdrawn.',
    )
  }
  return id
}

/** A new lesson goes last (position after the highest); two clicks make one lesson, as the position is unique. */
export async function saveLesson(
  { courseId, id, values, nextPosition }: {
    courseId: number
    id: number | null
    values: LessonFormValues
    nextPosition: number
  },
): Promise<number> {
  const row = lessonSchema.parse(values)
  const t = supabase().from('course_contents')
  const saved = await writeOne<{ id: number }>(
    id === null
      ? t.insert({ ...row, course_id: courseId, position: nextPosition }).select('id').single()
      : t.update(row).eq('id', id).eq('course_id', courseId).select('id').maybeSingle(),
    'The lesson was not saved.',
  )
  return saved.id
}

export const deleteLesson = async (id: number) => {
  await deleteRow('course_contents', id, 'The lesson was not deleted.')
  return id
}

export async function reorderLessons(
  { courseId, ids }: { courseId: number; ids: number[] },
): Promise<number> {
  const { error } = await supabase().rpc('reorder_course_lessons', {
    p_course_id: courseId,
    p_lesson_ids: ids,
  })
  if (error) throw new DbError(error, 'The lessons were not reordered.')
  return courseId
}

const useCourseMutation = <A>(fn: (a: A) => Promise<number>) =>
  useInvalidatingMutation(fn, [coursesQueryKey])

export const useSaveCourse = () => useCourseMutation(saveCourse)
export const useDeleteCourse = () => useCourseMutation(deleteCourse)
export const useSetCoursePublished = () => useCourseMutation(setCoursePublished)
export const useSaveLesson = () => useCourseMutation(saveLesson)
export const useDeleteLesson = () => useCourseMutation(deleteLesson)
export const useReorderLessons = () => useCourseMutation(reorderLessons)
