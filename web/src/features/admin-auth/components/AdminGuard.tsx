// Runs the admin guard for the path asked for: waits for the session, the profile and the
// MFA state, then renders the page or redirects. Navigation only: the database decides data.
import { css } from 'goober'
import { createContext, type ReactNode, useContext, useEffect } from 'react'
import { useSnapshot } from 'valtio'
import type { Session } from '@supabase/supabase-js'
import { useAdminProfile, type AdminProfile } from '../api/get-admin-profile'
import { useMfaState } from '../api/get-mfa-state'
import { isStaffRole } from '@common/roles'
import {
  type AdminAccess,
  adminGuard,
  type AdminRole,
  isOpenAdminPath,
  type MfaState,
  normaliseRole,
  type ProfileState,
} from '../guard'
import { authStore } from '../stores/auth-store'

const checking = css`
  padding: 2rem 1rem;
`

export interface AdminSession {
  session: Session
  role: AdminRole
  profile: AdminProfile | undefined
  /** The name to show: profile name, else e-mail or phone. */
  displayName: string
}

const AdminSessionContext = createContext<AdminSession | null>(null)

/** The signed-in staff member, inside a guarded page. */
export function useAdminSession(): AdminSession {
  const s = useContext(AdminSessionContext)
  if (!s) throw new Error('useAdminSession outside the admin guard')
  return s
}

export interface AdminGuardProps {
  /** The full path, e.g. /admin/locations. */
  path: string
  redirect: (to: string) => void
  /** Who may open what, from the admin route table. */
  access: AdminAccess
  children: ReactNode
  /** Open paths (login, confirm, unauthorized) render this instead, without the guard. */
  open: ReactNode
}

function Checking() {
  return (
    <p role='status' className={checking}>
      Checking your access…
    </p>
  )
}

export function AdminGuard({ path, redirect, access, children, open }: AdminGuardProps) {
  const { loaded, session } = useSnapshot(authStore) as { loaded: boolean; session: Session | null }
  const openPath = isOpenAdminPath(path, access)
  const user = openPath ? undefined : session?.user
  const profile = useAdminProfile(user?.id)
  const staffProfile = isStaffRole(normaliseRole(profile.data?.role?.name))
  const profileSettled = profile.isSuccess || profile.isError
  const mfa = useMfaState(profileSettled ? user?.id : undefined, session?.access_token, staffProfile)

  const pending = !openPath && (!loaded || (!!user && (!profileSettled || (mfa.isPending && !mfa.isError))))
  let decision: ReturnType<typeof adminGuard> | null = null
  if (!pending) {
    const profileState: ProfileState | undefined = profile.isError
      ? { status: 'error' }
      : profile.data
        ? { status: 'loaded', roleName: profile.data.role?.name ?? null }
        : undefined
    // An MFA check that could not run lets navigation through: the database still refuses data.
    const mfaState: MfaState = mfa.data?.state ?? 'satisfied'
    decision = adminGuard(
      path,
      {
        signedIn: !!session?.user,
        metadataRole: session?.user.user_metadata?.role,
        profile: profileState,
        mfa: mfaState,
      },
      access,
    )
  }

  const target = decision?.kind === 'redirect' ? decision.to : null
  useEffect(() => {
    if (target) redirect(target)
  }, [target, redirect])

  if (openPath) return <>{open}</>
  if (!decision || decision.kind === 'redirect' || !decision.role || !session) return <Checking />
  const p = profile.data
  const value: AdminSession = {
    session,
    role: decision.role,
    profile: p,
    displayName: p?.fullName || session.user.email || session.user.phone || 'Signed in',
  }
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>
}
