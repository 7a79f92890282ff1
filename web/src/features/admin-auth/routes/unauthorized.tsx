// /admin/unauthorized: where the guard sends an account it cannot let in (no staff role, or
// the profile could not be read). Opened directly by a staff member it says what it is for
// instead: the role is read from the database (the profile's linked role), never from
// user_metadata, so only an account the database gives no staff role is told it has none.
import { css } from 'goober'
import { useSnapshot } from 'valtio'
import type { Session } from '@supabase/supabase-js'
import { paths } from '@/config/paths'
import { adminPaths } from '@/config/paths-admin'
import { actionRow, buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useAdminProfile } from '../api/get-admin-profile'
import { useSignOut } from '../api/sign-out'
import { AuthCard } from '../components/AuthCard'
import { isStaffRole, type StaffRole } from '@common/roles'
import { normaliseRole } from '../guard'
import { authStore } from '../stores/auth-store'
import { usePageMeta } from '@/lib/page-meta'

const links = css`
  margin-top: 1.25rem;
`

export interface AdminUnauthorizedProps {
  navigate: (to: string) => void
  /** A role's first screen, from the admin route table. */
  homeFor: (role: StaffRole) => string
}

export function AdminUnauthorizedRoute({ navigate, homeFor }: AdminUnauthorizedProps) {
  const { loaded, session } = useSnapshot(authStore) as { loaded: boolean; session: Session | null }
  const profile = useAdminProfile(session?.user.id)
  const signOut = useSignOut()
  const role = normaliseRole(profile.data?.role?.name)
  const staff = isStaffRole(role)
  usePageMeta(staff ? 'Not open to your role' : 'No access')

  if (!loaded || (session && profile.isPending))
    return (
      <AuthCard title='Checking your access'>
        <p role='status'>Checking your access…</p>
      </AuthCard>
    )

  if (session && isStaffRole(role)) {
    const home = homeFor(role)
    return (
      <AuthCard title='This screen is not open to your role'>
        <p>
          This page is shown when a screen is not open to your role. You are signed in as{' '}
          <strong>{session.user.email ?? session.user.phone}</strong> with a staff role; ask an admin if you need a
          screen your role cannot open.
        </p>
        <div className={`${actionRow} ${links}`}>
          <a className={buttonPrimary} href={home}>
            Back to the admin area
          </a>
        </div>
      </AuthCard>
    )
  }

  const who = session?.user.email ?? session?.user.phone
  return (
    <AuthCard title='You do not have access'>
      <p>
        {!session && 'You are not signed in.'}
        {session && profile.isError && (
          <>
            The profile of <strong>{who}</strong> could not be read.
          </>
        )}
        {session && !profile.isError && (
          <>
            The account <strong>{who}</strong> has no staff role.
          </>
        )}{' '}
        Ask an admin to give you a role, or sign in with a staff account.
      </p>
      <div className={`${actionRow} ${links}`}>
        {session && (
          <button
            type='button'
            className={buttonPrimary}
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => navigate(adminPaths.adminLogin.getHref()),
                onError: (e) => toast.error(e.message),
              })
            }
          >
            Sign in with another account
          </button>
        )}
        {!session && (
          <a className={buttonPrimary} href={adminPaths.adminLogin.getHref()}>
            Sign in
          </a>
        )}
        <a className={buttonSecondary} href={paths.home.getHref()}>
          Go to the public site
        </a>
      </div>
    </AuthCard>
  )
}
