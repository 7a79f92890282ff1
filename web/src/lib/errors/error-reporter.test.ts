import { describe, expect, it } from 'vitest'
import { LocalErrorRecorder, reportError, SentryReporter, setErrorReporter } from './error-reporter'
import {
  HttpError,
  isBotUserAgent,
  routeValidationError,
  shouldReport,
  statusOf,
} from './http-error'

describe('status rules', () => {
  it('reports everything except 300–499', () => {
    expect([200, 299, 300, 301, 404, 499, 500, 503].map(shouldReport)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      true,
      true,
    ])
  })

  it('treats a missing or invalid status as 500', () => {
    expect(statusOf(new Error('x'))).toBe(500)
    expect(statusOf({ statusCode: 404 })).toBe(404)
    expect(statusOf({ status: 'abc' })).toBe(500)
    expect(statusOf({ status: 99 })).toBe(500)
    expect(statusOf(null)).toBe(500)
    expect(statusOf(new HttpError(410))).toBe(410)
  })

  it('words route validation failures in the documented words', () => {
    const e = routeValidationError('/sites/x/y')
    expect(e.status).toBe(404)
    expect(e.message).toBe('Page Not Found: /sites/x/y')
    expect(new HttpError(500).message).toBe('Internal Server Error')
  })

  it('recognises crawlers, audit tools and link-preview bots, not browsers', () => {
    for (
      const ua of [
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
        'facebookexternalhit/1.1',
        'Twitterbot/1.0',
        'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
        'WhatsApp/2.23.20.0',
        'LinkedInBot/1.0 (compatible; Mozilla/5.0)',
      ]
    ) expect(isBotUserAgent(ua)).toBe(true)
    for (
      const ua of [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
        '',
      ]
    ) expect(isBotUserAgent(ua)).toBe(false)
  })
})

describe('reporters', () => {
  it('reportError skips 3xx/4xx and records the rest locally', () => {
    const r = new LocalErrorRecorder()
    setErrorReporter(r)
    expect(reportError(new HttpError(404))).toBe(false)
    expect(reportError(new HttpError(302))).toBe(false)
    expect(reportError(new Error('db down'), { source: 'route' })).toBe(true)
    expect(reportError('string thrown', { status: 502 })).toBe(true)
    expect(r.reported).toEqual([
      { message: 'db down', status: 500, context: { source: 'route', status: 500 } },
      { message: 'string thrown', status: 502, context: { status: 502 } },
    ])
  })

  it('Sentry is initialised with the DSN, filters 3xx/4xx in beforeSend, and receives queued reports', async () => {
    const sent: Array<[unknown, unknown]> = []
    let options: Record<string, unknown> = {}
    let resolve!: () => void
    const loaded = new Promise<void>((r) => {
      resolve = r
    })
    const fake = {
      init: (o: Record<string, unknown>) => {
        options = o
      },
      captureException: (e: unknown, hint: unknown) => {
        sent.push([e, hint])
      },
    }
    const reporter = new SentryReporter(
      'https://k@sentry.example/1',
      () => loaded.then(() => fake),
      'build-7',
    )
    const boom = new Error('before load')
    reporter.captureException(boom, { status: 500, source: 'route', path: '/x' })
    expect(sent).toEqual([])
    resolve()
    await loaded
    await Promise.resolve()
    expect(options.dsn).toBe('https://k@sentry.example/1')
    expect(options.release).toBe('build-7')
    expect(sent).toEqual([[boom, {
      contexts: { http: { status: 500 }, app: { source: 'route', path: '/x' } },
    }]])
    const beforeSend = options.beforeSend as (e: object) => object | null
    expect(beforeSend({ contexts: { http: { status: 404 } } })).toBeNull()
    expect(beforeSend({ contexts: { http: { status: 500 } } })).not.toBeNull()
    expect(beforeSend({})).not.toBeNull()
    expect(
      beforeSend({
        request: { url: 'https://roots.example/queue/ready?reference=abc123' },
        contexts: { app: { path: '/queue/ready?offer=t0k' } },
      }),
    )
      .toEqual({
        request: { url: 'https://roots.example/queue/ready?reference=redacted' },
        contexts: { app: { path: '/queue/ready?offer=redacted' } },
      })
    const beforeBreadcrumb = options.beforeBreadcrumb as (c: object) => object
    expect(
      beforeBreadcrumb({
        category: 'navigation',
        data: { from: '/queue/ready?still_interested=s1', to: '/' },
      }),
    )
      .toEqual({
        category: 'navigation',
        data: { from: '/queue/ready?still_interested=redacted', to: '/' },
      })
    const integrations =
      (options.integrations as (d: Array<{ name: string }>) => Array<{ name: string }>)(
        [{ name: 'GlobalHandlers' }, { name: 'Breadcrumbs' }, { name: 'BrowserApiErrors' }],
      )
    expect(integrations.map((i) => i.name)).toEqual(['Breadcrumbs'])
  })
})
