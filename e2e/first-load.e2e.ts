// The public first load stays small: the JavaScript that index.html pulls in (entry plus
// modulepreloads) carries none of the lazily loaded parts (editor, analytics, error reporting,
// the admin area with the auth client) and stays within a gzip budget.
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { webUrl } from './support/browser'

/** Strings only found in the bundles that must stay out of the first load. */
const LAZY_ONLY: Record<string, string> = {
  'ProseMirror-': 'the rich-text editor (prosemirror-view)',
  __SENTRY__: 'error reporting (@sentry/react)',
  persistence_name: 'analytics (posthog-js)',
  GoTrueClient: 'the auth client (admin area)',
}

/** Gzipped bytes of first-load JavaScript; the shell is about 120 KB today. */
const BUDGET_GZIP_BYTES = 170 * 1024

async function firstLoadScripts(): Promise<string[]> {
  const html = await (await fetch(`${webUrl()}/`)).text()
  const srcs = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]!)
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!)
  return [...new Set([...srcs, ...preloads])]
}

describe('public first load', () => {
  it('pulls in only the app shell, within the budget', async () => {
    const scripts = await firstLoadScripts()
    expect(scripts.length).toBeGreaterThan(0)
    let gzipped = 0
    for (const src of scripts) {
      const res = await fetch(new URL(src, webUrl()))
      expect(res.status, src).toBe(200)
      const code = await res.text()
      gzipped += gzipSync(code).length
      for (const [marker, what] of Object.entries(LAZY_ONLY)) {
        expect(code.includes(marker), `${what} is in the first load (${src})`).toBe(false)
      }
    }
    expect(gzipped).toBeLessThan(BUDGET_GZIP_BYTES)
  })

  it('serves the config before the app, and never the service key', async () => {
    const html = await (await fetch(`${webUrl()}/`)).text()
    expect(html.indexOf('src="/config.js"')).toBeGreaterThan(-1)
    expect(html.indexOf('src="/config.js"')).toBeLessThan(html.indexOf('type="module"'))
    const config = await (await fetch(`${webUrl()}/config.js`)).text()
    expect(config).toContain(process.env.SUPABASE_URL!)
    const key = /"supabaseAnonKey":"([^"]+)"/.exec(config)?.[1] ?? ''
    expect(key).toBe(process.env.SUPABASE_ANON_KEY)
    const claims = JSON.parse(Buffer.from(key.split('.')[1] ?? '', 'base64url').toString())
    expect(claims.role).toBe('anon')
  })
})
