// A new visitor creates their account inside the membership set-up (Supabase Auth sign-up with
// e-mail and password). With e-mail confirmations on (locally too) the visitor confirms by the
// e-mailed link, which brings them back to `returnTo` signed in; a project that autoconfirms
// answers with a session at once.
import { z } from 'zod'
import { FunctionError } from '@/lib/call-function'
import { supabase } from '@/lib/supabase'

const email = z.string().trim().min(1, 'Enter your e-mail address.').max(
  254,
  'Use at most 254 characters.',
)
  .email('Enter a valid e-mail address, like name@example.com.')

export const createAccountSchema = z.object({
  first_name: z.string().trim().min(1, 'Enter your first name.').max(
    100,
    'Use at most 100 characters.',
  ),
  last_name: z.string().trim().min(1, 'Enter your last name.').max(
    100,
    'Use at most 100 characters.',
  ),
  email,
  password: z.string().min(8, 'Use at least 8 characters for your password.').max(
    72,
    'Use at most 72 characters.',
  ),
})
export type CreateAccountInput = z.infer<typeof createAccountSchema>

export const accountSignInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.'),
})

export const ACCOUNT_EXISTS =
  'An account already uses this e-mail address: sign in with it below instead.'
export const WRONG_PASSWORD =
  'That e-mail address and password do not match an account. Check them and try again.'

/** Creates the account; `confirm` when the address must be confirmed by e-mail first. */
export async function createAccount(
  input: CreateAccountInput,
  returnTo: string,
): Promise<'signed_in' | 'confirm'> {
  const { data, error } = await supabase().auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: { first_name: input.first_name, last_name: input.last_name },
      emailRedirectTo: returnTo,
    },
  })
  if (error) {
    if (/already registered|already exists/i.test(error.message)) {
      throw new FunctionError(422, 'user_already_exists', ACCOUNT_EXISTS, [{
        path: 'email',
        message: ACCOUNT_EXISTS,
      }])
    }
    if (/password/i.test(error.message)) {
      throw new FunctionError(422, 'weak_password', error.message, [{
        path: 'password',
        message: error.message,
      }])
    }
    throw new Error(error.message)
  }
  return data.session ? 'signed_in' : 'confirm'
}

export async function signInToAccount(input: z.infer<typeof accountSignInSchema>) {
  const { error } = await supabase().auth.signInWithPassword({
    email: input.email,
    password: input.password,
  })
  if (error) {
    throw new Error(
      /invalid login credentials/i.test(error.message) ? WRONG_PASSWORD : error.message,
    )
  }
}
