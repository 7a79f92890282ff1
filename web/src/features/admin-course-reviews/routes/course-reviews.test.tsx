import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

const { AdminCourseReviewsRoute, changedFields } = await import('./course-reviews')
const { toast } = await import('@/lib/toast')

beforeAll(configureApi)
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })
const lessonEdit = {
  id: 41,
  course_id: 5,
  course_title: 'Winter salads',
  lesson_id: 11,
  status: 'pending',
  title: 'Sowing, better',
  summary: null,
  content: doc('New words'),
  live_title: 'Sowing',
  live_summary: null,
  live_content: doc('Old words'),
  review_note: null,
  submitted_at: '2030-03-02T09:30:00Z',
  reviewed_at: null,
}
const courseEdit = {
  id: 42,
  course_id: 5,
  course_title: 'Winter salads',
  lesson_id: null,
  status: 'pending',
  title: 'Winter salads',
  summary: 'A new summary',
  content: null,
  live_title: 'Winter salads',
  live_summary: 'Old summary',
  live_content: null,
  review_note: null,
  submitted_at: '2030-03-02T10:30:00Z',
  reviewed_at: null,
}
const render = () => renderPage('/admin/course-reviews', '/admin/course-reviews', AdminCourseReviewsRoute)
const bodies = (fetchMock: ReturnType<typeof stubRest>) =>
  callsTo(fetchMock, 'rpc/review_course_revision').map(([, i]) => JSON.parse(String((i as RequestInit).body)))

describe('/admin/course-reviews', () => {
  it('lists each edit beside the published words, saying what changes', async () => {
    stubRest({ 'rpc/course_revisions': () => json([lessonEdit, courseEdit]) })
    render()
    const list = await screen.findByRole('list', { name: 'Edits waiting for review' })
    const [lesson, course] = within(list).getAllByRole('listitem')
    expect(within(lesson!).getByRole('heading', { level: 2 }).textContent).toBe('Lesson: Sowing')
    expect(lesson!.textContent).toContain('Changes: title, text.')
    expect(within(within(lesson!).getByRole('region', { name: 'Published now' })).getByText('Old words')).toBeTruthy()
    expect(
      within(within(lesson!).getByRole('region', { name: 'The expert’s edit' })).getByText('New words'),
    ).toBeTruthy()
    expect(within(course!).getByRole('heading', { level: 2 }).textContent).toBe('Course details: Winter salads')
    expect(course!.textContent).toContain('Changes: summary.')
    expect(document.title).toMatch(/^Course reviews/)
  })

  it('approves an edit', async () => {
    const fetchMock = stubRest({
      'rpc/course_revisions': () => json([lessonEdit]),
      'rpc/review_course_revision': () => json('approved'),
    })
    render()
    fireEvent.click(await screen.findByRole('button', { name: 'Approve lesson “Sowing” of “Winter salads”' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Approved: lesson “Sowing” of “Winter salads” now shows the expert’s edit.',
      ),
    )
    expect(bodies(fetchMock)).toEqual([{ p_revision_id: 41, p_approve: true, p_note: null }])
  })

  it('sends an edit back only with a note, from the keyboard-reachable form', async () => {
    const fetchMock = stubRest({
      'rpc/course_revisions': () => json([courseEdit]),
      'rpc/review_course_revision': () => json('rejected'),
    })
    render()
    fireEvent.click(await screen.findByRole('button', { name: 'Send back the details of “Winter salads”' }))
    const form = screen.getByRole('form', { name: 'Send back the details of “Winter salads”' })
    const note = within(form).getByLabelText('Note for the expert')
    expect(document.activeElement).toBe(note)
    fireEvent.submit(form)
    expect(await within(form).findByText('Say in a few words why the edit goes back.')).toBeTruthy()
    expect(note.getAttribute('aria-invalid')).toBe('true')
    expect(bodies(fetchMock)).toEqual([])
    fireEvent.change(note, { target: { value: '  Keep the old summary.  ' } })
    fireEvent.submit(form)
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Sent back: the expert sees your note on the details of “Winter salads”.',
      ),
    )
    expect(bodies(fetchMock)).toEqual([{ p_revision_id: 42, p_approve: false, p_note: 'Keep the old summary.' }])
  })

  it('says when nothing is waiting, and shows a refusal plainly', async () => {
    stubRest({ 'rpc/course_revisions': () => json([]) })
    render()
    expect(await screen.findByText('No edits are waiting for review.')).toBeTruthy()
    cleanup()
    stubRest({ 'rpc/course_revisions': () => json({ code: '42501', message: 'Only admins can review courses' }, 403) })
    render()
    expect(await screen.findByText('Only admins can review courses')).toBeTruthy()
  })

  it('shows a review the database refused as an error', async () => {
    stubRest({
      'rpc/course_revisions': () => json([lessonEdit]),
      'rpc/review_course_revision': () =>
        json(
          { code: 'PT404', message: 'That change is no longer waiting: it was reviewed or replaced by a newer one' },
          404,
        ),
    })
    render()
    fireEvent.click(await screen.findByRole('button', { name: 'Approve lesson “Sowing” of “Winter salads”' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'That change is no longer waiting: it was reviewed or replaced by a newer one',
      ),
    )
  })
})

describe('changedFields', () => {
  it('names what an edit changes', () => {
    expect(changedFields({ ...lessonEdit, title: 'Sowing' } as never)).toEqual(['text'])
    expect(changedFields({ ...courseEdit, summary: 'Old summary', title: 'Renamed' } as never)).toEqual(['title'])
  })
})
