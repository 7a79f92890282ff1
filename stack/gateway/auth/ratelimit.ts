// Per-IP (and global) request limits, kept in memory per gateway as Supabase Auth keeps them per
// instance: a sliding window of request times per key.
import { tooMany } from './errors.ts'

export class SlidingWindow {
  private hits = new Map<string, number[]>()

  constructor(readonly limit: number, readonly windowSeconds: number) {}

  /** Records one hit for `key`; false when the key is already at its limit. */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowSeconds * 1000
    const list = (this.hits.get(key) ?? []).filter((t) => t > since)
    if (list.length >= this.limit) {
      this.hits.set(key, list)
      return false
    }
    list.push(now)
    this.hits.set(key, list)
    if (this.hits.size > 10_000) this.prune(since)
    return true
  }

  private prune(since: number) {
    for (const [k, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(k)
  }
}

export interface Limiters {
  signIn: SlidingWindow
  refresh: SlidingWindow
  verify: SlidingWindow
  mfa: SlidingWindow
  emailSent: SlidingWindow
  smsSent: SlidingWindow
}

export function createLimiters(r: {
  signInSignUps: number
  tokenRefresh: number
  verify: number
  mfa: number
  emailSent: number
  smsSent: number
}): Limiters {
  return {
    signIn: new SlidingWindow(r.signInSignUps, 300),
    refresh: new SlidingWindow(r.tokenRefresh, 300),
    verify: new SlidingWindow(r.verify, 300),
    mfa: new SlidingWindow(r.mfa, 3600),
    emailSent: new SlidingWindow(r.emailSent, 3600),
    smsSent: new SlidingWindow(r.smsSent, 3600),
  }
}

export function limitRequest(w: SlidingWindow, ip: string): void {
  if (!w.take(ip)) throw tooMany('over_request_rate_limit', 'Request rate limit reached')
}
