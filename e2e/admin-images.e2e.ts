// Images through Storage: a member of staff opens a site from the locations list, uploads a PNG
// to its gallery, crops it 3:2 (mouse and keyboard), describes it and sees it listed; the file
// is served at its public URL and a site_photos row names it. A text file and an SVG are refused
// beside the control and nothing is written. A patch manager photo is cropped square and saved
// with the site; an event image is cropped 16:9 and saved with the event.
import { mkdir } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, seriousViolations, webUrl } from './support/browser'
import { apiUrl, asService, openFromNav, signedInPage, waitForPath } from './admin-support'
import { serviceRest } from './public-support'
import { png, pngSize } from './support/png'
import { appReady } from './support/hydration'

const SITE = { id: 13, location: 'Loxley Meadow', slug: 'loxley-meadow' }
const SHOTS = '/tmp/shots-admin-images'
const TYPE_MESSAGE = 'Choose a PNG, GIF, JPEG, BMP or ICO image.'

interface PhotoRow {
  id: number
  path: string
  small_path: string | null
  thumb_path: string | null
  alt: string
}
const photosOfSite = () =>
  serviceRest<PhotoRow[]>(
    `site_photos?site_id=eq.${SITE.id}&select=id,path,small_path,thumb_path,alt&order=id`,
  )
