import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { safeNext, WRONG_CREDENTIALS } from '../api/sign-in'
import LoginRoute, { linkSentMessage } from './login'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

const session = {
  access_token: 'header.eyJzdWIiOiJ1MSIsImV4cCI6NDEwMjQ0NDgwMH0.sig',
  refresh_token: 'r',
  expires_in: 3600,
  expires_at: 4102444800,
  token_type: 'bearer',
  user: {
    id: 'u1',
    aud: 'authenticated',
    email: 'member@example.com',
    app_metadata: {},
    user_metadata: {},
    created_at: '2025-01-01T00:00:00Z',
  },
}

let tokenAnswer: () => Response
let otpAnswer: () => Response
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  localStorage.clear()
  tokenAnswer = () => new Response(JSON.stringify(session))
  otpAnswer = () => new Response('{}')
  fetchMock = vi.fn((url: string) => {
    const u = String(url)
    if (u.includes('/auth/v1/token')) return Promise.resolve(tokenAnswer())
    if (u.includes('/auth/v1/otp')) return Promise.resolve(otpAnswer())
    return Promise.resolve(new Response('{}'))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderLogin(search = '') {
  const loc = memoryLocation({ path: '/login', searchPath: search, record: true })
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <LoginRoute />
    </Router>,
  )
  return loc
}
const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part))

describe('safeNext', () => {
  it('keeps a path on this site and refuses anything else', () => {
    expect(safeNext('/course-creator')).toBe('/course-creator')
    expect(safeNext(null)).toBe('/members')
    expect(safeNext('https://evil.example')).toBe('/members')
    expect(safeNext('//evil.example')).toBe('/members')
    expect(safeNext('/\\evil.example')).toBe('/members')
  })
})

describe('/login', () => {
  it('signs a member in with their password and goes to /members', async () => {
    const loc = renderLogin()
    const form = await screen.findByRole('form', { name: 'With your password' })
    expect(document.title).toBe('Sign in | Roots Allotments')
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: ' member@example.com ' } })
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'allotments-demo' } })
    fireEvent.submit(form)
    await waitFor(() => expect(loc.history.at(-1)).toBe('/members'))
    expect(JSON.parse(String((calls('/auth/v1/token')[0]![1] as RequestInit).body))).toMatchObject({
      email: 'member@example.com',
      password: 'allotments-demo',
    })
  })

  it('goes on to ?next= after signing in', async () => {
    const loc = renderLogin('next=/course-creator')
    const form = await screen.findByRole('form', { name: 'With your password' })
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'member@example.com' } })
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.submit(form)
    await waitFor(() => expect(loc.history.at(-1)).toBe('/course-creator'))
  })

  it('says plainly when the password is wrong, and keeps the e-mail', async () => {
    tokenAnswer = () =>
      new Response(JSON.stringify({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }), {
        status: 400,
      })
    const loc = renderLogin()
    const form = await screen.findByRole('form', { name: 'With your password' })
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'member@example.com' } })
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } })
    fireEvent.submit(form)
    expect((await within(form).findByRole('alert')).textContent).toBe(WRONG_CREDENTIALS)
    expect((within(form).getByLabelText('E-mail address') as HTMLInputElement).value).toBe('member@example.com')
    expect(loc.history.at(-1)).toBe('/login')
  })

  it('checks the fields before asking the server', async () => {
    renderLogin()
    const form = await screen.findByRole('form', { name: 'With your password' })
    fireEvent.submit(form)
    expect(await within(form).findByText('Enter your e-mail address.')).toBeTruthy()
    expect(within(form).getByText('Enter your password.')).toBeTruthy()
    expect(calls('/auth/v1/token')).toHaveLength(0)
  })

  it('e-mails a magic link that leads back to /members, without creating accounts', async () => {
    renderLogin()
    const form = await screen.findByRole('form', { name: 'With a link by e-mail' })
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'member@example.com' } })
    fireEvent.submit(form)
    expect((await within(form).findByRole('status')).textContent).toBe(linkSentMessage('member@example.com'))
    const [url, init] = calls('/auth/v1/otp')[0]!
    expect(String(url)).toContain(`redirect_to=${encodeURIComponent(`${globalThis.location.origin}/members`)}`)
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      email: 'member@example.com',
      create_user: false,
    })
  })

  it('answers an address with no account the same way (no account discovery)', async () => {
    otpAnswer = () =>
      new Response(JSON.stringify({ code: 422, error_code: 'otp_disabled', msg: 'Signups not allowed for otp' }), {
        status: 422,
      })
    renderLogin()
    const form = await screen.findByRole('form', { name: 'With a link by e-mail' })
    fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'nobody@example.com' } })
    fireEvent.submit(form)
    expect((await within(form).findByRole('status')).textContent).toBe(linkSentMessage('nobody@example.com'))
    expect(within(form).queryByRole('alert')).toBeNull()
  })
})
