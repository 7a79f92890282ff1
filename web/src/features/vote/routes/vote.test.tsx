import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { CONFIRM_NOT_FOUND } from '../api/confirm-vote'
import VoteRoute, { checkEmailMessage, confirmedMessage, TALLIES_SHOWN } from './vote'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

let tallies: Array<{ location_name: string; votes: number }>
let voteAnswer: () => Response
let confirmAnswer: () => Response
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  tallies = [
    { location_name: 'Exeter', votes: 3 },
    { location_name: 'Norwich', votes: 1 },
  ]
  voteAnswer = () => new Response(JSON.stringify({ accepted: true }), { status: 202 })
  confirmAnswer = () => new Response(JSON.stringify('York'))
  history.replaceState(null, '', '/vote')
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = String(url)
    if (u.includes('/rest/v1/rpc/get_site_vote_tallies')) return Promise.resolve(new Response(JSON.stringify(tallies)))
    if (u.includes('/rest/v1/rpc/confirm_site_vote')) return Promise.resolve(confirmAnswer())
    if (u.includes('/functions/v1/site-votes') && init?.method === 'POST') return Promise.resolve(voteAnswer())
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
  render(
    <QueryClientProvider client={qc}>
      <VoteRoute />
    </QueryClientProvider>,
  )
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const votePosts = () =>
  fetchMock.mock.calls.filter(
    ([u, i]) => String(u).includes('/functions/v1/site-votes') && (i as RequestInit)?.method === 'POST',
  )

describe('/vote', () => {
  it('shows the tallies per place, most votes first', async () => {
    renderVote()
    const list = await screen.findByRole('list', { name: 'Votes per place' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Exeter3 votes', 'Norwich1 vote'])
    expect(document.title).toBe('Vote for a new site | Roots Allotments')
  })

  it('shows the busiest places and sums up the rest', async () => {
    tallies = Array.from({ length: TALLIES_SHOWN + 2 }, (_, i) => ({ location_name: `Place ${i}`, votes: 100 - i }))
    renderVote()
    const list = await screen.findByRole('list', { name: 'Votes per place' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(TALLIES_SHOWN)
    expect(
      screen.getByText(`And 2 more places with ${100 - TALLIES_SHOWN + 100 - TALLIES_SHOWN - 1} votes between them.`),
    ).toBeTruthy()
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

  it('sends a vote once however often submit is pressed, and asks the voter to confirm it from the e-mail', async () => {
    renderVote()
    fill('Town or area', '  York ')
    fill('E-mail address', 'me@example.com')
    fill('Your postcode (optional)', 'yo1 7hh')
    const form = screen.getByRole('form', { name: 'Vote for a new site' })
    fireEvent.submit(form)
    fireEvent.submit(form)
    expect((await screen.findAllByText(checkEmailMessage('me@example.com'))).length).toBeGreaterThan(0)
    expect(votePosts()).toHaveLength(1)
    expect(JSON.parse(String((votePosts()[0]![1] as RequestInit).body))).toEqual({
      location_name: 'York',
      email: 'me@example.com',
      postcode: 'YO1 7HH',
    })
  })

  it('shows a refusal (too many votes) beside the form and keeps what was typed', async () => {
    voteAnswer = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'rate_limited',
            message: 'Too many votes from your connection: please try again in an hour.',
            details: null,
          },
        }),
        { status: 429 },
      )
    renderVote()
    fill('Town or area', 'Exeter')
    fill('E-mail address', 'me@example.com')
    fireEvent.submit(screen.getByRole('form', { name: 'Vote for a new site' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many votes from your connection: please try again in an hour.',
      ),
    )
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('me@example.com')
  })

  it('confirms a vote from the e-mail link once, says which place, and takes the token out of the address', async () => {
    const token = 'ab'.repeat(16)
    history.replaceState(null, '', `/vote?confirm=${token}#top`)
    renderVote()
    expect((await screen.findAllByText(confirmedMessage('York'))).length).toBeGreaterThan(0)
    const confirms = fetchMock.mock.calls.filter(([u]) => String(u).includes('confirm_site_vote'))
    expect(confirms).toHaveLength(1)
    expect(JSON.parse(String((confirms[0]![1] as RequestInit).body))).toEqual({ p_token: token })
    expect(location.search).toBe('')
    expect(location.hash).toBe('#top')
  })

  it('lists the vote it has just confirmed, even when the list was being read as it was confirmed', async () => {
    // The page reads the list and confirms at once; here the first read started before the vote
    // counted and answers after the confirmation: the list is read again, not taken from it.
    let answerFirstRead!: () => void
    const firstRead = new Promise<void>((resolve) => (answerFirstRead = resolve))
    let reads = 0
    const before = tallies
    const plain = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (!String(url).includes('get_site_vote_tallies')) return plain(url, init)
      reads += 1
      if (reads === 1) return firstRead.then(() => new Response(JSON.stringify(before)))
      return Promise.resolve(new Response(JSON.stringify([...before, { location_name: 'York', votes: 1 }])))
    })
    history.replaceState(null, '', `/vote?confirm=${'ef'.repeat(16)}`)
    renderVote()
    // The confirmation settles while the first read is still out; its late answer changes nothing.
    expect((await screen.findAllByText(confirmedMessage('York'))).length).toBeGreaterThan(0)
    answerFirstRead()
    const list = await screen.findByRole('list', { name: 'Votes per place' })
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toContain('York1 vote'),
    )
  })

  it('says when a confirmation link is not valid', async () => {
    confirmAnswer = () =>
      new Response(
        JSON.stringify({ code: 'PT404', message: 'No vote has that confirmation link', details: null, hint: null }),
        { status: 404 },
      )
    history.replaceState(null, '', `/vote?confirm=${'cd'.repeat(16)}`)
    renderVote()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CONFIRM_NOT_FOUND))
  })
})
