import { describe, expect, it } from 'vitest'
import { redactDeep, redactSecrets } from './redact'

describe('redactSecrets', () => {
  it('replaces the values of secret query and fragment parameters, keeping everything else', () => {
    expect(redactSecrets('/queue/ready?reference=0123456789abcdef0123456789abcdef'))
      .toBe('/queue/ready?reference=redacted')
    expect(redactSecrets('https://roots.example/queue/ready?offer=abc123&answer=accept'))
      .toBe('https://roots.example/queue/ready?offer=redacted&answer=accept')
    expect(redactSecrets('/queue/ready?city=bath&still_interested=ff00&x=1')).toBe(
      '/queue/ready?city=bath&still_interested=redacted&x=1',
    )
    expect(redactSecrets('/welcome-slot?booking=ab#map')).toBe('/welcome-slot?booking=redacted#map')
    expect(redactSecrets('/checkout/success?session_id=cs_test_1')).toBe(
      '/checkout/success?session_id=redacted',
    )
    expect(redactSecrets('/login#access_token=eyJ.a.b&refresh_token=r1&type=magiclink'))
      .toBe('/login#access_token=redacted&refresh_token=redacted&type=magiclink')
    expect(redactSecrets('/Queue/Ready?REFERENCE=abc')).toBe('/Queue/Ready?REFERENCE=redacted')
  })

  it('leaves paths without secrets, and look-alike names, alone', () => {
    for (
      const s of [
        '/sites?city=bath#map',
        '/sites/bath/avon-views',
        '/kb/reference-guide',
        '/x?preference=half',
        'reference=abc',
      ]
    ) {
      expect(redactSecrets(s)).toBe(s)
    }
  })
})

describe('redactDeep', () => {
  it('redacts strings anywhere in an event, arrays and nesting included', () => {
    const event = {
      properties: {
        $current_url: 'https://a.example/queue/ready?offer=t0k',
        n: 3,
        ok: true,
        nil: null,
      },
      breadcrumbs: [{ data: { from: '/queue/ready?reference=r1', to: '/sites' } }],
    }
    expect(redactDeep(event)).toEqual({
      properties: {
        $current_url: 'https://a.example/queue/ready?offer=redacted',
        n: 3,
        ok: true,
        nil: null,
      },
      breadcrumbs: [{ data: { from: '/queue/ready?reference=redacted', to: '/sites' } }],
    })
    expect(event.properties.$current_url).toContain('t0k')
  })

  it('drops what is nested deeper than it looks rather than send it unredacted', () => {
    const deep = { a: { b: { c: '/q?token=secret' } } }
    expect(redactDeep(deep, 2)).toEqual({ a: { b: undefined } })
  })
})
