// PostHog behind the Analytics interface, loaded in its own chunk on `start()` (only ever
// called with analytics consent). Page views are captured by the app's router, so the path
// sent is the route's full path.
import type { PostHog, PostHogConfig } from 'posthog-js'
import {
  type Analytics,
  type AnalyticsProperties,
  REQUEST_TIMEOUT_MS,
  TEXT_TRUNCATION,
} from './analytics'
import { redactDeep } from '../redact'

export function posthogConfig(apiHost: string): Partial<PostHogConfig> {
  return {
    api_host: apiHost,
    // The router sends $pageview / $pageleave with the route's full path.
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: false,
    request_batching: true,
    properties_string_max_length: TEXT_TRUNCATION,
    // Capture requests use PostHog's own 60 s timeout; the flag ("decide") request gets the same.
    feature_flag_request_timeout_ms: REQUEST_TIMEOUT_MS,
    persistence: 'localStorage+cookie',
    // No script from PostHog's CDN: the page's CSP allows only our own scripts.
    disable_external_dependency_loading: true,
    disable_session_recording: true,
    disable_surveys: true,
    // PostHog adds $current_url, $referrer, $pathname… from the address bar to every event, before
    // a page has cleared its token: redact everything it is about to send.
    before_send: (event) => (event ? redactDeep(event) : event),
  }
}

export class PosthogAnalytics implements Analytics {
  readonly name = 'posthog'
  started = false
  private client: PostHog | null = null
  private pending: Array<[string, AnalyticsProperties]> = []
  constructor(
    private readonly key: string,
    private readonly host: string,
    private readonly load: () => Promise<PostHog> = () =>
      import('posthog-js').then((m) => m.default),
  ) {}
  async start() {
    if (this.started) return
    this.started = true
    const ph = this.client ?? (await this.load())
    if (!this.client) ph.init(this.key, posthogConfig(this.host))
    else ph.opt_in_capturing()
    this.client = ph
    for (const [e, p] of this.pending.splice(0)) if (this.started) ph.capture(e, p)
  }
  stop() {
    this.started = false
    this.pending = []
    this.client?.opt_out_capturing()
    this.client?.reset()
  }
  capture(event: string, properties: AnalyticsProperties = {}) {
    if (!this.started) return
    const safe = redactDeep(properties)
    if (this.client) this.client.capture(event, safe)
    else this.pending.push([event, safe])
  }
}
