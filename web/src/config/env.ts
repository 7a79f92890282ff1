// The client's runtime configuration: `window.__ROOTS_CONFIG__` (written by the web server's
// /config.js, so one build runs against any backend), falling back to Vite's build-time env.
// Checked with zod; a missing backend URL or key fails with the messages of spec §8.
import { z } from 'zod'

export const MISSING_URL = 'supabaseUrl is required.'
export const MISSING_KEY = 'supabaseKey is required.'
export const MISSING_BOTH = "Your project's URL and API key are required"

const optionalText = z.string().trim().min(1).optional().catch(undefined)

const envSchema = z
  .object({
    supabaseUrl: z.string().trim().optional(),
    supabaseAnonKey: z.string().trim().optional(),
    /** PostHog project key and host; analytics stay on the local recorder without both. */
    posthogKey: optionalText,
    posthogHost: optionalText,
    /** Sentry DSN; error reports stay on the local recorder without it. */
    sentryDsn: optionalText,
    /** The chat / pop-up marketing script, loaded only with marketing consent. */
    marketingScriptUrl: optionalText,
    /** Map tile URL template (`https://…/{z}/{x}/{y}.png`); maps draw a plain outline without it. */
    mapTileUrl: optionalText,
    /** Cookies that script sets, deleted when marketing consent is withdrawn. */
    marketingCookieIds: z
      .union([z.array(z.string()), z.string().transform((s) => s.split(','))])
      .optional()
      .transform((v) => (v ?? []).map((s) => s.trim()).filter(Boolean)),
  })
  .superRefine((v, ctx) => {
    if (!v.supabaseUrl && !v.supabaseAnonKey) ctx.addIssue({ code: 'custom', message: MISSING_BOTH })
    else if (!v.supabaseUrl) ctx.addIssue({ code: 'custom', path: ['supabaseUrl'], message: MISSING_URL })
    else if (!v.supabaseAnonKey) ctx.addIssue({ code: 'custom', path: ['supabaseAnonKey'], message: MISSING_KEY })
    else if (!/^https?:\/\//.test(v.supabaseUrl)) {
      ctx.addIssue({ code: 'custom', path: ['supabaseUrl'], message: 'Invalid supabaseUrl: Must be a valid HTTP or HTTPS URL.' })
    }
  })
  .transform((v) => ({ ...v, supabaseUrl: v.supabaseUrl!.replace(/\/+$/, ''), supabaseAnonKey: v.supabaseAnonKey! }))

export type Env = z.infer<typeof envSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Source = Partial<Record<keyof z.input<typeof envSchema>, unknown>>

/** Merges the runtime config over the build-time env (runtime wins, empty values do not). */
export function readEnv(runtime: Source | undefined, build: Record<string, unknown>): Env {
  const pick = (key: keyof Source, viteName: string) => {
    const r = runtime?.[key]
    if (typeof r === 'string' && r.trim() !== '') return r
    const b = build[viteName]
    return typeof b === 'string' && b.trim() !== '' ? b : undefined
  }
  const parsed = envSchema.safeParse({
    supabaseUrl: pick('supabaseUrl', 'VITE_SUPABASE_URL'),
    supabaseAnonKey: pick('supabaseAnonKey', 'VITE_SUPABASE_ANON_KEY'),
    posthogKey: pick('posthogKey', 'VITE_POSTHOG_KEY'),
    posthogHost: pick('posthogHost', 'VITE_POSTHOG_HOST'),
    sentryDsn: pick('sentryDsn', 'VITE_SENTRY_DSN'),
    marketingScriptUrl: pick('marketingScriptUrl', 'VITE_MARKETING_SCRIPT_URL'),
    mapTileUrl: pick('mapTileUrl', 'VITE_MAP_TILE_URL'),
    marketingCookieIds: Array.isArray(runtime?.marketingCookieIds) ? runtime.marketingCookieIds : pick('marketingCookieIds', 'VITE_MARKETING_COOKIE_IDS'),
  })
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]!.message)
  return parsed.data
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
