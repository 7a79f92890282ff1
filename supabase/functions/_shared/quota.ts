// Per-connection limits for public forms, kept in the database (take_form_quota) so every
// function instance shares them. The connection is the first address of x-forwarded-for, which
// Supabase's edge gateway sets (as the local stack's gateway does); only its SHA-256 is stored.
// PUBLIC_FORM_LIMIT_SCALE multiplies every maximum (the local test stack raises it, since every
// request there comes from 127.0.0.1; tests of the limits set their own).
import { must } from './db.ts'
import { HttpError } from './errors.ts'
import { adminClient } from './supabase.ts'

export async function clientKey(req: Request): Promise<string> {
  const ip = (req.headers.get('x-forwarded-for') ?? '').split(',')[0]!.trim() || 'unknown'
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`roots-form-quota:${ip}`),
  )
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

export interface Quota {
  /** What is limited, e.g. `bookings` or `guided_tour:12`. */
  action: string
  /** How much this request uses (1, or a party size). */
  amount?: number
  max: number
  windowSeconds: number
  /** Shown to the person when the limit is reached. */
  message: string
}

const scale = () => Math.max(1, Number(Deno.env.get('PUBLIC_FORM_LIMIT_SCALE') ?? '1') || 1)

/** Spends the quotas in order; the first that does not fit answers 429 rate_limited. */
export async function takeQuotas(req: Request, quotas: Quota[]): Promise<void> {
  const client = await clientKey(req)
  for (const q of quotas) {
    const ok = must(
      await adminClient().rpc('take_form_quota', {
        p_action: q.action,
        p_client: client,
        p_amount: q.amount ?? 1,
        p_max: q.max * scale(),
        p_window_seconds: q.windowSeconds,
      }),
    )
    if (!ok) {
      throw new HttpError(429, 'rate_limited', q.message, { retry_after_seconds: q.windowSeconds })
    }
  }
}
