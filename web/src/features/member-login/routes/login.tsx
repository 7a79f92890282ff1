// /login: member sign-in with e-mail and password, or a magic link by e-mail; then on to
// /members (or the page that sent the member here, ?next=/path).
import { css } from 'goober'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { TextField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { useZodSubmit } from '@/lib/use-zod-submit'
import {
  hasSession,
  magicLinkSchema,
  passwordSignInSchema,
  safeNext,
  sendMagicLink,
  signInWithPassword,
} from '../api/sign-in'

const page = css`
  max-width: 32rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.2rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
    margin-bottom: 1.25rem;
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
`

export const linkSentMessage = (email: string) =>
  `If ${email} belongs to a member, a sign-in link is on its way. Open it on this device to sign in.`

function PasswordForm({ next }: { next: string }) {
  const [, navigate] = useLocation()
  const { ref, errors, onSubmit, pending } = useZodSubmit(passwordSignInSchema, {
    send: async (input) => {
      await signInWithPassword(input)
      toast.success('You are signed in.')
      navigate(next)
    },
  })
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby='password-title'>
      <h2 id='password-title'>With your password</h2>
      <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
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

function MagicLinkForm({ next }: { next: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { ref, errors, onSubmit, pending } = useZodSubmit(magicLinkSchema, {
    send: async (input) => {
      await sendMagicLink(input, next)
      setSentTo(input.email)
    },
  })
  return (
    <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-labelledby='link-title'>
      <h2 id='link-title'>With a link by e-mail</h2>
      <p>No password? We will e-mail you a link that signs you in.</p>
      <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
      {errors._form && (
        <p className='error' role='alert'>
          {errors._form}
        </p>
      )}
      {sentTo && (
        <p className='sent' role='status'>
          {linkSentMessage(sentTo)}
        </p>
      )}
      <button type='submit' className={buttonSecondary} disabled={pending}>
        {pending ? 'Sending…' : 'E-mail me a sign-in link'}
      </button>
    </form>
  )
}

export default function LoginRoute() {
  usePageMeta('Sign in', 'Sign in to your Roots Allotments membership.')
  const [, navigate] = useLocation()
  const next = safeNext(new URLSearchParams(useSearch()).get('next'))
  const [checking, setChecking] = useState(true)
  useEffect(() => {
    let live = true
    void hasSession()
      .then((signedIn) => {
        if (!live) return
        if (signedIn) navigate(next, { replace: true })
        else setChecking(false)
      })
      .catch(() => live && setChecking(false))
    return () => {
      live = false
    }
  }, [navigate, next])

  return (
    <div className={page}>
      <h1>Sign in</h1>
      {checking ? (
        <p role='status'>Checking whether you are signed in…</p>
      ) : (
        <>
          <p>Members sign in here to see their plot, payments and membership.</p>
          <PasswordForm next={next} />
          <MagicLinkForm next={next} />
          <p>
            Not a member yet? <Link href={paths.becomeMember.getHref()}>Become a member</Link>.
          </p>
        </>
      )}
    </div>
  )
}
