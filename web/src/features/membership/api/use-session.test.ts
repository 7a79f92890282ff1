// A member's sign-out ends this browser's session only (the admin's is walked in
// e2e/admin-auth.e2e.ts): supabase-js's default scope would end it on every device. "Sign out on
// other devices" ends the others and keeps this one.
import { expect, it, vi } from 'vitest'

const signOutCalls: unknown[] = []
let refuse = false
vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    auth: {
      signOut: (options?: unknown) => {
        signOutCalls.push(options)
        return Promise.resolve({ error: refuse ? { message: 'Auth session missing!' } : null })
      },
    },
  }),
}))

const { signOut, signOutOtherDevices } = await import('./use-session')

it('signs out on this device only', async () => {
  signOutCalls.length = 0
  await signOut()
  expect(signOutCalls).toEqual([{ scope: 'local' }])
})

it('signs out on the other devices, keeping this one, and says when the server refused', async () => {
  signOutCalls.length = 0
  refuse = false
  await signOutOtherDevices()
  expect(signOutCalls).toEqual([{ scope: 'others' }])
  refuse = true
  await expect(signOutOtherDevices()).rejects.toThrow('Auth session missing!')
})
