import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import KeepPlaceRoute from './keep-place'

const TOKEN = 'abcdef0123456789abcdef0123456789'
let question: Record<string, unknown> | null
let answers: boolean[]

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})
beforeEach(() => {
  answers = []
  question = {
    status: 'asked',
    due_by: '2026-12-09T00:00:00Z',
    answered_at: null,
    first_name: 'Eve',
    location: 'Second Vale',
    entry_status: 'waiting',
    accepted_location: 'Choice Vale',
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { action: string; keep?: boolean }
      if (body.action === 'keep_place') {
        answers.push(body.keep!)
        question = { ...question, status: body.keep ? 'kept' : 'withdrawn' }
        return Promise.resolve(new Response(JSON.stringify({ status: question.status })))
      }
      return Promise.resolve(
        question
          ? new Response(JSON.stringify(question))
          : new Response(JSON.stringify({ error: { code: 'not_found', message: 'No.' } }), { status: 404 }),
      )
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderAt(search: string) {
  const loc = memoryLocation({ path: '/queue/keep-place', searchPath: search })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <KeepPlaceRoute />
      </Router>
    </QueryClientProvider>,
  )
}

describe('keep your place?', () => {
  it('asks about the other list, confirms before leaving it, and says it is done', async () => {
    renderAt(`token=${TOKEN}`)
    await screen.findByRole('heading', { name: 'Keep your place at Second Vale?' })
    expect(screen.getByText(/You have accepted a plot at Choice Vale/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'No, take me off this list' }))
    expect(answers).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Yes, leave the list' }))
    await screen.findByRole('heading', { name: 'You have left the waiting list for Second Vale' })
    expect(answers).toEqual([false])
  })

  it('keeps the place with one click', async () => {
    renderAt(`token=${TOKEN}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, keep my place' }))
    await screen.findByRole('heading', { name: 'You keep your place at Second Vale' })
    expect(answers).toEqual([true])
  })

  it('says plainly when the link is not valid', async () => {
    question = null
    renderAt(`token=${TOKEN}`)
    await screen.findByText(/This link is not valid/)
    renderAt('token=nope')
    expect(screen.getAllByText(/This link is not valid/).length).toBe(2)
  })
})
