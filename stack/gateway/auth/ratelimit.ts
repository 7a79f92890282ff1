// Request and e-mail limits, kept in memory per gateway as Supabase Auth keeps them per
// instance: a sliding window of hit times per key.
//
// E-mail has four gates, all answered 429 over_email_send_rate_limit:
//   - per recipient: one per max_frequency (GoTrue's wording: "you can only request this after
//     N seconds") and a few an hour;
//   - per client IP: a few an hour, so one visitor cannot spend everyone's quota;
//   - the project-wide email_sent bucket, applied as GoTrue applies it (internal/api/mail.go,
//     sendEmail: only while e-mail confirmations are on, i.e. autoconfirm is off; 0 refuses all).
// They are charged per request, for the address asked about, before anyone looks the address up,
// so a 429 says nothing about whether it has an account (see chargeEmail).
import { tooMany } from './errors.ts'
import type { RateLimits } from './settings.ts'

export class SlidingWindow {
  private hits = new Map<string, number[]>()

  constructor(readonly limit: number, readonly windowSeconds: number) {}

  private live(key: string, now: number): number[] {
    const since = now - this.windowSeconds * 1000
    return (this.hits.get(key) ?? []).filter((t) => t > since)
  }

  /** How many more hits `key` may take now. */
  free(key: string, now = Date.now()): number {
    return Math.max(0, this.limit - this.live(key, now).length)
  }

  /** Seconds until `key` may take another hit (0: it may now). */
  wait(key: string, now = Date.now()): number {
    if (this.limit <= 0) return this.windowSeconds
    const list = this.live(key, now)
    if (list.length < this.limit) return 0
    return Math.max(
      1,
      Math.ceil((list[list.length - this.limit] + this.windowSeconds * 1000 - now) / 1000),
    )
  }

  /** Records one hit for `key` without checking. */
  record(key: string, now = Date.now()): void {
    const list = this.live(key, now)
    list.push(now)
    this.hits.set(key, list)
    if (this.hits.size > 10_000) this.prune(now - this.windowSeconds * 1000)
  }

  /** Records one hit for `key`; false when the key is already at its limit. */
  take(key: string, now = Date.now()): boolean {
    if (this.wait(key, now) > 0) return false
    this.record(key, now)
    return true
  }

  private prune(since: number) {
    for (const [k, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(k)
  }
}

export interface EmailLimiters {
  /** One per max_frequency per address (absent when max_frequency is 0). */
  recipientFrequency: SlidingWindow | null
  recipientHourly: SlidingWindow
  ipHourly: SlidingWindow
  /** email_sent per hour, all addresses; null while autoconfirm is on (GoTrue skips it then). */
  global: SlidingWindow | null
  /** email_sent = 0: GoTrue refuses every e-mail, whatever autoconfirm says. */
  none: boolean
}

export interface Limiters {
  signIn: SlidingWindow
  refresh: SlidingWindow
  verify: SlidingWindow
  mfa: SlidingWindow
  email: EmailLimiters
  smsSent: SlidingWindow
}

export function createLimiters(r: RateLimits, mailerAutoconfirm: boolean): Limiters {
  return {
    signIn: new SlidingWindow(r.signInSignUps, 300),
    refresh: new SlidingWindow(r.tokenRefresh, 300),
    verify: new SlidingWindow(r.verify, 300),
    mfa: new SlidingWindow(r.mfa, 3600),
    email: {
      recipientFrequency: r.emailFrequencySeconds > 0
        ? new SlidingWindow(1, r.emailFrequencySeconds)
        : null,
      recipientHourly: new SlidingWindow(r.emailPerRecipient, 3600),
      ipHourly: new SlidingWindow(r.emailPerIp, 3600),
      global: mailerAutoconfirm || r.emailSent <= 0 ? null : new SlidingWindow(r.emailSent, 3600),
      none: r.emailSent <= 0,
    },
    smsSent: new SlidingWindow(r.smsSent, 3600),
  }
}

export function limitRequest(w: SlidingWindow, ip: string): void {
  if (!w.take(ip)) throw tooMany('over_request_rate_limit', 'Request rate limit reached')
}

/** GoTrue's message for the global bucket (EmailRateLimitExceeded in internal/api/mail.go). */
export const EMAIL_RATE_LIMIT_MESSAGE = 'email rate limit exceeded'

const emailLimited = () => tooMany('over_email_send_rate_limit', EMAIL_RATE_LIMIT_MESSAGE)

/** Charges one e-mail to each address for a request from `ip`: all gates are checked first and
 *  nothing is recorded unless every one lets it through. Callers charge what a request would
 *  send to the address it names, whether or not an account has that address, and before they
 *  look it up, so known and unknown addresses meet the same limits. */
export function chargeEmail(
  limits: Limiters,
  ip: string,
  addresses: string[],
  now = Date.now(),
): void {
  const e = limits.email
  if (e.none) throw emailLimited()
  const keys = addresses.map((a) => a.trim().toLowerCase())
  for (const key of keys) {
    const left = e.recipientFrequency?.wait(key, now) ?? 0
    if (left > 0) {
      throw tooMany(
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${left} seconds.`,
      )
    }
  }
  const count = (key: string) => keys.filter((k) => k === key).length
  for (const key of new Set(keys)) {
    if (e.recipientHourly.free(key, now) < count(key)) throw emailLimited()
  }
  if (e.ipHourly.free(ip, now) < keys.length) throw emailLimited()
  if (e.global && e.global.free('global', now) < keys.length) throw emailLimited()
  for (const key of keys) {
    e.recipientFrequency?.record(key, now)
    e.recipientHourly.record(key, now)
    e.ipHourly.record(ip, now)
    e.global?.record('global', now)
  }
}
