// Error reporting behind one interface (ARCHITECTURE: external services have a real client and
// a local recorder, the local one is the default). Sentry is loaded only when a DSN is
// configured, in its own chunk, so the public first load does not carry it.
import { shouldReport, statusOf } from './http-error'
import { redactDeep } from '../redact'

export interface ErrorContext {
  status?: number
  /** Where it came from: 'route', 'window.onerror', 'unhandledrejection', … */
  source?: string
  path?: string
}

export interface ErrorReporter {
  readonly name: string
  captureException(error: unknown, context?: ErrorContext): void
}

export interface RecordedError {
  message: string
  status: number
  context: ErrorContext
}

/** Records what would have been sent; inspectable from tests and the browser console. */
export class LocalErrorRecorder implements ErrorReporter {
  readonly name = 'local'
  readonly reported: RecordedError[] = []
  captureException(error: unknown, context: ErrorContext = {}) {
    const status = context.status ?? statusOf(error)
    this.reported.push(
      redactDeep({
        message: error instanceof Error ? error.message : String(error),
        status,
        context,
      }),
    )
  }
}

type SentryLike = {
  init(options: Record<string, unknown>): unknown
  captureException(error: unknown, hint?: unknown): unknown
}

/** Sentry behind the interface; reports sent before it loads are queued. */
export class SentryReporter implements ErrorReporter {
  readonly name = 'sentry'
  private sentry: SentryLike | null = null
  private queue: Array<[unknown, ErrorContext]> = []
  constructor(
    dsn: string,
    load: () => Promise<SentryLike> = () => import('@sentry/react'),
    release?: string,
  ) {
    load().then((s) => {
      s.init({
        dsn,
        release,
        // The app reports errors itself (boundaries and the global handlers in app/), filtered
        // by status; Sentry's own global handlers would report 4xx too.
        integrations: (defaults: Array<{ name: string }>) =>
          defaults.filter((i) => !['GlobalHandlers', 'BrowserApiErrors'].includes(i.name)),
        // Reports carry the page's URL (request.url, breadcrumbs, our path): redacted, as for
        // analytics, so no token from an e-mailed link reaches the error service.
        beforeSend: (event: { contexts?: { http?: { status?: number } } }) => {
          const status = event.contexts?.http?.status
          return status === undefined || shouldReport(status) ? redactDeep(event) : null
        },
        beforeBreadcrumb: (crumb: object) => redactDeep(crumb),
      })
      this.sentry = s
      for (const [e, c] of this.queue.splice(0)) this.send(e, c)
    }).catch((e) => console.error('[errors] Sentry failed to load', e))
  }
  private send(error: unknown, context: ErrorContext) {
    const status = context.status ?? statusOf(error)
    this.sentry!.captureException(error, {
      contexts: { http: { status }, app: { source: context.source, path: context.path } },
    })
  }
  captureException(error: unknown, context: ErrorContext = {}) {
    if (this.sentry) this.send(error, context)
    else this.queue.push([error, context])
  }
}

let current: ErrorReporter = new LocalErrorRecorder()

export const errorReporter = () => current
export function setErrorReporter(r: ErrorReporter) {
  current = r
}

/** Reports unless the status is 300–499. Returns whether it was reported. */
export function reportError(error: unknown, context: ErrorContext = {}): boolean {
  const status = context.status ?? statusOf(error)
  if (!shouldReport(status)) return false
  current.captureException(error, { ...context, status })
  return true
}
