import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { JoinForm } from './JoinForm'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

let fetchMock: ReturnType<typeof vi.fn>
let release: () => void
beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    if (String(url).includes('/functions/v1/waiting-list')) {
      return new Promise<Response>((resolve) => {
        release = () =>
          resolve(
            new Response(JSON.stringify({ kind: 'waiting_list', location: 'Haigh Fields', confirmation_sent: true }), {
              status: 202,
            }),
          )
      })
    }
    return Promise.resolve(new Response('[]', { status: 200 }))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderForm(onJoined = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <JoinForm
        target={{ kind: 'waiting_list', site: 'haigh-fields' }}
        placeName='Haigh Fields'
        submitLabel='Join the waiting list'
        onJoined={onJoined}
      />
    </QueryClientProvider>,
  )
  return onJoined
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement
const joinCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/functions/v1/waiting-list'))

describe('the join form', () => {
  it('shows each error beside its field, sends nothing and keeps what was typed', async () => {
    renderForm()
    fireEvent.change(field('First name'), { target: { value: 'Ada' } })
    fireEvent.change(field('E-mail address'), { target: { value: 'nope' } })
    fireEvent.change(field('Postcode (optional)'), { target: { value: '12345' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }))
    await screen.findByText('Enter your last name.')
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeTruthy()
    expect(screen.getByText('Enter a valid UK postcode, like BA1 6QE.')).toBeTruthy()
    expect(screen.getByText('Please accept the privacy notice to join.')).toBeTruthy()
    expect(field('E-mail address').getAttribute('aria-invalid')).toBe('true')
    expect(field('E-mail address').getAttribute('aria-describedby')).toContain(
      screen.getByText('Enter a valid e-mail address, like name@example.com.').id,
    )
    expect(field('First name').value).toBe('Ada')
    expect(field('First name').getAttribute('aria-invalid')).toBeNull()
    expect(joinCalls()).toHaveLength(0)
  })

  it('sends one request however often submit is pressed, with blank optional fields left out', async () => {
    const onJoined = renderForm()
    fireEvent.change(field('First name'), { target: { value: ' Grace ' } })
    fireEvent.change(field('Last name'), { target: { value: 'Hopper' } })
    fireEvent.change(field('E-mail address'), { target: { value: 'grace@example.com' } })
    fireEvent.click(field(/privacy notice/))
    const form = screen.getByRole('form')
    fireEvent.submit(form)
    fireEvent.submit(form)
    fireEvent.submit(form)
    await waitFor(() => expect(joinCalls()).toHaveLength(1))
    const body = JSON.parse(joinCalls()[0][1].body)
    expect(body).toEqual({
      kind: 'waiting_list',
      site: 'haigh-fields',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      consent_privacy: true,
      consent_marketing: false,
    })
    await act(() => {
      release()
    })
    await waitFor(() => expect(onJoined).toHaveBeenCalledTimes(1))
    expect(joinCalls()).toHaveLength(1)
  })

  it("shows the server's field errors beside the fields and keeps the input", async () => {
    fetchMock.mockImplementation((url: string) =>
      String(url).includes('/functions/v1/waiting-list')
        ? Promise.resolve(
            new Response(
              JSON.stringify({
                error: {
                  code: 'validation_failed',
                  message: 'Some fields need attention.',
                  details: [{ path: 'email', message: 'Enter a valid e-mail address.' }],
                },
              }),
              { status: 400 },
            ),
          )
        : Promise.resolve(new Response('[]')),
    )
    renderForm()
    fireEvent.change(field('First name'), { target: { value: 'Grace' } })
    fireEvent.change(field('Last name'), { target: { value: 'Hopper' } })
    fireEvent.change(field('E-mail address'), { target: { value: 'grace@example.com' } })
    fireEvent.click(field(/privacy notice/))
    fireEvent.submit(screen.getByRole('form'))
    await screen.findByText('Enter a valid e-mail address.')
    expect(field('E-mail address').value).toBe('grace@example.com')
    expect((screen.getByRole('button', { name: 'Join the waiting list' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('sends the monthly updates choice only when ticked (off by default)', async () => {
    renderForm()
    expect(field(/once a month/).checked).toBe(false)
    fireEvent.change(field('First name'), { target: { value: 'Grace' } })
    fireEvent.change(field('Last name'), { target: { value: 'Hopper' } })
    fireEvent.change(field('E-mail address'), { target: { value: 'grace@example.com' } })
    fireEvent.click(field(/privacy notice/))
    fireEvent.click(field(/once a month/))
    fireEvent.submit(screen.getByRole('form'))
    await waitFor(() => expect(joinCalls()).toHaveLength(1))
    expect(JSON.parse(joinCalls()[0][1].body).monthly_updates).toBe(true)
  })
})
