// The staff member's own sign-in methods: list, add an authenticator app or a phone, remove; and
// signing out on every other device.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio'
import type { Factor } from '@supabase/supabase-js'
import { ConfirmDialog, EmptyState, ErrorNotice, Field, PageHeader } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { enrolFactorSchema, useEnrolFactor } from '../api/enrol-factor'
import { useFactors } from '../api/list-factors'
import { useSignOutOtherDevices } from '../api/sign-out'
import { useUnenrolFactor } from '../api/unenrol-factor'
import { useStartChallenge, useVerifyFactor } from '../api/verify-factor'
import { CodeForm } from '../components/CodeForm'
import { TotpEnrolment } from '../components/TotpEnrolment'
import { authStore } from '../stores/auth-store'
import { usePageMeta } from '@/lib/page-meta'
import { numericDate } from '@/lib/dates'

const addMethod = css`
  margin-top: 1.5rem;
  max-width: 30rem;
`

/** A confirmed action's outcome: a toast either way, and the dialog closes. */
const closing = (done: string, close: () => void) => ({
  onSuccess: () => {
    toast.success(done)
    close()
  },
  onError: (e: Error) => {
    toast.error(e.message)
    close()
  },
})

function PhoneEnrolment({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('Mobile phone')
  const [phone, setPhone] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState<{ factorId: string; challengeId: string } | null>(null)
  const enrol = useEnrolFactor()
  const challenge = useStartChallenge()
  const verify = useVerifyFactor()
  const start = (e: FormEvent) => {
    e.preventDefault()
    const parsed = enrolFactorSchema.safeParse({ factorType: 'phone', friendlyName: name, phone })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const i of parsed.error.issues) next[i.path.join('.')] ??= i.message
      setErrors(next)
      toast.error(Object.values(next)[0]!)
      return
    }
    setErrors({})
    enrol.mutate(parsed.data, {
      onSuccess: (en) =>
        challenge.mutate(en.factorId, {
          onSuccess: (challengeId) => {
            setPending({ factorId: en.factorId, challengeId })
            toast.info('Code sent by text message')
          },
          onError: (err) => toast.error(err.message),
        }),
      onError: (err) => {
        setErrors({ phone: err.message })
        toast.error(err.message)
      },
    })
  }
  if (pending) {
    return (
      <CodeForm
        label='Code from the text message'
        submitLabel='Verify phone'
        busy={verify.isPending}
        onSubmit={async (code) => {
          await verify.mutateAsync({ ...pending, code })
          toast.success('Phone added')
          onDone()
        }}
      />
    )
  }
  return (
    <form onSubmit={start} noValidate>
      <Field label='Name for this phone' error={errors.friendlyName}>
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label='Phone number' error={errors.phone} hint='International form, like +44 7700 900123.'>
        <input type='tel' autoComplete='tel' value={phone} onChange={(e) => setPhone(e.target.value)} />
      </Field>
      <button type='submit' className={buttonPrimary} disabled={enrol.isPending || challenge.isPending}>
        Text me a code
      </button>
    </form>
  )
}

export function AdminSecurityRoute() {
  const { session } = useSnapshot(authStore)
  const factors = useFactors(session?.user.id)
  const unenrol = useUnenrolFactor()
  const [adding, setAdding] = useState<'totp' | 'phone' | null>(null)
  const [removing, setRemoving] = useState<Factor | null>(null)
  const others = useSignOutOtherDevices()
  const [endingOthers, setEndingOthers] = useState(false)
  usePageMeta('Sign-in security')

  return (
    <>
      <PageHeader title='Sign-in security'>
        <button type='button' className={buttonSecondary} onClick={() => setAdding('totp')}>
          Add authenticator app
        </button>
        <button type='button' className={buttonSecondary} onClick={() => setAdding('phone')}>
          Add phone
        </button>
      </PageHeader>
      <p>
        A second step at sign-in protects the data of every applicant. Staff with a verified method must use it each
        time they sign in.
      </p>
      {/* The same panel as the empty list: the button below does not move when the list arrives
          (a click aimed at it then landed above it). */}
      {factors.isPending && (
        <div role='status'>
          <EmptyState>Loading your sign-in methods…</EmptyState>
        </div>
      )}
      {factors.isError && <ErrorNotice message={factors.error.message} />}
      <DataTable
        rows={factors.data}
        head={['Name', 'Type', 'Status', 'Added', { label: 'Actions', hidden: true }]}
        caption='Your sign-in methods'
        empty='No second sign-in step yet. Add an authenticator app or a phone.'
      >
        {(f) => (
          <tr key={f.id}>
            <td>{f.friendly_name || '—'}</td>
            <td>
              {f.factor_type === 'totp' ? 'Authenticator app' : f.factor_type === 'phone' ? 'Phone' : f.factor_type}
            </td>
            <td>{f.status === 'verified' ? 'Verified' : 'Not finished'}</td>
            <td>{numericDate(f.created_at)}</td>
            <td>
              <button
                type='button'
                className={buttonSecondary}
                onClick={() => setRemoving(f)}
                aria-label={`Remove ${f.friendly_name || f.factor_type}`}
              >
                Remove
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {adding && (
        <section aria-labelledby='add-method' className={addMethod}>
          <h2 id='add-method'>{adding === 'totp' ? 'Add an authenticator app' : 'Add a phone'}</h2>
          {adding === 'totp' ? (
            <TotpEnrolment onDone={() => setAdding(null)} />
          ) : (
            <PhoneEnrolment onDone={() => setAdding(null)} />
          )}
        </section>
      )}
      <section aria-labelledby='other-devices' className={addMethod}>
        <h2 id='other-devices'>Other devices</h2>
        <p>
          Signed in on a shared computer, or lost a phone? Sign out everywhere else: this browser stays signed in, and
          the other devices must sign in again when they next open a page.
        </p>
        <button type='button' className={buttonSecondary} onClick={() => setEndingOthers(true)}>
          Sign out on other devices
        </button>
      </section>
      {endingOthers && (
        <ConfirmDialog
          title='Sign out on your other devices?'
          confirmLabel='Sign out other devices'
          busy={others.isPending}
          onCancel={() => setEndingOthers(false)}
          onConfirm={() =>
            others.mutate(
              undefined,
              closing('Signed out on your other devices', () => setEndingOthers(false)),
            )
          }
        >
          <p>
            Every other browser and phone signed in as you will have to sign in again. A page already open there keeps
            working for at most an hour. You stay signed in here.
          </p>
        </ConfirmDialog>
      )}
      {removing && (
        <ConfirmDialog
          title='Remove this sign-in method?'
          confirmLabel='Remove'
          busy={unenrol.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            unenrol.mutate(
              removing.id,
              closing('Sign-in method removed', () => setRemoving(null)),
            )
          }
        >
          <p>{removing.friendly_name || removing.factor_type} will no longer be asked for at sign-in.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
