import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN_ROLES, STAFF_ROLES } from '@common/roles'

interface World {
  profile: { data: unknown; error: unknown }
  aal: { currentLevel: string; nextLevel: string }
  factors: unknown[]
  staffRole: string | null
}
let world: World

vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    from: () => ({ select: () => ({ eq: () => ({ single: () => Promise.resolve(world.profile) }) }) }),
    rpc: () => Promise.resolve({ data: world.staffRole, error: null }),
    auth: {
      mfa: {
        getAuthenticatorAssuranceLevel: () => Promise.resolve({ data: world.aal, error: null }),
        listFactors: () => Promise.resolve({ data: { all: world.factors }, error: null }),
      },
    },
  }),
}))

const { AdminGuard, useAdminSession } = await import('./AdminGuard')
const { setSession, authStore } = await import('../stores/auth-store')

const profileWith = (name: string | null) => ({
  data: {
    id: 'u1',
    full_name: 'Olivia Official',
    email: 'o@example.com',
    role: name ? { id: 1, name, label: name } : null,
  },
  error: null,
})
const session = (metadata: Record<string, unknown> = {}) => ({
  access_token: 'x.e30.y',
  user: { id: 'u1', email: 'o@example.com', user_metadata: metadata },
})

function Who() {
  const s = useAdminSession()
  return (
    <p>
      Allowed as {s.role} ({s.displayName})
    </p>
  )
}

/** A small route table for the guard: the open pages, one admins-only page, the rest for all staff. */
const access = {
  rolesFor: (path: string) =>
    ['/admin/login', '/admin/confirm', '/admin/unauthorized'].includes(path)
      ? ('anyone' as const)
      : path === '/admin/users'
        ? ADMIN_ROLES
        : STAFF_ROLES,
  homeFor: (role: string) => (role === 'patch_manager' ? '/admin/waiting-list' : '/admin'),
}

function renderGuard(path: string) {
  const redirect = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminGuard path={path} redirect={redirect} access={access} open={<p>Open page</p>}>
        <Who />
      </AdminGuard>
    </QueryClientProvider>,
  )
  return redirect
}

beforeEach(() => {
  world = {
    profile: profileWith('roots_official'),
    aal: { currentLevel: 'aal1', nextLevel: 'aal1' },
    factors: [],
    staffRole: 'roots_official',
  }
  authStore.loaded = false
  authStore.session = null
})
afterEach(cleanup)

describe('AdminGuard', () => {
  it('waits for the session before deciding', () => {
    const redirect = renderGuard('/admin')
    expect(screen.getByRole('status').textContent).toContain('Checking your access')
    expect(redirect).not.toHaveBeenCalled()
  })
  it('renders the open pages without asking anything', () => {
    renderGuard('/admin/login')
    expect(screen.getByText('Open page')).toBeTruthy()
  })
  it('sends a signed-out visitor to /admin/login', async () => {
    setSession(null)
    const redirect = renderGuard('/admin/locations')
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/admin/login'))
  })
  it('lets a staff member in with their role and name', async () => {
    setSession(session() as never)
    renderGuard('/admin/locations')
    expect(await screen.findByText('Allowed as roots_official (Olivia Official)')).toBeTruthy()
  })
  it('a failed profile fetch goes to /admin/unauthorized', async () => {
    world.profile = { data: null, error: { message: 'boom' } }
    setSession(session() as never)
    const redirect = renderGuard('/admin')
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/admin/unauthorized'))
  })
  it('a verified factor on an aal1 session goes to /admin/confirm', async () => {
    world.aal = { currentLevel: 'aal1', nextLevel: 'aal2' }
    world.factors = [{ id: 'f', status: 'verified', factor_type: 'totp' }]
    setSession(session() as never)
    const redirect = renderGuard('/admin/locations')
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/admin/confirm'))
  })
  it('required MFA with no factor (the database withholds the role) goes to /admin/confirm to enrol', async () => {
    world.staffRole = null
    setSession(session() as never)
    const redirect = renderGuard('/admin')
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/admin/confirm'))
  })
  it('a patch manager is sent to the waiting list from other screens', async () => {
    world.profile = profileWith('patch_manager')
    setSession(session() as never)
    const redirect = renderGuard('/admin/users')
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/admin/waiting-list'))
  })
  it('a metadata role opens navigation though the profile has none', async () => {
    world.profile = profileWith(null)
    world.staffRole = null
    setSession(session({ role: 'Roots Team' }) as never)
    renderGuard('/admin')
    expect(await screen.findByText(/Allowed as roots_team/)).toBeTruthy()
  })
})
