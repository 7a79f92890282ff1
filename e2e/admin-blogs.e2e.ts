// The blog through the admin: a member of staff opens Blog posts from the admin menu, writes a
// post (the slug follows the title), uploads a cover PNG cropped 16:9 to Storage under blogs/,
// publishes it, and a visitor on a phone finds it from the site's footer with its cover loaded.
// A text file is refused beside the cover control and nothing is written; a slug another post has
// is refused with everything typed kept. Withdrawing a post takes it off the blog and clears its
// date; deleting it removes it. A patch manager neither sees nor reaches these screens, and the
// API refuses their writes. Posts made here are newest on /blogs while they exist, so this file
// shares a lane with public-content (e2e/support/lanes.ts); their titles sort after the seeded
// "autumn-garlic", the post the public route sweep samples.
import { mkdir } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, openApp, seriousViolations, webUrl } from './support/browser'
import {
  accessToken,
  apiUrl,
  asService,
  asUser,
  openFromNav,
  signedInPage,
  waitForPath,
} from './admin-support'
import { dismissConsent, noSidewaysScroll, serviceRest } from './public-support'
import { png, pngSize } from './support/png'

const SHOTS = '/tmp/blog-shots'
const TYPE_MESSAGE = 'Choose a PNG, GIF, JPEG, BMP or ICO image.'
const RUN = Date.now()
const TITLE = `Spring sowing notes ${RUN}`
const SLUG = `spring-sowing-notes-${RUN}`
const BODY = 'Sow a short row of salad every fortnight, and water the drills before you sow.'
const COVER_ALT = 'A sunny raised bed of young salad leaves'
const EDIT_PATH = /^\/admin\/blogs\/edit\/(\d+)$/

interface BlogRow {
  id: number
  slug: string
  title: string
  excerpt: string | null
  author: string | null
  published: boolean
  published_at: string | null
  cover_image: string | null
  cover_alt: string | null
  body: unknown
}
const COLUMNS = 'id,slug,title,excerpt,author,published,published_at,cover_image,cover_alt,body'
const blogsLike = (slugPattern: string) =>
  serviceRest<BlogRow[]>(`blogs?slug=like.${slugPattern}&select=${COLUMNS}&order=id`)
async function blogObjects(): Promise<string[]> {
  const res = await asService('/storage/v1/object/list/images', {
    method: 'POST',
    body: JSON.stringify({ prefix: 'blogs/', limit: 1000 }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as Array<{ name: string }>).map((o) => o.name)
}
const loaded = (img: ReturnType<Page['locator']>) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))

let browser: Browser
let page: Page
const written: string[] = []
beforeAll(async () => {
  browser = await launchChromium()
  page = await signedInPage(browser, 'official@example.com', '/admin')
  await mkdir(SHOTS, { recursive: true })
})
afterAll(async () => {
  await serviceRest(`blogs?slug=like.*-${RUN}`, { method: 'DELETE' }).catch(() => {})
  if (written.length) {
    await asService('/storage/v1/object/images', {
      method: 'DELETE',
      body: JSON.stringify({ prefixes: written }),
    })
  }
  await browser?.close()
})

/** Screenshots of the page at phone and desktop widths, with no sideways scrolling at either. */
async function shoot(p: Page, name: string) {
  for (const width of [360, 1280]) {
    await p.setViewportSize({ width, height: 800 })
    await p.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
    expect(await noSidewaysScroll(p), `${name} at ${width} px`).toBe(true)
  }
}

