import { Component, type ReactNode } from 'react'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router, Switch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { HttpError } from '@/lib/errors/http-error'
import { toast } from '@/lib/toast'
import { courseSlug, DUPLICATE_TITLE, type MyLesson, NOT_DELETED } from '../api/courses'
import { type Direction, swapLesson } from '../api/lessons'
import { NOT_EXPERT_MESSAGE } from '../components/ExpertGate'
import CourseCreatorRoute from './course-creator'
import CourseSettingsRoute, { PUBLISHED_DELETE_NOTE, sentForReview } from './course-settings'

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

const USER = {
  id: 'u-expert',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'expert@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2025-01-01T00:00:00Z',
}
const signIn = () =>
  localStorage.setItem(
    'sb-api-auth-token',
    JSON.stringify({
      access_token: 'a.eyJzdWIiOiJ1LWV4cGVydCIsImV4cCI6NDEwMjQ0NDgwMH0.s',
      refresh_token: 'r',
      expires_in: 3600,
      expires_at: 4102444800,
      token_type: 'bearer',
      user: USER,
    }),
  )
const alex = { id: 1, slug: 'alex-green', name: 'Alex Green' }

let expertRows: unknown[]
let courseRows: Array<Record<string, unknown>>
let lessonRows: Array<Record<string, unknown>>
let insertAnswer: (body: Record<string, unknown>) => Response
let moveAnswer: (body: { p_lesson_id: number; p_direction: Direction }) => Response
let deleteAnswer: () => Response
let editAnswer: (fn: string, body: Record<string, unknown>) => Response
let revisionRows: Array<Record<string, unknown>>
let fetchMock: ReturnType<typeof vi.fn>
const reply = (rows: unknown[], init?: RequestInit) => {
  const single = new Headers(init?.headers).get('accept')?.includes('vnd.pgrst.object')
  if (single && rows.length !== 1)
    return new Response(JSON.stringify({ code: 'PGRST116', message: 'no rows' }), { status: 406 })
  return new Response(JSON.stringify(single ? rows[0] : rows))
}
beforeEach(() => {
  localStorage.clear()
  expertRows = [alex]
  courseRows = [
    { id: 5, slug: 'winter-salads-alex-green', title: 'Winter salads', summary: null, expert_id: 1, published: false },
  ]
  lessonRows = []
  insertAnswer = (body) => new Response(JSON.stringify({ id: 77, published: false, ...body }), { status: 201 })
  // The database's move: the lesson swaps places with its neighbour; the answer is its new number.
  moveAnswer = ({ p_lesson_id, p_direction }) => {
    lessonRows = swapLesson(
      lessonRows as unknown as MyLesson[],
      p_lesson_id,
      p_direction,
    ) as unknown as typeof lessonRows
    return new Response(JSON.stringify(lessonRows.findIndex((l) => l.id === p_lesson_id) + 1))
  }
  deleteAnswer = () => {
    const deleted = courseRows.filter((c) => c.id === 5)
    courseRows = courseRows.filter((c) => c.id !== 5)
    return new Response(JSON.stringify(deleted.map((c) => ({ id: c.id }))))
  }
  revisionRows = []
  // The database's answer to an edit: a draft is saved, published work goes to review.
  editAnswer = (fn, body) => {
    const published =
      fn === 'submit_course_edit'
        ? courseRows.find((c) => c.id === body.p_course_id)?.published
        : lessonRows.find((l) => l.id === body.p_lesson_id)?.published
    return new Response(JSON.stringify(published ? 'in_review' : 'saved'))
  }
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = decodeURIComponent(String(url))
    if (u.includes('/rpc/move_course_lesson')) return Promise.resolve(moveAnswer(JSON.parse(String(init?.body))))
    const rpc = /\/rpc\/(submit_lesson_edit|submit_course_edit)/.exec(u)?.[1]
    if (rpc) return Promise.resolve(editAnswer(rpc, JSON.parse(String(init?.body))))
    if (u.includes('/rpc/course_revisions')) return Promise.resolve(new Response(JSON.stringify(revisionRows)))
    if (u.includes('/rpc/discard_course_revision')) {
      const { p_revision_id } = JSON.parse(String(init?.body)) as { p_revision_id: number }
      revisionRows = revisionRows.filter((r) => r.id !== p_revision_id)
      return Promise.resolve(new Response(null, { status: 204 }))
    }
    if (u.includes('/rest/v1/courses') && init?.method === 'DELETE') return Promise.resolve(deleteAnswer())
    if (u.includes('/growing_experts')) return Promise.resolve(reply(expertRows, init))
    if (u.includes('/rest/v1/courses') && init?.method === 'POST')
      return Promise.resolve(insertAnswer(JSON.parse(String(init.body))))
    if (u.includes('/rest/v1/courses')) {
      const id = /[?&]id=eq\.(\d+)/.exec(u)?.[1]
      return Promise.resolve(reply(id ? courseRows.filter((c) => String(c.id) === id) : courseRows, init))
    }
    if (u.includes('/course_contents')) return Promise.resolve(reply(lessonRows, init))
    return Promise.resolve(new Response('{}'))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    return this.state.error ? (
      <p data-testid='caught'>{this.state.error instanceof HttpError ? this.state.error.status : 'other'}</p>
    ) : (
      this.props.children
    )
  }
}

