// Signed URLs: made by a caller who can read the object, served to anyone holding the URL until
// it expires; a tampered, expired or misdirected token gets the server's error.
import assert from 'node:assert/strict'
import { signJwt } from '../../gateway/jwt.ts'
import { JWT_SECRET } from '../../config.ts'
import { adminClient, bucket, client, opts, png, raw } from './helpers.ts'

Deno.test(
  'a signed URL serves a private object without a token, with Expires instead of Cache-Control',
  opts,
  async () => {
    const id = await bucket('signed')
    const files = adminClient().storage.from(id)
    const body = png(32)
    assert.equal((await files.upload('plans/site map.png', body)).error, null)
    const { data, error } = await files.createSignedUrl('plans/site map.png', 600)
    assert.equal(error, null)
    const url = new URL(data!.signedUrl)
    assert.equal(url.pathname, `/storage/v1/object/sign/${id}/plans/site%20map.png`)
    const token = url.searchParams.get('token')!
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))
    assert.equal(claims.url, `${id}/plans/site map.png`)
    assert.equal(claims.exp - claims.iat, 600)

    const res = await fetch(data!.signedUrl)
    assert.equal(res.status, 200)
    assert.deepEqual(
      new Uint8Array(await res.arrayBuffer()),
      new Uint8Array(await body.arrayBuffer()),
    )
    assert.equal(res.headers.get('expires'), new Date(claims.exp * 1000).toUTCString())
    assert.equal(res.headers.get('cache-control'), null)

    const asDownload = await files.createSignedUrl('plans/site map.png', 60, {
      download: 'map.png',
    })
    const dl = await fetch(asDownload.data!.signedUrl)
    assert.equal(
      dl.headers.get('content-disposition'),
      "attachment; filename=map.png; filename*=UTF-8''map.png",
    )
    await dl.body?.cancel()
  },
)

Deno.test('a tampered, expired or misdirected token is refused', opts, async () => {
  const id = await bucket('signed-bad')
  const files = adminClient().storage.from(id)
  assert.equal((await files.upload('a.png', png())).error, null)
  assert.equal((await files.upload('b.png', png())).error, null)
  const { data } = await files.createSignedUrl('a.png', 600)
  const token = new URL(data!.signedUrl).searchParams.get('token')!

  const [h, p, s] = token.split('.')
  const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`
  const bad = await raw(`/object/sign/${id}/a.png?token=${tampered}`)
  assert.equal(bad.status, 400)
  assert.deepEqual(bad.body, {
    statusCode: '400',
    code: 'InvalidJWT',
    error: 'InvalidJWT',
    message: 'signature verification failed',
  })

  const now = Math.floor(Date.now() / 1000)
  const expired = await signJwt({
    url: `${id}/a.png`,
    scope: 'download',
    iat: now - 120,
    exp: now - 60,
  }, JWT_SECRET)
  const late = await raw(`/object/sign/${id}/a.png?token=${expired}`)
  assert.equal(late.status, 400)
  assert.equal((late.body as { message: string }).message, '"exp" claim timestamp check failed')

  const elsewhere = await raw(`/object/sign/${id}/b.png?token=${token}`)
  assert.equal(elsewhere.status, 400)
  assert.deepEqual(elsewhere.body, {
    statusCode: '400',
    code: 'InvalidSignature',
    error: 'InvalidSignature',
    message: 'Invalid signature',
  })

  const upload = await signJwt({
    url: `${id}/a.png`,
    scope: 'upload',
    upsert: false,
    iat: now,
    exp: now + 60,
  }, JWT_SECRET)
  const wrongScope = await raw(`/object/sign/${id}/a.png?token=${upload}`)
  assert.equal((wrongScope.body as { message: string }).message, 'Token is not scoped for download')
})

Deno.test(
  'signing needs read access: batch signing answers per path; anon cannot sign',
  opts,
  async () => {
    const id = await bucket('signed-many')
    const files = adminClient().storage.from(id)
    assert.equal((await files.upload('one.png', png())).error, null)
    const many = await files.createSignedUrls(['one.png', 'missing.png'], 60)
    assert.equal(many.error, null)
    assert.equal(many.data![0].error, null)
    assert.equal((await fetch(many.data![0].signedUrl!)).status, 200)
    assert.deepEqual({ ...many.data![1] }, {
      error: 'Either the object does not exist or you do not have access to it',
      path: 'missing.png',
      signedURL: null,
      signedUrl: null,
    })

    const anon = await client().storage.from(id).createSignedUrl('one.png', 60)
    assert.equal(anon.error?.message, 'Object not found')
    assert.equal(
      (await files.createSignedUrl('missing.png', 60)).error?.message,
      'Object not found',
    )
  },
)
