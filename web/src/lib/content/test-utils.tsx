// Component tests of the content pages: the REST API answered from a table of handlers (no
// network), a page rendered at a path inside the router, the query client and an error
// boundary that records what the page threw (a 404 for an unknown slug).
import { Component, type ComponentType, type ReactNode } from 'react'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { vi } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

export const API = 'http://api.test'

/** The app's config pointing at the stubbed API (find* queries wait as src/test-setup.ts says). */
export function configureApi() {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: API, supabaseAnonKey: 'anon-key' }
}

export type RestHandler = (url: URL, init: RequestInit) => Response | Promise<Response>

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

/** Answers /rest/v1/{table} from the handlers (by table name); anything else is a 404. */
export function stubRest(handlers: Record<string, RestHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input))
    const table = url.pathname.replace(/^\/rest\/v1\//, '')
    const handler = handlers[table]
    return handler ? await handler(url, init) : json({ message: `no stub for ${url.pathname}` }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The calls made to one table. */
export const callsTo = (fetchMock: ReturnType<typeof stubRest>, table: string) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u)).pathname === `/rest/v1/${table}`)

class Catch extends Component<{ onError: (e: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error)
  }
  override render() {
    return this.state.failed ? <p>page failed</p> : this.props.children
  }
}

/** Renders `Page` at `path` under the route `pattern`; `thrown()` is what the page threw, if anything. */
export function renderPage(pattern: string, path: string, Page: ComponentType) {
  const loc = memoryLocation({ path, record: true })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  let thrown: unknown = null
  const onError = (e: ErrorEvent) => e.preventDefault()
  globalThis.addEventListener('error', onError)
  const utils = render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <Catch
          onError={(e) => {
            thrown = e
          }}
        >
          <Route path={pattern}>
            <Page />
          </Route>
        </Catch>
      </Router>
    </QueryClientProvider>,
  )
  return {
    ...utils,
    loc,
    thrown: () => thrown,
    cleanupErrors: () => globalThis.removeEventListener('error', onError),
  }
}
