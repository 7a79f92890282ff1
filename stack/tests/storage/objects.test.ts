// Objects through supabase-js's storage client, as the service role: upload and upsert, download
// with the server's headers, public URLs, listing with Storage's defaults, delete, move, copy,
// info, and the bucket's type and size limits. Files are checked on disk too.
import assert from 'node:assert/strict'
import { adminClient, bucket, opts, png, raw, versionsOnDisk } from './helpers.ts'

const text = (s: string) => new Blob([s], { type: 'text/plain' })

Deno.test(
  'upload, download with cache-control, content-type and ETag, and the file on disk',
  opts,
  async () => {
    const id = await bucket('up')
    const files = adminClient().storage.from(id)
    const body = png(200)
    const up = await files.upload('sites/darenth/gallery 1.png', body)
    assert.equal(up.error, null)
    assert.equal(up.data!.path, 'sites/darenth/gallery 1.png')
    assert.equal(up.data!.fullPath, `${id}/sites/darenth/gallery 1.png`)
    assert.match(up.data!.id, /^[0-9a-f-]{36}$/)

    const down = await files.download('sites/darenth/gallery 1.png')
    assert.equal(down.error, null)
    assert.deepEqual(
      new Uint8Array(await down.data!.arrayBuffer()),
      new Uint8Array(await body.arrayBuffer()),
    )

    const res = await raw(`/object/${id}/sites/darenth/gallery%201.png`, {
      token: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
    })
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'max-age=3600')
    assert.equal(res.headers.get('content-type'), 'image/png')
    assert.equal(res.headers.get('content-length'), String(body.size))
    const md5 = await md5Hex(new Uint8Array(await body.arrayBuffer()))
    assert.equal(res.headers.get('etag'), `"${md5}"`)

    const versions = await versionsOnDisk(id, 'sites/darenth/gallery 1.png')
    assert.equal(versions.length, 1, 'one version of the file on disk')

    // The same ETag back: 304, no body.
    const again = await fetch(
      `${Deno.env.get('SUPABASE_URL')}/storage/v1/object/${id}/sites/darenth/gallery%201.png`,
      {
        headers: {
          authorization: `Bearer ${Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')}`,
          'if-none-match': `"${md5}"`,
        },
      },
    )
    assert.equal(again.status, 304)
    await again.body?.cancel()
  },
)

Deno.test(
  'a second upload to the same path is 409 unless it upserts; the old file goes',
  opts,
  async () => {
    const id = await bucket('upsert')
    const files = adminClient().storage.from(id)
    assert.equal(
      (await files.upload('note.txt', text('first'), { cacheControl: '60' })).error,
      null,
    )
    const before = await versionsOnDisk(id, 'note.txt')

    const dup = await files.upload('note.txt', text('second'))
    assert.equal(dup.error?.message, 'The resource already exists')
    assert.equal((dup.error as unknown as { statusCode: string }).statusCode, '409')
    assert.equal(await (await files.download('note.txt')).data!.text(), 'first')
    assert.deepEqual(
      await versionsOnDisk(id, 'note.txt'),
      before,
      'a refused upload writes nothing',
    )

    assert.equal((await files.upload('note.txt', text('second'), { upsert: true })).error, null)
    assert.equal(await (await files.download('note.txt')).data!.text(), 'second')
    const after = await versionsOnDisk(id, 'note.txt')
    assert.equal(after.length, 1)
    assert.notDeepEqual(after, before, 'the replaced version is removed')

    assert.equal(
      (await files.update('note.txt', 'third as a string', {
        contentType: 'text/markdown',
        cacheControl: '120',
      })).error,
      null,
    )
    const res = await raw(`/object/${id}/note.txt`, {
      token: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
    })
    assert.equal(res.text, 'third as a string')
    assert.equal(res.headers.get('content-type'), 'text/markdown')
    assert.equal(res.headers.get('cache-control'), 'max-age=120')
  },
)

