// The admin route table against what used to be spread over five files: the menu's entries exist,
// the guard refuses every role a row does not list, each path gets its row's layout, and the table
// lists exactly the /admin paths of config/paths*.ts.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { PathEntry } from '@/config/paths'
import { STAFF_ROLES, type StaffRole } from '@common/roles'
import { adminGuard, type GuardInput } from '@/features/admin-auth/guard'
import { patternRegExp } from '../lazy-page'
import { adminLayoutFor, backHref } from './admin-layouts'
import { NAV_ITEMS, navFor } from './nav'
import { adminHomeFor, adminRolesFor, adminRouteAt, adminRoutes } from './routes'

/** A concrete URL for a row: every parameter filled with a sample value. */
const sample = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_m, name: string) => `sample-${name}`)

/** A signed-in staff member whose role comes from their profile (the database), MFA done. */
const staff = (role: string): GuardInput => ({
  signedIn: true,
  profile: { status: 'loaded', roleName: role },
  mfa: 'satisfied',
})

const outcome = (path: string, input: GuardInput) => {
  const decision = adminGuard(path, input, { rolesFor: adminRolesFor, homeFor: adminHomeFor })
  return decision.kind === 'allow' ? 'allow' : decision.to
}

describe('the admin route table', () => {
  it('lists exactly the /admin paths of config/paths*.ts, each once', () => {
    const modules = import.meta.glob<Record<string, unknown>>([
      '../../config/paths*.ts',
      '!../../config/*.test.ts',
    ], { eager: true })
    const isEntry = (v: unknown): v is PathEntry<string> =>
      typeof v === 'object' && v !== null && 'path' in v && 'getHref' in v
    const configured = new Set<string>()
    for (const module of Object.values(modules)) {
      for (const group of Object.values(module)) {
        if (typeof group !== 'object' || group === null) continue
        for (const entry of Object.values(group)) {
          if (isEntry(entry) && entry.path.startsWith('/admin')) configured.add(entry.path)
        }
      }
    }
    const tabled = adminRoutes.map((route) => route.path)
    expect(configured.size).toBeGreaterThan(50)
    expect(new Set(tabled).size).toBe(tabled.length)
    expect(new Set(tabled)).toEqual(configured)
  })

  it('puts no row behind an earlier one that would match its paths first', () => {
    adminRoutes.forEach((route, i) => {
      const before = adminRoutes.slice(0, i).find((earlier) =>
        patternRegExp(earlier.path).test(sample(route.path))
      )
      expect(before?.path, route.path).toBeUndefined()
      expect(adminRouteAt(sample(route.path))).toBe(route)
    })
  })
})

describe('the admin menu, from the table', () => {
  it('links only to parameter-free rows of the table, in its order', () => {
    for (const item of NAV_ITEMS) {
      expect(item.href).not.toContain(':')
      expect(adminRouteAt(item.href)?.path, item.label).toBe(item.href)
    }
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Locations',
      'Waiting list',
      'Plots',
      'Process offers',
      'Categories',
      'Import a waiting list',
      'Gate codes',
      'Inspections',
      'Communications',
      'Message log',
      'Tools',
      'Welcome slots',
      'Users',
      'Patch managers',
      'Store',
      'Products',
      'Orders',
      'Payments',
      'Arrears',
      'Sales',
      'Checkout link',
      'Plans',
      'Joining fee',
      'Promo bars',
      'Marketing',
      'Events',
      'Blog posts',
      'Tasks',
      'Task board',
      'Courses',
      'Course reviews',
      'Location map',
      'Career applications',
      'Sowing reminders',
      'Audit log',
      'Data erasure requests',
      'Membership changes',
      'Sign-in security',
    ])
  })

  it('shows each role the entries whose rows list it, and starts it at the first one', () => {
    for (const role of STAFF_ROLES) {
      const listed = adminRoutes.filter((route) =>
        route.nav && route.roles !== 'anyone' && route.roles.includes(role)
      ).map((route) => route.path)
      expect(navFor(role).map((item) => item.href)).toEqual(listed)
      expect(adminHomeFor(role)).toBe(listed[0])
    }
    expect(adminHomeFor('founder')).toBe('/admin')
    expect(adminHomeFor('patch_manager')).toBe('/admin/waiting-list')
  })
})

