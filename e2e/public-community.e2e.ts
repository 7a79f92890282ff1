// Community pages: a visitor votes for a place (and a second vote is refused kindly), a
// landowner offers land (which anon cannot read back), the location map shows the seeded sites
// offline and with tiles, a member signs in at /login (password and magic link) and lands on
// /members, and a growing expert creates a course with lessons, puts them in order (kept after a
// reload) and deletes the course. Axe on every page, 360 px too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  configureApp,
  launchChromium,
  newContext,
  openApp,
  type RuntimeConfigOverrides,
  webUrl,
} from './support/browser'
import {
  anonKey,
  apiUrl,
  asService,
  createStaffUser,
  openFromNav,
  PASSWORD,
  signIn,
  waitForPath,
} from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  noSidewaysScroll,
  serviceRest,
  uniqueEmail,
} from './public-support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function visit(
  path: string,
  width = 1280,
  extra: RuntimeConfigOverrides = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, width)
  await configureApp(context, extra)
  const page = await context.newPage()
  await openApp(page, path)
  await dismissConsent(page)
  return { context, page }
}

async function checkPage(page: Page, title: string) {
  await expect.poll(() => page.title()).toBe(`${title} | Roots Allotments`)
  await expectAccessible(page)
  expect(await noSidewaysScroll(page)).toBe(true)
}

