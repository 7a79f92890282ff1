import { describe, expect, it } from 'vitest'
// The admin guard with the access the admin route table gives it (the app wires the same).
import {
  adminGuard,
  canVisit,
  type GuardInput,
  normalisePath,
  normaliseRole,
  resolveRole,
} from '@/features/admin-auth/guard'
import { adminHomeFor, adminRolesFor } from './routes'

const access = { rolesFor: adminRolesFor, homeFor: adminHomeFor }

const staff = (roleName: string | null, extra: Partial<GuardInput> = {}): GuardInput => ({
  signedIn: true,
  profile: { status: 'loaded', roleName },
  mfa: 'satisfied',
  ...extra,
})

const PATHS = [
  '/admin',
  '/admin/locations',
  '/admin/locations/add',
  '/admin/locations/edit/3',
  '/admin/users',
  '/admin/patch-managers',
  '/admin/waiting-list',
  '/admin/waiting-list/',
  '/admin/waiting-list?site=1',
  '/admin/waiting-list/process',
  '/admin/waiting-list/process/history',
  '/admin/waiting-list/manage-categories',
  '/admin/waiting-list/manage-categories/4',
  '/admin/waiting-list/comms',
  '/admin/waiting-list/tools/consolidator',
  '/admin/waiting-listing',
  '/admin/welcome-slots/create',
] as const

// Where each role ends up for each path ('allow' or the redirect target).
const EXPECTED: Record<string, Record<(typeof PATHS)[number], string>> = {
  roots_official: Object.fromEntries(PATHS.map((p) => [p, 'allow'])) as Record<
    (typeof PATHS)[number],
    string
  >,
  roots_team: Object.fromEntries(PATHS.map((p) => [p, 'allow'])) as Record<
    (typeof PATHS)[number],
    string
  >,
  founder: Object.fromEntries(PATHS.map((p) => [p, 'allow'])) as Record<
    (typeof PATHS)[number],
    string
  >,
  patch_manager: {
    '/admin': '/admin/waiting-list',
    '/admin/locations': '/admin/waiting-list',
    '/admin/locations/add': '/admin/waiting-list',
    '/admin/locations/edit/3': '/admin/waiting-list',
    '/admin/users': '/admin/waiting-list',
    '/admin/patch-managers': '/admin/waiting-list',
    '/admin/waiting-list': 'allow',
    '/admin/waiting-list/': 'allow',
    '/admin/waiting-list?site=1': 'allow',
    '/admin/waiting-list/process': 'allow',
    '/admin/waiting-list/process/history': 'allow',
    '/admin/waiting-list/manage-categories': 'allow',
    '/admin/waiting-list/manage-categories/4': 'allow',
    '/admin/waiting-list/comms': '/admin/waiting-list',
    '/admin/waiting-list/tools/consolidator': '/admin/waiting-list',
    '/admin/waiting-listing': '/admin/waiting-list',
    '/admin/welcome-slots/create': '/admin/waiting-list',
  },
  member: Object.fromEntries(PATHS.map((p) => [p, '/admin/unauthorized'])) as Record<
    (typeof PATHS)[number],
    string
  >,
}

const outcome = (path: string, input: GuardInput) => {
  const d = adminGuard(path, input, access)
  return d.kind === 'allow' ? 'allow' : d.to
}

describe('adminGuard: roles × paths (profile role)', () => {
  for (const [role, byPath] of Object.entries(EXPECTED)) {
    for (const path of PATHS) {
      it(`${role} at ${path} → ${byPath[path]}`, () => {
        expect(outcome(path, staff(role))).toBe(byPath[path])
      })
    }
  }
})

describe('adminGuard: roles × paths (user_metadata role, no profile role)', () => {
  for (const [role, byPath] of Object.entries(EXPECTED)) {
    for (const path of PATHS) {
      it(`metadata ${role} at ${path} → ${byPath[path]}`, () => {
        expect(outcome(path, staff(null, { metadataRole: role }))).toBe(byPath[path])
      })
    }
  }
})

