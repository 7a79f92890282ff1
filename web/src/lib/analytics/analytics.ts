// Analytics behind one interface: PostHog when a key and host are configured, otherwise the
// local recorder (the default, also in tests and the stack). Nothing is captured until
// `start()`, which the app calls only with analytics consent; `stop()` on withdrawal. Every
// event's properties are redacted (lib/redact.ts): no token from an e-mailed link is sent.
import { redactDeep } from '../redact'

export type AnalyticsProperties = Record<string, string | number | boolean | null | undefined>

export interface Analytics {
  readonly name: string
  readonly started: boolean
  start(): Promise<void>
  stop(): void
  capture(event: string, properties?: AnalyticsProperties): void
}

/** The full route path as `current_url` on page view and page leave. */
export const pageview = (a: Analytics, fullPath: string) =>
  a.capture('$pageview', { current_url: fullPath })
export const pageleave = (a: Analytics, fullPath: string) =>
  a.capture('$pageleave', { current_url: fullPath })

export const TEXT_TRUNCATION = 255
export const REQUEST_TIMEOUT_MS = 60_000

export interface RecordedEvent {
  event: string
  properties: AnalyticsProperties
}

/** Records what would have been sent, applying the same text truncation. */
export class LocalAnalyticsRecorder implements Analytics {
  readonly name = 'local'
  readonly events: RecordedEvent[] = []
  started = false
  start() {
    this.started = true
    return Promise.resolve()
  }
  stop() {
    this.started = false
  }
  capture(event: string, properties: AnalyticsProperties = {}) {
    if (!this.started) return
    const truncated = Object.fromEntries(
      Object.entries(redactDeep(properties)).map((
        [k, v],
      ) => [k, typeof v === 'string' ? v.slice(0, TEXT_TRUNCATION) : v]),
    )
    this.events.push({ event, properties: truncated })
  }
}

let current: Analytics = new LocalAnalyticsRecorder()

export const analytics = () => current
export function setAnalytics(a: Analytics) {
  current = a
}
