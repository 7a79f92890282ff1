// When a journey fails, what did the person see? Each page still open in the test's browser
// contexts is photographed (.stack/test-results/failures/) and its address, alerts, statuses and
// the start of its main text join the failure's report, with its last API requests and answers
// and console messages (page-log.ts), so a failure seen once in CI can be read rather than
// guessed at.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach } from 'vitest'
import type { Page } from 'playwright-core'
import { openContexts } from './browser.ts'
import { pageLog } from './page-log.ts'

const DIR = join(process.cwd(), '.stack', 'test-results', 'failures')
const TEXT_CHARS = 1200

async function describePage(page: Page, shot: string): Promise<string> {
  const state = await page.evaluate((max) => {
    const texts = (selector: string) =>
      [...document.querySelectorAll(selector)].map((e) => (e as HTMLElement).innerText.trim())
        .filter(Boolean)
    const main = document.querySelector('main') ?? document.body
    return {
      alerts: texts('[role="alert"]'),
      statuses: texts('[role="status"]'),
      main: (main as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, max),
    }
  }, TEXT_CHARS).catch((e: Error) => ({
    alerts: [],
    statuses: [],
    main: `(unreadable: ${e.message})`,
  }))
  await page.screenshot({ path: shot, fullPage: false, timeout: 10_000 }).catch(() => {})
  return [
    `page ${page.url()} (screenshot ${shot})`,
    `  alerts: ${JSON.stringify(state.alerts)}`,
    `  statuses: ${JSON.stringify(state.statuses)}`,
    `  main: ${state.main}`,
    `  last requests and console messages:`,
    ...pageLog(page).map((line) => `    ${line}`),
  ].join('\n')
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const pages = [...openContexts].flatMap((c) => c.pages())
    if (pages.length === 0 || !task.result) return
    mkdirSync(DIR, { recursive: true })
    const stem = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)
    const parts = await Promise.all(
      pages.map((p, i) => describePage(p, join(DIR, `${process.pid}-${stem}-${i}.png`))),
    )
    const report = new Error(
      `what the open pages showed when the test failed:\n${parts.join('\n')}`,
    )
    report.name = 'PageState'
    report.stack = `${report.name}: ${report.message}`
    ;(task.result.errors ??= []).push(report as never)
  })
})