/** Adds a lesson at the end of the course open in the course settings: lesson number `n`. */
async function addLesson(page: Page, title: string, n: number) {
  await page.getByLabel('New lesson title').fill(title)
  await page.getByRole('button', { name: 'Add lesson' }).click()
  await page.getByRole('heading', { name: `Lesson ${n}: ${title}` }).waitFor()
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`

/** A member account of the test's own: tests that end sessions must not end those of the seeded
 *  member, whom other files sign in at the same time. */
async function newMember(tag: string): Promise<string> {
  const email = uniqueEmail(tag)
  const created = await asService('/auth/v1/admin/users', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  })
  expect(created.status).toBe(200)
  return email
}

/** Signs `email` in from the home page's "Member sign-in" (the menu first on a phone), to /members. */
async function signInFromHome(email: string, width: number) {
  const { context, page } = await visit('/', width)
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('link', { name: 'Member sign-in' }).filter({ visible: true }).first().click()
  const form = page.getByRole('form', { name: 'With your password' })
  await form.getByLabel('E-mail address').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await waitForPath(page, '/members')
  await page.getByRole('heading', { level: 1, name: 'Your membership' }).waitFor()
  return { context, page }
}

describe('vote for a new site', () => {
  for (const width of [1280, 360]) {
    it(`counts one vote per e-mail per place at ${width} px`, async () => {
      const { context, page } = await visit('/vote', width)
      await page.getByRole('heading', { level: 1, name: 'Where should we grow next?' }).waitFor()
      await page.getByRole('list', { name: 'Votes per place' }).getByText('Exeter').waitFor()
      await checkPage(page, 'Vote for a new site')

      // Bad input: errors beside the fields, nothing sent, nothing typed lost.
      await page.getByLabel('E-mail address').fill('nope')
      await page.getByRole('button', { name: 'Vote' }).click()
      await page.getByText('Enter the town or area you would like a site in.').waitFor()
      await page.getByText('Enter a valid e-mail address, like name@example.com.').waitFor()
      expect(await page.getByLabel('E-mail address').inputValue()).toBe('nope')
      await expectAccessible(page)

      // A vote, double-clicked: one row, not counted until its e-mail link is followed.
      const place = `Testbury ${tag()}`
      const email = uniqueEmail(`vote${width}`)
      await page.getByLabel('Town or area').fill(place)
      await page.getByLabel('E-mail address').fill(email)
      await page.getByRole('button', { name: 'Vote' }).dblclick()
      const form = page.getByRole('form', { name: 'Vote for a new site' })
      await form.getByRole('status').filter({ hasText: `We have sent a link to ${email}` })
        .waitFor()
      const rows = () =>
        serviceRest<{ confirmed_at: string | null }[]>(
          `site_votes?select=confirmed_at&email_normalised=eq.${encodeURIComponent(email)}`,
        )
      expect(await rows()).toEqual([{ confirmed_at: null }])
      const tallies = page.getByRole('list', { name: 'Votes per place' })
      expect(await tallies.getByRole('listitem').filter({ hasText: place }).count()).toBe(0)
      const [mail, ...more] = await mailTo(email)
      expect(more).toHaveLength(0)
      expect(mail!.subject).toBe('Confirm your vote for a new Roots site')
      // The place is the voter's own text: the e-mail does not repeat it.
      expect(mail!.body).not.toContain(place)
      const link = mail!.body.match(/https?:\/\/\S+\/vote\?confirm=[0-9a-f]{32}/)?.[0]
      expect(link?.startsWith(`${webUrl()}/vote?confirm=`), mail!.body).toBe(true)

      // The link, opened on another device: the vote counts, and the token leaves the address bar.
      const other = await newContext(browser, width)
      await configureApp(other)
      const phone = await other.newPage()
      await phone.goto(link!)
      await phone.locator('main#main').waitFor()
      await dismissConsent(phone)
      await phone.getByRole('form', { name: 'Vote for a new site' }).getByRole('status').filter({
        hasText: `Your vote for ${place} is counted`,
      }).waitFor()
      expect(new URL(phone.url()).search).toBe('')
      const tally = phone.getByRole('list', { name: 'Votes per place' }).getByRole('listitem')
        .filter({ hasText: place })
      await expect.poll(() => tally.textContent()).toBe(`${place}1 vote`)
      expect((await rows())[0]!.confirmed_at).not.toBeNull()
      await other.close()

      // The same e-mail and place again (other case): the same answer as any vote (the page tells
      // nobody whether that address voted), an e-mail saying it is already counted, still one vote.
      await page.getByLabel('Town or area').fill(place.toUpperCase())
      await page.getByLabel('E-mail address').fill(email.toUpperCase())
      await page.getByRole('button', { name: 'Vote' }).click()
      await expect.poll(async () => (await mailTo(email)).map((m) => m.subject).sort()).toEqual([
        'Confirm your vote for a new Roots site',
        'Your vote is already counted',
      ])
      await form.getByRole('status').filter({ hasText: 'We have sent a link to' }).waitFor()
      expect(await rows()).toHaveLength(1)
      expect(
        await page.getByRole('heading', { level: 1, name: 'Where should we grow next?' })
          .isVisible(),
      ).toBe(true)
      await expectAccessible(page)
      await context.close()
    })
  }
})

describe('offer land', () => {
  it('stores the offer once, for staff only', async () => {
    const { context, page } = await visit('/land', 360)
    await page.getByRole('heading', { level: 1, name: 'Offer your land' }).waitFor()
    await checkPage(page, 'Offer your land')

    await page.getByLabel('Size in acres (optional)').fill('lots')
    await page.getByRole('button', { name: 'Send my offer' }).click()
    await page.getByText('Enter the size in acres as a number, like 4.5.').waitFor()
    await page.getByText('Tell us where the land is: a town, village or postcode.').waitFor()
    await expectAccessible(page)

    const email = uniqueEmail('land')
    await page.getByLabel('Where is it?').fill('Near Testford, Somerset')
    await page.getByLabel('Size in acres (optional)').fill('5.25')
    await page.getByLabel('Tell us about it (optional)').fill('Flat pasture with a lane and water.')
    await page.getByLabel('Your name or organisation').fill('Testford Farm')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Phone (optional)').fill('01632 960123')
    await page.getByRole('button', { name: 'Send my offer' }).dblclick()
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor()
    await checkPage(page, 'Offer your land')

    const stored = await serviceRest<Array<{ location: string; acreage: number; status: string }>>(
      `land_offers?select=location,acreage,status&email=eq.${encodeURIComponent(email)}`,
    )
    expect(stored).toEqual([{ location: 'Near Testford, Somerset', acreage: 5.25, status: 'new' }])

    // A hand-made REST call as anon reads nothing back.
    const res = await fetch(
      `${apiUrl()}/rest/v1/land_offers?select=email&email=eq.${encodeURIComponent(email)}`,
      {
        headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}` },
      },
    )
    const text = await res.text()
    expect(res.ok).toBe(false)
    expect([401, 403]).toContain(res.status)
    expect(text).not.toContain(email)
    await context.close()
  })
})

