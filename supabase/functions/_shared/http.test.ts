// The boundary every function shares: bad bodies are 4xx in the documented shape, never 500.
import assert from 'node:assert/strict'
import { z } from 'npm:zod@3'
import { forbidden, HttpError } from './errors.ts'
import { json, MAX_BODY_BYTES, readJson, serve } from './http.ts'

const schema = z.object({ email: z.string().email(), count: z.number().int().min(1) }).strict()
const handler = serve(async (req) => json({ got: await readJson(req, schema) }))
const post = (body: string, type = 'application/json') =>
  handler(new Request('http://x/fn', { method: 'POST', headers: { 'content-type': type }, body }))

async function errorOf(res: Response) {
  const body = await res.json()
  assert.deepEqual(Object.keys(body), ['error'])
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'details', 'message'])
  return body.error
}

Deno.test('a valid body reaches the route', async () => {
  const res = await post(JSON.stringify({ email: 'a@example.com', count: 2 }))
  assert.equal(res.status, 200)
  assert.deepEqual(await res.json(), { got: { email: 'a@example.com', count: 2 } })
  assert.equal(res.headers.get('access-control-allow-origin'), '*')
})

Deno.test('broken JSON, wrong types, unknown keys, wrong media type and huge bodies are 4xx', async () => {
  const broken = await post('{"email": ')
  assert.equal(broken.status, 400)
  assert.equal((await errorOf(broken)).code, 'bad_request')

  const wrong = await post(JSON.stringify({ email: 'nope', count: 'x' }))
  assert.equal(wrong.status, 400)
  const e = await errorOf(wrong)
  assert.equal(e.code, 'validation_failed')
  assert.deepEqual(e.details.map((d: { path: string }) => d.path).sort(), ['count', 'email'])

  const extra = await post(JSON.stringify({ email: 'a@example.com', count: 1, role: 'founder' }))
  assert.equal(extra.status, 400)
  const polluted = await post('{"email":"a@example.com","count":1,"__proto__":{"admin":true}}')
  assert.equal(polluted.status, 400)
  assert.equal(({} as Record<string, unknown>).admin, undefined)

  const type = await post('email=a', 'application/x-www-form-urlencoded')
  assert.equal(type.status, 415)
  await type.body?.cancel()

  const huge = await post(
    JSON.stringify({ email: 'a@example.com', count: 1, pad: 'x'.repeat(MAX_BODY_BYTES) }),
  )
  assert.equal(huge.status, 413)
  assert.equal((await errorOf(huge)).code, 'payload_too_large')
})

/** A POST whose body is `stream` (no Content-Length: it arrives chunked). */
const streamed = (stream: ReadableStream<Uint8Array>) =>
  handler(
    new Request('http://x/fn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
    }),
  )

Deno.test('a body that cannot be read is 400, not 500: the client cut it short', async () => {
  let sent = false
  const res = await streamed(
    new ReadableStream({
      pull(c) {
        if (!sent) {
          sent = true
          c.enqueue(new TextEncoder().encode('{"email": "a@exam'))
        } else c.error(new Error('connection reset by peer'))
      },
    }),
  )
  assert.equal(res.status, 400)
  assert.deepEqual(await errorOf(res), {
    code: 'bad_request',
    message: 'The body could not be read: it ended before its declared length.',
    details: null,
  })
})

Deno.test('an endless chunked body is refused at the limit, not read to its end', async () => {
  let pulled = 0
  let cancelled = false
  const res = await streamed(
    new ReadableStream({
      pull(c) {
        pulled++
        c.enqueue(new Uint8Array(16 * 1024).fill(0x20))
      },
      cancel() {
        cancelled = true
      },
    }),
  )
  assert.equal(res.status, 413)
  assert.equal((await errorOf(res)).code, 'payload_too_large')
  assert.ok(pulled <= MAX_BODY_BYTES / (16 * 1024) + 2, `read ${pulled} chunks`)
  assert.equal(cancelled, true)
})

Deno.test('thrown HttpErrors keep their status; unexpected faults are a generic 500', async () => {
  const denied = await serve(() => {
    throw forbidden()
  })(new Request('http://x/fn'))
  assert.equal(denied.status, 403)
  assert.equal((await errorOf(denied)).code, 'forbidden')
  const custom = await serve(() => {
    throw new HttpError(409, 'conflict', 'Already done', { id: 1 })
  })(new Request('http://x/fn'))
  assert.deepEqual(await errorOf(custom), {
    code: 'conflict',
    message: 'Already done',
    details: { id: 1 },
  })
  const orig = console.error
  console.error = () => {}
  try {
    const fault = await serve(() => {
      throw new TypeError('boom')
    })(new Request('http://x/fn'))
    assert.equal(fault.status, 500)
    const err = await errorOf(fault)
    assert.equal(err.code, 'internal_error')
    assert.ok(!JSON.stringify(err).includes('boom'), 'internals are not leaked')
  } finally {
    console.error = orig
  }
})

Deno.test('preflight is answered without running the route', async () => {
  let ran = false
  const res = await serve(() => {
    ran = true
    return json({})
  })(new Request('http://x/fn', { method: 'OPTIONS' }))
  assert.equal(res.status, 200)
  assert.equal(ran, false)
  assert.match(res.headers.get('access-control-allow-headers') ?? '', /authorization/)
  assert.match(
    res.headers.get('access-control-allow-headers') ?? '',
    /idempotency-key/,
    'browsers may send Idempotency-Key',
  )
  await res.body?.cancel()
})

Deno.test('the database out of reach is 503 with Retry-After at once; other failures stay 502', async () => {
  const { must } = await import('./db.ts')
  for (const code of ['PGRST000', 'PGRST001', 'PGRST003']) {
    const res = await serve(() =>
      Promise.resolve(json(must({ data: null, error: { code, message: 'unreachable' } })))
    )(new Request('http://x/fn'))
    assert.equal(res.status, 503, code)
    assert.equal(res.headers.get('retry-after'), '1')
    assert.equal((await errorOf(res)).code, 'unavailable')
  }
  const other = await serve(() =>
    Promise.resolve(json(must({ data: null, error: { code: 'XX000', message: 'internal' } })))
  )(new Request('http://x/fn'))
  assert.equal(other.status, 502)
  assert.equal(other.headers.get('retry-after'), null)
  assert.equal((await errorOf(other)).code, 'upstream_failed')
})
