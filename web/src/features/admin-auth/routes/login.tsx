// /admin/login: e-mail or phone and a password. Missing either gives the documented message; a
// failed sign-in keeps what was typed.
import { type FormEvent, useState } from 'react'
import { useSnapshot } from 'valtio'
import { paths } from '@/config/paths'
import { Field } from '@/components/admin/ui'
import { buttonPrimary, errorText } from '@/components/styles'
import { toast } from '@/lib/toast'
import { useSignIn, signInSchema } from '../api/sign-in'
import { AuthCard } from '../components/AuthCard'
import { authStore } from '../stores/auth-store'
import { usePageMeta } from '@/lib/page-meta'

export function AdminLoginRoute({ navigate }: { navigate: (to: string) => void }) {
  const [identifier, setIdentifier] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const signIn = useSignIn()
  const { session } = useSnapshot(authStore)

  usePageMeta('Staff sign-in')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = signInSchema.safeParse({ identifier, password })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      let top: string | null = null
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.')
        if (key === '') top ??= issue.message
        else next[key] ??= issue.message
      }
      setErrors(next)
      setFormError(top)
      toast.error(top ?? Object.values(next)[0]!)
      return
    }
    setErrors({})
    setFormError(null)
    signIn.mutate(
      { identifier, password },
      {
        onSuccess: () => {
          toast.success('Signed in')
          navigate(paths.admin.getHref())
        },
        onError: (err) => {
          setFormError(err.message)
          toast.error(err.message)
        },
      },
    )
  }

  return (
    <AuthCard title='Sign in'>
      {session && (
        <p>
          You are signed in as {session.user.email ?? session.user.phone}.{' '}
          <a href={paths.admin.getHref()}>Go to the admin area</a>.
        </p>
      )}
      <form onSubmit={submit} noValidate aria-describedby={formError ? 'login-error' : undefined}>
        {formError && (
          <p id='login-error' role='alert' className={errorText}>
            {formError}
          </p>
        )}
        <Field label='Email or phone number' error={errors.identifier}>
          <input
            name='identifier'
            autoComplete='username'
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
        </Field>
        <Field label='Password' error={errors.password}>
          <input
            name='password'
            type='password'
            autoComplete='current-password'
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <button type='submit' className={buttonPrimary} disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  )
}