describe('the location map', () => {
  for (const width of [1280, 360]) {
    it(`shows the seeded sites sized by demand, offline, at ${width} px`, async () => {
      const { context, page } = await visit('/maps/test', width)
      const map = page.getByRole('group', { name: 'Map of Roots sites and waiting-list demand' })
      await map.waitFor()
      expect(await map.getAttribute('data-map')).toBe('outline')
      // Once the counts are in, the seeded sites are markers named with their demand. The sites
      // come first: until they have, the numbers' status is not even on the page.
      await page.getByText('Loading the sites…').waitFor({ state: 'detached' })
      await page.getByText('Loading waiting-list numbers…').waitFor({ state: 'detached' })
      const tuckers = map.getByRole('link', {
        name: /^Tuckers Meadow, Bath: \d+ (people|person) waiting$/,
      })
      await tuckers.waitFor()
      expect(await map.getByRole('link').count()).toBeGreaterThanOrEqual(10)
      const table = page.getByRole('table', { name: 'People waiting by site and place' })
      await table.getByRole('rowheader', { name: 'Tuckers Meadow, Bath' }).waitFor()
      // A busier list draws a bigger marker than an empty one.
      const radii = await map.locator('a circle, g circle').evaluateAll((cs) =>
        cs.map((c) => Number(c.getAttribute('r')))
      )
      expect(Math.max(...radii)).toBeGreaterThan(Math.min(...radii))
      await checkPage(page, 'Location map')

      // Keyboard: the marker is focusable and follows its link.
      await tuckers.focus()
      await page.keyboard.press('Enter')
      await page.waitForURL((u) => u.pathname !== '/maps/test')
      expect(new URL(page.url()).pathname).toMatch(/tuckers-meadow/)
      await context.close()
    })
  }

  it('adds nothing of the map or Leaflet to the home page', async () => {
    const context = await newContext(browser, 1280)
    await configureApp(
      context,
      { mapTileUrl: `${webUrl()}/e2e-tiles/{z}/{x}/{y}.png` } as RuntimeConfigOverrides,
    )
    const page = await context.newPage()
    const scripts: Array<{ url: string; body: string }> = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') {
        void res.text().then((body) => scripts.push({ url: res.url(), body }), () => {})
      }
    })
    await openApp(page, '/')
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
    for (const s of scripts) {
      expect(s.url).not.toMatch(/LeafletMap|SiteMap|location-map/)
      expect(s.body).not.toContain('leaflet-marker-icon')
    }
    await context.close()
  })

  it('draws Leaflet tiles from the configured tile source, on /business-insights/location-map', async () => {
    const tiles: string[] = []
    const context = await newContext(browser, 1280)
    await configureApp(
      context,
      { mapTileUrl: `${webUrl()}/e2e-tiles/{z}/{x}/{y}.png` } as RuntimeConfigOverrides,
    )
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    await context.route(`${webUrl()}/e2e-tiles/**`, (route) => {
      tiles.push(route.request().url())
      return route.fulfill({ contentType: 'image/png', body: png })
    })
    const page = await context.newPage()
    await openApp(page, '/business-insights/location-map')
    await dismissConsent(page)
    const map = page.getByRole('region', { name: 'Map of Roots sites and waiting-list demand' })
    await map.waitFor()
    expect(await map.getAttribute('data-map')).toBe('tiles')
    await map.getByRole('link', { name: /^Tuckers Meadow, Bath: / }).waitFor()
    await expect.poll(() => tiles.length).toBeGreaterThan(0)
    await checkPage(page, 'Location map')
    await context.close()
  })
})