describe('the blog in the admin', () => {
  it('an admin writes a post with a cover image and publishes it', async () => {
    await openFromNav(page, 'Blog posts', '/admin/blogs')
    await page.getByRole('link', { name: 'Why we grow no-dig' }).waitFor()
    expect(
      await page.getByRole('row', { name: /Winter jobs \(draft\)/ }).getByRole('cell', {
        name: 'Draft',
        exact: true,
      }).count(),
    )
      .toBe(1)
    await shoot(page, 'admin-list')
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'New post' }).click()
    await waitForPath(page, '/admin/blogs/create')
    await page.getByLabel('Title', { exact: true }).fill(TITLE)
    expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe(SLUG)
    await page.getByLabel('Author (optional)').fill('Tom Team')
    await page.getByLabel('Excerpt (optional)').fill('Little and often makes for a long harvest.')
    await page.getByRole('textbox', { name: 'Post text' }).click()
    await page.keyboard.type(BODY)

    const cover = page.getByRole('group', { name: 'Cover image' })
    await cover.getByLabel('Choose an image').setInputFiles({
      name: 'seedlings.png',
      mimeType: 'image/png',
      buffer: png(640, 480),
    })
    expect(await cover.getByText(/^Crop: /).textContent()).toBe(
      'Crop: 640 × 360 pixels from 0, 60; saved at 640 × 360.',
    )
    await cover.getByRole('button', { name: 'Upload image' }).click()
    await cover.getByRole('img', { name: `Cover of ${TITLE}` }).waitFor()
    // With a cover, what it shows can be said (for people who cannot see it).
    await page.getByLabel('What the cover shows (optional)').fill(`  ${COVER_ALT} `)
    await page.getByLabel('Published on the public blog').check()
    await shoot(page, 'admin-form')
    expect(await seriousViolations(page)).toEqual([])

    const before = Date.now()
    await page.getByRole('button', { name: 'Create post' }).click()
    await page.getByText('Post published').waitFor()
    await page.waitForURL((u) => EDIT_PATH.test(u.pathname))
    const [row] = await blogsLike(SLUG)
    expect(row).toMatchObject({
      title: TITLE,
      author: 'Tom Team',
      excerpt: 'Little and often makes for a long harvest.',
      published: true,
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: BODY }] }],
      },
    })
    expect(Number(EDIT_PATH.exec(new URL(page.url()).pathname)![1])).toBe(row!.id)
    expect(Date.parse(row!.published_at!)).toBeGreaterThan(before - 60_000)
    expect(row!.cover_image).toMatch(/^blogs\/[0-9a-f-]{36}\.png$/)
    expect(row!.cover_alt).toBe(COVER_ALT)
    written.push(row!.cover_image!)
    const served = await fetch(`${apiUrl()}/storage/v1/object/public/images/${row!.cover_image}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toMatch(/^image\/png/)
    expect(pngSize(Buffer.from(await served.arrayBuffer()))).toEqual({ w: 640, h: 360 })
    // The edit page shows what was saved.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(TITLE)
    await page.getByRole('img', { name: `Cover of ${TITLE}` }).waitFor()
    await shoot(page, 'admin-edit')

    // A form page has no menu beside it: back to the list above it.
    await page.getByRole('link', { name: '← Back' }).click()
    await waitForPath(page, '/admin/blogs')
    const listed = page.getByRole('row', { name: new RegExp(TITLE) })
    expect(await listed.getByRole('cell').nth(1).textContent()).toBe('Published')
  })

  it('a visitor on a phone finds the post from the footer and sees its cover', async () => {
    const visitor = await (await newContext(browser, 360, 740)).newPage()
    try {
      await openApp(visitor, '/')
      await dismissConsent(visitor)
      await visitor.getByRole('navigation', { name: 'Footer' }).getByRole('link', {
        name: 'Blog',
        exact: true,
      }).click()
      await waitForPath(visitor, '/blogs')
      const posts = visitor.getByRole('list', { name: 'Blog posts' })
      expect(await posts.getByRole('link').first().textContent()).toBe(TITLE)
      const card = posts.getByRole('listitem').filter({ hasText: TITLE })
      await expect.poll(() => loaded(card.locator('img'))).toBe(640)
      await shoot(visitor, 'public-list')

      await visitor.setViewportSize({ width: 360, height: 740 })
      await posts.getByRole('link', { name: TITLE }).click()
      await waitForPath(visitor, `/blogs/${SLUG}`)
      const article = visitor.getByRole('article', { name: TITLE })
      await article.getByText(BODY).waitFor()
      const img = article.locator('img')
      expect(await img.getAttribute('src')).toBe(
        `/images/${written[0]}`,
      )
      await expect.poll(() => loaded(img)).toBe(640)
      // The cover's 16:9 frame is there from the start, so nothing moves when it arrives.
      const frame = await img.evaluate((el) => {
        const r = el.parentElement!.getBoundingClientRect()
        return { w: r.width, h: r.height, ratio: getComputedStyle(el.parentElement!).aspectRatio }
      })
      expect(frame.ratio).toBe('16 / 9')
      expect(frame.h).toBeCloseTo((frame.w * 9) / 16, 0)
      expect(await img.getAttribute('alt')).toBe(COVER_ALT)
      expect(await seriousViolations(visitor)).toEqual([])
      await shoot(visitor, 'public-post')
    } finally {
      await visitor.context().close()
    }
  })

  it('refuses a text file as the cover, and a slug another post has, keeping what was typed', async () => {
    const objects = await blogObjects()
    await page.getByRole('link', { name: 'New post' }).click()
    await waitForPath(page, '/admin/blogs/create')
    const title = `Refused cover ${RUN}`
    await page.getByLabel('Title', { exact: true }).fill(title)
    const cover = page.getByRole('group', { name: 'Cover image' })
    const input = cover.getByLabel('Choose an image')
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    })
    await cover.getByRole('alert').filter({ hasText: TYPE_MESSAGE }).waitFor()
    expect(await input.getAttribute('aria-invalid')).toBe('true')
    expect(await cover.getByRole('button', { name: 'Upload image' }).count()).toBe(0)
    expect(await blogObjects()).toEqual(objects)

    // A slug the seeded posts use: the database's unique check, worded by the admin's helper.
    await page.getByLabel('Slug', { exact: true }).fill('no-dig-beds')
    await page.getByRole('textbox', { name: 'Post text' }).click()
    await page.keyboard.type('Kept after a refusal.')
    await page.getByRole('button', { name: 'Create post' }).click()
    // Above the form, where it stays, and in a toast.
    await page.getByText('The post was not saved. Another post already uses this slug.').waitFor()
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title)
    expect(await page.getByRole('textbox', { name: 'Post text' }).textContent()).toBe(
      'Kept after a refusal.',
    )
    expect(await blogsLike(`refused-cover-${RUN}`)).toEqual([])
    expect(await blogObjects()).toEqual(objects)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await waitForPath(page, '/admin/blogs')
    expect(await serviceRest<BlogRow[]>(`blogs?title=eq.${encodeURIComponent(title)}&select=id`))
      .toEqual([])
  })

  it('withdraws the post (off the blog, date cleared) and deletes it', async () => {
    await page.getByRole('link', { name: TITLE }).click()
    await page.waitForURL((u) => EDIT_PATH.test(u.pathname))
    await page.getByLabel('Published on the public blog').uncheck()
    await page.getByRole('button', { name: 'Save post' }).click()
    await page.getByText('Post taken off the blog').waitFor()
    await expect.poll(async () => (await blogsLike(SLUG))[0]?.published_at).toBeNull()
    const anon = await fetch(
      `${apiUrl()}/rest/v1/blogs?slug=eq.${SLUG}&select=id`,
      { headers: { apikey: process.env.SUPABASE_ANON_KEY ?? '' } },
    )
    expect(await anon.json()).toEqual([])

    await page.getByRole('button', { name: 'Delete post' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Post deleted').waitFor()
    await waitForPath(page, '/admin/blogs')
    expect(await blogsLike(SLUG)).toEqual([])
  })

  it('a patch manager neither sees nor reaches the blog screens, and may not write posts', async () => {
    const pm = await signedInPage(browser, 'patch@example.com', '/admin/waiting-list')
    try {
      const nav = pm.getByRole('navigation', { name: 'Admin' })
      await nav.getByRole('link', { name: 'Waiting list', exact: true }).waitFor()
      expect(await nav.getByRole('link', { name: 'Blog posts' }).count()).toBe(0)
      for (const path of ['/admin/blogs', '/admin/blogs/create', '/admin/blogs/edit/1']) {
        await pm.goto(`${webUrl()}${path}`)
        await waitForPath(pm, '/admin/waiting-list')
        expect(await pm.getByRole('heading', { name: /Blog posts|New post/ }).count(), path).toBe(0)
      }
      const refused = await asUser(await accessToken(pm), '/rest/v1/blogs', {
        method: 'POST',
        body: JSON.stringify({ slug: `pm-post-${RUN}`, title: 'Not mine to write' }),
      })
      expect(refused.status).toBe(403)
      expect(await blogsLike(`pm-post-${RUN}`)).toEqual([])
    } finally {
      await pm.context().close()
    }
  })
})