Deno.test(
  'public URLs serve a public bucket without a token; a private bucket answers "Bucket not found"',
  opts,
  async () => {
    const open = await bucket('public', { public: true })
    const closed = await bucket('private')
    for (const b of [open, closed]) {
      assert.equal(
        (await adminClient().storage.from(b).upload('p/plot.png', png())).error,
        null,
      )
    }

    const { data } = adminClient().storage.from(open).getPublicUrl('p/plot.png')
    const res = await fetch(data.publicUrl)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'image/png')
    assert.equal(res.headers.get('cache-control'), 'max-age=3600')
    await res.body?.cancel()

    const refused = await raw(`/object/public/${closed}/p/plot.png`)
    assert.equal(refused.status, 400)
    assert.deepEqual(refused.body, {
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })

    const missing = await raw(`/object/public/${open}/p/none.png`)
    assert.equal(missing.status, 400)
    assert.deepEqual(missing.body, {
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
  },
)

Deno.test(
  'list: one level, folders first by name, limit 100, offset 0, sort and search',
  opts,
  async () => {
    const id = await bucket('list')
    const files = adminClient().storage.from(id)
    for (const name of ['b.png', 'A.png', 'c/one.png', 'c/two.png', 'd/deep/x.png', 'e.txt']) {
      assert.equal((await files.upload(name, png())).error, null)
    }
    const top = await files.list()
    assert.equal(top.error, null)
    assert.deepEqual(top.data!.map((o) => [o.name, o.id === null]), [
      ['A.png', false],
      ['b.png', false],
      ['c', true],
      ['d', true],
      ['e.txt', false],
    ])
    const file = top.data!.find((o) => o.name === 'A.png')!
    assert.equal(file.metadata!.mimetype, 'image/png')
    assert.equal(file.metadata!.size, 68)
    assert.equal(file.metadata!.cacheControl, 'max-age=3600')

    assert.deepEqual((await files.list('c')).data!.map((o) => o.name), ['one.png', 'two.png'])
    assert.deepEqual((await files.list('c/')).data!.map((o) => o.name), ['one.png', 'two.png'])
    assert.deepEqual((await files.list('d')).data!.map((o) => [o.name, o.id]), [['deep', null]])
    assert.deepEqual((await files.list('', { limit: 2, offset: 1 })).data!.map((o) => o.name), [
      'b.png',
      'c',
    ])
    assert.deepEqual(
      (await files.list('', { sortBy: { column: 'name', order: 'desc' } })).data!.map((o) =>
        o.name
      ),
      ['e.txt', 'd', 'c', 'b.png', 'A.png'],
    )
    assert.deepEqual((await files.list('', { search: 'b' })).data!.map((o) => o.name), ['b.png'])
    const byTime = (await files.list('', { sortBy: { column: 'created_at', order: 'desc' } })).data!
      .map((o) => o.name)
    assert.deepEqual(
      byTime,
      ['d', 'c', 'e.txt', 'A.png', 'b.png'],
      'folders first, then files newest first',
    )

    // Over a hundred files, the default page is a hundred.
    const many = await bucket('many')
    const rows = Array.from({ length: 105 }, (_, i) => `f${String(i).padStart(3, '0')}.txt`)
    for (const name of rows) {
      assert.equal(
        (await adminClient().storage.from(many).upload(name, text(name))).error,
        null,
      )
    }
    const page = (await adminClient().storage.from(many).list()).data!
    assert.equal(page.length, 100)
    assert.equal(page[0].name, 'f000.txt')
    assert.equal(page[99].name, 'f099.txt')
  },
)

Deno.test('remove, move and copy keep rows and files together', opts, async () => {
  const id = await bucket('ops')
  const files = adminClient().storage.from(id)
  assert.equal((await files.upload('a/one.txt', text('one'))).error, null)
  assert.equal((await files.upload('a/two.txt', text('two'))).error, null)

  const moved = await files.move('a/one.txt', 'b/one.txt')
  assert.equal(moved.error, null)
  assert.equal(moved.data!.message, 'Successfully moved')
  assert.equal(await (await files.download('b/one.txt')).data!.text(), 'one')
  assert.equal((await files.download('a/one.txt')).error?.message, 'Object not found')
  assert.deepEqual(await versionsOnDisk(id, 'a/one.txt'), [])
  assert.equal((await versionsOnDisk(id, 'b/one.txt')).length, 1)

  assert.deepEqual(await files.copy('a/two.txt', 'c/two.txt'), {
    data: { path: `${id}/c/two.txt` },
    error: null,
  })
  assert.equal(await (await files.download('c/two.txt')).data!.text(), 'two')
  assert.equal(await (await files.download('a/two.txt')).data!.text(), 'two')
  const copyAgain = await files.copy('a/two.txt', 'c/two.txt')
  assert.equal(copyAgain.error?.message, 'The resource already exists')

  const removed = await files.remove(['a/two.txt', 'nothing/here.txt'])
  assert.equal(removed.error, null)
  assert.deepEqual(removed.data!.map((o) => o.name), ['a/two.txt'])
  assert.deepEqual(await versionsOnDisk(id, 'a/two.txt'), [])
  assert.equal((await files.download('a/two.txt')).error?.message, 'Object not found')
})

Deno.test('info and exists describe an object', opts, async () => {
  const id = await bucket('info')
  const files = adminClient().storage.from(id)
  assert.equal(
    (await files.upload('doc.txt', text('hello'), { metadata: { owner: 'patch' } })).error,
    null,
  )
  const info = await files.info('doc.txt')
  assert.equal(info.error, null)
  assert.equal(info.data!.name, 'doc.txt')
  assert.equal(info.data!.size, 5)
  assert.equal(info.data!.contentType, 'text/plain')
  assert.deepEqual(info.data!.metadata, { owner: 'patch' })
  assert.deepEqual(await files.exists('doc.txt'), { data: true, error: null })
  assert.equal((await files.exists('none.txt')).data, false)
})

Deno.test(
  "a bucket's allowed types and size limit refuse an upload with the server's errors",
  opts,
  async () => {
    const id = await bucket('limits', {
      fileSizeLimit: 100,
      allowedMimeTypes: ['image/png', 'image/jpeg'],
    })
    const files = adminClient().storage.from(id)
    const wrongType = await files.upload('x.txt', text('not an image'))
    assert.equal(wrongType.error?.message, 'mime type text/plain is not supported')
    assert.equal((wrongType.error as unknown as { statusCode: string }).statusCode, '415')
    const tooBig = await files.upload('big.png', png(200))
    assert.equal(tooBig.error?.message, 'The object exceeded the maximum allowed size')
    assert.equal((tooBig.error as unknown as { statusCode: string }).statusCode, '413')
    assert.equal((await files.upload('small.png', png(10))).error, null)
    assert.deepEqual((await files.list()).data!.map((o) => o.name), ['small.png'])
    assert.deepEqual(await versionsOnDisk(id, 'big.png'), [])
  },
)

async function md5Hex(bytes: Uint8Array): Promise<string> {
  const { createHash } = await import('node:crypto')
  return createHash('md5').update(bytes).digest('hex')
}
