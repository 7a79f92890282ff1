import { describe, expect, it } from 'vitest'
import type { PostHog } from 'posthog-js'
import { LocalAnalyticsRecorder, pageleave, pageview } from './analytics'
import { PosthogAnalytics, posthogConfig } from './posthog'

describe('local analytics recorder', () => {
  it('records nothing before start or after stop, and truncates text to 255 characters', async () => {
    const a = new LocalAnalyticsRecorder()
    pageview(a, '/ignored')
    await a.start()
    pageview(a, '/sites?city=bath#map')
    a.capture('long', { text: 'x'.repeat(300), n: 3 })
    a.stop()
    pageleave(a, '/after-stop')
    expect(a.events).toEqual([
      { event: '$pageview', properties: { current_url: '/sites?city=bath#map' } },
      { event: 'long', properties: { text: 'x'.repeat(255), n: 3 } },
    ])
  })
})

describe('secret link parameters', () => {
  it('never reach the local recorder: page views, page leaves and events are redacted', async () => {
    const a = new LocalAnalyticsRecorder()
    await a.start()
    pageview(a, '/queue/ready?offer=0f0f0f&answer=accept')
    pageleave(a, '/queue/ready?reference=abcdef0123')
    a.capture('clicked', { href: '/welcome-slot?booking=b00k', label: 'Keep' })
    expect(a.events).toEqual([
      {
        event: '$pageview',
        properties: { current_url: '/queue/ready?offer=redacted&answer=accept' },
      },
      { event: '$pageleave', properties: { current_url: '/queue/ready?reference=redacted' } },
      { event: 'clicked', properties: { href: '/welcome-slot?booking=redacted', label: 'Keep' } },
    ])
  })

  it('never reach PostHog: what the app captures and what PostHog adds from the address bar', async () => {
    const calls: unknown[][] = []
    const fake = {
      init: () => {},
      capture: (...a: unknown[]) => calls.push(a),
    } as unknown as PostHog
    const a = new PosthogAnalytics('phc_key', 'https://ph.example', () => Promise.resolve(fake))
    await a.start()
    pageview(a, '/queue/ready?still_interested=5ec2e7')
    expect(calls).toEqual([['$pageview', {
      current_url: '/queue/ready?still_interested=redacted',
    }]])
    const beforeSend = posthogConfig('https://ph.example').before_send as (e: unknown) => unknown
    const event = {
      event: '$pageview',
      properties: {
        $current_url: 'https://roots.example/queue/ready?offer=t0k3n',
        $referrer: 'https://mail.example/?x=1',
      },
    }
    expect(beforeSend(event)).toEqual({
      event: '$pageview',
      properties: {
        $current_url: 'https://roots.example/queue/ready?offer=redacted',
        $referrer: 'https://mail.example/?x=1',
      },
    })
    expect(beforeSend(null)).toBeNull()
  })
})

describe('posthog analytics', () => {
  it('configures batching, the 60 s timeout, 255-character truncation and no automatic page views', () => {
    expect(posthogConfig('https://eu.i.posthog.com')).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      request_batching: true,
      properties_string_max_length: 255,
      feature_flag_request_timeout_ms: 60_000,
      capture_pageview: false,
      capture_pageleave: false,
      disable_external_dependency_loading: true,
    })
  })

  it('loads PostHog only on start, sends queued and later events, opts out on stop', async () => {
    const calls: unknown[][] = []
    let loads = 0
    const fake = {
      init: (...a: unknown[]) => calls.push(['init', ...a]),
      capture: (...a: unknown[]) => calls.push(['capture', ...a]),
      opt_out_capturing: () => calls.push(['opt_out']),
      opt_in_capturing: () => calls.push(['opt_in']),
      reset: () => calls.push(['reset']),
    } as unknown as PostHog
    const a = new PosthogAnalytics('phc_key', 'https://ph.example', () => {
      loads++
      return Promise.resolve(fake)
    })
    pageview(a, '/before-consent')
    expect(loads).toBe(0)
    const started = a.start()
    pageview(a, '/queued')
    await started
    pageleave(a, '/queued')
    a.stop()
    pageview(a, '/after-stop')
    await a.start()
    expect(loads).toBe(1)
    expect(calls.map((c) => c[0])).toEqual([
      'init',
      'capture',
      'capture',
      'opt_out',
      'reset',
      'opt_in',
    ])
    expect(calls[0]!.slice(1, 2)).toEqual(['phc_key'])
    expect(calls[1]).toEqual(['capture', '$pageview', { current_url: '/queued' }])
    expect(calls[2]).toEqual(['capture', '$pageleave', { current_url: '/queued' }])
  })
})
