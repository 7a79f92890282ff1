// Operations admin: an admin builds a two-lesson course in the rich-text editor (a
// javascript: link refused), reorders and publishes it; publishes a promo bar for one site and
// sees it there, and not after its end date; the tag-manager id is refused unless GTM- and
// capitals or digits; a task moves across the board by keyboard alone. A patch manager reaches
// none of these screens and cannot write promo bars by hand. axe runs on every screen.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, openApp, seriousViolations, webUrl } from './support/browser'
import {
  accessToken,
  anonKey,
  apiUrl,
  asService,
  asUser,
  openFromNav,
  signedInPage,
  waitForPath,
} from './admin-support'

const stamp = Date.now()
let browser: Browser
let admin: Page
beforeAll(async () => {
  browser = await launchChromium()
  admin = await signedInPage(browser, 'official@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

const anonRead = async (path: string) =>
  await (await fetch(`${apiUrl()}${path}`, {
    headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}` },
  })).json() as unknown[]

/** A datetime-local value `days` from now, in the browser's (and this machine's) local time. */
function localMoment(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${
    p(d.getMinutes())
  }`
}

describe('operations admin', () => {
  it('builds a two-lesson course, reorders it and publishes it', async () => {
    const title = `E2E course ${stamp}`
    await openFromNav(admin, 'Courses', '/admin/course-manager')
    expect(await seriousViolations(admin)).toEqual([])
    await admin.getByRole('link', { name: 'New course' }).click()
    await waitForPath(admin, '/admin/course-manager/course-builder')
    await admin.getByRole('button', { name: 'Create course' }).click()
    await admin.getByText('Give the course a title.').waitFor()
    await admin.getByLabel('Course title').fill(title)
    await admin.getByRole('button', { name: 'Create course' }).click()
    await admin.getByText('Course created: now add its lessons').waitFor()
    await admin.waitForURL((u) => /^id=\d+$/.test(u.search.slice(1)))
    const courseId = Number(new URL(admin.url()).searchParams.get('id'))

    // Lesson 1, with a link: javascript: is refused by the editor's link command, https is kept.
    await admin.getByLabel('Lesson title').fill('Getting started')
    const text = admin.getByRole('textbox', { name: 'Lesson text' })
    await text.click()
    await admin.keyboard.type('Read the guide')
    await admin.keyboard.press('Control+a')
    await admin.getByRole('toolbar', { name: 'Lesson text formatting' }).getByRole('button', {
      name: 'Link',
      exact: true,
    }).click()
    const dialog = admin.getByRole('dialog', { name: 'Link' })
    await dialog.getByLabel('Link address').fill('javascript:alert(1)')
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await dialog.getByText('Links must start with http://, https://, mailto: or tel:').waitFor()
    await dialog.getByLabel('Link address').fill('https://roots.example/guide')
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await seriousViolations(admin)).toEqual([])
    await admin.getByRole('button', { name: 'Add lesson' }).click()
    await admin.getByText('Lesson added').first().waitFor()

    await admin.getByRole('button', { name: 'Add a lesson' }).click()
    await admin.getByLabel('Lesson title').fill('Sowing')
    await admin.getByRole('textbox', { name: 'Lesson text' }).click()
    await admin.keyboard.type('Sow little and often.')
    await admin.getByRole('button', { name: 'Add lesson' }).click()
    await admin.getByRole('listitem').filter({ hasText: '2. Sowing' }).waitFor()

    await admin.getByRole('button', { name: 'Move “Sowing” up' }).click()
    await admin.getByText('“Sowing” is now lesson 1').waitFor()
    await admin.getByRole('listitem').filter({ hasText: '1. Sowing' }).waitFor()
    await admin.getByRole('button', { name: 'Publish course' }).click()
    await admin.getByText('Course published').waitFor()
    await admin.getByRole('button', { name: 'Withdraw course' }).waitFor()

    const lessons = await (await asService(
      `/rest/v1/course_contents?course_id=eq.${courseId}&select=title,position,published,content&order=position`,
    )).json() as Array<{ title: string; position: number; published: boolean; content: unknown }>
    expect(lessons.map((l) => [l.title, l.position, l.published])).toEqual([['Sowing', 0, true], [
      'Getting started',
      1,
      true,
    ]])
    expect(JSON.stringify(lessons[1]!.content)).toContain('"href":"https://roots.example/guide"')
    expect(JSON.stringify(lessons)).not.toContain('javascript')
    expect(await anonRead(`/rest/v1/courses?id=eq.${courseId}&published=eq.true&select=id`))
      .toHaveLength(1)
    expect(await anonRead(`/rest/v1/course_contents?course_id=eq.${courseId}&select=id`))
      .toHaveLength(2)
    const audit = await (await asService(
      `/rest/v1/audit_log?table_name=eq.courses&row_id=eq.${courseId}&select=action,actor_role`,
    )).json() as Array<{ action: string; actor_role: string }>
    expect(audit).toEqual(
      expect.arrayContaining([{ action: 'insert', actor_role: 'roots_official' }, {
        action: 'update',
        actor_role: 'roots_official',
      }]),
    )
    await asService(`/rest/v1/courses?id=eq.${courseId}`, { method: 'DELETE' })
  })

  it('publishes a promo bar for one site, shows it there, and not after its end date', async () => {
    const text = `E2E spring offer ${stamp}`
    await openFromNav(admin, 'Promo bars', '/admin/promo-bars')
    await admin.getByRole('button', { name: 'New promo bar' }).click()
    await admin.getByRole('button', { name: 'Add promo bar' }).click()
    await admin.getByText('Write the message.').waitFor()
    await admin.getByLabel('Message', { exact: true }).fill(text)
    await admin.getByLabel('Link (optional)').fill('//evil.example')
    await admin.getByRole('button', { name: 'Add promo bar' }).click()
    await admin.getByText('A link is a page of this site (starting with /) or an https:// address.')
      .waitFor()
    expect(await admin.getByLabel('Message', { exact: true }).inputValue()).toBe(text)
    await admin.getByLabel('Link (optional)').fill('/sites/bath/avon-views/setup')
    await admin.getByLabel('Shown on').first().selectOption({ label: 'Avon Views (Bath) pages' })
    await admin.getByRole('button', { name: 'Add promo bar' }).click()
    await admin.getByText('Promo bar added').waitFor()
    const row = admin.getByRole('row').filter({ hasText: text })
    await row.getByText('Live', { exact: true }).waitFor()
    expect(await seriousViolations(admin)).toEqual([])
    const [bar] = await (await asService(
      `/rest/v1/promo_bars?text=eq.${encodeURIComponent(text)}&select=id,site_id`,
    )).json() as Array<{ id: number; site_id: number }>
    expect(bar!.site_id).toBe(2)

    const visitor = await (await newContext(browser, 360, 740)).newPage()
    await openApp(visitor, '/sites/bath/avon-views')
    const shown = visitor.getByRole('complementary', { name: 'Offer' })
    await shown.getByRole('link', { name: text }).waitFor()
    expect(await shown.getByRole('link', { name: text }).getAttribute('href')).toBe(
      '/sites/bath/avon-views/setup',
    )
    expect(await seriousViolations(visitor)).toEqual([])
    await openApp(visitor, '/sites/bath/tuckers-meadow')
    await visitor.getByRole('complementary', { name: 'Offer' }).waitFor()
    expect(await visitor.getByText(text).count()).toBe(0)

    // Its dates move into the past: it has ended, and the public site stops showing it.
    await row.getByRole('button', { name: `Edit “${text}”` }).click()
    await admin.getByLabel('Starts (optional)').fill(localMoment(-3))
    await admin.getByLabel('Ends (optional)').fill(localMoment(-1))
    await admin.getByRole('button', { name: 'Save promo bar' }).click()
    await admin.getByText('Promo bar saved').waitFor()
    await row.getByText('Ended', { exact: true }).waitFor()
    await openApp(visitor, '/sites/bath/avon-views')
    await visitor.getByRole('complementary', { name: 'Offer' }).waitFor()
    expect(await visitor.getByText(text).count()).toBe(0)
    expect(await anonRead(`/rest/v1/promo_bars?id=eq.${bar!.id}&select=id`)).toEqual([])
    await visitor.context().close()

    await row.getByRole('button', { name: `Delete “${text}”` }).click()
    await admin.getByRole('dialog', { name: 'Delete this promo bar?' }).getByRole('button', {
      name: 'Delete',
    }).click()
    await admin.getByText('Promo bar deleted').waitFor()
    expect(await (await asService(`/rest/v1/promo_bars?id=eq.${bar!.id}&select=id`)).json())
      .toEqual([])
  })

  it('refuses a tag-manager id that is not GTM- and capitals or digits, in the form and in the database', async () => {
    const before = await (await asService('/rest/v1/app_settings?key=eq.gtm_id&select=value'))
      .json() as Array<{ value: string }>
    await openFromNav(admin, 'Marketing', '/admin/marketing')
    await admin.getByRole('heading', { name: 'Cost per waiting-list sign-up' }).waitFor()
    const field = admin.getByLabel('Tag-manager id')
    await field.waitFor()
    await field.fill('GTM-abc123')
    await admin.getByRole('button', { name: 'Save tag-manager id' }).click()
    await admin.getByText('This is not a valid GTM-ID').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await (await asService('/rest/v1/app_settings?key=eq.gtm_id&select=value')).json())
      .toEqual(before)

    const token = await accessToken(admin)
    const forged = await asUser(token, '/rest/v1/app_settings?key=eq.gtm_id', {
      method: 'PATCH',
      body: JSON.stringify({ value: 'UA-1234' }),
    })
    expect(forged.status).toBe(400)
    expect((await forged.json() as { message: string }).message).toBe('This is not a valid GTM-ID')

    await field.fill('GTM-E2E42')
    await admin.getByRole('button', { name: 'Save tag-manager id' }).click()
    await admin.getByText('Tag-manager id saved').waitFor()
    expect(await (await asService('/rest/v1/app_settings?key=eq.gtm_id&select=value')).json())
      .toEqual([{ value: 'GTM-E2E42' }])
    expect(await seriousViolations(admin)).toEqual([])
    if (before[0]) {
      await asService('/rest/v1/app_settings?key=eq.gtm_id', {
        method: 'PATCH',
        body: JSON.stringify({ value: before[0].value }),
      })
    }
  })

  it('moves a task across the board with the keyboard alone', async () => {
    const title = `E2E weed the paths ${stamp}`
    const created = await asService('/rest/v1/tasks?select=id', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ title, site_id: 1, status: 'todo', due_on: '2030-01-01' }),
    })
    const [{ id }] = await created.json() as Array<{ id: number }>
    await openFromNav(admin, 'Task board', '/admin/tasks/dashboard')
    const todo = admin.getByRole('region', { name: /^To do/ })
    const doing = admin.getByRole('region', { name: /^Doing/ })
    const done = admin.getByRole('region', { name: /^Done/ })
    await todo.getByRole('heading', { name: title }).waitFor()
    expect(await seriousViolations(admin)).toEqual([])

    await admin.getByRole('button', { name: `Move “${title}” to Doing` }).focus()
    await admin.keyboard.press('Enter')
    await doing.getByRole('heading', { name: title }).waitFor()
    await admin.waitForFunction(
      (cardId) => document.activeElement?.id === cardId,
      `task-card-${id}`,
    )
    // From the card, Tab reaches "← To do" then "Done →"; Space presses it.
    await admin.keyboard.press('Tab')
    await admin.keyboard.press('Tab')
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move “${title}” to Done`,
    )
    await admin.keyboard.press('Space')
    await done.getByRole('heading', { name: title }).waitFor()
    expect(await todo.getByRole('heading', { name: title }).count()).toBe(0)
    expect(await (await asService(`/rest/v1/tasks?id=eq.${id}&select=status`)).json()).toEqual([{
      status: 'done',
    }])
    await asService(`/rest/v1/tasks?id=eq.${id}`, { method: 'DELETE' })
  })

  it('creates an event for a site with its places, then publishes it for everyone to read', async () => {
    const title = `E2E harvest supper ${stamp}`
    await openFromNav(admin, 'Events', '/admin/events')
    await admin.getByRole('link', { name: 'New event' }).click()
    await waitForPath(admin, '/admin/events/create')
    await admin.getByLabel('Title', { exact: true }).fill(title)
    await admin.getByLabel('Site', { exact: true }).selectOption({
      label: 'Leigh Woods Meadows (Bristol)',
    })
    await admin.getByLabel('Starts', { exact: true }).fill(localMoment(30))
    await admin.getByLabel('Places', { exact: true }).fill('0')
    await admin.getByRole('button', { name: 'Create event' }).click()
    await admin.getByText('Between 1 and 10000 places.').waitFor()
    expect(await admin.getByLabel('Title', { exact: true }).inputValue()).toBe(title)
    await admin.getByLabel('Places', { exact: true }).fill('30')
    await admin.getByRole('button', { name: 'Create event' }).click()
    await admin.getByText('Event created').waitFor()
    await admin.waitForURL((u) => /^\/admin\/events\/\d+$/.test(u.pathname))
    const id = Number(new URL(admin.url()).pathname.split('/').pop())
    expect(await anonRead(`/rest/v1/events?id=eq.${id}&select=id`)).toEqual([])
    await admin.getByRole('button', { name: 'Publish' }).click()
    await admin.getByText('Event published').waitFor()
    expect(await anonRead(`/rest/v1/events?id=eq.${id}&select=title,capacity,site_id`)).toEqual([{
      title,
      capacity: 30,
      site_id: 3,
    }])
    expect(await seriousViolations(admin)).toEqual([])
    await admin.getByRole('button', { name: 'Delete event' }).click()
    await admin.getByRole('dialog', { name: `Delete ${title}?` }).getByRole('button', {
      name: 'Delete',
    }).click()
    await admin.getByText('Event deleted').waitFor()
    await waitForPath(admin, '/admin/events')
    expect(await (await asService(`/rest/v1/events?id=eq.${id}&select=id`)).json()).toEqual([])
  })

  it('every operations screen passes axe', async () => {
    for (
      const [label, path, ready] of [
        ['Events', '/admin/events', 'Events'],
        ['Tasks', '/admin/tasks', 'Tasks'],
        ['Location map', '/admin/location-map', 'Location map'],
      ] as const
    ) {
      await openFromNav(admin, label, path)
      await admin.getByRole('heading', { name: ready, level: 1 }).waitFor()
      expect(await seriousViolations(admin), path).toEqual([])
    }
    await admin.getByRole('group', { name: 'Map of Roots sites and waiting-list demand' }).waitFor()
    await admin.goto(`${webUrl()}/admin/events/create`)
    await admin.getByRole('textbox', { name: 'Description' }).waitFor()
    expect(await seriousViolations(admin)).toEqual([])
    await admin.goto(`${webUrl()}/admin/marketing/expenses`)
    await admin.getByRole('heading', { name: 'Marketing expenses' }).waitFor()
    expect(await seriousViolations(admin)).toEqual([])
  })

  it('keeps a patch manager out of these screens and away from promo bars, also by hand-made API calls', async () => {
    const pm = await signedInPage(browser, 'patch@example.com', '/admin/waiting-list')
    const nav = pm.getByRole('navigation', { name: 'Admin' })
    for (const label of ['Promo bars', 'Marketing', 'Events', 'Tasks', 'Courses', 'Location map']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(0)
    }
    for (
      const path of [
        '/admin/promo-bars',
        '/admin/marketing/expenses',
        '/admin/events/create',
        '/admin/tasks/dashboard',
        '/admin/course-manager/course-builder',
        '/admin/location-map',
      ]
    ) {
      await pm.goto(`${webUrl()}${path}`)
      await waitForPath(pm, '/admin/waiting-list')
    }
    const token = await accessToken(pm)
    const insert = await asUser(token, '/rest/v1/promo_bars', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ text: `PM bar ${stamp}`, active: true }),
    })
    expect(insert.status).toBe(403)
    expect((await insert.json() as { code: string }).code).toBe('42501')
    const [seeded] = await (await asService(
      '/rest/v1/promo_bars?site_id=is.null&active=is.true&select=id,text&limit=1',
    )).json() as Array<{ id: number; text: string }>
    const edit = await asUser(token, `/rest/v1/promo_bars?id=eq.${seeded!.id}`, {
      method: 'PATCH',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ text: 'hacked' }),
    })
    expect(await edit.json()).toEqual([])
    const gone = await asUser(token, `/rest/v1/promo_bars?id=eq.${seeded!.id}`, {
      method: 'DELETE',
      headers: { prefer: 'return=representation' },
    })
    expect(await gone.json()).toEqual([])
    expect(await (await asService(`/rest/v1/promo_bars?id=eq.${seeded!.id}&select=text`)).json())
      .toEqual([{ text: seeded!.text }])
    expect(
      await (await asService(
        `/rest/v1/promo_bars?text=eq.${encodeURIComponent(`PM bar ${stamp}`)}&select=id`,
      )).json(),
    ).toEqual([])
    const figures = await asUser(token, '/rest/v1/rpc/marketing_summary', {
      method: 'POST',
      body: JSON.stringify({ p_from: '2020-01-01', p_to: '2030-01-01' }),
    })
    expect(figures.status).toBe(403)
    await pm.context().close()
  })
})