function renderAt(path: string) {
  const loc = memoryLocation({ path, record: true })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <Catch>
          <Switch>
            <Route path='/course-creator'>
              <CourseCreatorRoute />
            </Route>
            <Route path='/settings/:course_id'>
              <CourseSettingsRoute />
            </Route>
            <Route>elsewhere</Route>
          </Switch>
        </Catch>
      </Router>
    </QueryClientProvider>,
  )
  return loc
}
const posts = () =>
  fetchMock.mock.calls.filter(
    ([u, i]) => String(u).includes('/rest/v1/courses') && (i as RequestInit)?.method === 'POST',
  )
const moves = () =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).includes('/rpc/move_course_lesson'))
    .map(([, i]) => JSON.parse(String((i as RequestInit).body)))
const deletes = () =>
  fetchMock.mock.calls.filter(
    ([u, i]) => String(u).includes('/rest/v1/courses') && (i as RequestInit)?.method === 'DELETE',
  )
const lesson = (id: number, position: number, title: string) => ({
  id,
  course_id: 5,
  position,
  title,
  content: { type: 'doc', content: [] },
  published: false,
})
const rpcCalls = (fn: string) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).includes(`/rpc/${fn}`))
    .map(([, i]) => JSON.parse(String((i as RequestInit).body)))
const directWrites = () =>
  fetchMock.mock.calls.filter(
    ([u, i]) => /\/rest\/v1\/(courses|course_contents)/.test(String(u)) && (i as RequestInit)?.method === 'PATCH',
  )
const lessonHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

describe('the expert gate', () => {
  it('sends a signed-out visitor to /login and back', async () => {
    const loc = renderAt('/course-creator')
    await waitFor(() => expect(loc.history.at(-1)).toBe('/login?next=%2Fcourse-creator'))
  })

  it('tells a signed-in member who is no expert, plainly', async () => {
    signIn()
    expertRows = []
    renderAt('/course-creator')
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_EXPERT_MESSAGE)
    expect(screen.getByText(/signed in as expert@example.com/)).toBeTruthy()
    expect(screen.queryByRole('form')).toBeNull()
  })
})