async function objectsOfSite(): Promise<string[]> {
  const res = await asService('/storage/v1/object/list/images', {
    method: 'POST',
    body: JSON.stringify({ prefix: `sites/${SITE.slug}/`, limit: 1000 }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as Array<{ name: string }>).map((o) => o.name)
}

let browser: Browser
let page: Page
let original: { pm_photo_1: string | null }
const written: string[] = []
let eventId: number | null = null
let seeded: number[] = []
beforeAll(async () => {
  browser = await launchChromium()
  page = await signedInPage(browser, 'official@example.com', '/admin')
  seeded = (await photosOfSite()).map((r) => r.id)
  original = (await serviceRest<Array<{ pm_photo_1: string | null }>>(
    `global_sites?id=eq.${SITE.id}&select=pm_photo_1`,
  ))[0]!
  await mkdir(SHOTS, { recursive: true })
})
afterAll(async () => {
  const rows = (await photosOfSite().catch(() => [] as PhotoRow[])).filter((r) =>
    !seeded.includes(r.id)
  )
  if (rows.length) {
    await serviceRest(`site_photos?id=in.(${rows.map((r) => r.id).join(',')})`, {
      method: 'DELETE',
    })
  }
  if (eventId) await serviceRest(`events?id=eq.${eventId}`, { method: 'DELETE' })
  if (original) {
    await serviceRest(`global_sites?id=eq.${SITE.id}`, {
      method: 'PATCH',
      body: JSON.stringify(original),
    })
  }
  if (written.length) {
    await asService('/storage/v1/object/images', {
      method: 'DELETE',
      body: JSON.stringify({ prefixes: written }),
    })
  }
  await browser?.close()
})

describe('staff images', () => {
  it('opens the site from the list, uploads, crops and describes a gallery photo, served from Storage', async () => {
    await page.getByRole('link', { name: 'Locations' }).click()
    await waitForPath(page, '/admin/locations')
    await page.getByRole('link', { name: `Edit ${SITE.location}` }).click()
    await waitForPath(page, `/admin/locations/edit/${SITE.id}`)
    const gallery = page.getByRole('region', { name: 'Photo gallery' })
    await gallery.getByRole('list', { name: `Photos of ${SITE.location}` }).or(
      gallery.getByText(`No photos of ${SITE.location} yet.`),
    ).waitFor()
    const before = await photosOfSite()

    await gallery.getByLabel('Choose a photo').setInputFiles({
      name: 'beds.png',
      mimeType: 'image/png',
      buffer: png(1800, 1800),
    })
    const crop = gallery.getByRole('application', { name: 'Crop add a photo' })
    await crop.waitFor()
    const status = gallery.getByText(/^Crop: /)
    // At most 1600 px wide is stored.
    expect(await status.textContent()).toBe(
      'Crop: 1800 × 1200 pixels from 0, 300; saved at 1600 × 1067.',
    )
    // Drag the bottom-right corner in, then move the box with the keyboard.
    await crop.scrollIntoViewIfNeeded()
    const box = (await crop.boundingBox())!
    const k = box.width / 1800
    await page.mouse.move(box.x + 1796 * k, box.y + 1496 * k)
    await page.mouse.down()
    await page.mouse.move(box.x + 1200 * k, box.y + 1000 * k, { steps: 5 })
    await page.mouse.up()
    const dragged = await status.textContent()
    expect(dragged).toMatch(/^Crop: (\d+) × (\d+) pixels from 0, 300;/)
    const [, w, h] = /Crop: (\d+) × (\d+)/.exec(dragged!)!.map(Number)
    // Wider than the small copy (800 px), narrower than the limit: stored as cropped.
    expect(w).toBeLessThan(1600)
    expect(w).toBeGreaterThan(800)
    expect(w! / h!).toBeCloseTo(1.5, 1)
    await crop.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    expect(await status.textContent()).toMatch(/from 18, 318;/)

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await crop.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/crop-${width}.png` })
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= globalThis.innerWidth),
      ).toBe(true)
    }
    expect(await seriousViolations(page)).toEqual([])

    // Alt text is required before anything is sent.
    await gallery.getByRole('button', { name: 'Upload photo' }).click()
    await gallery.getByText('Describe the photo for people who cannot see it.').waitFor()
    expect(await photosOfSite()).toEqual(before)
    const alt = `Raised beds by the gate ${Date.now()}`
    await gallery.getByLabel('Alt text').fill(alt)
    await gallery.getByRole('button', { name: 'Upload photo' }).click()
    const shown = gallery.getByRole('img', { name: alt })
    await shown.waitFor()
    await page.getByText('Photo added').waitFor()

    const rows = await photosOfSite()
    const row = rows.find((r) => r.alt === alt)!
    expect(row.path).toMatch(new RegExp(`^sites/${SITE.slug}/[0-9a-f-]{36}\\.png$`))
    // Its small copy, 800 px wide, and its thumbnail, 264 px wide, beside it.
    expect(row.small_path).toBe(row.path.replace(/\.png$/, '-small.png'))
    expect(row.thumb_path).toBe(row.path.replace(/\.png$/, '-thumb.png'))
    written.push(row.path, row.small_path!, row.thumb_path!)
    expect(await objectsOfSite()).toEqual(
      expect.arrayContaining(
        [row.path, row.small_path!, row.thumb_path!].map((p) => p.split('/').pop()),
      ),
    )
    const sizeOf = async (name: string) => {
      const served = await fetch(`${apiUrl()}/storage/v1/object/public/images/${name}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toMatch(/^image\/png/)
      return pngSize(Buffer.from(await served.arrayBuffer()))
    }
    expect(await sizeOf(row.path)).toEqual({ w, h })
    const small = await sizeOf(row.small_path!)
    expect(small.w).toBe(800)
    expect(small.h).toBe(Math.round((800 * h!) / w!))
    const thumb = await sizeOf(row.thumb_path!)
    expect(thumb.w).toBe(264)
    expect(thumb.h).toBe(Math.round((264 * h!) / w!))
    // The admin's list shows the small copy, through the web server's /images/.
    expect(await shown.getAttribute('src')).toBe(`/images/${row.small_path}`)
    await expect.poll(() =>
      shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)
    ).toBe(800)
    await gallery.screenshot({ path: `${SHOTS}/gallery-1280.png` })

    // A visitor, on another device, finds the site from the list and sees the new photo.
    const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 } }))
      .newPage()
    await visitor.goto(`${webUrl()}/sites`)
    // Its name exactly: the card's map link (a new tab) is named after the site too.
    await visitor.getByRole('link', { name: SITE.location, exact: true }).click()
    await waitForPath(visitor, `/sites/sheffield/${SITE.slug}`)
    // The link may have loaded the server's HTML: its gallery buttons work once the app runs (a
    // click before that does nothing; a fresh clone's run once lost its click that way).
    await appReady(visitor)
    const publicGallery = visitor.getByTestId('gallery')
    await publicGallery.getByRole('button', { name: new RegExp(`: ${alt}$`) }).click()
    const onPage = publicGallery.getByRole('img', { name: alt })
    // A 360 px phone downloads the small copy; the photo itself stays the fallback and the
    // choice for wider screens. (naturalWidth is the copy's 800 px over its density here.)
    await expect.poll(() =>
      onPage.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 && img.currentSrc
      )
    ).toBe(`${webUrl()}/images/${row.small_path}`)
    expect(await onPage.getAttribute('src')).toBe(`/images/${row.path}`)
    // Its stamp in the row of thumbnails is the thumbnail copy.
    const stamp = publicGallery.getByRole('button', { name: new RegExp(`: ${alt}$`) }).locator(
      'img',
    )
    expect(await stamp.getAttribute('src')).toBe(`/images/${row.thumb_path}`)
    await visitor.screenshot({ path: `${SHOTS}/public-gallery-360.png` })
    await visitor.context().close()
  })

  it('moves the new photo up and removes it, file and all', async () => {
    const gallery = page.getByRole('region', { name: 'Photo gallery' })
    const rows = await photosOfSite()
    const mine = rows.find((r) => !seeded.includes(r.id))!
    const items = gallery.getByRole('listitem')
    const last = await items.count()
    await gallery.getByRole('button', { name: `Move photo ${last} up` }).click()
    await page.getByText('Order saved').first().waitFor()
    await expect.poll(async () =>
      (await serviceRest<PhotoRow[]>(
        `site_photos?site_id=eq.${SITE.id}&select=id,path,alt&order=sort_order,id`,
      )).map((r) => r.id).indexOf(mine.id)
    ).toBe(last - 2)
    await expect.poll(() => items.nth(last - 2).getByRole('img').getAttribute('alt')).toBe(mine.alt)
    await gallery.getByRole('button', { name: `Remove photo ${last - 1}` }).click()
    await page.getByText('Photo removed').waitFor()
    await expect.poll(() => items.count()).toBe(last - 1)
    expect((await photosOfSite()).map((r) => r.id)).not.toContain(mine.id)
    for (const name of [mine.path, mine.small_path!, mine.thumb_path!]) {
      await expect.poll(async () =>
        (await fetch(`${apiUrl()}/storage/v1/object/public/images/${name}`)).status
      ).toBe(400)
    }
  })

  it('removes the photo and both its copies when its row is refused, keeping the alt text', async () => {
    const gallery = page.getByRole('region', { name: 'Photo gallery' })
    const rows = await photosOfSite()
    const objects = await objectsOfSite()
    // The database refuses the row (as RLS would for someone who may not change this site).
    await page.route(
      /\/rest\/v1\/site_photos(\?|$)/,
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              code: '42501',
              message: 'new row violates row-level security policy for table "site_photos"',
              details: null,
              hint: null,
            }),
          })
          : route.fallback(),
    )
    try {
      await gallery.getByLabel('Choose a photo').setInputFiles({
        name: 'refused.png',
        mimeType: 'image/png',
        buffer: png(1800, 1200),
      })
      await gallery.getByRole('application', { name: 'Crop add a photo' }).waitFor()
      const alt = `Refused photo ${Date.now()}`
      await gallery.getByLabel('Alt text').fill(alt)
      await gallery.getByRole('button', { name: 'Upload photo' }).click()
      await gallery.getByText(/You do not have permission to do this/).first().waitFor()
      // What the person typed stays for another try.
      expect(await gallery.getByLabel('Alt text').inputValue()).toBe(alt)
    } finally {
      await page.unroute(/\/rest\/v1\/site_photos(\?|$)/)
    }
    expect(await photosOfSite()).toEqual(rows)
    // The photo, its small copy and its thumbnail were stored, then removed again.
    await expect.poll(async () => (await objectsOfSite()).sort()).toEqual([...objects].sort())
    await gallery.getByRole('button', { name: 'Cancel' }).click()
  })

  it('refuses a text file and an SVG with a clear message and writes nothing', async () => {
    const gallery = page.getByRole('region', { name: 'Photo gallery' })
    const rows = await photosOfSite()
    const objects = await objectsOfSite()
    const input = gallery.getByLabel('Choose a photo')
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    })
    await gallery.getByRole('alert').filter({ hasText: TYPE_MESSAGE }).waitFor()
    expect(await input.getAttribute('aria-invalid')).toBe('true')
    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    })
    await gallery.getByRole('alert').filter({ hasText: TYPE_MESSAGE }).waitFor()
    expect(await gallery.getByRole('application').count()).toBe(0)
    expect(await gallery.getByRole('button', { name: 'Upload photo' }).count()).toBe(0)
    expect(await photosOfSite()).toEqual(rows)
    expect(await objectsOfSite()).toEqual(objects)
  })

  it('crops a patch manager photo square and saves it with the site', async () => {
    const pm = page.getByRole('group', { name: 'Patch manager photo 1' })
    await pm.getByLabel(/Choose an image|Replace patch manager photo 1/).setInputFiles({
      name: 'sam.png',
      mimeType: 'image/png',
      buffer: png(400, 300),
    })
    const status = pm.getByText(/^Crop: /)
    expect(await status.textContent()).toBe(
      'Crop: 300 × 300 pixels from 50, 0; saved at 300 × 300.',
    )
    await pm.getByRole('button', { name: 'Upload image' }).click()
    await pm.getByRole('button', { name: 'Remove image' }).waitFor()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await waitForPath(page, '/admin/locations')
    const [site] = await serviceRest<Array<{ pm_photo_1: string }>>(
      `global_sites?id=eq.${SITE.id}&select=pm_photo_1`,
    )
    expect(site!.pm_photo_1).toMatch(new RegExp(`^sites/${SITE.slug}/[0-9a-f-]{36}\\.png$`))
    written.push(site!.pm_photo_1)
    const served = await fetch(`${apiUrl()}/storage/v1/object/public/images/${site!.pm_photo_1}`)
    expect(served.status).toBe(200)
    expect(pngSize(Buffer.from(await served.arrayBuffer()))).toEqual({ w: 300, h: 300 })
  })

  it('crops an event image 16:9 and saves it with the event', async () => {
    await openFromNav(page, 'Events', '/admin/events')
    await page.getByRole('link', { name: 'New event' }).click()
    await waitForPath(page, '/admin/events/create')
    const title = `E2E image walk ${Date.now()}`
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Starts', { exact: true }).fill('2031-05-04T10:00')
    const image = page.getByRole('group', { name: 'Event image' })
    await image.getByLabel('Choose an image').setInputFiles({
      name: 'walk.png',
      mimeType: 'image/png',
      buffer: png(640, 640),
    })
    expect(await image.getByText(/^Crop: /).textContent()).toBe(
      'Crop: 640 × 360 pixels from 0, 140; saved at 640 × 360.',
    )
    await image.getByRole('button', { name: 'Upload image' }).click()
    await image.getByRole('img', { name: `Image of ${title}` }).waitFor()
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title)
    await page.getByRole('button', { name: 'Create event' }).click()
    await page.getByText('Event created').waitFor()
    const [event] = await serviceRest<Array<{ id: number; image_url: string }>>(
      `events?title=eq.${encodeURIComponent(title)}&select=id,image_url`,
    )
    eventId = event!.id
    expect(event!.image_url).toMatch(/^events\/[0-9a-f-]{36}\.png$/)
    written.push(event!.image_url)
    const served = await fetch(`${apiUrl()}/storage/v1/object/public/images/${event!.image_url}`)
    expect(served.status).toBe(200)
    expect(pngSize(Buffer.from(await served.arrayBuffer()))).toEqual({ w: 640, h: 360 })
  })
})
