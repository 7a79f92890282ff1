// /admin/confirm: the second sign-in step. With a verified factor, enter its code (a phone
// factor is sent one first); when staff MFA is required and none exists, enrol one here.
import { css } from 'goober'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import type { Factor } from '@supabase/supabase-js'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice } from '@/components/admin/ui'
import { buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useAdminProfile } from '../api/get-admin-profile'
import { useMfaState } from '../api/get-mfa-state'
import { useStartChallenge, useVerifyFactor } from '../api/verify-factor'
import { AuthCard } from '../components/AuthCard'
import { CodeForm } from '../components/CodeForm'
import { TotpEnrolment } from '../components/TotpEnrolment'
import { isStaffRole } from '@common/roles'
import { normaliseRole } from '../guard'
import { authStore } from '../stores/auth-store'
import { usePageMeta } from '@/lib/page-meta'

const methods = css`
  border: 0;
  padding: 0;
  margin: 0 0 1rem;
  legend {
    font-weight: 600;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    min-height: 2.75rem;
  }
`

function Challenge({ factors, onDone }: { factors: Factor[]; onDone: () => void }) {
  const [factorId, setFactorId] = useState(factors[0]!.id)
  const [challengeId, setChallengeId] = useState<string | undefined>()
  const factor = factors.find((f) => f.id === factorId) ?? factors[0]!
  const verify = useVerifyFactor()
  const send = useStartChallenge()
  return (
    <div>
      {factors.length > 1 && (
        <fieldset className={methods}>
          <legend>Sign-in method</legend>
          {factors.map((f) => (
            <label key={f.id}>
              <input
                type='radio'
                name='factor'
                checked={f.id === factorId}
                onChange={() => {
                  setFactorId(f.id)
                  setChallengeId(undefined)
                }}
              />
              {f.friendly_name || (f.factor_type === 'phone' ? 'Phone' : 'Authenticator app')}
            </label>
          ))}
        </fieldset>
      )}
      {factor.factor_type === 'phone' && (
        <p>
          <button
            type='button'
            className={buttonSecondary}
            disabled={send.isPending}
            onClick={() =>
              send.mutate(factor.id, {
                onSuccess: (id) => {
                  setChallengeId(id)
                  toast.info('Code sent by text message')
                },
                onError: (e) => toast.error(e.message),
              })
            }
          >
            {challengeId ? 'Send a new code' : 'Text me a code'}
          </button>
        </p>
      )}
      <CodeForm
        label={factor.factor_type === 'phone' ? 'Code from the text message' : 'Code from your authenticator app'}
        submitLabel='Confirm'
        busy={verify.isPending}
        onSubmit={async (code) => {
          if (factor.factor_type === 'phone' && !challengeId) throw new Error('Ask for a code by text message first.')
          await verify.mutateAsync({ factorId: factor.id, code, ...(challengeId ? { challengeId } : {}) })
          toast.success('Confirmed')
          onDone()
        }}
      />
    </div>
  )
}

export function AdminConfirmRoute({ navigate }: { navigate: (to: string) => void }) {
  const { loaded, session } = useSnapshot(authStore)
  const user = session?.user
  const profile = useAdminProfile(user?.id)
  const staffProfile = isStaffRole(normaliseRole(profile.data?.role?.name))
  const mfa = useMfaState(
    profile.isSuccess || profile.isError ? user?.id : undefined,
    session?.access_token,
    staffProfile,
  )
  usePageMeta('Confirm it is you')
  const done = () => navigate(adminPaths.admin.getHref())

  if (loaded && !user) {
    return (
      <AuthCard title='Confirm it is you'>
        <p>
          Sign in first. <a href={adminPaths.adminLogin.getHref()}>Go to sign-in</a>
        </p>
      </AuthCard>
    )
  }
  if (!loaded || mfa.isPending)
    return (
      <AuthCard title='Confirm it is you'>
        <p role='status'>Checking your sign-in methods…</p>
      </AuthCard>
    )
  if (mfa.isError)
    return (
      <AuthCard title='Confirm it is you'>
        <ErrorNotice message={mfa.error.message} />
      </AuthCard>
    )
  const { state, verifiedFactors } = mfa.data
  if (state === 'challenge') {
    return (
      <AuthCard title='Confirm it is you'>
        <p>Enter the code for your account to continue.</p>
        <Challenge factors={verifiedFactors} onDone={done} />
      </AuthCard>
    )
  }
  if (state === 'enrol') {
    return (
      <AuthCard title='Set up two-step sign-in'>
        <p>Staff accounts need a second sign-in step. Add an authenticator app to continue.</p>
        <TotpEnrolment onDone={done} />
      </AuthCard>
    )
  }
  return (
    <AuthCard title='Confirm it is you'>
      <p>No second step is needed for this account.</p>
      <p>
        <a href={adminPaths.admin.getHref()}>Go to the admin area</a>
      </p>
    </AuthCard>
  )
}
