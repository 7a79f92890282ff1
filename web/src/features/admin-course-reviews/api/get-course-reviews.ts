// Experts' edits of published courses and lessons waiting for staff, oldest first, each beside
// the live words it would replace (course_revisions() with no course: admins only).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'

// course_revisions returns a table, whose columns the generator types as never null: this says
// which are (and that the contents are rich-text documents).
export interface CourseReview {
  id: number
  course_id: number
  course_title: string
  lesson_id: number | null
  title: string
  summary: string | null
  content: RichTextNode | null
  live_title: string
  live_summary: string | null
  live_content: RichTextNode | null
  submitted_at: string
}

export const courseReviewsQueryKey = ['admin-course-reviews'] as const

export async function getCourseReviews(): Promise<CourseReview[]> {
  const { data, error } = await supabase().rpc('course_revisions')
  if (error) throw new DbError(error, 'The edits waiting for review could not be loaded.')
  return (data ?? []) as CourseReview[]
}

export const courseReviewsQueryOptions = () =>
  queryOptions({ queryKey: courseReviewsQueryKey, queryFn: getCourseReviews })

export const useCourseReviews = () => useQuery(courseReviewsQueryOptions())
