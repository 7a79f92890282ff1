// The admin guard as a pure function: given the path asked for and what is known
// about the visitor, allow it or name where to go instead. It decides navigation only; the
// database decides data (RLS), so a user_metadata role buys nothing but the screens' chrome.

// Every staff role may open the admin area, as private.is_staff() has it; which screens each role
// sees comes from the admin route table through AdminAccess. Role names are the database's
// (@common/roles).
import { adminPaths } from '@/config/paths-admin'
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@common/roles'

/** The roles the admin area admits: every staff role (STAFF_ROLES, not @common's ADMIN_ROLES,
 *  which leaves out patch_manager). The name stays for the admin route table. */
export const ADMIN_ROLES = STAFF_ROLES
export type AdminRole = StaffRole

export const ADMIN_LOGIN = adminPaths.adminLogin.path
export const ADMIN_CONFIRM = adminPaths.adminConfirm.path
export const ADMIN_UNAUTHORIZED = adminPaths.adminUnauthorized.path

/**
 * Who may open which admin path, and where each role starts. The admin route table
 * (app/admin/routes.tsx) is the only place that knows; the app passes these in, so the guard
 * holds no list of paths of its own.
 */
export interface AdminAccess {
  /** 'anyone' for the open pages (signing in, the MFA step, the refusal page), else the roles. */
  rolesFor: (path: string) => 'anyone' | readonly StaffRole[]
  /** The role's first screen. */
  homeFor: (role: StaffRole) => string
}

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
  | {
    kind: 'redirect'
    to: string
    reason: 'signed-out' | 'no-role' | 'profile-error' | 'mfa' | 'not-for-role'
  }

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

export const isOpenAdminPath = (path: string, access: AdminAccess) =>
  access.rolesFor(normalisePath(path)) === 'anyone'

/** Whether a role may open a path, as the route table lists it (the menu uses the same table). */
export function canVisit(role: AdminRole, path: string, access: AdminAccess): boolean {
  const roles = access.rolesFor(normalisePath(path))
  return roles === 'anyone' || roles.includes(role)
}

/** The role the guard reads: user_metadata first, else the profile's linked role. */
export function resolveRole(metadataRole: unknown, profileRole: unknown): string | null {
  return normaliseRole(metadataRole) ?? normaliseRole(profileRole)
}

export function adminGuard(path: string, input: GuardInput, access: AdminAccess): GuardDecision {
  if (isOpenAdminPath(path, access)) return { kind: 'allow', role: null }
  if (!input.signedIn) return { kind: 'redirect', to: ADMIN_LOGIN, reason: 'signed-out' }
  const metadata = normaliseRole(input.metadataRole)
  if (!metadata && input.profile?.status === 'error') {
    return { kind: 'redirect', to: ADMIN_UNAUTHORIZED, reason: 'profile-error' }
  }
  const role = resolveRole(
    input.metadataRole,
    input.profile?.status === 'loaded' ? input.profile.roleName : null,
  )
  if (!isStaffRole(role)) return { kind: 'redirect', to: ADMIN_UNAUTHORIZED, reason: 'no-role' }
  if (input.mfa === 'challenge' || input.mfa === 'enrol') {
    return { kind: 'redirect', to: ADMIN_CONFIRM, reason: 'mfa' }
  }
  if (!canVisit(role, path, access)) {
    return { kind: 'redirect', to: access.homeFor(role), reason: 'not-for-role' }
  }
  return { kind: 'allow', role }
}
