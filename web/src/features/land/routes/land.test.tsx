import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { NOT_ACCEPTED } from '../api/offer-land'
import LandRoute, { THANK_YOU } from './land'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

let answers: Array<() => Response>
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  answers = []
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (String(url).includes('/rest/v1/land_offers') && init?.method === 'POST')
      return Promise.resolve((answers.shift() ?? (() => new Response(null, { status: 201 })))())
    return Promise.resolve(new Response('[]'))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderLand() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <LandRoute />
    </QueryClientProvider>,
  )
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const posts = () =>
  fetchMock.mock.calls.filter(([u, i]) => String(u).includes('/land_offers') && (i as RequestInit)?.method === 'POST')
const body = (n: number) => JSON.parse(String((posts()[n]![1] as RequestInit).body))
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Offer your land' }))

function fillValid() {
  fill('Where is it?', ' Near Frome ')
  fill('Size in acres (optional)', '4.5')
  fill('Your name or organisation', 'Hill Farm')
  fill('E-mail address', 'hill@example.com')
}

describe('/land', () => {
  it('checks every field before sending', async () => {
    renderLand()
    fill('Size in acres (optional)', '-2')
    fill('Phone (optional)', 'call me')
    submit()
    expect(await screen.findByText('Tell us where the land is: a town, village or postcode.')).toBeTruthy()
    expect(screen.getByText('Enter a size above 0 acres.')).toBeTruthy()
    expect(screen.getByText('Enter a valid phone number, like 07700 900123, or leave it empty.')).toBeTruthy()
    expect(screen.getByText('Enter your e-mail address.')).toBeTruthy()
    expect(posts()).toHaveLength(0)
    expect(document.title).toBe('Offer your land | Roots Allotments')
  })

  it('sends the offer once with a submission key and thanks the landowner', async () => {
    renderLand()
    fillValid()
    submit()
    submit()
    expect((await screen.findByText(THANK_YOU)).getAttribute('role')).toBe('status')
    expect(posts()).toHaveLength(1)
    expect(body(0)).toMatchObject({
      location: 'Near Frome',
      acreage: 4.5,
      name: 'Hill Farm',
      email: 'hill@example.com',
      phone: null,
      description: null,
    })
    expect(body(0).submission_key).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('counts an offer that already arrived (same submission key) as sent', async () => {
    answers.push(
      () =>
        new Response(
          JSON.stringify({
            code: '23505',
            message: 'duplicate key value violates unique constraint "land_offers_submission_key"',
          }),
          { status: 409 },
        ),
    )
    renderLand()
    fillValid()
    submit()
    expect(await screen.findByText(THANK_YOU)).toBeTruthy()
  })

  it('keeps the form and the submission key after a refusal, so a corrected resend is still one offer', async () => {
    answers.push(
      () => new Response(JSON.stringify({ code: '23514', message: 'violates check constraint' }), { status: 400 }),
    )
    renderLand()
    fillValid()
    submit()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOT_ACCEPTED))
    expect((screen.getByLabelText('Where is it?') as HTMLInputElement).value).toBe(' Near Frome ')
    submit()
    expect(await screen.findByText(THANK_YOU)).toBeTruthy()
    expect(body(1).submission_key).toBe(body(0).submission_key)
  })

  it('starts a new offer with a new key', async () => {
    renderLand()
    fillValid()
    submit()
    fireEvent.click(await screen.findByRole('button', { name: 'Offer another piece of land' }))
    fillValid()
    submit()
    await screen.findByText(THANK_YOU)
    expect(body(1).submission_key).not.toBe(body(0).submission_key)
  })
})
