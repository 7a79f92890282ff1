// An expert's lessons in their own course: add (at the end), save (title and rich text), delete.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { courseQueryKey } from './courses'

export const lessonTitleSchema = z.object({
  title: z.string().trim().min(1, 'Give the lesson a title.').max(200, 'Use at most 200 characters.'),
})

export const EMPTY_DOC: RichTextNode = { type: 'doc', content: [] }

export async function addLesson(courseId: number, title: string, nextPosition: number): Promise<void> {
  const { error } = await supabase().from('course_contents').insert({ course_id: courseId, position: nextPosition, title, content: EMPTY_DOC })
  if (error) throw new DbError(error, 'We could not add the lesson. Please try again.')
}

export async function saveLesson(lessonId: number, title: string, content: RichTextNode): Promise<void> {
  const { data, error } = await supabase().from('course_contents').update({ title, content }).eq('id', lessonId).select('id')
  if (error) throw new DbError(error, 'We could not save the lesson. Please try again.')
  if (!data?.length) throw new DbError({ code: 'PGRST116' })
}

export async function deleteLesson(lessonId: number): Promise<void> {
  const { error } = await supabase().from('course_contents').delete().eq('id', lessonId)
  if (error) throw new DbError(error, 'We could not delete the lesson. Please try again.')
}

export function useLessonMutations(courseId: number) {
  const qc = useQueryClient()
  const onSettled = () => qc.invalidateQueries({ queryKey: courseQueryKey(courseId) })
  return {
    add: useMutation({ mutationFn: (v: { title: string; nextPosition: number }) => addLesson(courseId, v.title, v.nextPosition), onSettled }),
    save: useMutation({ mutationFn: (v: { id: number; title: string; content: RichTextNode }) => saveLesson(v.id, v.title, v.content), onSettled }),
    remove: useMutation({ mutationFn: deleteLesson, onSettled }),
  }
}
