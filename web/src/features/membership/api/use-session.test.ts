// A member's sign-out ends this browser's session only (the admin's is walked in
// e2e/admin-auth.e2e.ts): supabase-js's default scope would end it on every device.
import { expect, it, vi } from 'vitest'

const signOutCalls: unknown[] = []
vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    auth: {
      signOut: (options?: unknown) => {
        signOutCalls.push(options)
        return Promise.resolve({ error: null })
      },
    },
  }),
}))

const { signOut } = await import('./use-session')

it('signs out on this device only', async () => {
  await signOut()
  expect(signOutCalls).toEqual([{ scope: 'local' }])
})
