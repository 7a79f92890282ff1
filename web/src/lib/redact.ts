// Secrets in links never leave the browser. E-mailed links carry private tokens in the query
// (a waiting-list reference, an offer token, a still-interested token, a booking reference, a
// checkout session, a vote's confirmation) and Supabase Auth puts tokens in the fragment of a magic link. Pages clear
// them from the address bar, but analytics (page views, page leaves, PostHog's own
// $current_url) and error reports can read the address first: every string they send passes
// through redactSecrets, which keeps the parameter's name and replaces its value.

/** Query and fragment parameters whose values are secrets. */
export const SECRET_PARAMS = [
  'reference',
  'offer',
  'still_interested',
  'booking',
  'token',
  'token_hash',
  'session_id',
  'code',
  'access_token',
  'refresh_token',
  'provider_token',
  'provider_refresh_token',
  'voucher',
  'confirm',
] as const

export const REDACTED = 'redacted'

const PATTERN = new RegExp(`([?&#])(${SECRET_PARAMS.join('|')})=([^&#\\s"']*)`, 'gi')

/** The same text with every secret parameter's value replaced. */
export function redactSecrets(text: string): string {
  return text.replace(PATTERN, (_, sep: string, name: string) => `${sep}${name}=${REDACTED}`)
}

/** A copy of `value` with redactSecrets applied to every string in it (objects and arrays to a
 *  bounded depth; anything deeper is dropped rather than sent unredacted). */
export function redactDeep<T>(value: T, depth = 8): T {
  if (typeof value === 'string') return redactSecrets(value) as T
  if (value === null || typeof value !== 'object') return value
  if (depth <= 0) return undefined as T
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth - 1)) as T
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = redactDeep(v, depth - 1)
  }
  return out as T
}
