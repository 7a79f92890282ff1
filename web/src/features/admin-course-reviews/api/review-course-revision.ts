// Approve an expert's edit (the live course or lesson takes it) or send it back with a note the
// expert reads. The database checks the caller is an admin and records the change as theirs.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { courseReviewsQueryKey } from './get-course-reviews'

export const sendBackSchema = z.object({
  note: z.string().trim().min(1, 'Say in a few words why the edit goes back.').max(
    1000,
    'Use at most 1,000 characters.',
  ),
})

export type ReviewDecision = { id: number; approve: true } | {
  id: number
  approve: false
  note: string
}

export async function reviewCourseRevision(d: ReviewDecision): Promise<'approved' | 'rejected'> {
  const { data, error } = await supabase().rpc('review_course_revision', {
    p_revision_id: d.id,
    p_approve: d.approve,
    p_note: d.approve ? null : d.note,
  })
  if (error) throw new DbError(error, 'The review could not be saved. Please try again.')
  return data === 'approved' ? 'approved' : 'rejected'
}

export const useReviewCourseRevision = () =>
  useInvalidatingMutation(reviewCourseRevision, [courseReviewsQueryKey, ['admin-courses']], {
    settled: true,
  })