describe('member sign-in', () => {
  it('signs in with a password and lands on /members', async () => {
    const { context, page } = await visit('/login', 360)
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    await checkPage(page, 'Sign in')
    const form = page.getByRole('form', { name: 'With your password' })
    await form.getByLabel('E-mail address').fill('member@example.com')
    await form.getByLabel('Password').fill('not-the-password')
    await form.getByRole('button', { name: 'Sign in' }).click()
    await form.getByRole('alert').filter({ hasText: 'do not match a member account' }).waitFor()
    expect(await form.getByLabel('E-mail address').inputValue()).toBe('member@example.com')
    await expectAccessible(page)

    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await waitForPath(page, '/members')
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Sign in' }).waitFor()
    expect(await page.getByRole('form', { name: 'Sign in' }).count()).toBe(0)
    // Signed in already: /login goes straight on.
    await page.goto(`${webUrl()}/login`)
    await waitForPath(page, '/members')
    await context.close()
  })

  it('a member signs out on their other devices from /members and stays signed in here', async () => {
    const email = await newMember('twodevices')
    const home = await signInFromHome(email, 1280)
    const phone = await signInFromHome(email, 360)

    await home.page.getByRole('button', { name: 'Sign out on other devices' }).click()
    const dialog = home.page.getByRole('dialog', { name: 'Sign out on your other devices?' })
    await dialog.getByText('You stay signed in here.', { exact: false }).waitFor()
    await expectAccessible(home.page)
    await home.page.screenshot({ path: '/tmp/shots-members-other-devices-1280.png' })
    await dialog.getByRole('button', { name: 'Sign out other devices' }).click()
    await home.page.getByText('Signed out on your other devices').waitFor()
    await dialog.waitFor({ state: 'detached' })

    // The phone is asked to sign in on its next page; this browser goes on.
    await phone.page.reload()
    await phone.page.getByRole('form', { name: 'Sign in' }).waitFor()
    expect(await phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Members')
    await phone.page.screenshot({ path: '/tmp/shots-members-other-devices-360.png' })
    await home.page.reload()
    await home.page.getByRole('heading', { level: 1, name: 'Your membership' }).waitFor()
    await home.page.getByText('You have no membership yet.', { exact: false }).waitFor()
    expect(await home.page.getByRole('form', { name: 'Sign in' }).count()).toBe(0)
    await home.context.close()
    await phone.context.close()
  })

  it('an admin signs a member out everywhere from the users page: their phone must sign in again', async () => {
    const email = await newMember('lostphone')
    const phone = await signInFromHome(email, 360)

    const admin = await createStaffUser('roots_official')
    const deskContext = await newContext(browser, 1280)
    const desk = await deskContext.newPage()
    await signIn(desk, admin.email)
    await waitForPath(desk, '/admin')
    await openFromNav(desk, 'Users', '/admin/users')
    // Not for one's own account.
    await desk.getByLabel('Search users').fill(admin.email)
    await desk.getByText('(you)', { exact: false }).waitFor()
    await expect.poll(() => desk.locator('tbody tr').count()).toBe(1)
    expect(await desk.getByRole('button', { name: /Sign out everywhere/ }).count()).toBe(0)

    await desk.getByLabel('Search users').fill(email)
    const button = desk.getByRole('button', { name: `Sign out everywhere (${email})` })
    await button.waitFor()
    await expect.poll(() => desk.locator('tbody tr').count()).toBe(1)
    await button.click()
    const dialog = desk.getByRole('dialog', { name: `Sign ${email} out everywhere?` })
    await dialog.getByText('For a lost phone', { exact: false }).waitFor()
    await expectAccessible(desk)
    for (const width of [1280, 360]) {
      await desk.setViewportSize({ width, height: 800 })
      await desk.screenshot({ path: `/tmp/shots-admin-sign-out-everywhere-${width}.png` })
    }
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
    await desk.getByText(`${email} is signed out everywhere (1 session ended)`).waitFor()
    await dialog.waitFor({ state: 'detached' })

    await phone.page.reload()
    await phone.page.getByRole('form', { name: 'Sign in' }).waitFor()
    expect(await phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Members')
    await phone.context.close()
    await deskContext.close()
  })

  it('signs in with a magic link from the outbox, opened on another device, and lands on /members', async () => {
    const { context, page } = await visit('/login')
    const since = new Date().toISOString()
    const form = page.getByRole('form', { name: 'With a link by e-mail' })
    await form.getByLabel('E-mail address').fill('member@example.com')
    await form.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await form.getByRole('status').filter({ hasText: 'a sign-in link is on its way' }).waitFor()
    await expectAccessible(page)

    // The e-mail, in the company's words (supabase/templates/magic_link.html): who asked, and the
    // link written out beside its button.
    let mail: { subject?: string | null; body: string; meta?: { html?: string | null } } | undefined
    await expect.poll(async () => {
      const { messages } =
        await (await fetch(`${apiUrl()}/_outbox/messages?to=member%40example.com`)).json() as {
          messages: Array<NonNullable<typeof mail> & { created_at?: string }>
        }
      // Newest first.
      mail = messages.find((m) =>
        m.subject === 'Your Roots Allotments sign-in link' &&
        (!m.created_at || m.created_at >= since)
      )
      return mail !== undefined
    }).toBe(true)
    expect(mail!.body).toContain('You asked to sign in to Roots Allotments as member@example.com.')
    const link = /Or open this link: (\S+)/.exec(mail!.body)?.[1] ?? ''
    expect(new URL(link).pathname).toBe('/auth/v1/verify')
    expect(new URL(link).searchParams.get('type')).toBe('magiclink')
    expect(mail!.meta?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
    // Asked for at a desk, opened from the inbox on a phone: a browser that has never seen the site.
    const phone = await newContext(browser, 360)
    await configureApp(phone)
    const phonePage = await phone.newPage()
    await phonePage.goto(link)
    await waitForPath(phonePage, '/members')
    await phonePage.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Members' }).waitFor()
    expect(await phonePage.getByRole('form', { name: 'Sign in' }).count()).toBe(0)
    await expectAccessible(phonePage)
    expect(await noSidewaysScroll(phonePage)).toBe(true)
    await phone.close()
    await context.close()
  })
})

describe('growing experts and their courses', () => {
  it('lists experts, shows a profile and 404s an unknown one', async () => {
    const { context, page } = await visit('/growing-experts', 360)
    await page.getByRole('heading', { level: 1, name: 'Growing experts' }).waitFor()
    await checkPage(page, 'Growing experts')
    await page.getByRole('link', { name: 'Alex Green' }).click()
    await page.getByRole('heading', { level: 1, name: 'Alex Green' }).waitFor()
    await page.getByRole('heading', { name: 'No-dig in a weekend' }).waitFor()
    // The expert's draft is not public.
    expect(await page.getByText('Winter salads').count()).toBe(0)
    await checkPage(page, 'Alex Green')
    await openApp(page, '/growing-experts/no-such-expert')
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /not found/i }).waitFor()
    await context.close()
  })

  it('sends a signed-out visitor to /login, tells a member they are no expert, and lets an expert create, order and delete a course', async () => {
    const { context, page } = await visit('/course-creator', 360)
    await page.waitForURL((u) =>
      u.pathname === '/login' && u.searchParams.get('next') === '/course-creator'
    )
    const form = page.getByRole('form', { name: 'With your password' })
    await form.getByLabel('E-mail address').fill('member@example.com')
    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await waitForPath(page, '/course-creator')
    await page.getByRole('alert').filter({ hasText: 'not linked to an expert profile' }).waitFor()
    await checkPage(page, 'Course creator')
    await page.evaluate(() => localStorage.clear())

    await openApp(page, '/course-creator')
    await page.waitForURL((u) => u.pathname === '/login')
    await form.getByLabel('E-mail address').fill('expert@example.com')
    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await waitForPath(page, '/course-creator')
    await page.getByRole('heading', { level: 1, name: 'Your courses' }).waitFor()
    await page.getByRole('link', { name: 'Winter salads' }).waitFor()
    await checkPage(page, 'Course creator')

    // A new course, double-clicked: one course, then its settings page.
    const title = `Seed saving basics ${tag()}`
    await page.getByRole('button', { name: 'Create course' }).click()
    await page.getByText('Give the course a title.').waitFor()
    await page.getByLabel('Course title').fill(title)
    await page.getByLabel('Summary (optional)').fill('Save your own seed, year after year.')
    await page.getByRole('button', { name: 'Create course' }).dblclick()
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    const courseId = new URL(page.url()).pathname.split('/').at(-1)!
    expect(new URL(page.url()).pathname).toBe(`/settings/${courseId}`)
    const [alex] = await serviceRest<Array<{ id: number }>>(
      'growing_experts?select=id&slug=eq.alex-green',
    )
    const courses = await serviceRest<Array<{ id: number; published: boolean; expert_id: number }>>(
      `courses?select=id,published,expert_id&title=eq.${encodeURIComponent(title)}`,
    )
    expect(courses).toEqual([{ id: Number(courseId), published: false, expert_id: alex!.id }])

    // A lesson with rich text.
    await addLesson(page, 'Choosing parent plants', 1)
    const editor = page.getByRole('textbox', { name: 'Content of lesson 1' })
    await editor.click()
    await page.keyboard.type('Pick the healthiest plants to save seed from.')
    await page.getByRole('button', { name: 'Save lesson' }).click()
    await page.getByText('Lesson “Choosing parent plants” saved.').first().waitFor()
    const lessons = await serviceRest<Array<{ title: string; content: unknown }>>(
      `course_contents?select=title,content&course_id=eq.${courseId}`,
    )
    expect(lessons).toHaveLength(1)
    expect(JSON.stringify(lessons[0]!.content)).toContain(
      'Pick the healthiest plants to save seed from.',
    )
    await checkPage(page, `${title} settings`)

    // A second lesson, moved up from the keyboard: announced, focus kept, the order kept after a reload.
    await addLesson(page, 'Drying and storing', 2)
    const up = page.getByRole('button', { name: 'Move lesson “Drying and storing” up' })
    await up.focus()
    await page.keyboard.press('Enter')
    await page.getByText('“Drying and storing” is now lesson 1 of 2.').waitFor({
      state: 'attached',
    })
    await page.getByRole('heading', { name: 'Lesson 1: Drying and storing' }).waitFor()
    await expect.poll(() =>
      up.evaluate((el) => el === document.activeElement && el.getAttribute('aria-disabled'))
    ).toBe('true')
    const lessonOrder = ['Lesson 1: Drying and storing', 'Lesson 2: Choosing parent plants']
    await openApp(page, `/settings/${courseId}`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await expect.poll(() => page.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      lessonOrder,
    )
    const ordered = await serviceRest<Array<{ title: string; position: number }>>(
      `course_contents?select=title,position&course_id=eq.${courseId}&order=position`,
    )
    expect(ordered.map((l) => l.title)).toEqual(['Drying and storing', 'Choosing parent plants'])
    await checkPage(page, `${title} settings`)

    // The course deleted after confirming, its lessons with it.
    await page.getByRole('button', { name: 'Delete course' }).click()
    const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` })
    await dialog.getByText('its 2 lessons are deleted for good', { exact: false }).waitFor()
    await dialog.getByRole('button', { name: 'Yes, delete the course' }).click()
    await waitForPath(page, '/course-creator')
    await page.getByText(`Course “${title}” deleted.`).first().waitFor()
    await page.getByRole('link', { name: 'Winter salads' }).waitFor()
    expect(await page.getByRole('link', { name: title }).count()).toBe(0)
    expect(await serviceRest(`courses?select=id&id=eq.${courseId}`)).toEqual([])
    expect(await serviceRest(`course_contents?select=id&course_id=eq.${courseId}`)).toEqual([])

    // Another expert's course, a deleted one, or none, is a 404 here.
    const others = (await serviceRest<Array<{ id: number; expert_id: number | null }>>(
      'courses?select=id,expert_id',
    ))
      .filter((c) => c.expert_id !== alex!.id).slice(0, 1)
    for (
      const path of [
        '/settings/999999999',
        `/settings/${courseId}`,
        ...others.map((c) => `/settings/${c.id}`),
      ]
    ) {
      await openApp(page, path)
      await page.getByRole('heading', { level: 1 }).filter({ hasText: /not found/i }).waitFor()
    }
    await context.close()
  })
})