describe('/course-creator', () => {
  it("lists the expert's courses with their status", async () => {
    signIn()
    renderAt('/course-creator')
    const list = await screen.findByRole('region', { name: 'Your courses' })
    const link = await within(list).findByRole('link', { name: 'Winter salads' })
    expect(link.getAttribute('href')).toBe('/settings/5')
    expect(within(list).getByText('Draft')).toBeTruthy()
    expect(document.title).toBe('Course creator | Roots Allotments')
  })

  it('says so when the expert has no courses yet', async () => {
    signIn()
    courseRows = []
    renderAt('/course-creator')
    expect(await screen.findByText('You have no courses yet. Start your first one below.')).toBeTruthy()
  })

  it('creates one course for the expert however often submit is pressed, then opens its settings', async () => {
    signIn()
    const loc = renderAt('/course-creator')
    const form = await screen.findByRole('form', { name: 'Start a new course' })
    fireEvent.change(within(form).getByLabelText('Course title'), { target: { value: ' Seed saving! ' } })
    fireEvent.submit(form)
    fireEvent.submit(form)
    await waitFor(() => expect(loc.history.at(-1)).toBe('/settings/77'))
    expect(posts()).toHaveLength(1)
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      slug: 'seed-saving-alex-green',
      title: 'Seed saving!',
      summary: null,
      expert_id: 1,
    })
  })

  it('puts a duplicate title beside the field and keeps the form', async () => {
    signIn()
    insertAnswer = () =>
      new Response(
        JSON.stringify({ code: '23505', message: 'duplicate key value violates unique constraint "courses_slug_key"' }),
        { status: 409 },
      )
    renderAt('/course-creator')
    const form = await screen.findByRole('form', { name: 'Start a new course' })
    fireEvent.change(within(form).getByLabelText('Course title'), { target: { value: 'Winter salads' } })
    fireEvent.submit(form)
    expect(await within(form).findByText(DUPLICATE_TITLE)).toBeTruthy()
    expect((within(form).getByLabelText('Course title') as HTMLInputElement).value).toBe('Winter salads')
    expect(within(form).getByLabelText('Course title').getAttribute('aria-invalid')).toBe('true')
  })

  it('refuses an empty title before sending', async () => {
    signIn()
    renderAt('/course-creator')
    const form = await screen.findByRole('form', { name: 'Start a new course' })
    fireEvent.submit(form)
    expect(await within(form).findByText('Give the course a title.')).toBeTruthy()
    expect(posts()).toHaveLength(0)
  })
})

describe('/settings/{course_id}', () => {
  it('shows the course, its draft status and an empty lesson list', async () => {
    signIn()
    renderAt('/settings/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter salads' })).toBeTruthy()
    expect(screen.getByText('No lessons yet. Add the first one below.')).toBeTruthy()
    expect((screen.getByLabelText('Course title') as HTMLInputElement).value).toBe('Winter salads')
    await waitFor(() => expect(document.title).toBe('Winter salads settings | Roots Allotments'))
    const read = fetchMock.mock.calls
      .map(([u]) => decodeURIComponent(String(u)))
      .find((u) => u.includes('/rest/v1/courses') && u.includes('id=eq.5'))!
    expect(read).toContain('expert_id=eq.1')
  })

  it("is a 404 for a course that is not the expert's", async () => {
    signIn()
    renderAt('/settings/6')
    expect((await screen.findByTestId('caught')).textContent).toBe('404')
  })

  it('is a 404 for an id that is not one', async () => {
    signIn()
    renderAt('/settings/abc')
    expect((await screen.findByTestId('caught')).textContent).toBe('404')
  })
})

