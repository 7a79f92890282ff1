// The account step of the membership set-up: a new visitor creates their account here (e-mail
// and password) and confirms the address by the e-mailed link, which brings them back signed in;
// someone with an account signs in. Sign-up answers alike whether or not the address has an
// account (confirmations on), so the step says where the link went and offers signing in with
// that address; a project that autoconfirms says "already registered" and the step switches to
// signing in, keeping what was typed.
import { useState } from 'react'
import { css } from 'goober'
import { TextField } from '@/components/form/Field'
import { buttonLink, buttonPrimary } from '@/components/styles'
import { FunctionError } from '@/lib/call-function'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import { accountSignInSchema, createAccount, createAccountSchema, signInToAccount } from '../api/create-account'

/** The step's own look, so any page can hold it (the set-up, a co-worker invitation). */
const step = css`
  .pair {
    display: grid;
    gap: 0 1rem;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .sent {
    border-left: 4px solid var(--roots-primary);
    padding: 0.5rem 0.75rem;
    background: #e8f0ea;
  }
  .sent p {
    margin: 0.25rem 0;
  }
`

interface Prefill {
  email?: string
  first_name?: string
}

function CreateAccount({
  prefill,
  returnTo,
  onExisting,
  onSent,
}: {
  prefill: Prefill
  returnTo: string
  onExisting: (email: string) => void
  onSent: (email: string) => void
}) {
  const [confirmTo, setConfirmTo] = useState<string | null>(null)
  const { ref, errors, onSubmit, pending } = useZodSubmit(createAccountSchema, {
    send: async (input) => {
      try {
        const outcome = await createAccount(input, returnTo)
        if (outcome === 'confirm') {
          setConfirmTo(input.email)
          onSent(input.email)
        } else toast.success('Your account is ready.')
      } catch (e) {
        if (e instanceof FunctionError && e.code === 'user_already_exists') {
          toast.info('You already have an account: sign in with it.')
          onExisting(input.email)
          return
        }
        throw e
      }
    },
  })
  if (confirmTo) {
    return (
      <div className='sent' role='status'>
        <p>
          Check your e-mail: we have sent a link to <strong>{confirmTo}</strong>. Open it, on this device or another, to
          confirm your address: it brings you back here, signed in, to choose your plan and pay.
        </p>
        <p>
          No e-mail after a few minutes? Look in your spam folder. If this address already has an account, sign in
          instead.
        </p>
      </div>
    )
  }
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Create your account'>
      <div className='pair'>
        <TextField
          label='First name'
          name='first_name'
          autoComplete='given-name'
          defaultValue={prefill.first_name}
          error={errors.first_name}
        />
        <TextField label='Last name' name='last_name' autoComplete='family-name' error={errors.last_name} />
      </div>
      <TextField
        label='E-mail address'
        name='email'
        type='email'
        autoComplete='email'
        defaultValue={prefill.email}
        error={errors.email}
      />
      <TextField
        label='Choose a password'
        name='password'
        type='password'
        autoComplete='new-password'
        error={errors.password}
        hint='At least 8 characters. You sign in with it to see your plot and payments.'
      />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Creating your account…' : 'Create my account'}
      </button>
    </form>
  )
}

function SignIn({ email }: { email?: string }) {
  const { ref, errors, onSubmit, pending } = useZodSubmit(accountSignInSchema, {
    send: async (input) => {
      await signInToAccount(input)
      toast.success('You are signed in.')
    },
  })
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label='Sign in'>
      <TextField
        label='E-mail address'
        name='email'
        type='email'
        autoComplete='email'
        defaultValue={email}
        error={errors.email}
      />
      <TextField
        label='Password'
        name='password'
        type='password'
        autoComplete='current-password'
        error={errors.password}
      />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      <button type='submit' className={buttonPrimary} disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}

/** `returnTo`: where an e-mailed confirmation link brings the visitor back (this set-up page). */
export function AccountStep({ prefill, returnTo }: { prefill: Prefill; returnTo: string }) {
  const [mode, setMode] = useState<'new' | 'existing'>('new')
  const [knownEmail, setKnownEmail] = useState<string | undefined>(prefill.email)
  return (
    <div className={step}>
      {mode === 'new' ? (
        <>
          <p>New to Roots? Create your account: you use it to see your plot, your payments and your membership.</p>
          <CreateAccount
            prefill={prefill}
            returnTo={returnTo}
            onExisting={(email) => {
              setKnownEmail(email)
              setMode('existing')
            }}
            onSent={setKnownEmail}
          />
          <p className='switch'>
            Already have an account?{' '}
            <button type='button' className={buttonLink} onClick={() => setMode('existing')}>
              Sign in instead
            </button>
          </p>
        </>
      ) : (
        <>
          <p>Sign in with your Roots account.</p>
          <SignIn email={knownEmail} />
          <p className='switch'>
            New to Roots?{' '}
            <button type='button' className={buttonLink} onClick={() => setMode('new')}>
              Create an account
            </button>
          </p>
        </>
      )}
    </div>
  )
}
