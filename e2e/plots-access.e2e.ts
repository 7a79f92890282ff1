// Getting in and co-workers (migration 20250121000200_plot_access.sql). Set up through SQL: a site
// of the file's own with plot 7 let to Hana's active membership, a patch manager for the site, and
// a member of another site. The patch manager keeps the site's gate code from "Gate codes" in the
// admin. Hana signs in from the home page, sees the code on /members and invites Sam as her
// co-worker; the invitation e-mail's link, opened on another device (a fresh browser context), lets
// Sam create an account with the invited address and accept; Hana is e-mailed. Sam sees plot 7 and
// the gate code, and has nothing to pay, pause or cancel (the payments function refuses them too).
// A visitor and the member of another site never see the code, on a page or through the API.
// Screenshots at 360 and 1280 px go to /tmp/shots-access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import postgres from 'postgres'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'
import {
  accessToken,
  anonKey,
  apiUrl,
  asService,
  asUser,
  createStaffUser,
  openFromNav,
  PASSWORD,
  signedInPage,
} from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  mainNavLink,
  noSidewaysScroll,
  shootParts,
  signUpConfirmationLink,
  uniqueEmail,
} from './public-support'

const SHOTS = '/tmp/shots-access'
const CODE = '4827#'
const tag = Date.now().toString(36)
const site = {
  city: 'Accessfield',
  city_slug: `accessfield-${tag}`,
  location: `Gatehouse Fields ${tag}`,
  slug: `gatehouse-fields-${tag}`,
}
const other = {
  city: 'Accessfield',
  city_slug: `accessfield-${tag}`,
  location: `Far Meadow ${tag}`,
  slug: `far-meadow-${tag}`,
}
const holder = uniqueEmail('access-holder')
const helper = uniqueEmail('access-helper')
const elsewhere = uniqueEmail('access-elsewhere')
let pm: string
let browser: Browser
let sql: ReturnType<typeof postgres>
let siteId: number
let membershipId: number

async function newUser(email: string): Promise<string> {
  const created = await asService('/auth/v1/admin/users', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  })
  if (!created.ok) throw new Error(`create user: ${created.status} ${await created.text()}`)
  return ((await created.json()) as { id: string }).id
}

/** A member with an active membership at `siteId` (holding plot 7 when `plot` is set). */
async function member(email: string, first: string, last: string, at: number, plot?: number) {
  const userId = await newUser(email)
  const [mb] = await sql`insert into public.members (user_id, first_name, last_name, email)
    values (${userId}, ${first}, ${last}, ${email}) returning id`
  const [m] =
    await sql`insert into public.memberships (member_id, site_id, status, plot_id, plot_number, plot_size)
    values (${mb!.id}, ${at}, 'active', ${plot ?? null}, ${plot ? '7' : null}, 'full') returning id`
  if (plot) {
    await sql`insert into public.plot_tenancies (plot_id, site_id, membership_id) values (${plot}, ${at}, ${
      m!.id
    })`
  }
  return Number(m!.id)
}

/** Signs in from the home page with the password form, as a returning member does. */
async function signInFromHome(page: Page, email: string) {
  await openApp(page, '/')
  await dismissConsent(page)
  await (await mainNavLink(page, 'Member sign-in')).click()
  const form = page.getByRole('form', { name: 'With your password' })
  await form.getByLabel('E-mail address').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((u) => u.pathname === '/members')
}

/** Both widths of the page as it stands, the phone's first. */
async function shootBoth(page: Page, name: string) {
  const { width, height } = page.viewportSize()!
  await page.setViewportSize({ width: 360, height: 780 })
  expect(await noSidewaysScroll(page)).toBe(true)
  await shootParts(SHOTS, page, `${name}-360`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await shootParts(SHOTS, page, `${name}-1280`)
  await page.setViewportSize({ width, height })
}

/** The site's gate code through the API as whoever holds `token`: status and body. */
async function askForCode(token: string | null) {
  const res = await fetch(`${apiUrl()}/rest/v1/rpc/site_access`, {
    method: 'POST',
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${token ?? anonKey()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_site_id: siteId }),
  })
  return { status: res.status, body: await res.text() }
}

