// The session refreshes itself before the access token expires; the refresh ticker
// stops while the tab is hidden and, when the tab is visible again, restarts and the session
// is recovered. supabase-js does this for a browser client with auto-refresh on; these tests
// hold our one client to that (a client made with autoRefreshToken: false would fail them).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { supabase } from './supabase'

type AuthInternals = {
  autoRefreshTicker: unknown
  initializePromise: Promise<unknown>
  _recoverAndRefresh: () => Promise<void>
}

let visibility: DocumentVisibilityState = 'visible'
beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 200 }))))
})
afterAll(() => {
  vi.unstubAllGlobals()
})

const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v
  document.dispatchEvent(new Event('visibilitychange'))
  globalThis.dispatchEvent(new Event('visibilitychange'))
}

describe('the browser client', () => {
  it('is one client for the whole app', () => {
    expect(supabase()).toBe(supabase())
  })

  it('refreshes while the tab is visible, stops when hidden, and recovers the session when visible again', async () => {
    const auth = supabase().auth as unknown as AuthInternals
    await auth.initializePromise
    await vi.waitFor(() => expect(auth.autoRefreshTicker).not.toBeNull())
    const recover = vi.spyOn(auth, '_recoverAndRefresh')

    setVisibility('hidden')
    await vi.waitFor(() => expect(auth.autoRefreshTicker).toBeNull())
    expect(recover).not.toHaveBeenCalled()

    setVisibility('visible')
    await vi.waitFor(() => expect(auth.autoRefreshTicker).not.toBeNull())
    await vi.waitFor(() => expect(recover).toHaveBeenCalledOnce())
  })
})
