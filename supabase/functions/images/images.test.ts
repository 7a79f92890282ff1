// The images function against the throwaway stack: staff upload through supabase-js's storage
// client as they do in the admin, rows name some of the images, and the scheduled sweep removes
// through the Storage API exactly the old ones nobody shows.
import assert from 'node:assert/strict'
import {
  ANON_KEY,
  call,
  clientAs,
  errorCode,
  SERVICE_KEY,
  sql,
  staff,
  SUPABASE_URL,
  test,
  tokenFor,
} from '../_shared/testing.ts'

const asScheduler = (body: unknown) => call('images', { token: SERVICE_KEY(), body })

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
)

const publicUrl = (name: string) => `${SUPABASE_URL()}/storage/v1/object/public/images/${name}`

async function served(name: string): Promise<boolean> {
  const res = await fetch(publicUrl(name))
  await res.body?.cancel()
  return res.status === 200
}

test('only the scheduler may sweep; bad input is refused and changes nothing', async () => {
  assert.equal((await call('images', { token: null, body: { action: 'sweep' } })).status, 401)
  const anon = await call('images', { token: ANON_KEY(), body: { action: 'sweep' } })
  assert.equal(anon.status, 403)
  assert.equal(errorCode(anon), 'forbidden')
  const admin = await call('images', {
    token: await tokenFor(staff.founder),
    body: { action: 'sweep' },
  })
  assert.equal(admin.status, 403)
  const bad = await asScheduler({ action: 'everything' })
  assert.equal(bad.status, 400)
  assert.equal(errorCode(bad), 'validation_failed')
  assert.equal((await call('images', { token: SERVICE_KEY(), method: 'GET' })).status, 405)
})

test('the sweep removes old images no row shows, and keeps the rest', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const name = (n: string) => `products/t-${tag}-${n}.png`
  const team = clientAs(await tokenFor(staff.team))
  for (const n of ['shown', 'by-url', 'replaced', 'fresh', 'weekend']) {
    const up = await team.storage.from('images').upload(
      name(n),
      new Blob([PNG], { type: 'image/png' }),
    )
    assert.equal(up.error, null, `upload ${n}`)
  }
  // A product shows one image by name, another by a public URL pasted into its link field (the
  // project's address, whatever it is); the third was shown once and replaced.
  await sql()`insert into public.products (name, slug, price_pence, image_url) values
    (${`Shown ${tag}`}, ${`shown-${tag}`}, 500, ${name('shown')}),
    (${`By URL ${tag}`}, ${`by-url-${tag}`}, 500,
     ${`https://abcd.supabase.co/storage/v1/object/public/images/${name('by-url')}`})`
  // Uploaded eight days ago, all but two: one just now, and one two days ago in a form left open
  // over a weekend, which is saved on Monday with its image.
  await sql()`update storage.objects set created_at = now() - interval '8 days'
    where bucket_id = 'images' and name in ${
    sql()([name('shown'), name('by-url'), name('replaced')])
  }`
  await sql()`update storage.objects set created_at = now() - interval '2 days'
    where bucket_id = 'images' and name = ${name('weekend')}`

  const first = await asScheduler({ action: 'sweep' })
  assert.equal(first.status, 200, first.text)
  assert.ok(first.json.removed >= 1, first.text)
  assert.equal(first.json.failed, 0)
  assert.equal(await served(name('replaced')), false, 'the replaced image is gone')
  const left =
    await sql()`select name from storage.objects where bucket_id = 'images' and name like ${`products/t-${tag}-%`} order by name`
  assert.deepEqual(left.map((r) => r.name), [
    name('by-url'),
    name('fresh'),
    name('shown'),
    name('weekend'),
  ])
  for (const n of ['shown', 'by-url', 'fresh', 'weekend']) {
    assert.equal(await served(name(n)), true, `${n} is still served`)
  }

  // Nothing more to do: a second run removes nothing.
  const second = await asScheduler({ action: 'sweep' })
  assert.equal(second.status, 200)
  assert.equal(second.json.removed, 0)

  // Once the product is deleted, its image goes at the next run.
  await sql()`delete from public.products where slug = ${`shown-${tag}`}`
  const third = await asScheduler({ action: 'sweep' })
  assert.equal(third.json.removed, 1, third.text)
  assert.equal(await served(name('shown')), false)
})
