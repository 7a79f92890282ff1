// An expert's lessons in their own course: add (at the end), save (title and rich text), delete,
// move one place up or down (move_course_lesson: one swap in the database, one move per course at a time).
// Saving goes through submit_lesson_edit: a draft lesson takes it at once, a published one keeps
// its live words until the Roots team approves the edit.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import {
  courseQueryKey,
  type EditOutcome,
  type MyCourse,
  type MyLesson,
  revisionsQueryKey,
} from './courses'

export const lessonTitleSchema = z.object({
  title: z.string().trim().min(1, 'Give the lesson a title.').max(
    200,
    'Use at most 200 characters.',
  ),
})

export const EMPTY_DOC: RichTextNode = { type: 'doc', content: [] }

export async function addLesson(
  courseId: number,
  title: string,
  nextPosition: number,
): Promise<void> {
  const { error } = await supabase().from('course_contents').insert({
    course_id: courseId,
    position: nextPosition,
    title,
    content: EMPTY_DOC,
  })
  if (error) throw new DbError(error, 'We could not add the lesson. Please try again.')
}

export async function saveLesson(
  lessonId: number,
  title: string,
  content: RichTextNode,
): Promise<EditOutcome> {
  const { data, error } = await supabase().rpc('submit_lesson_edit', {
    p_lesson_id: lessonId,
    p_title: title,
    p_content: content,
  })
  if (error) throw new DbError(error, 'We could not save the lesson. Please try again.')
  return data === 'in_review' ? 'in_review' : 'saved'
}

export async function deleteLesson(lessonId: number): Promise<void> {
  const { error } = await supabase().from('course_contents').delete().eq('id', lessonId)
  if (error) throw new DbError(error, 'We could not delete the lesson. Please try again.')
}

export type Direction = 'up' | 'down'

/** Moves the lesson and answers its number in the course afterwards (1 = first). */
export async function moveLesson(lessonId: number, direction: Direction): Promise<number> {
  const { data, error } = await supabase().rpc('move_course_lesson', {
    p_lesson_id: lessonId,
    p_direction: direction,
  })
  if (error) throw new DbError(error, 'We could not move the lesson. Please try again.')
  return data
}

/** The lessons with one swapped with its neighbour, as the database has just done. */
export function swapLesson(
  lessons: MyLesson[],
  lessonId: number,
  direction: Direction,
): MyLesson[] {
  const i = lessons.findIndex((l) => l.id === lessonId)
  const j = direction === 'up' ? i - 1 : i + 1
  if (i < 0 || j < 0 || j >= lessons.length) return lessons
  const next = [...lessons]
  next[i] = { ...lessons[j]!, position: lessons[i]!.position }
  next[j] = { ...lessons[i]!, position: lessons[j]!.position }
  return next
}

export function useMoveLesson(courseId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: number; direction: Direction }) => moveLesson(v.id, v.direction),
    onSuccess: (_n, v) =>
      qc.setQueryData<{ course: MyCourse; lessons: MyLesson[] } | null>(
        courseQueryKey(courseId),
        (old) => old && { ...old, lessons: swapLesson(old.lessons, v.id, v.direction) },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: courseQueryKey(courseId) }),
  })
}

export function useLessonMutations(courseId: number) {
  const qc = useQueryClient()
  const onSettled = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: courseQueryKey(courseId) }),
      qc.invalidateQueries({ queryKey: revisionsQueryKey(courseId) }),
    ])
  return {
    add: useMutation({
      mutationFn: (v: { title: string; nextPosition: number }) =>
        addLesson(courseId, v.title, v.nextPosition),
      onSettled,
    }),
    save: useMutation({
      mutationFn: (v: { id: number; title: string; content: RichTextNode }) =>
        saveLesson(v.id, v.title, v.content),
      onSettled,
    }),
    remove: useMutation({ mutationFn: deleteLesson, onSettled }),
  }
}
