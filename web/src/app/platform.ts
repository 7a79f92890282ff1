// Starts the cross-cutting services once, before the first render: error reporting, analytics
// (gated on consent), cookie consent, the redirect table and new-build detection.
import { subscribeKey } from 'valtio/utils'
import { type Env, env } from '@/config/env'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { analytics, LocalAnalyticsRecorder, setAnalytics } from '@/lib/analytics/analytics'
import { PosthogAnalytics } from '@/lib/analytics/posthog'
import type { BuildWatcher } from '@/lib/build-watcher'
import {
  errorReporter,
  LocalErrorRecorder,
  reportError,
  SentryReporter,
  setErrorReporter,
} from '@/lib/errors/error-reporter'
import { fetchWithRetry } from '@/lib/fetch-with-retry'
import { guardedReload } from '@/lib/reload-guard'
import { RedirectCache } from '@/lib/redirects'
import { ANALYTICS_ID, defaultConsentEntries } from '@/features/consent/consent-entries'
import { consent, initConsent } from '@/features/consent/stores/consent-store'

export interface Platform {
  redirects: RedirectCache
  /** Whether a newer build has been published (null on the dev server). */
  builds: Pick<BuildWatcher, 'newBuildAvailable'> | null
}

let platform: Platform | null = null

export function getPlatform(): Platform {
  if (!platform) throw new Error('startPlatform() has not run')
  return platform
}

export function setPlatform(p: Platform) {
  platform = p
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage
  } catch {
    return null
  }
}

interface Recorders {
  analytics?: LocalAnalyticsRecorder
  errors?: LocalErrorRecorder
}

declare global {
  /** The local recorders (when in use), for the browser console and end-to-end tests. */
  var __ROOTS_RECORDERS__: Recorders | undefined
}

export function startPlatform(config: Env = env()): Platform {
  // Errors: Sentry (with a DSN) downloads after the first paint; reports until then are queued.
  if (config.sentryDsn) {
    setErrorReporter(
      new SentryReporter(
        config.sentryDsn,
        () => afterFirstPaint().then(() => import('@sentry/react')),
        __BUILD_ID__,
      ),
    )
  }
  globalThis.addEventListener(
    'error',
    (e) => reportError(e.error ?? e.message, { source: 'window.onerror', path: location.pathname }),
  )
  globalThis.addEventListener(
    'unhandledrejection',
    (e: PromiseRejectionEvent) =>
      reportError(e.reason, { source: 'unhandledrejection', path: location.pathname }),
  )

  // A preload of an old build's chunk failed (a deployment happened): reload into the new build.
  globalThis.addEventListener('vite:preloadError', (e) => {
    if (guardedReload()) e.preventDefault()
  })

  // Analytics: PostHog with a key and host, else the local recorder; started only with consent,
  // and its code downloads after the first paint (events until then are queued).
  if (config.posthogKey && config.posthogHost) {
    const loadPosthog = () =>
      afterFirstPaint().then(() => import('posthog-js')).then((m) => m.default)
    setAnalytics(new PosthogAnalytics(config.posthogKey, config.posthogHost, loadPosthog))
  }
  const recorders: Recorders = {}
  if (analytics() instanceof LocalAnalyticsRecorder) {
    recorders.analytics = analytics() as LocalAnalyticsRecorder
  }
  if (errorReporter() instanceof LocalErrorRecorder) {
    recorders.errors = errorReporter() as LocalErrorRecorder
  }
  globalThis.__ROOTS_RECORDERS__ = recorders

  // Consent
  initConsent(
    defaultConsentEntries({
      marketingScriptUrl: config.marketingScriptUrl,
      marketingCookieIds: config.marketingCookieIds,
    }),
  )
  const syncAnalytics = () => {
    if (consent.enabled.includes(ANALYTICS_ID)) void analytics().start()
    else if (analytics().started) analytics().stop()
  }
  syncAnalytics()
  subscribeKey(consent, 'enabled', syncAnalytics)

  // Redirect table: warm from storage, refreshed in the background. The function needs no key
  // (verify_jwt off), so the first read is a plain GET that takes the HTML's preload.
  const redirects = new RedirectCache({
    url: `${config.supabaseUrl}/functions/v1/redirect-lookup`,
    fetch: fetchWithRetry,
    storage: safeLocalStorage(),
    preloaded: true,
  })
  void redirects.refresh()

  // New builds (not on the dev server, which has no builds/latest.json): the watcher polls
  // every few minutes, so it starts after the first paint.
  let builds: Platform['builds'] = null
  if (__BUILD_ID__ !== 'dev') {
    let watcher: BuildWatcher | null = null
    builds = {
      get newBuildAvailable() {
        return watcher?.newBuildAvailable ?? false
      },
    }
    void afterFirstPaint().then(() => import('@/lib/build-watcher')).then(({ BuildWatcher }) => {
      watcher = new BuildWatcher({ currentBuildId: __BUILD_ID__ })
      watcher.start()
    })
  }

  platform = { redirects, builds }
  return platform
}
