// /admin/unauthorized: signed in without a staff role, or the profile could not be read.
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { paths } from '@/config/paths'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useSignOut } from '../api/sign-out'
import { AuthCard } from '../components/AuthCard'
import { authStore } from '../stores/auth-store'

export function AdminUnauthorizedRoute({ navigate }: { navigate: (to: string) => void }) {
  const { session } = useSnapshot(authStore)
  const signOut = useSignOut()
  useEffect(() => {
    document.title = 'No access | Roots Allotments'
  }, [])
  return (
    <AuthCard title='You do not have access'>
      <p>
        {session ? <>The account <strong>{session.user.email ?? session.user.phone}</strong> has no staff role, or its profile could not be read.</> : 'You are not signed in.'}
        {' '}Ask an admin to give you a role, or sign in with a staff account.
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginTop: '1.25rem' }}>
        {session && (
          <button
            type='button'
            className={buttonPrimary}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, {
              onSuccess: () => navigate(paths.adminLogin.getHref()),
              onError: (e) => toast.error(e.message),
            })}
          >
            Sign in with another account
          </button>
        )}
        {!session && <a className={buttonPrimary} href={paths.adminLogin.getHref()}>Sign in</a>}
        <a className={buttonSecondary} href={paths.home.getHref()}>Go to the public site</a>
      </div>
    </AuthCard>
  )
}