beforeAll(async () => {
  browser = await launchChromium()
  sql = postgres(process.env.SUPABASE_DB_URL!, { max: 1, onnotice: () => {} })
  const [a] = await sql`insert into public.global_sites ${
    sql({ ...site, status: 'active' })
  } returning id`
  const [b] = await sql`insert into public.global_sites ${
    sql({ ...other, status: 'active' })
  } returning id`
  siteId = Number(a!.id)
  const plot = await sql.begin(async (tx) => {
    await tx`select private.plot_flow(true)`
    const [p] = await tx`insert into public.plots (site_id, number, size, status)
      values (${siteId}, '7', 'full', 'let') returning id`
    await tx`insert into public.plots (site_id, number, size, status) values (${siteId}, '8', 'full', 'vacant')`
    return Number(p!.id)
  })
  membershipId = await member(holder, 'Hana', 'Holder', siteId, plot)
  await member(elsewhere, 'Elsa', 'Where', Number(b!.id))
  pm = (await createStaffUser('patch_manager', uniqueEmail('access-pm'))).email
  await sql`insert into public.patch_manager_sites (user_id, site_id)
    select id, ${siteId} from auth.users where email = ${pm}`
})

afterAll(async () => {
  await sql?.end()
  await browser?.close()
})

describe('getting in, and a co-worker', () => {
  it("the site's patch manager keeps its gate code", async () => {
    const page = await signedInPage(browser, pm, '/admin/waiting-list')
    await openFromNav(page, 'Gate codes', '/admin/site-access')
    const panel = page.getByRole('region', { name: `Getting in: ${site.location}, ${site.city}` })
    await panel.waitFor()
    expect(await page.getByTestId('site-access-panel').count()).toBe(1)
    await panel.getByLabel('Gate code').fill(CODE)
    await panel.getByLabel('Key arrangements').fill('Key safe on the shed by the gate; same code.')
    await panel.getByRole('button', { name: 'Save how to get in' }).click()
    await page.getByText(`How to get into ${site.location}, ${site.city} saved`).waitFor()
    const [saved] = await sql`select gate_code from private.site_access where site_id = ${siteId}`
    expect(saved!.gate_code).toBe(CODE)
    await expectAccessible(page)
    await shootBoth(page, 'admin-gate-codes')
    await page.context().close()
  })

  it('a member sees the code, invites a co-worker who accepts on another device', async () => {
    // Hana, on her phone, from the home page.
    const context = await newContext(browser, 360, 780)
    await configureApp(context)
    const page = await context.newPage()
    await signInFromHome(page, holder)
    const card = page.getByRole('region', { name: `Getting in: ${site.location}` })
    await expect.poll(() => card.getByTestId('gate-code').textContent(), { timeout: 60_000 }).toBe(
      CODE,
    )
    expect(await card.textContent()).toContain('Key safe on the shed by the gate')
    await expectAccessible(page)
    await shootBoth(page, 'member-gate-code')

    const invite = card.getByRole('form', { name: 'Invite a co-worker' })
    await invite.getByLabel('Their name (optional)').fill('Sam Jones')
    await invite.getByLabel('Their e-mail address').fill(helper)
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await card.getByTestId('co-worker').getByText(helper).waitFor()
    expect(await card.getByRole('button', { name: 'Withdraw invitation' }).count()).toBe(1)
    await shootBoth(page, 'member-invited')

    // The invitation e-mail, opened on Sam's own phone.
    let mail = (await mailTo(helper)).find((m) =>
      m.subject === 'Hana has invited you to help on their allotment'
    )
    await expect.poll(async () => {
      mail = (await mailTo(helper)).find((m) =>
        m.subject === 'Hana has invited you to help on their allotment'
      )
      return !!mail
    }, { timeout: 60_000 }).toBe(true)
    expect(mail!.body).toContain(
      `Hana Holder has invited you to be their co-worker on plot 7 at ${site.location}`,
    )
    const link = /(https?:\/\/\S+\/members\/co-worker\?invitation=[0-9a-f]{48})/.exec(mail!.body)
      ?.[1]
    expect(link, mail!.body).toBeTruthy()
    const samContext = await newContext(browser, 360, 780)
    await configureApp(samContext)
    const sam = await samContext.newPage()
    await sam.goto(link!.replace(/^https?:\/\/[^/]+/, webUrl()))
    await sam.getByRole('heading', { level: 1, name: 'Hana has invited you to help on plot 7' })
      .waitFor()
    await dismissConsent(sam)
    expect(await sam.locator('main').textContent()).toContain(
      'cannot pay, pause or cancel the membership',
    )
    await expectAccessible(sam)
    await shootBoth(sam, 'invitation-signed-out')
    const account = sam.getByRole('form', { name: 'Create your account' })
    expect(await account.getByLabel('E-mail address').inputValue()).toBe(helper)
    expect(await account.getByLabel('First name').inputValue()).toBe('Sam')
    await account.getByLabel('Last name').fill('Jones')
    await account.getByLabel('Choose a password').fill(PASSWORD)
    await account.getByRole('button', { name: 'Create my account' }).click()
    await sam.goto(await signUpConfirmationLink(sam, helper))
    const accept = sam.getByRole('button', { name: 'Accept the invitation' })
    await accept.waitFor()
    await shootBoth(sam, 'invitation-signed-in')
    await accept.click()
    await sam.getByTestId('invitation-accepted').waitFor()
    await shootBoth(sam, 'invitation-accepted')

    // Sam's page: the plot and the code; nothing to pay, pause or cancel.
    await sam.getByRole('link', { name: 'See the plot and how to get in' }).click()
    await sam.waitForURL((u) => u.pathname === '/members')
    const helping = sam.getByRole('region', { name: `You help on plot 7 at ${site.location}` })
    await helping.waitFor()
    await dismissConsent(sam)
    expect(await helping.getByTestId('gate-code').textContent()).toBe(CODE)
    expect(await helping.textContent()).toContain(
      `You are Hana’s co-worker on plot 7 at ${site.location}`,
    )
    const main = sam.locator('main')
    expect(await main.getByRole('button').allTextContents()).toEqual([
      'Stop being a co-worker',
      'Sign out',
      'Sign out on other devices',
    ])
    expect(await main.getByRole('link', { name: /pay|receipt|cancel|pause/i }).count()).toBe(0)
    expect(await sam.getByTestId('billing').count()).toBe(0)
    await expectAccessible(sam)
    await shootBoth(sam, 'co-worker-members')

    // The API agrees: the plot is Sam's to see, the code too, and the payments function refuses.
    const samToken = await accessToken(sam)
    expect((await askForCode(samToken)).body).toContain(CODE)
    const plan = await asUser(samToken, '/rest/v1/rpc/site_plan', {
      method: 'POST',
      body: JSON.stringify({ p_site_id: siteId }),
    })
    const plots = ((await plan.json()) as { plots: { number: string; mine?: boolean }[] }).plots
    expect(plots.filter((p) => p.mine).map((p) => p.number)).toEqual(['7'])
    for (
      const [path, body] of [
        ['payments/billing-portal', { membership_id: membershipId }],
        ['payments/membership-change', { membership_id: membershipId, action: 'cancel' }],
      ] as const
    ) {
      const res = await asUser(samToken, `/functions/v1/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'idempotency-key': `access-${tag}-${path.length}` },
      })
      expect(res.status, `${path}: ${await res.text()}`).toBe(404)
    }

    // Hana is told, and her page names her co-worker.
    await expect.poll(
      async () =>
        (await mailTo(holder)).some((m) =>
          m.subject === 'Your co-worker has accepted your invitation'
        ),
      { timeout: 60_000 },
    ).toBe(true)
    await page.reload()
    await card.getByTestId('co-worker').getByText(`Sam Jones`).waitFor()
    expect(await card.getByTestId('co-worker').textContent()).toContain(
      `(${helper}) is your co-worker`,
    )
    await shootBoth(page, 'member-co-worker')
    await context.close()
    await samContext.close()
  })

  it('a visitor and a member of another site never see the code', async () => {
    // The visitor: the site's page, and the API as anon.
    const visitorContext = await newContext(browser, 360, 780)
    const visitor = await visitorContext.newPage()
    await openApp(visitor, `/sites/${site.city_slug}/${site.slug}`)
    await visitor.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await visitor.content()).not.toContain(CODE)
    const anon = await askForCode(null)
    expect([401, 403]).toContain(anon.status)
    expect(anon.body).not.toContain(CODE)
    const plan = await fetch(`${apiUrl()}/rest/v1/rpc/site_plan`, {
      method: 'POST',
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${anonKey()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_site_id: siteId }),
    })
    expect(plan.status).toBe(200)
    expect(await plan.text()).not.toContain(CODE)
    await visitorContext.close()

    // Elsa, a member at another site: her page and the API.
    const context = await newContext(browser, 360, 780)
    await configureApp(context)
    const page = await context.newPage()
    await signInFromHome(page, elsewhere)
    await page.getByRole('region', { name: `Getting in: ${other.location}` }).waitFor()
    expect(await page.locator('main').textContent()).not.toContain(CODE)
    const hers = await askForCode(await accessToken(page))
    expect(hers.status).toBe(403)
    expect(hers.body).not.toContain(CODE)
    expect(hers.body).toContain('Only the site')
    await shootBoth(page, 'other-member')
    await context.close()
  })
})
