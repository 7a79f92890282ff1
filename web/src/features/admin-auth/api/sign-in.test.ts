import { describe, expect, it } from 'vitest'
import { MISSING_CREDENTIALS, signInSchema } from './sign-in'

const issues = (identifier: string, password: string) => {
  const r = signInSchema.safeParse({ identifier, password })
  return r.success
    ? null
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('signInSchema', () => {
  it('missing either part gives the missing-credentials message', () => {
    expect(issues('', '')).toMatchObject({
      '': MISSING_CREDENTIALS,
      identifier: expect.any(String),
      password: expect.any(String),
    })
    expect(issues('a@example.com', '')).toMatchObject({
      '': MISSING_CREDENTIALS,
      password: 'Enter your password.',
    })
    expect(issues('   ', 'secret')).toMatchObject({
      '': MISSING_CREDENTIALS,
      identifier: 'Enter your email address or phone number.',
    })
    expect(MISSING_CREDENTIALS).toBe(
      'You must provide either an email or phone number and a password',
    )
  })
  it('an e-mail signs in by email, lowercased; anything else by phone, digits only', () => {
    expect(signInSchema.parse({ identifier: ' Official@Example.com ', password: 'pw' })).toEqual({
      email: 'official@example.com',
      password: 'pw',
    })
    expect(signInSchema.parse({ identifier: '+44 (7700) 900-123', password: 'pw' })).toEqual({
      phone: '+447700900123',
      password: 'pw',
    })
  })
  it('malformed identifiers are named', () => {
    expect(issues('official@', 'pw')?.identifier).toMatch(/valid email/)
    expect(issues('abc', 'pw')?.identifier).toMatch(/valid phone/)
  })
})
