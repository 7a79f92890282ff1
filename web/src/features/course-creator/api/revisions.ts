// An expert's edits of their published course that wait for the Roots team (or came back with a
// note): one for the course's details (lesson_id null) and one per lesson at most. The live words
// stay public until staff approve; the expert may drop an edit to start again from them.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { courseQueryKey, revisionsQueryKey } from './courses'

// course_revisions returns a table, whose columns the generator types as never null: this says
// which are (and that content is a rich-text document).
export interface CourseRevision {
  id: number
  course_id: number
  lesson_id: number | null
  status: 'pending' | 'rejected'
  title: string
  summary: string | null
  content: RichTextNode | null
  review_note: string | null
  submitted_at: string
}

export async function getCourseRevisions(courseId: number): Promise<CourseRevision[]> {
  const { data, error } = await supabase().rpc('course_revisions', { p_course_id: courseId })
  if (error) throw new DbError(error, 'We could not check for edits waiting for review just now.')
  return (data ?? []) as CourseRevision[]
}

export const courseRevisionsQueryOptions = (courseId: number) =>
  queryOptions({
    queryKey: revisionsQueryKey(courseId),
    queryFn: () => getCourseRevisions(courseId),
  })

export const useCourseRevisions = (courseId: number, enabled: boolean) =>
  useQuery({ ...courseRevisionsQueryOptions(courseId), enabled })

export async function discardRevision(revisionId: number): Promise<void> {
  const { error } = await supabase().rpc('discard_course_revision', { p_revision_id: revisionId })
  if (error) throw new DbError(error, 'We could not drop the edit. Please try again.')
}

export function useDiscardRevision(courseId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: discardRevision,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: revisionsQueryKey(courseId) }),
        qc.invalidateQueries({ queryKey: courseQueryKey(courseId) }),
      ]),
  })
}
