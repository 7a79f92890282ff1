// Staff sign-in journeys: each seeded role lands where the admin guard says, a member is
// refused, missing credentials give the sign-in form's message, and a user who writes a staff role into
// their own user_metadata gets the screens but no data (RLS decides).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, seriousViolations, webUrl } from './support/browser'
import {
  accessToken,
  answerConsent,
  asService,
  asUser,
  createStaffUser,
  openFromNav,
  signIn,
  waitForPath,
} from './admin-support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const ADMIN_NAV = [
  'Dashboard',
  'Locations',
  'Waiting list',
  'Plots',
  'Process offers',
  'Categories',
  'Communications',
  'Message log',
  'Tools',
  'Welcome slots',
  'Users',
  'Patch managers',
  'Sign-in security',
]

const LANDINGS = [
  { email: 'official@example.com', path: '/admin', nav: ADMIN_NAV },
  { email: 'team@example.com', path: '/admin', nav: ADMIN_NAV },
  { email: 'founder@example.com', path: '/admin', nav: ADMIN_NAV },
  {
    email: 'patch@example.com',
    path: '/admin/waiting-list',
    nav: [
      'Waiting list',
      'Plots',
      'Process offers',
      'Categories',
      'Import a waiting list',
      'Gate codes',
      'Inspections',
      'Arrears',
      'Data erasure requests',
    ],
  },
  { email: 'member@example.com', path: '/admin/unauthorized', nav: null },
]