describe('/settings/{course_id}: lesson order', () => {
  beforeEach(() => {
    lessonRows = [lesson(11, 0, 'Sowing'), lesson(12, 1, 'Thinning'), lesson(13, 2, 'Harvest')]
  })

  it("moves a lesson up with the database's move, shows and announces the new order, and keeps focus on the button", async () => {
    signIn()
    renderAt('/settings/5')
    const up = await screen.findByRole('button', { name: 'Move lesson “Thinning” up' })
    up.focus()
    fireEvent.click(up)
    await waitFor(() =>
      expect(lessonHeadings()).toEqual(['Lesson 1: Thinning', 'Lesson 2: Sowing', 'Lesson 3: Harvest']),
    )
    expect(moves()).toEqual([{ p_lesson_id: 12, p_direction: 'up' }])
    expect((await screen.findByText('“Thinning” is now lesson 1 of 3.')).getAttribute('aria-live')).toBe('polite')
    await waitFor(() => expect(document.activeElement?.id).toBe('lesson-12-up'))
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true')
  })

  it('moves a lesson down', async () => {
    signIn()
    renderAt('/settings/5')
    fireEvent.click(await screen.findByRole('button', { name: 'Move lesson “Sowing” down' }))
    await waitFor(() =>
      expect(lessonHeadings()).toEqual(['Lesson 1: Thinning', 'Lesson 2: Sowing', 'Lesson 3: Harvest']),
    )
    expect(moves()).toEqual([{ p_lesson_id: 11, p_direction: 'down' }])
    expect(await screen.findByText('“Sowing” is now lesson 2 of 3.')).toBeTruthy()
  })

  it('says the first lesson cannot go up nor the last down, and sends nothing for them', async () => {
    signIn()
    renderAt('/settings/5')
    const up = await screen.findByRole('button', { name: 'Move lesson “Sowing” up' })
    const down = screen.getByRole('button', { name: 'Move lesson “Harvest” down' })
    expect([up.getAttribute('aria-disabled'), down.getAttribute('aria-disabled')]).toEqual(['true', 'true'])
    expect(screen.getByRole('button', { name: 'Move lesson “Thinning” up' }).getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(up)
    fireEvent.click(down)
    expect(moves()).toEqual([])
  })

  it('shows a refused move as an error and keeps the order', async () => {
    signIn()
    moveAnswer = () =>
      new Response(JSON.stringify({ code: '42501', message: "Not allowed to change another expert's course" }), {
        status: 403,
      })
    renderAt('/settings/5')
    fireEvent.click(await screen.findByRole('button', { name: 'Move lesson “Harvest” up' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Not allowed to change another expert's course"))
    expect(lessonHeadings()).toEqual(['Lesson 1: Sowing', 'Lesson 2: Thinning', 'Lesson 3: Harvest'])
  })
})

describe('/settings/{course_id}: deleting the course', () => {
  it('asks first; keeping it sends nothing', async () => {
    signIn()
    renderAt('/settings/5')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete course' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Winter salads”?' })
    expect(within(dialog).getByText(/deleted for good/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(deletes()).toHaveLength(0)
  })

  it('deletes the course once confirmed and goes back to the course list', async () => {
    signIn()
    const loc = renderAt('/settings/5')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete course' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete the course' }))
    await waitFor(() => expect(loc.history.at(-1)).toBe('/course-creator'))
    expect(deletes()).toHaveLength(1)
    expect(decodeURIComponent(String(deletes()[0]![0]))).toContain('id=eq.5')
    expect(toast.success).toHaveBeenCalledWith('Course “Winter salads” deleted.')
    expect(await screen.findByText('You have no courses yet. Start your first one below.')).toBeTruthy()
  })

  it('shows a failed delete as an error and keeps the course', async () => {
    signIn()
    deleteAnswer = () => new Response('[]')
    const loc = renderAt('/settings/5')
    const opener = await screen.findByRole('button', { name: 'Delete course' })
    opener.focus()
    fireEvent.click(opener)
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete the course' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(NOT_DELETED))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(loc.history.at(-1)).toBe('/settings/5')
    expect(screen.getByRole('heading', { level: 1, name: 'Winter salads' })).toBeTruthy()
    expect(document.activeElement).toBe(opener)
  })

  it('offers no delete for a published course', async () => {
    signIn()
    courseRows[0]!.published = true
    renderAt('/settings/5')
    expect(await screen.findByText(PUBLISHED_DELETE_NOTE)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Delete course' })).toBeNull()
  })
})

describe('courseSlug', () => {
  it('is the title then the expert, so experts may share a title', () => {
    expect(courseSlug('Winter Salads', 'alex-green')).toBe('winter-salads-alex-green')
    expect(courseSlug('!!!', 'alex-green')).toBe('course-alex-green')
    expect(courseSlug('a'.repeat(300), 'x').length).toBeLessThanOrEqual(82)
  })
})

describe('/settings/{course_id}: edits of published work go to review', () => {
  const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })
  beforeEach(() => {
    courseRows[0]!.published = true
    courseRows[0]!.summary = 'Live summary'
    lessonRows = [
      { ...lesson(11, 0, 'Sowing'), published: true, content: doc('Live words') },
      lesson(12, 1, 'Thinning'),
    ]
  })

  it("sends a published lesson's edit for review, says so, and never writes the live lesson", async () => {
    signIn()
    renderAt('/settings/5')
    const form = await screen.findByRole('form', { name: 'Lesson 1: Sowing' })
    fireEvent.change(within(form).getByLabelText('Lesson title'), { target: { value: 'Sowing, better' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Send lesson for review' }))
    const message = sentForReview('Lesson “Sowing, better”')
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(message))
    expect(within(form).getByText(message).getAttribute('role')).toBe('status')
    expect(message).toBe(
      'Lesson “Sowing, better” sent for review. The published version stays until the Roots team approves your edit.',
    )
    expect(rpcCalls('submit_lesson_edit')).toEqual([
      { p_lesson_id: 11, p_title: 'Sowing, better', p_content: doc('Live words') },
    ])
    expect(directWrites()).toEqual([])
    expect(within(form).queryByRole('button', { name: 'Delete lesson' })).toBeNull()
  })

  it('saves a lesson not yet published at once, through the same call', async () => {
    signIn()
    renderAt('/settings/5')
    const form = await screen.findByRole('form', { name: 'Lesson 2: Thinning' })
    fireEvent.click(within(form).getByRole('button', { name: 'Save lesson' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Lesson “Thinning” saved.'))
    expect(rpcCalls('submit_lesson_edit')).toEqual([
      { p_lesson_id: 12, p_title: 'Thinning', p_content: { type: 'doc', content: [] } },
    ])
    expect(within(form).queryByText(/sent for review/)).toBeNull()
    expect(directWrites()).toEqual([])
  })

  it("sends a published course's details for review", async () => {
    signIn()
    renderAt('/settings/5')
    const form = await screen.findByRole('form', { name: 'Course details' })
    fireEvent.change(within(form).getByLabelText('Summary (optional)'), { target: { value: '  ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Send details for review' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(sentForReview('Course details')))
    expect(rpcCalls('submit_course_edit')).toEqual([{ p_course_id: 5, p_title: 'Winter salads', p_summary: '' }])
    expect(directWrites()).toEqual([])
  })

  it("saves a draft course's details at once", async () => {
    signIn()
    courseRows[0]!.published = false
    renderAt('/settings/5')
    const form = await screen.findByRole('form', { name: 'Course details' })
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Course saved.'))
    expect(rpcCalls('submit_course_edit')).toHaveLength(1)
  })

  it('shows the edit waiting for review in the form, beside a note that visitors see the published version', async () => {
    signIn()
    revisionRows = [
      {
        id: 301,
        course_id: 5,
        lesson_id: 11,
        status: 'pending',
        title: 'Sowing, waiting',
        summary: null,
        content: doc('New words'),
        review_note: null,
        submitted_at: '2025-01-05T10:00:00Z',
      },
    ]
    renderAt('/settings/5')
    const form = await screen.findByRole('form', { name: 'Lesson 1: Sowing' })
    await waitFor(() =>
      expect((within(form).getByLabelText('Lesson title') as HTMLInputElement).value).toBe('Sowing, waiting'),
    )
    expect(within(form).getByText(/visitors see the published version until the Roots team approves it/)).toBeTruthy()
    expect(screen.getAllByText('Waiting for review.')).toHaveLength(1)
  })

  it("shows the team's note on an edit sent back, and drops the edit on request", async () => {
    signIn()
    revisionRows = [
      {
        id: 302,
        course_id: 5,
        lesson_id: null,
        status: 'rejected',
        title: 'Winter salads!!!',
        summary: 'Shouty',
        content: null,
        review_note: 'Keep the old title, please.',
        submitted_at: '2025-01-05T10:00:00Z',
      },
    ]
    renderAt('/settings/5')
    const form = await screen.findByRole('form', { name: 'Course details' })
    expect(await within(form).findByText('Keep the old title, please.')).toBeTruthy()
    expect(within(form).getByText('Sent back by the Roots team.')).toBeTruthy()
    expect((within(form).getByLabelText('Course title') as HTMLInputElement).value).toBe('Winter salads!!!')
    fireEvent.click(within(form).getByRole('button', { name: 'Drop my edit of the course details' }))
    await waitFor(() =>
      expect((within(form).getByLabelText('Course title') as HTMLInputElement).value).toBe('Winter salads'),
    )
    expect(rpcCalls('discard_course_revision')).toEqual([{ p_revision_id: 302 }])
    expect(within(form).queryByText('Keep the old title, please.')).toBeNull()
  })

  it('shows a refused edit beside the form', async () => {
    signIn()
    editAnswer = () =>
      new Response(
        JSON.stringify({ code: '22023', message: 'The lesson text is not a document the editor can open' }),
        { status: 400 },
      )
    renderAt('/settings/5')
    const form = await screen.findByRole('form', { name: 'Lesson 1: Sowing' })
    fireEvent.click(within(form).getByRole('button', { name: 'Send lesson for review' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The lesson text is not a document the editor can open',
    )
    expect(toast.success).not.toHaveBeenCalled()
  })
})
