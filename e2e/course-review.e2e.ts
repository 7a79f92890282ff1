// Review of published course edits, on a phone: the expert edits a
// published lesson and is told it went for review while visitors keep the live words; an admin
// approves it from the review screen; the audit log names the admin, with the field that changed.
// axe and no sideways scroll at 360 px on each screen.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configureApp, launchChromium, newContext, openApp } from './support/browser'
import { answerConsent, PASSWORD, signIn, waitForPath } from './admin-support'
import { dismissConsent, expectAccessible, noSidewaysScroll, serviceRest } from './public-support'

const stamp = Date.now()
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function phone(): Promise<Page> {
  const context = await newContext(browser, 360, 740)
  await configureApp(context)
  return await context.newPage()
}

async function checkScreen(page: Page) {
  await expectAccessible(page)
  expect(await noSidewaysScroll(page)).toBe(true)
}

describe('review of published course edits', () => {
  it("keeps an expert's edit of a published lesson for review until an admin approves it, and the audit log names the admin", async () => {
    // A published course of the seeded expert with one published lesson (staff published it).
    const [alex] = await serviceRest<Array<{ id: number }>>(
      'growing_experts?select=id&slug=eq.alex-green',
    )
    const [course] = await serviceRest<Array<{ id: number }>>('courses?select=id', {
      method: 'POST',
      headers: { prefer: 'return=representation', 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: `review-e2e-${stamp}`,
        title: `Review course ${stamp}`,
        expert_id: alex!.id,
        published: true,
      }),
    })
    const oldTitle = `Live lesson ${stamp}`
    const newTitle = `Better lesson ${stamp}`
    const [lesson] = await serviceRest<Array<{ id: number }>>('course_contents?select=id', {
      method: 'POST',
      headers: { prefer: 'return=representation', 'content-type': 'application/json' },
      body: JSON.stringify({
        course_id: course!.id,
        position: 0,
        title: oldTitle,
        published: true,
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Old words' }] }],
        },
      }),
    })

    // The expert, on a phone.
    const expert = await phone()
    await openApp(expert, `/settings/${course!.id}`)
    await dismissConsent(expert)
    await expert.waitForURL((u) => u.pathname === '/login')
    const form = expert.getByRole('form', { name: 'With your password' })
    await form.getByLabel('E-mail address').fill('expert@example.com')
    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await waitForPath(expert, `/settings/${course!.id}`)
    const card = expert.getByRole('form', { name: `Lesson 1: ${oldTitle}` })
    await card.getByLabel('Lesson title').fill(newTitle)
    await card.getByRole('button', { name: 'Send lesson for review' }).click()
    await card.getByText(
      `Lesson “${newTitle}” sent for review. The published version stays until the Roots team approves your edit.`,
    ).waitFor()
    await card.getByText('Waiting for review.').waitFor()
    await checkScreen(expert)
    expect(await serviceRest(`course_contents?select=title&id=eq.${lesson!.id}`)).toEqual([{
      title: oldTitle,
    }])

    // An admin, on a phone: the review screen, then the audit log.
    const admin = await phone()
    await signIn(admin, 'official@example.com')
    await waitForPath(admin, '/admin')
    await answerConsent(admin)
    await admin.getByRole('button', { name: 'Menu', exact: true }).click()
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: 'Course reviews',
      exact: true,
    }).click()
    await waitForPath(admin, '/admin/course-reviews')
    const item = admin.getByRole('listitem').filter({
      has: admin.getByRole('heading', { name: `Lesson: ${oldTitle}` }),
    })
    await item.getByText('Changes: title.').waitFor()
    await checkScreen(admin)
    await item.getByRole('button', {
      name: `Approve lesson “${oldTitle}” of “Review course ${stamp}”`,
    }).click()
    await admin.getByText(
      `Approved: lesson “${oldTitle}” of “Review course ${stamp}” now shows the expert’s edit.`,
    ).first().waitFor()
    await expect.poll(() => serviceRest(`course_contents?select=title&id=eq.${lesson!.id}`))
      .toEqual([{ title: newTitle }])

    await admin.getByRole('button', { name: 'Menu', exact: true }).click()
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: 'Audit log',
      exact: true,
    }).click()
    await waitForPath(admin, '/admin/audit')
    await admin.getByLabel('Table').fill('course_contents')
    const entry = admin.getByRole('listitem').filter({ hasText: `course contents #${lesson!.id}` })
      .filter({ hasText: newTitle }).first()
    await entry.getByRole('link', { name: 'official@example.com' }).waitFor()
    expect(await entry.locator('del').first().textContent()).toBe(`before: ${oldTitle}`)
    await checkScreen(admin)
    await admin.context().close()
    await expert.context().close()
  })
})
