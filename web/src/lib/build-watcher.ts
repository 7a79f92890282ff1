// New-build detection: the build writes /builds/latest.json
// ({ buildId, builtAt }); the client polls it with a timestamp query every 5 minutes and when
// the tab regains focus. Once a different build is seen, the next route change reloads the page
// (through the 10 s reload guard).
import { isNonEmptyString, isRecord } from './shape'

export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000
export const LATEST_BUILD_PATH = '/builds/latest.json'

export interface BuildInfo {
  buildId: string
  builtAt: string
}

const asBuildInfo = (v: unknown): BuildInfo | null =>
  isRecord(v) && isNonEmptyString(v.buildId) && typeof v.builtAt === 'string'
    ? { buildId: v.buildId, builtAt: v.builtAt }
    : null

export interface BuildWatcherOptions {
  currentBuildId: string
  fetch?: typeof fetch
  now?: () => number
  /** Where focus / visibility events come from. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    document?: Pick<Document, 'visibilityState'>
  }
  setInterval?: (fn: () => void, ms: number) => unknown
  clearInterval?: (id: unknown) => void
}

export class BuildWatcher {
  /** Set once a build other than ours has been published. */
  newBuildAvailable = false
  latest: BuildInfo | null = null
  private timer: unknown = null
  private stopListening: (() => void) | null = null

  constructor(private readonly opts: BuildWatcherOptions) {}

  async check(): Promise<boolean> {
    const url = `${LATEST_BUILD_PATH}?t=${(this.opts.now ?? Date.now)()}`
    try {
      const res = await (this.opts.fetch ?? fetch)(url, { cache: 'no-store' })
      if (!res.ok) return this.newBuildAvailable
      const info = asBuildInfo(await res.json())
      if (!info) return this.newBuildAvailable
      this.latest = info
      if (info.buildId !== this.opts.currentBuildId) this.newBuildAvailable = true
    } catch { /* offline: try again later */ }
    return this.newBuildAvailable
  }

  start() {
    if (this.timer !== null) return
    const set = this.opts.setInterval ?? ((fn, ms) => setInterval(fn, ms))
    this.timer = set(() => void this.check(), BUILD_POLL_INTERVAL_MS)
    const target = this.opts.target ?? window
    const onFocus = () => void this.check()
    const onVisible = () => {
      if ((target.document ?? document).visibilityState === 'visible') void this.check()
    }
    target.addEventListener('focus', onFocus)
    target.addEventListener('visibilitychange', onVisible)
    this.stopListening = () => {
      target.removeEventListener('focus', onFocus)
      target.removeEventListener('visibilitychange', onVisible)
    }
  }

  stop() {
    if (this.timer !== null) {
      ;(this.opts.clearInterval ?? ((id) => clearInterval(id as number)))(this.timer)
    }
    this.timer = null
    this.stopListening?.()
    this.stopListening = null
  }
}
