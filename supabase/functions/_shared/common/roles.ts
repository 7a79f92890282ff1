// Staff role names, owned by the database: public.roles holds them, private.is_staff() admits
// every one and private.is_admin() every one but patch_manager (migration
// 20250101000000_foundation.sql). Shared by the functions and the web app (alias @common); the
// test beside this file fails when these lists and the database disagree.

/** Everyone with a staff role: may open the admin area (private.is_staff()). */
export const STAFF_ROLES = ['roots_official', 'roots_team', 'founder', 'patch_manager'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** Full staff access, across sites (private.is_admin()): every staff role but patch_manager. */
export const ADMIN_ROLES = [
  'roots_official',
  'roots_team',
  'founder',
] as const satisfies readonly StaffRole[]
export type AdminRole = (typeof ADMIN_ROLES)[number]

/** public.roles.label of each role. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  roots_official: 'Roots Official',
  roots_team: 'Roots Team',
  founder: 'Founder',
  patch_manager: 'Patch Manager',
}

export const isStaffRole = (role: unknown): role is StaffRole =>
  typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role)

export const isAdminRole = (role: unknown): role is AdminRole =>
  typeof role === 'string' && (ADMIN_ROLES as readonly string[]).includes(role)