describe('the guard, against the table', () => {
  it('opens the open rows to a signed-out visitor and sends them to sign in from every other row', () => {
    for (const route of adminRoutes) {
      const expected = route.roles === 'anyone' ? 'allow' : '/admin/login'
      expect(outcome(sample(route.path), { signedIn: false }), route.path).toBe(expected)
    }
  })

  it('lets in each role a row lists and sends every other role to its start', () => {
    for (const route of adminRoutes) {
      if (route.roles === 'anyone') continue
      for (const role of STAFF_ROLES) {
        const expected = route.roles.includes(role) ? 'allow' : adminHomeFor(role)
        expect(outcome(sample(route.path), staff(role)), `${role} at ${route.path}`).toBe(expected)
      }
    }
  })

  it('keeps a patch manager out of admins-only pages such as the audit log and the users', () => {
    for (
      const path of ['/admin/audit', '/admin/users', '/admin/security', '/admin/waiting-list/comms']
    ) {
      expect(outcome(path, staff('patch_manager'))).toBe('/admin/waiting-list')
      expect(outcome(path, staff('founder'))).toBe('allow')
    }
  })

  it('answers for paths no row matches as the guard does: under a tree entry as that entry, else admins only', () => {
    const cases: [string, StaffRole, boolean][] = [
      ['/admin/waiting-list/process/history', 'patch_manager', true],
      ['/admin/waiting-list/manage-categories/4', 'patch_manager', true],
      ['/admin/waiting-list/unknown', 'patch_manager', false],
      ['/admin/waiting-listing', 'patch_manager', false],
      ['/admin/locations/unknown', 'patch_manager', false],
      ['/admin/nowhere', 'roots_team', true],
    ]
    for (const [path, role, allowed] of cases) {
      const roles = adminRolesFor(path)
      expect(roles === 'anyone' || roles.includes(role), `${role} at ${path}`).toBe(allowed)
      expect(outcome(path, staff(role)) === 'allow', `guard: ${role} at ${path}`).toBe(allowed)
    }
  })
})

describe('the layout of each admin path, from the table', () => {
  it('shows every row in its own layout (the open pages have none: the working layout is the fallback)', () => {
    for (const route of adminRoutes) {
      expect(adminLayoutFor(sample(route.path)), route.path).toBe(route.layout ?? 'admin-desktop')
    }
  })

  it('gives the focused layout to the forms and sign-in security only, each going back to the page above it', () => {
    const forms = adminRoutes.filter((route) => route.layout === 'admin').map((route) => route.path)
    expect(forms.sort()).toEqual([
      '/admin/blogs/create',
      '/admin/blogs/edit/:id',
      '/admin/events/create',
      '/admin/locations/add',
      '/admin/locations/edit/:id',
      '/admin/security',
      '/admin/waiting-list/comms/:id/edit',
      '/admin/waiting-list/comms/create',
      '/admin/welcome-slots/:id/edit',
      '/admin/welcome-slots/create',
    ])
    expect(forms.map((path) => backHref(sample(path)))).toEqual([
      '/admin/blogs',
      '/admin/blogs',
      '/admin/events',
      '/admin/locations',
      '/admin/locations',
      '/admin',
      '/admin/waiting-list/comms/sample-id',
      '/admin/waiting-list/comms',
      '/admin/welcome-slots/sample-id',
      '/admin/welcome-slots',
    ])
  })
})

describe('the admin area loads page by page', () => {
  it('imports no staff page statically: each is a lazyRoute, so /admin/login stays small', () => {
    const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'routes.tsx'), 'utf8')
    const open = [
      '@/features/admin-auth/routes/login',
      '@/features/admin-auth/routes/confirm',
      '@/features/admin-auth/routes/unauthorized',
      '@/features/errors/routes/not-found',
    ]
    const eager = [
      ...source.matchAll(/^import [^;]*? from '(@\/features\/[^']+\/routes\/[^']+)'/gms),
    ]
      .map((m) => m[1])
      .filter((path) => !open.includes(path!))
    expect(eager, 'use lazyRoute(() => import(…), name) for a staff page in routes.tsx').toEqual([])
  })
})
