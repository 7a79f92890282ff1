// Member sign-in: e-mail and password, or a magic link by e-mail (Supabase Auth's OTP). The link
// leads back to the page the member came for (members' area by default).
import { z } from 'zod'
import { paths } from '@/config/paths'
import { supabase } from '@/lib/supabase'

const email = z.string().trim().min(1, 'Enter your e-mail address.').max(
  254,
  'Use at most 254 characters.',
)
  .email('Enter a valid e-mail address, like name@example.com.')

export const passwordSignInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.'),
})
export const magicLinkSchema = z.object({ email })

export const WRONG_CREDENTIALS =
  'That e-mail address and password do not match a member account. Check them, or get a sign-in link by e-mail instead.'

/** Where to go after signing in: a path on this site only (never //host or a URL). */
export function safeNext(next: string | null | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : paths.members.getHref()
}

export async function signInWithPassword(input: z.infer<typeof passwordSignInSchema>) {
  const { error } = await supabase().auth.signInWithPassword({
    email: input.email,
    password: input.password,
  })
  if (error) {
    throw new Error(
      /invalid login credentials/i.test(error.message) ? WRONG_CREDENTIALS : error.message,
    )
  }
}

/** Sends the link. An address with no account gets the same answer (no account discovery). */
export async function sendMagicLink(
  input: z.infer<typeof magicLinkSchema>,
  next: string,
  origin = globalThis.location.origin,
) {
  const { error } = await supabase().auth.signInWithOtp({
    email: input.email,
    options: { shouldCreateUser: false, emailRedirectTo: `${origin}${safeNext(next)}` },
  })
  if (error && !/signups? not allowed/i.test(error.message)) throw new Error(error.message)
}

/** True when someone is signed in already. */
export async function hasSession(): Promise<boolean> {
  const { data } = await supabase().auth.getSession()
  return data.session !== null
}
