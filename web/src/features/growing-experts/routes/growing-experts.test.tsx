import { Component, type ReactNode } from 'react'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { HttpError } from '@/lib/errors/http-error'
import GrowingExpertsRoute, { GrowingExpertRoute } from './growing-experts'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

const alex = {
  id: 1,
  slug: 'alex-green',
  name: 'Alex Green',
  specialism: 'No-dig growing',
  bio: 'Fifteen years of no-dig.',
  photo_url: null,
}
let experts: unknown[]
let courses: unknown[]
let lessons: unknown[]
let fetchMock: ReturnType<typeof vi.fn>
const json = (body: unknown, accept: string | null) =>
  new Response(JSON.stringify(accept?.includes('vnd.pgrst.object') ? ((body as unknown[])[0] ?? null) : body), {
    status: accept?.includes('vnd.pgrst.object') && !(body as unknown[]).length ? 406 : 200,
  })
beforeEach(() => {
  experts = [alex, { ...alex, id: 2, slug: 'priya-roots', name: 'Priya Roots', specialism: null }]
  courses = [{ id: 10, slug: 'no-dig', title: 'No-dig in a weekend', summary: 'Beds from scratch.' }]
  lessons = [
    {
      id: 100,
      course_id: 10,
      position: 0,
      title: 'Why no-dig',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Soil life does the digging.' }] }],
      },
    },
  ]
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = decodeURIComponent(String(url))
    const accept = new Headers(init?.headers).get('accept')
    if (u.includes('/growing_experts')) {
      const slug = /slug=eq\.([^&]+)/.exec(u)?.[1]
      return Promise.resolve(
        json(slug ? experts.filter((e) => (e as { slug: string }).slug === slug) : experts, accept),
      )
    }
    if (u.includes('/courses')) return Promise.resolve(json(courses, accept))
    if (u.includes('/course_contents')) return Promise.resolve(json(lessons, accept))
    return Promise.resolve(new Response('[]'))
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
    const e = this.state.error
    return e ? <p data-testid='caught'>{e instanceof HttpError ? e.status : 'other'}</p> : this.props.children
  }
}

function renderAt(path: string) {
  const loc = memoryLocation({ path })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook}>
        <Catch>
          <Route path='/growing-experts'>
            <GrowingExpertsRoute />
          </Route>
          <Route path='/growing-experts/:eid'>
            <GrowingExpertRoute />
          </Route>
        </Catch>
      </Router>
    </QueryClientProvider>,
  )
}

describe('/growing-experts', () => {
  it('lists the published experts with links to their profiles', async () => {
    renderAt('/growing-experts')
    expect(screen.getByRole('status').textContent).toBe('Loading our experts…')
    const link = await screen.findByRole('link', { name: 'Alex Green' })
    expect(link.getAttribute('href')).toBe('/growing-experts/alex-green')
    expect(screen.getByRole('link', { name: 'Priya Roots' })).toBeTruthy()
    expect(document.title).toBe('Growing experts | Roots Allotments')
    expect(decodeURIComponent(String(fetchMock.mock.calls[0]![0]))).toContain('published=eq.true')
  })

  it('says so when there are no experts yet', async () => {
    experts = []
    renderAt('/growing-experts')
    expect((await screen.findByText('No experts are listed yet. Please check back soon.')).getAttribute('role')).toBe(
      'status',
    )
  })
})

describe('/growing-experts/{eid}', () => {
  it('shows the expert, their published courses and lessons as rich text', async () => {
    renderAt('/growing-experts/alex-green')
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Green' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'No-dig in a weekend' })).toBeTruthy()
    expect(screen.getByText('Lesson 1: Why no-dig')).toBeTruthy()
    expect(screen.getByText('Soil life does the digging.').tagName).toBe('P')
    await waitFor(() => expect(document.title).toBe('Alex Green | Roots Allotments'))
    const courseCall = fetchMock.mock.calls
      .map(([u]) => decodeURIComponent(String(u)))
      .find((u) => u.includes('/courses'))!
    expect(courseCall).toContain('published=eq.true')
  })

  it('says when an expert has no published courses', async () => {
    courses = []
    renderAt('/growing-experts/alex-green')
    expect(await screen.findByText('Alex Green has no published courses yet.')).toBeTruthy()
  })

  it('is a 404 for an unknown expert', async () => {
    renderAt('/growing-experts/nobody')
    expect((await screen.findByTestId('caught')).textContent).toBe('404')
  })
})
