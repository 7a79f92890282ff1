// The admin guard of spec §6 as a pure function: given the path asked for and what is known
// about the visitor, allow it or name where to go instead. It decides navigation only; the
// database decides data (RLS), so a user_metadata role buys nothing but the screens' chrome.

// Every staff role may open the admin area, as private.is_staff() has it; which screens a
// patch manager sees is canVisit below. Role names are the database's (@common/roles).
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@common/roles'

/** The roles the admin area admits: every staff role (STAFF_ROLES, not @common's ADMIN_ROLES,
 *  which leaves out patch_manager). The name stays for the admin route table. */
export const ADMIN_ROLES = STAFF_ROLES
export type AdminRole = StaffRole

export const ADMIN_HOME = '/admin'
export const ADMIN_LOGIN = '/admin/login'
export const ADMIN_CONFIRM = '/admin/confirm'
export const ADMIN_UNAUTHORIZED = '/admin/unauthorized'
export const PATCH_MANAGER_HOME = '/admin/waiting-list'

/** Paths anyone may open: signing in, the MFA step, and the refusal page. */
export const OPEN_ADMIN_PATHS = [ADMIN_LOGIN, ADMIN_CONFIRM, ADMIN_UNAUTHORIZED] as const

/**
 * What a patch manager may open: the waiting list itself, and manage-categories and process
 * with anything under them. The list's other children (comms, tools) are admin screens.
 */
const PATCH_MANAGER_EXACT = ['/admin/waiting-list']
const PATCH_MANAGER_TREES = ['/admin/waiting-list/manage-categories', '/admin/waiting-list/process']

export const PROFILE_FETCH_ERROR = 'Error fetching user profile'

export type ProfileState =
  | { status: 'loaded'; roleName: string | null | undefined }
  | { status: 'error' }

/** 'challenge': a verified factor exists but the session is aal1; 'enrol': staff MFA is required and no factor exists. */
export type MfaState = 'satisfied' | 'challenge' | 'enrol'

export interface GuardInput {
  signedIn: boolean
  /** user.user_metadata.role, untrusted, exactly as the session carries it. */
  metadataRole?: unknown
  profile?: ProfileState
  mfa?: MfaState
}

export type GuardDecision =
  | { kind: 'allow'; role: AdminRole | null }
  | { kind: 'redirect'; to: string; reason: 'signed-out' | 'no-role' | 'profile-error' | 'mfa' | 'patch-manager' }

/** Role names are lowercased with spaces turned into underscores ("Roots Team" → roots_team). */
export function normaliseRole(name: unknown): string | null {
  if (typeof name !== 'string') return null
  const n = name.trim().toLowerCase().replace(/\s+/g, '_')
  return n === '' ? null : n
}

/** Drops the query, hash and trailing slashes: '/admin/locations/?x#y' → '/admin/locations'. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? ''
  const trimmed = bare.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`)

export const isOpenAdminPath = (path: string) => (OPEN_ADMIN_PATHS as readonly string[]).includes(normalisePath(path))

/** Whether a role may open a path (the navigation filter uses the same rule). */
export function canVisit(role: AdminRole, path: string): boolean {
  const p = normalisePath(path)
  if (role !== 'patch_manager') return true
  return PATCH_MANAGER_EXACT.includes(p) || PATCH_MANAGER_TREES.some((root) => under(p, root))
}

/** The role of spec §6: user_metadata first, else the profile's linked role. */
export function resolveRole(metadataRole: unknown, profileRole: unknown): string | null {
  return normaliseRole(metadataRole) ?? normaliseRole(profileRole)
}

export function adminGuard(path: string, input: GuardInput): GuardDecision {
  if (isOpenAdminPath(path)) return { kind: 'allow', role: null }
  if (!input.signedIn) return { kind: 'redirect', to: ADMIN_LOGIN, reason: 'signed-out' }
  const metadata = normaliseRole(input.metadataRole)
  if (!metadata && input.profile?.status === 'error') return { kind: 'redirect', to: ADMIN_UNAUTHORIZED, reason: 'profile-error' }
  const role = resolveRole(input.metadataRole, input.profile?.status === 'loaded' ? input.profile.roleName : null)
  if (!isStaffRole(role)) return { kind: 'redirect', to: ADMIN_UNAUTHORIZED, reason: 'no-role' }
  if (input.mfa === 'challenge' || input.mfa === 'enrol') return { kind: 'redirect', to: ADMIN_CONFIRM, reason: 'mfa' }
  if (!canVisit(role, path)) return { kind: 'redirect', to: PATCH_MANAGER_HOME, reason: 'patch-manager' }
  return { kind: 'allow', role }
}
