// Sign-in for members (e-mail and password), validated before sending.
import { type FormEvent, useRef, useState } from 'react'
import { TextField } from '@/components/form/Field'
import { buttonPrimary } from '@/components/styles'
import { check, type FieldErrors, focusFirstError, formValues } from '@/lib/forms'
import { toast } from '@/lib/toast'
import { signIn, signInSchema } from '../api/use-session'

export function SignInForm() {
  const ref = useRef<HTMLFormElement>(null)
  const busy = useRef(false)
  const [pending, setPending] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy.current) return
    const checked = check(signInSchema, formValues(e.currentTarget))
    if (!checked.ok) {
      setErrors(checked.errors)
      toast.error(Object.values(checked.errors)[0]!)
      focusFirstError(ref.current, checked.errors)
      return
    }
    setErrors({})
    busy.current = true
    setPending(true)
    try {
      await signIn(checked.data.email, checked.data.password)
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Could not sign in.'
      setErrors({ _form: message })
      toast.error(message)
    } finally {
      busy.current = false
      setPending(false)
    }
  }
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Sign in' style={{ maxWidth: '28rem' }}>
      <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
      <TextField label='Password' name='password' type='password' autoComplete='current-password' error={errors.password} />
      {errors._form && <p role='alert' style={{ color: 'var(--roots-error)', fontWeight: 600 }}>{errors._form}</p>}
      <button type='submit' className={buttonPrimary} disabled={pending}>{pending ? 'Signing in…' : 'Sign in'}</button>
    </form>
  )
}
