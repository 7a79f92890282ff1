import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

let profile: { data: unknown; error: unknown }

vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    from: () => ({ select: () => ({ eq: () => ({ single: () => Promise.resolve(profile) }) }) }),
    auth: { signOut: () => Promise.resolve({ error: null }) },
  }),
}))

const { AdminUnauthorizedRoute } = await import('./unauthorized')
const { authStore, setSession } = await import('../stores/auth-store')

const profileWith = (name: string | null) => ({
  data: { id: 'u1', full_name: 'Sam', email: 's@example.com', role: name ? { id: 1, name, label: name } : null },
  error: null,
})
const session = (metadata: Record<string, unknown> = {}) => ({
  access_token: 'x.e30.y',
  user: { id: 'u1', email: 's@example.com', user_metadata: metadata },
})

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminUnauthorizedRoute
        navigate={vi.fn()}
        homeFor={(role) => (role === 'patch_manager' ? '/admin/waiting-list' : '/admin')}
      />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  profile = profileWith('roots_official')
  authStore.loaded = false
  authStore.session = null
})
afterEach(cleanup)

describe('AdminUnauthorizedRoute', () => {
  it('tells a staff member what the page is for and links back to the admin area', async () => {
    setSession(session() as never)
    renderPage()
    expect(await screen.findByText(/shown when a screen is not open to your role/)).toBeTruthy()
    expect(screen.queryByText(/has no staff role/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to the admin area' }).getAttribute('href')).toBe('/admin')
  })
  it('links a patch manager back to the waiting list, their home', async () => {
    profile = profileWith('Patch Manager')
    setSession(session() as never)
    renderPage()
    expect((await screen.findByRole('link', { name: 'Back to the admin area' })).getAttribute('href')).toBe(
      '/admin/waiting-list',
    )
  })
  it('says "no staff role" only when the database gives the account none, whatever user_metadata claims', async () => {
    profile = profileWith(null)
    setSession(session({ role: 'roots_official' }) as never)
    renderPage()
    expect(await screen.findByText(/has no staff role/)).toBeTruthy()
    expect(screen.queryByText(/not open to your role/)).toBeNull()
  })
  it('says the profile could not be read when it could not', async () => {
    profile = { data: null, error: { message: 'boom' } }
    setSession(session() as never)
    renderPage()
    expect(await screen.findByText(/could not be read/)).toBeTruthy()
    expect(screen.queryByText(/has no staff role/)).toBeNull()
  })
  it('asks a signed-out visitor to sign in', () => {
    setSession(null)
    renderPage()
    expect(screen.getByText(/You are not signed in/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy()
  })
})
