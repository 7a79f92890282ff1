import { describe, expect, it } from 'vitest'
import { MISSING_BOTH, MISSING_KEY, MISSING_URL, readEnv } from './env'

describe('env', () => {
  it('prefers the runtime config over the build env', () => {
    const e = readEnv({ supabaseUrl: 'http://127.0.0.1:9999/', supabaseAnonKey: 'runtime-key' }, {
      VITE_SUPABASE_URL: 'http://build',
      VITE_SUPABASE_ANON_KEY: 'build-key',
    })
    expect(e.supabaseUrl).toBe('http://127.0.0.1:9999')
    expect(e.supabaseAnonKey).toBe('runtime-key')
    expect(e.posthogKey).toBeUndefined()
  })

  it('falls back to the build env when the runtime config is absent or blank', () => {
    const e = readEnv({ supabaseUrl: ' ' }, {
      VITE_SUPABASE_URL: 'https://x.supabase.co',
      VITE_SUPABASE_ANON_KEY: 'k',
    })
    expect(e).toMatchObject({ supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'k' })
  })

  it('names a missing URL, a missing key, or both, in the documented words', () => {
    expect(() => readEnv({ supabaseAnonKey: 'k' }, {})).toThrow(MISSING_URL)
    expect(() => readEnv({ supabaseUrl: 'http://a' }, {})).toThrow(MISSING_KEY)
    expect(() => readEnv(undefined, {})).toThrow(MISSING_BOTH)
    expect(MISSING_URL).toBe('supabaseUrl is required.')
    expect(MISSING_KEY).toBe('supabaseKey is required.')
    expect(MISSING_BOTH).toBe("Your project's URL and API key are required")
  })

  it('rejects a URL that is not http(s)', () => {
    expect(() => readEnv({ supabaseUrl: 'ftp://a', supabaseAnonKey: 'k' }, {})).toThrow(
      /valid HTTP or HTTPS/,
    )
  })

  it('trims the optional settings, drops blank ones, and reads cookie ids from a list or a comma string', () => {
    const base = { supabaseUrl: 'http://a', supabaseAnonKey: 'k' }
    const e = readEnv({
      ...base,
      posthogKey: '  ph  ',
      sentryDsn: '   ',
      marketingCookieIds: [' a ', '', 'b'],
    }, { VITE_MARKETING_COOKIE_IDS: 'x,y' })
    expect(e.posthogKey).toBe('ph')
    expect(e.sentryDsn).toBeUndefined()
    expect(e.marketingCookieIds).toEqual(['a', 'b'])
    expect(readEnv(base, { VITE_MARKETING_COOKIE_IDS: ' x , ,y ' }).marketingCookieIds).toEqual([
      'x',
      'y',
    ])
    expect(readEnv(base, {}).marketingCookieIds).toEqual([])
  })

  it('takes an images base that is a root path or an http(s) URL, without its trailing slash', () => {
    const base = { supabaseUrl: 'http://a', supabaseAnonKey: 'k' }
    expect(readEnv({ ...base, imagesUrl: '/images/' }, {}).imagesUrl).toBe('/images')
    expect(readEnv(base, { VITE_IMAGES_URL: 'https://cdn.example.com/img' }).imagesUrl).toBe(
      'https://cdn.example.com/img',
    )
    for (const bad of ['images', '//evil.example/x', 'javascript:alert(1)', '  ']) {
      expect(readEnv({ ...base, imagesUrl: bad }, {}).imagesUrl).toBeUndefined()
    }
  })
})
