// What each page of a journey asked the API and heard back, and what its console said: the last
// few entries per page, for the failure report (failure-report.ts). A journey that failed once in
// CI ("Accept the plot" changed nothing for 90 s) showed what the page looked like but not
// whether the request was sent, failed or never answered; this says which.
import type { BrowserContext, Page } from 'playwright-core'

const KEEP = 40
const logs = new WeakMap<Page, string[]>()
/** Requests sent and not yet finished: their log line so far and when they were sent. */
const waiting = new WeakMap<Page, Map<object, { line: string; at: number }>>()

function note(page: Page, line: string) {
  let log = logs.get(page)
  if (!log) logs.set(page, log = [])
  log.push(line)
  if (log.length > KEEP) log.shift()
}

/** A built asset or page file, not an API call: left out of the log unless it fails. */
const isAsset = (url: URL) =>
  /\.(js|css|png|jpe?g|svg|ico|woff2?|webp|gif|json|map)$/.test(url.pathname)

function watchPage(page: Page) {
  const at = () => new Date().toISOString().slice(11, 23)
  const where = (raw: string) => {
    const u = new URL(raw)
    return `${u.pathname}${u.search.length > 80 ? `${u.search.slice(0, 80)}…` : u.search}`
  }
  const pending = new Map<object, { line: string; at: number }>()
  waiting.set(page, pending)
  page.on('request', (req) => {
    if (req.url().startsWith('data:')) return
    pending.set(req, { line: `${at()} ${req.method()} ${where(req.url())}`, at: Date.now() })
  })
  page.on('requestfinished', (req) => pending.delete(req))
  page.on('response', (res) => {
    const req = res.request()
    const url = new URL(req.url())
    if (url.protocol === 'data:' || (isAsset(url) && res.status() < 400)) return
    const ms = Date.now() - (pending.get(req)?.at ?? Date.now())
    note(page, `${at()} ${req.method()} ${where(req.url())} → ${res.status()} (${ms} ms)`)
  })
  page.on('requestfailed', (req) => {
    pending.delete(req)
    if (req.url().startsWith('data:')) return
    note(
      page,
      `${at()} ${req.method()} ${where(req.url())} failed: ${req.failure()?.errorText ?? '?'}`,
    )
  })
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') {
      note(page, `${at()} console.${m.type()}: ${m.text().slice(0, 300)}`)
    }
  })
  page.on('pageerror', (e) => note(page, `${at()} page error: ${e.message.slice(0, 300)}`))
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(page, `${at()} at ${where(f.url())}`)
  })
}

/** Logs every page the context opens from now on. */
export function watchContext(context: BrowserContext) {
  for (const page of context.pages()) watchPage(page)
  context.on('page', watchPage)
}

/** The page's last requests, answers and console messages, oldest first, then what is unanswered. */
export function pageLog(page: Page): string[] {
  const unanswered = [...(waiting.get(page)?.values() ?? [])].map((r) =>
    `${r.line} (sent, no answer yet)`
  )
  return [...(logs.get(page) ?? []), ...unanswered]
}
