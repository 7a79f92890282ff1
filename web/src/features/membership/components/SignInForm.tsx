// Sign-in for members (e-mail and password), validated before sending.
import { css } from 'goober'
import { TextField } from '@/components/form/Field'
import { buttonPrimary, errorText } from '@/components/styles'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { signIn, signInSchema } from '../api/use-session'

const signInForm = css`
  max-width: 28rem;
`

export function SignInForm() {
  const { ref, errors, onSubmit, pending } = useZodSubmit(signInSchema, {
    send: ({ email, password }) => signIn(email, password),
  })
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Sign in' className={signInForm}>
      <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
      <TextField
        label='Password'
        name='password'
        type='password'
        autoComplete='current-password'
        error={errors.password}
      />
      {errors._form && (
        <p role='alert' className={errorText}>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
