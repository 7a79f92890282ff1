// Enrols an authenticator app: a name, then the QR code from the enrol response (an SVG data
// URL shown as an image) with the secret for typing in, then the first code to verify it.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Field } from '@/components/admin/ui'
import { buttonPrimary } from '@/components/styles'
import { toast } from '@/lib/toast'
import { enrolFactorSchema, type Enrolment, useEnrolFactor } from '../api/enrol-factor'
import { useVerifyFactor } from '../api/verify-factor'
import { CodeForm } from './CodeForm'
import { breakAll } from '@/components/admin/styles'

const qrCode = css`
  background: #fff;
  padding: 0.5rem;
  border: 1px solid #ccc;
`

export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('Authenticator app')
  const [nameError, setNameError] = useState<string | undefined>()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const enrol = useEnrolFactor()
  const verify = useVerifyFactor()

  const start = (e: FormEvent) => {
    e.preventDefault()
    const parsed = enrolFactorSchema.safeParse({ factorType: 'totp', friendlyName: name })
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]!.message)
      toast.error(parsed.error.issues[0]!.message)
      return
    }
    setNameError(undefined)
    enrol.mutate(parsed.data, {
      onSuccess: setEnrolment,
      onError: (err) => {
        setNameError(err.message)
        toast.error(err.message)
      },
    })
  }

  if (!enrolment) {
    return (
      <form onSubmit={start} noValidate>
        <Field label='Name for this authenticator' error={nameError} hint='Shown in your list of sign-in methods.'>
          <input name='friendly_name' value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <button type='submit' className={buttonPrimary} disabled={enrol.isPending}>
          {enrol.isPending ? 'Starting…' : 'Set up an authenticator app'}
        </button>
      </form>
    )
  }

  return (
    <div>
      <p>Scan this QR code with your authenticator app, or type the key below into it.</p>
      {enrolment.qrCode && (
        <img
          src={enrolment.qrCode}
          alt='QR code to add Roots Allotments to your authenticator app'
          width={200}
          height={200}
          className={qrCode}
        />
      )}
      <p>
        Key:{' '}
        <code data-testid='totp-secret' className={breakAll}>
          {enrolment.secret}
        </code>
      </p>
      <CodeForm
        label='Code from the app'
        submitLabel='Verify and turn on'
        busy={verify.isPending}
        onSubmit={async (code) => {
          await verify.mutateAsync({ factorId: enrolment.factorId, code })
          toast.success('Authenticator app added')
          onDone()
        }}
      />
    </div>
  )
}