describe('admin sign-in', () => {
  it('a signed-out visitor to any admin page is sent to /admin/login', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto(`${webUrl()}/admin/locations`)
    await waitForPath(page, '/admin/login')
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  it('missing credentials give one clear message beside the fields, and typed text stays', async () => {
    const context = await newContext(browser, 360, 740)
    const page = await context.newPage()
    await page.goto(`${webUrl()}/admin/login`)
    await page.getByLabel('Email or phone number').waitFor()
    await answerConsent(page)
    await page.getByLabel('Email or phone number').fill('official@example.com')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('You must provide either an email or phone number and a password', {
      exact: true,
    }).first().waitFor()
    await page.getByText('Enter your password.').waitFor()
    expect(await page.getByLabel('Email or phone number').inputValue()).toBe('official@example.com')
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  it('a wrong password is refused with a clear message and the form kept', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await signIn(page, 'official@example.com', 'not-the-password')
    await page.getByText('That email or phone number and password do not match an account.').first()
      .waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    expect(await page.getByLabel('Email or phone number').inputValue()).toBe('official@example.com')
    await context.close()
  })

  for (const { email, path, nav } of LANDINGS) {
    it(`${email} lands on ${path}`, async () => {
      const context = await newContext(browser)
      const page = await context.newPage()
      await signIn(page, email)
      await waitForPath(page, path)
      if (nav) {
        const navigation = page.getByRole('navigation', { name: 'Admin' })
        await navigation.waitFor()
        const links = await navigation.getByRole('link').allTextContents()
        // Admins see every part-1 entry in order (other parts add theirs); a patch manager only theirs.
        if (nav === ADMIN_NAV) expect(links.filter((l) => ADMIN_NAV.includes(l))).toEqual(ADMIN_NAV)
        else expect(links).toEqual(nav)
        await expect(page.getByTestId('admin-user').textContent()).resolves.toContain(
          email === 'patch@example.com' ? 'Patch Manager' : '·',
        )
        expect(await seriousViolations(page)).toEqual([])
        // Sign-out ends the session and the guard sends the visitor back to sign in.
        await page.getByRole('button', { name: 'Sign out', exact: true }).click()
        await waitForPath(page, '/admin/login')
        await page.goto(`${webUrl()}/admin`)
        await waitForPath(page, '/admin/login')
      } else {
        await page.getByRole('heading', { name: 'You do not have access' }).waitFor()
        await page.goto(`${webUrl()}/admin/waiting-list`)
        await waitForPath(page, '/admin/unauthorized')
      }
      await context.close()
    })
  }

  it('signing out ends the session on this device only', async () => {
    // The same admin on two devices: signing out on one leaves the other signed in.
    const office = await newContext(browser)
    const phone = await newContext(browser, 360, 740)
    const [desk, pocket] = [await office.newPage(), await phone.newPage()]
    for (const page of [desk, pocket]) {
      await signIn(page, 'founder@example.com')
      await waitForPath(page, '/admin')
    }
    await desk.getByRole('button', { name: 'Sign out', exact: true }).click()
    await waitForPath(desk, '/admin/login')
    await desk.goto(`${webUrl()}/admin/locations`)
    await waitForPath(desk, '/admin/login')
    // The phone's session still works: a fresh load asks the server who is signed in.
    await pocket.goto(`${webUrl()}/admin/locations`)
    await waitForPath(pocket, '/admin/locations')
    await pocket.getByRole('heading', { level: 1, name: 'Locations' }).waitFor()
    await expect(pocket.getByTestId('admin-user').textContent()).resolves.toContain('·')
    await office.close()
    await phone.close()
  })

  it('"Sign out on other devices" ends the other sessions and keeps this one', async () => {
    // A staff member of this test's own: the button ends every other session of the user, and
    // other files sign the seeded staff in at the same time.
    const staff = await createStaffUser('roots_team')
    const office = await newContext(browser)
    const phone = await newContext(browser, 360, 740)
    const [desk, pocket] = [await office.newPage(), await phone.newPage()]
    for (const page of [desk, pocket]) {
      await signIn(page, staff.email)
      await waitForPath(page, '/admin')
    }
    await openFromNav(desk, 'Sign-in security', '/admin/security')
    // As a person would, click once the page has its sign-in methods (none yet).
    await desk.getByText('No second sign-in step yet').waitFor()
    await desk.getByRole('button', { name: 'Sign out on other devices' }).click()
    const dialog = desk.getByRole('dialog', { name: 'Sign out on your other devices?' })
    await dialog.getByText('You stay signed in here.', { exact: false }).waitFor()
    expect(await seriousViolations(desk)).toEqual([])
    await dialog.getByRole('button', { name: 'Sign out other devices' }).click()
    await desk.getByText('Signed out on your other devices').waitFor()
    // The phone must sign in again on its next page; the desk goes on.
    await pocket.goto(`${webUrl()}/admin`)
    await waitForPath(pocket, '/admin/login')
    await desk.goto(`${webUrl()}/admin/security`)
    await desk.getByRole('heading', { level: 1, name: 'Sign-in security' }).waitFor()
    expect(new URL(desk.url()).pathname).toBe('/admin/security')
    await office.close()
    await phone.close()
  })

  it("lists use the 'admin-desktop' layout and forms the 'admin' one, at desktop and phone widths", async () => {
    for (const [width, height] of [[1280, 800], [360, 740]] as const) {
      const context = await newContext(browser, width, height)
      const page = await context.newPage()
      await signIn(page, 'official@example.com')
      await waitForPath(page, '/admin')
      await page.goto(`${webUrl()}/admin/locations`)
      await page.locator('[data-layout="admin-desktop"]').waitFor()
      const nav = page.getByRole('navigation', { name: 'Admin' })
      const menu = page.getByRole('button', { name: 'Menu' })
      if (width > 960) {
        expect(await nav.isVisible()).toBe(true)
        expect(await menu.isVisible()).toBe(false)
      } else {
        expect(await nav.isVisible()).toBe(false)
        await menu.click()
        await nav.waitFor()
        await menu.click()
      }
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('link', { name: 'Add a site' }).click()
      await waitForPath(page, '/admin/locations/add')
      await page.locator('[data-layout="admin"]').waitFor()
      expect(await nav.isVisible()).toBe(false)
      await menu.click()
      await nav.getByRole('link', { name: 'Welcome slots' }).waitFor()
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= globalThis.innerWidth),
      ).toBe(true)
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('link', { name: '← Back' }).click()
      await waitForPath(page, '/admin/locations')
      await page.locator('[data-layout="admin-desktop"]').waitFor()
      await context.close()
    }
  })

  it('a member who writes a staff role into user_metadata sees screens but no staff data', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await signIn(page, 'member@example.com')
    await waitForPath(page, '/admin/unauthorized')
    const token = await accessToken(page)
    const me = await (await asUser(token, '/auth/v1/user')).json() as { id: string }
    try {
      const res = await asUser(token, '/auth/v1/user', {
        method: 'PUT',
        body: JSON.stringify({ data: { role: 'founder' } }),
      })
      expect(res.status).toBe(200)
      // A new sign-in carries the new metadata: navigation opens, the database still refuses.
      await page.evaluate(() => localStorage.clear())
      await signIn(page, 'member@example.com')
      await waitForPath(page, '/admin')
      await page.getByText('The dashboard could not be loaded').waitFor()
      await page.goto(`${webUrl()}/admin/waiting-list`)
      await page.getByText('You cannot see any waiting list').waitFor()
      const fresh = await accessToken(page)
      const entries = await asUser(fresh, '/rest/v1/waiting_list_entries?select=id&limit=5')
      expect(entries.status).toBe(200)
      expect(await entries.json()).toEqual([])
    } finally {
      // Put the member back as seeded, whatever happened above.
      await asService(`/auth/v1/admin/users/${me.id}`, {
        method: 'PUT',
        body: JSON.stringify({ user_metadata: { role: null } }),
      })
      await context.close()
    }
  })
})
