import { afterEach, describe, expect, it } from 'vitest'
import { browserConsentEffects, CONSENT_COOKIE, matchesTarget } from './consent-effects'

const cookies = () =>
  document.cookie.split(';').map((c) => c.trim()).filter(Boolean).map((c) => c.split('=')[0])

afterEach(() => {
  for (const name of cookies()) document.cookie = `${name}=; max-age=0; path=/`
  document.head.querySelectorAll('script[data-consent-id]').forEach((s) => s.remove())
})

describe('browser consent effects', () => {
  const fx = browserConsentEffects(document)

  it('matches exact names and prefix wildcards', () => {
    expect(matchesTarget('ph_abc_posthog', 'ph_*')).toBe(true)
    expect(matchesTarget('graph_x', 'ph_*')).toBe(false)
    expect(matchesTarget('chat_id', 'chat_id')).toBe(true)
    expect(matchesTarget('chat_id2', 'chat_id')).toBe(false)
  })

  it('stores and reads the decision in its cookie', () => {
    expect(fx.readStored()).toBeNull()
    fx.writeStored({ status: 'given', enabled: ['necessary', 'analytics'] })
    expect(cookies()).toContain(CONSENT_COOKIE)
    expect(fx.readStored()).toEqual({ status: 'given', enabled: ['necessary', 'analytics'] })
  })

  it('treats a malformed decision cookie as undecided', () => {
    document.cookie = `${CONSENT_COOKIE}=%7Bnot-json; path=/`
    expect(fx.readStored()).toBeNull()
    document.cookie = `${CONSENT_COOKIE}=${
      encodeURIComponent(JSON.stringify({ status: 'maybe', enabled: [] }))
    }; path=/`
    expect(fx.readStored()).toBeNull()
  })

  it('expires the targeted cookies only, never the decision cookie, on every path and domain', () => {
    // happy-dom's cookie jar does not expire cookies faithfully; the real deletion is covered
    // in Chromium by e2e/consent.e2e.ts. Here: which writes are issued.
    const writes: string[] = []
    const fake = {
      location: { hostname: 'www.roots.test', pathname: '/sites/bath', protocol: 'https:' },
      get cookie() {
        return `${CONSENT_COOKIE}=x; ph_key_posthog=1; chat_id=2; keep_me=3`
      },
      set cookie(v: string) {
        writes.push(v)
      },
    } as unknown as Document
    browserConsentEffects(fake).deleteCookies(['ph_*', 'chat_id', 'roots_*'])
    const names = new Set(writes.map((w) => w.split('=')[0]))
    expect([...names].sort()).toEqual(['chat_id', 'ph_key_posthog'])
    expect(
      writes.every((w) => /=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=\//.test(w)),
    ).toBe(true)
    expect(writes).toContain('chat_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/')
    expect(writes).toContain(
      'chat_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/sites; domain=.roots.test',
    )
    expect(writes).toContain(
      'chat_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/; domain=www.roots.test',
    )
  })

  it('adds a script once and removes it', () => {
    const entry = { id: 'marketing', name: 'M', description: '', src: '/chat.js' }
    fx.addScript(entry)
    fx.addScript(entry)
    const found = document.head.querySelectorAll('script[data-consent-id="marketing"]')
    expect(found).toHaveLength(1)
    expect((found[0] as HTMLScriptElement).async).toBe(true)
    expect(found[0]!.getAttribute('src')).toBe('/chat.js')
    fx.removeScript(entry)
    expect(document.head.querySelectorAll('script[data-consent-id]')).toHaveLength(0)
  })

  it('adds nothing for an entry without a script', () => {
    fx.addScript({ id: 'analytics', name: 'A', description: '' })
    expect(document.head.querySelectorAll('script[data-consent-id]')).toHaveLength(0)
  })
})
