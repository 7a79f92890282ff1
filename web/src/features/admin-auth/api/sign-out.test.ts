// Which sessions each staff sign-out ends (both walked in e2e/admin-auth.e2e.ts): the header's
// button this browser's only, "Sign out on other devices" every other one.
import { beforeEach, expect, it, vi } from 'vitest'

const calls: unknown[] = []
let answer: { error: null | { message: string; status: number } } = { error: null }
vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    auth: {
      signOut: (options?: unknown) => {
        calls.push(options)
        return Promise.resolve(answer)
      },
    },
  }),
}))

const { signOut, signOutOtherDevices } = await import('./sign-out')

beforeEach(() => {
  calls.length = 0
  answer = { error: null }
})

it('signs out on this device only', async () => {
  await signOut()
  expect(calls).toEqual([{ scope: 'local' }])
})

it('a session the server already dropped still signs out here without an error', async () => {
  answer = { error: { message: 'Session not found', status: 403 } }
  await expect(signOut()).resolves.toBeUndefined()
})

it('signs out on every other device, and says so when the server refuses', async () => {
  await signOutOtherDevices()
  expect(calls).toEqual([{ scope: 'others' }])
  answer = { error: { message: 'Auth session missing', status: 401 } }
  await expect(signOutOtherDevices()).rejects.toThrow('Auth session missing')
})
