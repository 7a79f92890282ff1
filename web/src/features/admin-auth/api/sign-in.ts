// Staff sign-in with an e-mail address or a phone number and a password.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password'

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/

export const signInSchema = z
  .object({ identifier: z.string().trim(), password: z.string() })
  .superRefine((v, ctx) => {
    if (v.identifier === '' || v.password === '') {
      ctx.addIssue({ code: 'custom', path: [], message: MISSING_CREDENTIALS })
      if (v.identifier === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['identifier'],
          message: 'Enter your email address or phone number.',
        })
      }
      if (v.password === '') {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password.' })
      }
      return
    }
    if (v.identifier.includes('@') ? !EMAIL.test(v.identifier) : !PHONE.test(v.identifier)) {
      ctx.addIssue({
        code: 'custom',
        path: ['identifier'],
        message: v.identifier.includes('@')
          ? 'Enter a valid email address, like name@example.com.'
          : 'Enter a valid phone number, like +44 7700 900123.',
      })
    }
  })
  .transform((v) =>
    v.identifier.includes('@')
      ? { email: v.identifier.toLowerCase(), password: v.password }
      : { phone: v.identifier.replace(/[\s()-]/g, ''), password: v.password }
  )

export type SignInInput = z.input<typeof signInSchema>

export async function signIn(input: SignInInput) {
  const credentials = signInSchema.parse(input)
  const { data, error } = await supabase().auth.signInWithPassword(credentials)
  if (error) {
    throw new Error(
      error.code === 'invalid_credentials' || error.status === 400
        ? 'That email or phone number and password do not match an account.'
        : error.message,
    )
  }
  return data
}

export const useSignIn = () => useMutation({ mutationFn: signIn })