describe('adminGuard: the open paths and the signed-out visitor', () => {
  it.each([
    '/admin/login',
    '/admin/confirm',
    '/admin/unauthorized',
    '/admin/login/',
    '/admin/login?next=/admin',
  ])(
    '%s is open to a signed-out visitor',
    (path) => expect(outcome(path, { signedIn: false })).toBe('allow'),
  )
  it.each(PATHS)('%s sends a signed-out visitor to /admin/login', (path) => {
    expect(outcome(path, { signedIn: false })).toBe('/admin/login')
  })
  it('signed-out wins over everything else', () => {
    expect(
      outcome('/admin', { signedIn: false, metadataRole: 'founder', profile: { status: 'error' } }),
    ).toBe('/admin/login')
  })
})

describe('adminGuard: role sources and failures', () => {
  it('a failed profile fetch goes to /admin/unauthorized', () => {
    const d = adminGuard('/admin', { signedIn: true, profile: { status: 'error' } }, access)
    expect(d).toEqual({ kind: 'redirect', to: '/admin/unauthorized', reason: 'profile-error' })
  })
  it('a metadata role is enough even when the profile fetch failed (spec: metadata first)', () => {
    expect(
      outcome('/admin', { signedIn: true, metadataRole: 'founder', profile: { status: 'error' } }),
    ).toBe('allow')
  })
  it('metadata comes before the profile: a metadata patch manager is limited even with a founder profile', () => {
    expect(outcome('/admin/users', staff('founder', { metadataRole: 'patch_manager' }))).toBe(
      '/admin/waiting-list',
    )
  })
  it('an unknown metadata role is not replaced by the profile role', () => {
    expect(outcome('/admin', staff('founder', { metadataRole: 'member' }))).toBe(
      '/admin/unauthorized',
    )
  })
  it('a blank or non-text metadata role falls back to the profile role', () => {
    expect(outcome('/admin', staff('founder', { metadataRole: '  ' }))).toBe('allow')
    expect(outcome('/admin', staff('founder', { metadataRole: 42 }))).toBe('allow')
  })
  it('role labels are normalised: "Roots Team" and "PATCH MANAGER"', () => {
    expect(adminGuard('/admin', staff('Roots Team'), access)).toEqual({
      kind: 'allow',
      role: 'roots_team',
    })
    expect(outcome('/admin', staff('PATCH MANAGER'))).toBe('/admin/waiting-list')
  })
  it('no role at all goes to /admin/unauthorized', () => {
    expect(adminGuard('/admin', staff(null), access)).toEqual({
      kind: 'redirect',
      to: '/admin/unauthorized',
      reason: 'no-role',
    })
    expect(outcome('/admin', { signedIn: true })).toBe('/admin/unauthorized')
  })
  it('a staff member who still owes the MFA step goes to /admin/confirm', () => {
    expect(outcome('/admin/locations', staff('founder', { mfa: 'challenge' }))).toBe(
      '/admin/confirm',
    )
    expect(outcome('/admin/waiting-list', staff('patch_manager', { mfa: 'enrol' }))).toBe(
      '/admin/confirm',
    )
  })
  it('a non-staff user is refused before any MFA question', () => {
    expect(outcome('/admin', staff(null, { mfa: 'challenge' }))).toBe('/admin/unauthorized')
  })
})

describe('helpers', () => {
  it('normaliseRole', () => {
    expect(normaliseRole(' Roots  Official ')).toBe('roots_official')
    expect(normaliseRole('')).toBeNull()
    expect(normaliseRole(undefined)).toBeNull()
  })
  it('resolveRole prefers metadata', () => {
    expect(resolveRole('Founder', 'roots_team')).toBe('founder')
    expect(resolveRole(undefined, 'Roots Team')).toBe('roots_team')
  })
  it('normalisePath', () => {
    expect(normalisePath('/admin/')).toBe('/admin')
    expect(normalisePath('/admin/x/?a=1#b')).toBe('/admin/x')
    expect(normalisePath('/')).toBe('/')
  })
  it('canVisit: admins everywhere, patch managers in their three places', () => {
    expect(canVisit('founder', '/admin/users', access)).toBe(true)
    expect(canVisit('patch_manager', '/admin/waiting-list/process', access)).toBe(true)
    expect(canVisit('patch_manager', '/admin/waiting-list/communications', access)).toBe(false)
  })
})
