// What a consent decision does to the page: scripts added and removed, cookies deleted, the
// decision itself stored in a (necessary) cookie, and the one reload.
import type { ConsentEntry } from './consent-entries'

export const CONSENT_COOKIE = 'roots_consent'
export const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60

export type ConsentStatus = 'given' | 'not_given' | 'undecided'

export interface StoredConsent {
  status: Exclude<ConsentStatus, 'undecided'>
  enabled: string[]
}

export interface ConsentEffects {
  readStored(): StoredConsent | null
  writeStored(value: StoredConsent): void
  addScript(entry: ConsentEntry): void
  removeScript(entry: ConsentEntry): void
  deleteCookies(targetCookieIds: string[]): void
  reload(): void
}

const cookieNames = (doc: Document) =>
  doc.cookie.split(';').map((c) => c.split('=')[0]!.trim()).filter(Boolean)

export const matchesTarget = (name: string, target: string) =>
  target.endsWith('*') ? name.startsWith(target.slice(0, -1)) : name === target

/** Expires a cookie on every path and domain it may have been set with from this page. */
export function expireCookie(doc: Document, name: string) {
  const host = doc.location?.hostname ?? ''
  const parts = host.split('.')
  const domains = ['']
  // example.co.uk → .example.co.uk, .co.uk is refused by the browser: harmless.
  for (let i = 0; i < parts.length - 1; i++) domains.push(`; domain=.${parts.slice(i).join('.')}`)
  if (host) domains.push(`; domain=${host}`)
  const segs = (doc.location?.pathname ?? '/').split('/').filter(Boolean)
  const pathsToTry = ['/', ...segs.map((_, i) => '/' + segs.slice(0, i + 1).join('/'))]
  for (const d of domains) {
    for (const p of pathsToTry) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=${p}${d}`
    }
  }
}

export function browserConsentEffects(doc: Document = document): ConsentEffects {
  return {
    readStored() {
      const raw = doc.cookie.split(';').map((c) => c.trim()).find((c) =>
        c.startsWith(`${CONSENT_COOKIE}=`)
      )
      if (!raw) return null
      try {
        const v = JSON.parse(decodeURIComponent(raw.slice(CONSENT_COOKIE.length + 1))) as Partial<
          StoredConsent
        >
        if ((v.status === 'given' || v.status === 'not_given') && Array.isArray(v.enabled)) {
          return {
            status: v.status,
            enabled: v.enabled.filter((x): x is string => typeof x === 'string'),
          }
        }
      } catch { /* unreadable: ask again */ }
      return null
    },
    writeStored(value) {
      const secure = doc.location?.protocol === 'https:' ? '; secure' : ''
      doc.cookie = `${CONSENT_COOKIE}=${
        encodeURIComponent(JSON.stringify(value))
      }; path=/; max-age=${CONSENT_MAX_AGE_S}; samesite=lax${secure}`
    },
    addScript(entry) {
      if (!entry.src || doc.querySelector(`script[data-consent-id="${entry.id}"]`)) return
      const s = doc.createElement('script')
      s.src = entry.src
      s.async = true
      s.dataset.consentId = entry.id
      doc.head.appendChild(s)
    },
    removeScript(entry) {
      doc.querySelectorAll(`script[data-consent-id="${entry.id}"]`).forEach((s) => s.remove())
    },
    deleteCookies(targets) {
      for (const name of cookieNames(doc)) {
        if (name !== CONSENT_COOKIE && targets.some((t) => matchesTarget(name, t))) {
          expireCookie(doc, name)
        }
      }
    },
    reload() {
      doc.defaultView?.location.reload()
    },
  }
}
