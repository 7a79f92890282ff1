import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryLocation } from 'wouter/memory-location'
import { Router, useLocation } from 'wouter'
import { COLD_START_TIMEOUT_MS, RedirectCache } from '@/lib/redirects'
import { useRedirectsKnown } from '@/lib/redirects-known'
import { analytics, LocalAnalyticsRecorder, setAnalytics } from '@/lib/analytics/analytics'
import { LocalErrorRecorder, setErrorReporter } from '@/lib/errors/error-reporter'
import { HttpError } from '@/lib/errors/http-error'
import { defaultConsentEntries } from '@/features/consent/consent-entries'
import type { ConsentEffects } from '@/features/consent/consent-effects'
import { initConsent } from '@/features/consent/stores/consent-store'
import { useQueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { toast } from '@/lib/toast'
import { App } from './App'
import { type QueryBox, QueryBoxContext, QueryScope } from './query-scope'
import { ErrorBoundary } from './ErrorBoundary'
import { NavigationEffects } from './NavigationEffects'
import { RedirectGate } from './RedirectGate'

const TABLE = {
  redirects: [
    { from: '/our-sites', to: '/', status: 301 },
    { from: '/s/tm', to: 'https://example.org/tm', status: 302 },
  ],
}

async function warmCache(table: unknown = TABLE) {
  const cache = new RedirectCache({
    url: 'http://api/functions/v1/redirect-lookup',
    storage: null,
    fetch: (() =>
      Promise.resolve(
        new Response(JSON.stringify(table), { status: 200, headers: { etag: '"1"' } }),
      )) as unknown as typeof fetch,
  })
  await cache.refresh()
  return cache
}

const silentEffects = (): ConsentEffects => ({
  readStored: () => null,
  writeStored: () => {},
  addScript: () => {},
  removeScript: () => {},
  deleteCookies: () => {},
  reload: () => {},
})

let recorder: LocalAnalyticsRecorder
beforeEach(() => {
  recorder = new LocalAnalyticsRecorder()
  void recorder.start()
  setAnalytics(recorder)
  initConsent(defaultConsentEntries(), {}, silentEffects())
})
afterEach(cleanup)

describe('the app shell', () => {
  it('renders the home page in the default layout with the consent banner', async () => {
    const loc = memoryLocation({ path: '/' })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Grow your own at a Roots allotment' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeTruthy()
  })

  it('shows page-not-found with the full path for an unmatched route', async () => {
    const loc = memoryLocation({ path: '/no/such/page', searchPath: 'a=1' })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Page Not Found')
    expect(screen.getByTestId('not-found-path').textContent).toBe('/no/such/page?a=1')
  })

  it('follows an internal redirect before the page renders', async () => {
    const loc = memoryLocation({ path: '/Our-Sites/', record: true })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    await waitFor(() => expect(loc.history.at(-1)).toBe('/'))
    expect(screen.getByRole('heading', { level: 1, name: 'Grow your own at a Roots allotment' })).toBeTruthy()
    expect(screen.queryByText('Page Not Found')).toBeNull()
  })
})

describe('what the first paint leaves out', () => {
  it('mounts the toaster only once a toast is asked for, and then shows it', async () => {
    await import('./Toaster') // the module graph is warm, so the lazy toaster does not race a slow first import
    const loc = memoryLocation({ path: '/' })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    expect(document.querySelector('[data-rht-toaster]')).toBeNull()
    act(() => {
      toast.success('Saved for later')
    })
    expect(await screen.findByText('Saved for later')).toBeTruthy()
    expect(document.querySelector('[data-rht-toaster]')).not.toBeNull()
  })

  it('gives every page under a query scope the one query client of its app', async () => {
    await import('./QueryProvider') // warm, as above
    const seen: unknown[] = []
    function Probe() {
      seen.push(useQueryClient())
      return <p>probe</p>
    }
    const box: QueryBox = {}
    render(
      <QueryBoxContext.Provider value={box}>
        <Suspense fallback={<p>loading</p>}>
          <QueryScope>
            <Probe />
          </QueryScope>
          <QueryScope>
            <Probe />
          </QueryScope>
        </Suspense>
      </QueryBoxContext.Provider>,
    )
    expect(await screen.findAllByText('probe')).toHaveLength(2)
    expect(box.client).toBeDefined()
    expect(seen.every((c) => c === box.client)).toBe(true)
  })
})

describe('redirect gate', () => {
  it('replaces the location for an external redirect and renders nothing', async () => {
    const loc = memoryLocation({ path: '/s/tm' })
    const replaced: string[] = []
    render(
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <RedirectGate cache={await warmCache()} replaceExternal={(u) => replaced.push(u)}>
          <p>page</p>
        </RedirectGate>
      </Router>,
    )
    expect(replaced).toEqual(['https://example.org/tm'])
    expect(screen.queryByText('page')).toBeNull()
  })

  it('holds pages back while the cache is cold, then renders them', async () => {
    let answer!: (r: Response) => void
    const cache = new RedirectCache({
      url: 'x',
      storage: null,
      fetch: (() =>
        new Promise<Response>((r) => {
          answer = r
        })) as unknown as typeof fetch,
    })
    const loaded = cache.refresh()
    const loc = memoryLocation({ path: '/' })
    render(
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <RedirectGate cache={cache}>
          <p>page</p>
        </RedirectGate>
      </Router>,
    )
    expect(screen.queryByText('page')).toBeNull()
    await act(async () => {
      answer(new Response(JSON.stringify({ redirects: [] }), { status: 200 }))
      await loaded
    })
    expect(screen.getByText('page')).toBeTruthy()
  })

  it('after the cold wait, pages render knowing the table is not in; when it comes its redirect is followed', async () => {
    vi.useFakeTimers()
    try {
      let answer!: (r: Response) => void
      const cache = new RedirectCache({
        url: 'x',
        storage: null,
        fetch: (() =>
          new Promise<Response>((r) => {
            answer = r
          })) as unknown as typeof fetch,
      })
      const loaded = cache.refresh()
      const loc = memoryLocation({ path: '/sites/bath/closed-acre', record: true })
      const Probe = () => <p>{`${useLocation()[0]} known: ${useRedirectsKnown()}`}</p>
      render(
        <Router hook={loc.hook} searchHook={loc.searchHook}>
          <RedirectGate cache={cache}>
            <Probe />
          </RedirectGate>
        </Router>,
      )
      expect(screen.queryByText(/known/)).toBeNull()
      act(() => {
        vi.advanceTimersByTime(COLD_START_TIMEOUT_MS)
      })
      expect(screen.getByText('/sites/bath/closed-acre known: false')).toBeTruthy()
      await act(async () => {
        answer(
          new Response(
            JSON.stringify({
              redirects: [{ from: '/sites/bath/closed-acre', to: '/sites/bath/open-acre', status: 301 }],
            }),
            { status: 200 },
          ),
        )
        await loaded
      })
      expect(loc.history.at(-1)).toBe('/sites/bath/open-acre')
      expect(screen.getByText('/sites/bath/open-acre known: true')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })

  /** A cache warm from a table stored by an earlier visit (no rule for closed-acre yet). */
  function storedCache(fetch: typeof globalThis.fetch) {
    const stored = { etag: '"old"', fetchedAt: Date.now(), redirects: TABLE.redirects }
    const storage = { getItem: () => JSON.stringify(stored), setItem: () => {} }
    return new RedirectCache({ url: 'x', storage, fetch, preloaded: true })
  }
  const Probe = () => <p>{`${useLocation()[0]} known: ${useRedirectsKnown()}`}</p>

  it('with a stored table, pages render at once, but an address is unknown only once this session has asked', async () => {
    // The site closed after the table was stored: its old address must follow the new rule, not
    // end on /404 because the stored table had no rule for it.
    let answer!: (r: Response) => void
    const cache = storedCache(
      (() =>
        new Promise<Response>((r) => {
          answer = r
        })) as unknown as typeof fetch,
    )
    const loaded = cache.refresh()
    const loc = memoryLocation({ path: '/sites/bath/closed-acre', record: true })
    render(
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <RedirectGate cache={cache}>
          <Probe />
        </RedirectGate>
      </Router>,
    )
    expect(screen.getByText('/sites/bath/closed-acre known: false')).toBeTruthy()
    await act(async () => {
      answer(
        new Response(
          JSON.stringify({
            redirects: [
              ...TABLE.redirects,
              { from: '/sites/bath/closed-acre', to: '/sites/bath/open-acre', status: 301 },
            ],
          }),
          { status: 200, headers: { etag: '"new"' } },
        ),
      )
      await loaded
    })
    expect(loc.history.at(-1)).toBe('/sites/bath/open-acre')
    expect(screen.getByText('/sites/bath/open-acre known: true')).toBeTruthy()
  })

  it('with a stored table and no answer (offline), pages may call an address unknown once the read has failed', async () => {
    let fail!: () => void
    const cache = storedCache(
      (() =>
        new Promise<Response>((_, reject) => {
          fail = () => reject(new TypeError('Failed to fetch'))
        })) as unknown as typeof fetch,
    )
    const loaded = cache.refresh()
    const loc = memoryLocation({ path: '/sites/bath/nowhere' })
    render(
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <RedirectGate cache={cache}>
          <Probe />
        </RedirectGate>
      </Router>,
    )
    expect(screen.getByText('/sites/bath/nowhere known: false')).toBeTruthy()
    await act(async () => {
      fail()
      await loaded
    })
    expect(screen.getByText('/sites/bath/nowhere known: true')).toBeTruthy()
  })
})

describe('error boundary and error pages', () => {
  function Thrower({ error }: { error: unknown }): never {
    throw error
  }
  let errors: LocalErrorRecorder
  beforeEach(() => {
    errors = new LocalErrorRecorder()
    setErrorReporter(errors)
  })
  const quiet = () => {
    const orig = console.error
    console.error = () => {}
    return () => {
      console.error = orig
    }
  }

  it('shows the general variant with Internal Server Error for an error without a status, and reports it', async () => {
    const restore = quiet()
    render(
      <ErrorBoundary path='/x' userAgent='Mozilla/5.0'>
        <Thrower error={new Error('boom')} />
      </ErrorBoundary>,
    )
    const section = await screen.findByRole('region')
    restore()
    expect(section.getAttribute('data-variant')).toBe('general')
    expect(section.textContent).toContain('500')
    expect(section.textContent).toContain('Internal Server Error')
    expect(errors.reported).toEqual([
      { message: 'boom', status: 500, context: { source: 'route', path: '/x', status: 500 } },
    ])
  })

  it('shows the not-found variant for a 404 and does not report it', async () => {
    const restore = quiet()
    render(
      <ErrorBoundary path='/prereg/nowhere' userAgent='Mozilla/5.0'>
        <Thrower error={new HttpError(404, 'Page not found')} />
      </ErrorBoundary>,
    )
    const section = await screen.findByRole('region')
    restore()
    expect(section.getAttribute('data-variant')).toBe('not-found')
    expect(section.textContent).toContain('Page not found')
    expect(screen.getByTestId('not-found-path').textContent).toBe('/prereg/nowhere')
    // In the site's chrome: the navigation stays and the page keeps its main landmark.
    expect(screen.getByRole('main').contains(section)).toBe(true)
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
    expect(errors.reported).toEqual([])
  })

  it('shows custom status message and description of a general error; 3xx and 4xx are not reported, 5xx are', async () => {
    const restore = quiet()
    render(
      <ErrorBoundary path='/a' userAgent='Mozilla/5.0'>
        <Thrower error={new HttpError(503, 'Service Unavailable', 'Back soon.')} />
      </ErrorBoundary>,
    )
    expect((await screen.findByRole('region')).textContent).toContain('Service Unavailable')
    expect(screen.getByRole('region').textContent).toContain('Back soon.')
    cleanup()
    render(
      <ErrorBoundary path='/b' userAgent='Mozilla/5.0'>
        <Thrower error={new HttpError(403)} />
      </ErrorBoundary>,
    )
    cleanup()
    render(
      <ErrorBoundary path='/c' userAgent='Mozilla/5.0'>
        <Thrower error={new HttpError(301)} />
      </ErrorBoundary>,
    )
    expect((await screen.findByRole('region')).textContent).toContain('Internal Server Error')
    restore()
    expect(errors.reported.map((r) => r.status)).toEqual([503])
  })

  for (const ua of [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Chrome-Lighthouse',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ]) {
    it(`skips the error page for a bot and only reports: ${ua.slice(0, 40)}`, () => {
      const restore = quiet()
      const { container } = render(
        <ErrorBoundary path='/x' userAgent={ua}>
          <Thrower error={new Error('bot boom')} />
        </ErrorBoundary>,
      )
      restore()
      expect(container.innerHTML).toBe('')
      expect(errors.reported.map((r) => r.message)).toEqual(['bot boom'])
    })
  }

  it('reloads (guarded) instead of showing an error when a chunk of an old build is gone', async () => {
    const restore = quiet()
    let reloads = 0
    const missing = new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-abc.js')
    render(
      <ErrorBoundary path='/x' userAgent='Mozilla/5.0' reloadForNewBuild={() => ++reloads > 0}>
        <Thrower error={missing} />
      </ErrorBoundary>,
    )
    expect(reloads).toBe(1)
    expect(errors.reported).toEqual([])
    cleanup()
    // The guard refused (a reload just happened): report it and show the error page.
    render(
      <ErrorBoundary path='/x' userAgent='Mozilla/5.0' reloadForNewBuild={() => false}>
        <Thrower error={missing} />
      </ErrorBoundary>,
    )
    expect((await screen.findByRole('region')).getAttribute('data-variant')).toBe('general')
    restore()
    expect(errors.reported.map((r) => r.status)).toEqual([500])
  })

  it('clears the error when the path changes', () => {
    const restore = quiet()
    const { rerender } = render(
      <ErrorBoundary path='/x' userAgent='Mozilla/5.0'>
        <Thrower error={new Error('x')} />
      </ErrorBoundary>,
    )
    rerender(
      <ErrorBoundary path='/y' userAgent='Mozilla/5.0'>
        <p>fine</p>
      </ErrorBoundary>,
    )
    restore()
    expect(screen.getByText('fine')).toBeTruthy()
  })
})

describe('navigation effects', () => {
  function setup(builds: { newBuildAvailable: boolean } | null, reloadResult = true) {
    const loc = memoryLocation({ path: '/', searchPath: 'q=1' })
    const calls: string[] = []
    render(
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <NavigationEffects
          builds={builds}
          reload={() => {
            calls.push('reload')
            return reloadResult
          }}
          scroll={(h) => calls.push(`scroll ${h || 'top'}`)}
        />
      </Router>,
    )
    return { loc, calls }
  }

  it('sends a page view with the full path, then page leave and page view on each route change, scrolling to the top', () => {
    const { loc, calls } = setup(null)
    act(() => loc.navigate('/sites?city=bath'))
    expect(calls).toEqual(['scroll top'])
    expect((analytics() as LocalAnalyticsRecorder).events).toEqual([
      { event: '$pageview', properties: { current_url: '/?q=1' } },
      { event: '$pageleave', properties: { current_url: '/?q=1' } },
      { event: '$pageview', properties: { current_url: '/sites?city=bath' } },
    ])
  })

  it('moves focus to the main landmark after a route change', async () => {
    const loc = memoryLocation({ path: '/' })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    expect(document.activeElement).toBe(document.body)
    act(() => loc.navigate('/elsewhere'))
    await waitFor(() => expect(document.activeElement?.id).toBe('main'))
  })

  it('reloads on the next route change once a new build is published, not before', () => {
    const builds = { newBuildAvailable: false }
    const { loc, calls } = setup(builds)
    expect(calls).toEqual([])
    builds.newBuildAvailable = true
    expect(calls).toEqual([])
    act(() => loc.navigate('/sites'))
    expect(calls).toEqual(['reload'])
  })

  it('carries on normally when the reload guard refuses', () => {
    const { loc, calls } = setup({ newBuildAvailable: true }, false)
    act(() => loc.navigate('/sites'))
    expect(calls).toEqual(['reload', 'scroll top'])
  })
})

describe('consent UI', () => {
  it('the banner opens the modal; the modal traps focus, closes on Escape and restores focus', async () => {
    const loc = memoryLocation({ path: '/' })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    const manage = screen.getByRole('button', { name: 'Manage settings' })
    manage.focus()
    fireEvent.click(manage)
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    const necessary = screen.getByLabelText('Necessary cookies (always on)') as HTMLInputElement
    expect(necessary.checked).toBe(true)
    expect(necessary.disabled).toBe(true)
    const functional = screen.getByLabelText('Functional cookies') as HTMLInputElement
    expect(functional.checked).toBe(true)
    expect(functional.disabled).toBe(false)
    expect((screen.getByLabelText('Analytics cookies') as HTMLInputElement).checked).toBe(false)
    expect(screen.getByText('You have unsaved settings.')).toBeTruthy()
    // Tab from the last control wraps to the first.
    const buttons = dialog.querySelectorAll('button')
    buttons[buttons.length - 1]!.focus()
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close cookie settings' }))
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(manage)
  })

  it('saving a selection hides the banner and shows the reopen button', async () => {
    const loc = memoryLocation({ path: '/' })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Manage settings' }))
    fireEvent.click(await screen.findByLabelText('Chat and offers'))
    await waitFor(() => expect((screen.getByLabelText('Chat and offers') as HTMLInputElement).checked).toBe(true))
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(screen.queryByTestId('consent-banner')).toBeNull())
    fireEvent.click(await screen.findByTestId('consent-reopen'))
    expect(((await screen.findByLabelText('Chat and offers')) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByText('You have unsaved settings.')).toBeNull()
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a forced modal has no close button and ignores Escape and clicks outside', async () => {
    initConsent(defaultConsentEntries(), { isModalForced: true }, silentEffects())
    const loc = memoryLocation({ path: '/' })
    render(
      <App
        platform={{ redirects: await warmCache(), builds: null }}
        locationHook={loc.hook}
        searchHook={loc.searchHook}
      />,
    )
    expect(await screen.findByRole('dialog')).toBeTruthy()
    expect(screen.queryByTestId('consent-banner')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Close cookie settings' })).toBeNull()
    fireEvent.keyDown(document, { key: 'Escape' })
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'))
    expect(screen.getByRole('dialog')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Decline all' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toBeTruthy() // the footer link stays; no reopen button
  })
})
