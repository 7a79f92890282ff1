// The accessibility check itself (e2e/support/browser.ts, seriousViolations), on pages made to
// fail it: every journey and the route sweep rely on it finding what is wrong. Its two ways (axe
// run in the page, for pages without frames, and AxeBuilder frame by frame) must find the same
// violations on the same page, and a page with a frame must be checked inside the frame. (A frame
// that may run no script, sandbox="", cannot be: AxeBuilder waits on it for ever. The admin's
// message preview is one; no check runs while it is shown.) And the e-mails: the HTML a function
// sends is checked as its own page.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, seriousViolations } from './support/browser'
import { anonKey, apiUrl } from './admin-support'
import { mailTo } from './public-support'

/** A form with three faults axe rates serious or critical, and one it rates moderate. */
const FAULTY = `<!doctype html><html lang="en"><head><title>Faulty</title></head><body><main>
  <h1>Faulty page</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
  <p style="color:#aaa;background:#fff">Grey on white, too faint to read.</p>
  <button type="button"></button>
  <h4>A heading that skips levels</h4>
</main></body></html>`

const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head><body><main>
  <h1>Clean page</h1><p style="color:#222;background:#fff">Dark on white.</p>
  <button type="button">Save</button>
</main></body></html>`

const ids = (vs: { id: string }[]) => vs.map((v) => v.id).sort()

describe('the accessibility check', () => {
  let browser: Browser
  let page: Page
  beforeAll(async () => {
    browser = await launchChromium()
    page = await (await newContext(browser, 1280, 800)).newPage()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('finds each serious or critical fault on a page without frames, and no moderate one', async () => {
    await page.setContent(FAULTY)
    const found = await seriousViolations(page)
    expect(ids(found)).toEqual(['button-name', 'color-contrast', 'image-alt'])
    const contrast = found.find((v) => v.id === 'color-contrast')!
    expect(contrast.impact).toBe('serious')
    // Each node names where it is and axe's reason, with the colours it measured.
    expect(contrast.nodes).toHaveLength(1)
    expect(contrast.nodes[0]).toMatch(/^p: .*#aaaaaa.*#ffffff/s)
  })

  it('finds the same on the same page whichever way it runs', async () => {
    await page.setContent(FAULTY)
    const inPage = await seriousViolations(page, 'page')
    const byFrame = await seriousViolations(page, 'frames')
    expect(inPage).toEqual(byFrame)
  })

  it('finds nothing on a page without faults, however often it runs there', async () => {
    await page.setContent(CLEAN)
    expect(await seriousViolations(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    // The page changed after the first check: the second sees the change.
    await page.evaluate(() => document.querySelector('button')!.textContent = '')
    expect(ids(await seriousViolations(page))).toEqual(['button-name'])
  })

  it('looks inside a frame', async () => {
    const inner = FAULTY.replace(/"/g, '&quot;')
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Framed</title></head><body><main><h1>Framed</h1>
       <iframe title="Preview" srcdoc="${inner}"></iframe></main></body></html>`,
    )
    // The frame appears with an empty document that its srcdoc document then replaces: wait for
    // the one axe is to check, loaded, with the faults in it (a check on the empty one finds none).
    const framed = () => page.frames().find((f) => f !== page.mainFrame())
    await expect.poll(async () =>
      (await framed()?.evaluate(() =>
        location.href === 'about:srcdoc' && document.readyState === 'complete' &&
        document.querySelector('main h1')?.textContent === 'Faulty page' &&
        ['img', 'p', 'button', 'h4'].every((tag) => document.querySelector(`main ${tag}`))
      )) ?? false
    ).toBe(true)
    // On a busy machine putting axe-core into the frame is slow: AxeBuilder alone gave up after
    // 1 s and left the frame out without a word. The page's CPU slowed here as such a machine's.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
    const found = await seriousViolations(page).finally(() =>
      cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    )
    expect(ids(found)).toEqual(['button-name', 'color-contrast', 'image-alt'])
    expect(found.find((v) => v.id === 'image-alt')!.nodes[0]).toMatch(/^iframe img: /)
  })

  it('passes a real e-mail as sent: its language, its subject as title, no serious fault', async () => {
    const to = `axe-${Date.now()}@example.com`
    const anon = anonKey()
    const res = await fetch(`${apiUrl()}/functions/v1/waiting-list`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${anon}`,
        apikey: anon,
      },
      body: JSON.stringify({
        kind: 'waiting_list',
        site: 'darenth-fields',
        first_name: 'Ada',
        last_name: 'Check',
        email: to,
        consent_privacy: true,
      }),
    })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    await expect.poll(async () => (await mailTo(to)).length).toBeGreaterThan(0)
    const [mail] = await mailTo(to)
    const html = mail!.meta?.html ?? ''
    await page.setContent(html)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB')
    expect(await page.title()).toBe(mail!.subject)
    expect(await page.locator('body').innerText()).toContain('Darenth Fields')
    expect(await seriousViolations(page)).toEqual([])
  })
})
