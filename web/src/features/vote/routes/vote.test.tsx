import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { NOT_ACCEPTED } from '../api/cast-vote'
import VoteRoute, { alreadyVotedMessage, TALLIES_SHOWN, votedMessage } from './vote'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

let tallies: Array<{ location_name: string; votes: number }>
let voteAnswer: () => Response
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  tallies = [{ location_name: 'Exeter', votes: 3 }, { location_name: 'Norwich', votes: 1 }]
  voteAnswer = () => new Response(null, { status: 201 })
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = String(url)
    if (u.includes('/rest/v1/rpc/get_site_vote_tallies')) return Promise.resolve(new Response(JSON.stringify(tallies)))
    if (u.includes('/rest/v1/site_votes') && init?.method === 'POST') return Promise.resolve(voteAnswer())
    return Promise.resolve(new Response('[]'))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderVote() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(<QueryClientProvider client={qc}><VoteRoute /></QueryClientProvider>)
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const votePosts = () => fetchMock.mock.calls.filter(([u, i]) => String(u).includes('/site_votes') && (i as RequestInit)?.method === 'POST')

describe('/vote', () => {
  it('shows the tallies per place, most votes first', async () => {
    renderVote()
    const list = await screen.findByRole('list', { name: 'Votes per place' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Exeter3 votes', 'Norwich1 vote'])
    expect(document.title).toBe('Vote for a new site | Roots Allotments')
  })

  it('shows the busiest places and sums up the rest', async () => {
    tallies = Array.from({ length: TALLIES_SHOWN + 2 }, (_, i) => ({ location_name: `Place ${i}`, votes: 100 - i }))
    renderVote()
    const list = await screen.findByRole('list', { name: 'Votes per place' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(TALLIES_SHOWN)
    expect(screen.getByText(`And 2 more places with ${100 - TALLIES_SHOWN + 100 - TALLIES_SHOWN - 1} votes between them.`)).toBeTruthy()
  })

  it('says so when nobody has voted yet', async () => {
    tallies = []
    renderVote()
    expect((await screen.findByText(/No votes yet/)).getAttribute('role')).toBe('status')
  })

  it('checks the fields before sending anything, errors beside each field', async () => {
    renderVote()
    fill('E-mail address', 'not-an-email')
    fill('Your postcode (optional)', 'nowhere')
    fireEvent.submit(screen.getByRole('form', { name: 'Vote for a new site' }))
    expect(await screen.findByText('Enter the town or area you would like a site in.')).toBeTruthy()
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeTruthy()
    expect(screen.getByText('Enter a UK postcode, like BA1 1AA, or leave it empty.')).toBeTruthy()
    expect(votePosts()).toHaveLength(0)
  })

  it('records a vote once however often submit is pressed, and thanks the voter', async () => {
    renderVote()
    fill('Town or area', '  York ')
    fill('E-mail address', 'me@example.com')
    fill('Your postcode (optional)', 'yo1 7hh')
    const form = screen.getByRole('form', { name: 'Vote for a new site' })
    fireEvent.submit(form)
    fireEvent.submit(form)
    expect((await screen.findAllByText(votedMessage('York'))).length).toBeGreaterThan(0)
    expect(votePosts()).toHaveLength(1)
    expect(JSON.parse(String((votePosts()[0]![1] as RequestInit).body))).toEqual({ location_name: 'York', email: 'me@example.com', postcode: 'YO1 7HH' })
  })

  it('answers a second vote for the same place with a friendly message and keeps the form', async () => {
    voteAnswer = () => new Response(JSON.stringify({ code: '23505', message: 'duplicate key value violates unique constraint "site_votes_one_per_person"' }), { status: 409 })
    renderVote()
    fill('Town or area', 'Exeter')
    fill('E-mail address', 'me@example.com')
    fireEvent.submit(screen.getByRole('form', { name: 'Vote for a new site' }))
    expect((await screen.findAllByText(alreadyVotedMessage('Exeter'))).length).toBeGreaterThan(0)
    expect((screen.getByLabelText('Town or area') as HTMLInputElement).value).toBe('Exeter')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows a refusal beside the form and keeps what was typed', async () => {
    voteAnswer = () => new Response(JSON.stringify({ code: '23514', message: 'new row for relation "site_votes" violates check constraint' }), { status: 400 })
    renderVote()
    fill('Town or area', 'Exeter')
    fill('E-mail address', 'me@example.com')
    fireEvent.submit(screen.getByRole('form', { name: 'Vote for a new site' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOT_ACCEPTED))
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('me@example.com')
  })
})
