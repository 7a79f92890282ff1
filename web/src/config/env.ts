// The client's runtime configuration: `window.__ROOTS_CONFIG__` (written by the web server's
// /config.js, so one build runs against any backend), falling back to Vite's build-time env.
// Checked by hand rather than with zod: this runs before the first paint, and zod would be the
// largest library in the public first load. A missing backend URL or key fails with the
// documented messages.

export const MISSING_URL = 'supabaseUrl is required.'
export const MISSING_KEY = 'supabaseKey is required.'
export const MISSING_BOTH = "Your project's URL and API key are required"

export interface Env {
  supabaseUrl: string
  supabaseAnonKey: string
  /** PostHog project key and host; analytics stay on the local recorder without both. */
  posthogKey?: string
  posthogHost?: string
  /** Sentry DSN; error reports stay on the local recorder without it. */
  sentryDsn?: string
  /** The chat / pop-up marketing script, loaded only with marketing consent. */
  marketingScriptUrl?: string
  /**
   * Where the web host serves Storage's public `images` bucket (the web server's `/images`, on the
   * page's own origin); without it images come from the Storage API's public URLs.
   */
  imagesUrl?: string
  /** Map tile URL template (`https://…/{z}/{x}/{y}.png`); maps draw a plain outline without it. */
  mapTileUrl?: string
  /** Cookies that script sets, deleted when marketing consent is withdrawn. */
  marketingCookieIds: string[]
}

/** Trimmed text, or undefined when absent, blank or not text. */
const optionalText = (
  v: unknown,
) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)

/** A list or a comma-separated string of ids, trimmed, blanks dropped. */
const idList = (v: unknown) =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [])
    .filter((s): s is string => typeof s === 'string')
    .map((s) => s.trim())
    .filter(Boolean)

/** A root path (`/images`) or an http(s) URL, without a trailing slash; anything else is ignored. */
const imagesBase = (v: unknown) => {
  const text = optionalText(v)?.replace(/\/+$/, '')
  return text && (/^\/[^/]/.test(text) || /^https?:\/\/[^/]/.test(text)) ? text : undefined
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Source = Partial<Record<keyof Env, unknown>>

/** Merges the runtime config over the build-time env (runtime wins, empty values do not). */
export function readEnv(runtime: Source | undefined, build: Record<string, unknown>): Env {
  const pick = (key: keyof Source, viteName: string) => {
    const r = runtime?.[key]
    if (typeof r === 'string' && r.trim() !== '') return r
    const b = build[viteName]
    return typeof b === 'string' && b.trim() !== '' ? b : undefined
  }
  const supabaseUrl = optionalText(pick('supabaseUrl', 'VITE_SUPABASE_URL'))
  const supabaseAnonKey = optionalText(pick('supabaseAnonKey', 'VITE_SUPABASE_ANON_KEY'))
  if (!supabaseUrl && !supabaseAnonKey) throw new ConfigError(MISSING_BOTH)
  if (!supabaseUrl) throw new ConfigError(MISSING_URL)
  if (!supabaseAnonKey) throw new ConfigError(MISSING_KEY)
  if (!/^https?:\/\//.test(supabaseUrl)) {
    throw new ConfigError('Invalid supabaseUrl: Must be a valid HTTP or HTTPS URL.')
  }
  return {
    supabaseUrl: supabaseUrl.replace(/\/+$/, ''),
    supabaseAnonKey,
    posthogKey: optionalText(pick('posthogKey', 'VITE_POSTHOG_KEY')),
    posthogHost: optionalText(pick('posthogHost', 'VITE_POSTHOG_HOST')),
    sentryDsn: optionalText(pick('sentryDsn', 'VITE_SENTRY_DSN')),
    marketingScriptUrl: optionalText(pick('marketingScriptUrl', 'VITE_MARKETING_SCRIPT_URL')),
    mapTileUrl: optionalText(pick('mapTileUrl', 'VITE_MAP_TILE_URL')),
    imagesUrl: imagesBase(pick('imagesUrl', 'VITE_IMAGES_URL')),
    marketingCookieIds: idList(
      Array.isArray(runtime?.marketingCookieIds)
        ? runtime.marketingCookieIds
        : pick('marketingCookieIds', 'VITE_MARKETING_COOKIE_IDS'),
    ),
  }
}

declare global {
  var __ROOTS_CONFIG__: Source | undefined
}

let cached: Env | undefined

/** The app's env, read once. Throws ConfigError when the backend URL or key is missing. */
export function env(): Env {
  cached ??= readEnv(globalThis.__ROOTS_CONFIG__, import.meta.env)
  return cached
}
