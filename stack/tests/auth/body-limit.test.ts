// Request bodies on /auth/v1 are capped at 1 MiB, as Supabase Auth caps them (limitRequestBody(1 << 20)
// on every route, internal/api/api.go): a larger body is 413 `request_entity_too_large` in Supabase
// Auth's error shape, whether it declares its length or streams it chunked, on every route, and
// nothing is written. The limit is the one /rest/v1 applies (stack/gateway/body.ts).
import assert from 'node:assert/strict'
import { MAX_BODY_BYTES } from '../../gateway/body.ts'
import { client, db, env, uniqueEmail, URL_ } from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }
const THREE_MB = 3 * 1024 * 1024

/** Every /auth/v1 route that takes a body, and some that ignore theirs. */
const ROUTES: [string, string, 'anon' | 'service'][] = [
  ['POST', '/signup', 'anon'],
  ['POST', '/token?grant_type=password', 'anon'],
  ['POST', '/token?grant_type=refresh_token', 'anon'],
  ['POST', '/token?grant_type=pkce', 'anon'],
  ['PUT', '/user', 'anon'],
  ['POST', '/logout', 'anon'],
  ['POST', '/otp', 'anon'],
  ['POST', '/magiclink', 'anon'],
  ['POST', '/recover', 'anon'],
  ['POST', '/resend', 'anon'],
  ['POST', '/verify', 'anon'],
  ['POST', '/factors', 'anon'],
  [`POST`, `/factors/${crypto.randomUUID()}/challenge`, 'anon'],
  ['POST', `/factors/${crypto.randomUUID()}/verify`, 'anon'],
  ['DELETE', `/factors/${crypto.randomUUID()}`, 'anon'],
  ['POST', '/admin/users', 'service'],
  ['PUT', `/admin/users/${crypto.randomUUID()}`, 'service'],
  ['DELETE', `/admin/users/${crypto.randomUUID()}`, 'service'],
  ['POST', '/admin/generate_link', 'service'],
  ['POST', '/nowhere', 'anon'],
]

/** A JSON object of `bytes` bytes: a valid sign-up padded with an unknown field. */
function paddedSignup(email: string, bytes: number): string {
  const head = JSON.stringify({ email, password: 'correct-horse-battery', pad: '' })
  return head.slice(0, -2) + 'x'.repeat(bytes - head.length) + '"}'
}

function send(
  method: string,
  path: string,
  body: BodyInit,
  headers: Record<string, string> = {},
  key = env('SUPABASE_ANON_KEY'),
) {
  return fetch(`${URL_()}/auth/v1${path}`, {
    method,
    body,
    headers: { apikey: key, 'content-type': 'application/json', ...headers },
  })
}

const userCount = async (email: string) =>
  (await db()`select count(*)::int as n from auth.users where email = ${email}`)[0].n as number

Deno.test(
  'a 3 MB sign-up is 413 request_entity_too_large, in both error shapes, and creates no user',
  opts,
  async () => {
    const email = uniqueEmail('big')
    const body = paddedSignup(email, THREE_MB)
    const modern = await send('POST', '/signup', body, { 'x-supabase-api-version': '2024-01-01' })
    assert.equal(modern.status, 413)
    assert.equal(modern.headers.get('x-supabase-api-version'), '2024-01-01')
    assert.deepEqual(await modern.json(), {
      code: 'request_entity_too_large',
      message: `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
    })
    const legacy = await send('POST', '/signup', body)
    assert.equal(legacy.status, 413)
    assert.deepEqual(await legacy.json(), {
      code: 413,
      error_code: 'request_entity_too_large',
      msg: `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
    })
    assert.equal(await userCount(email), 0)
  },
)

Deno.test('a body of exactly the limit is read; one byte more is 413', opts, async () => {
  const email = uniqueEmail('edge')
  const atLimit = await send('POST', '/signup', paddedSignup(email, MAX_BODY_BYTES))
  assert.equal(atLimit.status, 200, await atLimit.clone().text())
  await atLimit.body?.cancel()
  assert.equal(await userCount(email), 1)
  const other = uniqueEmail('edge')
  const over = await send('POST', '/signup', paddedSignup(other, MAX_BODY_BYTES + 1))
  assert.equal(over.status, 413)
  await over.body?.cancel()
  assert.equal(await userCount(other), 0)
})

Deno.test('an oversized body sent chunked (no Content-Length) is 413 too', opts, async () => {
  const email = uniqueEmail('chunked')
  const bytes = new TextEncoder().encode(paddedSignup(email, THREE_MB))
  let at = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close()
      c.enqueue(bytes.slice(at, at += 64 * 1024))
    },
  })
  const res = await send('POST', '/signup', stream)
  assert.equal(res.status, 413)
  assert.equal(
    ((await res.json()) as { error_code: string }).error_code,
    'request_entity_too_large',
  )
  assert.equal(await userCount(email), 0)
})

Deno.test('every /auth/v1 route refuses a 3 MB body with 413', opts, async () => {
  const body = paddedSignup(uniqueEmail('routes'), THREE_MB)
  for (const [method, path, who] of ROUTES) {
    const key = who === 'service' ? env('SUPABASE_SERVICE_ROLE_KEY') : env('SUPABASE_ANON_KEY')
    const res = await send(method, path, body, { authorization: `Bearer ${key}` }, key)
    const text = await res.text()
    assert.equal(res.status, 413, `${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
    assert.equal(
      (JSON.parse(text) as { error_code: string }).error_code,
      'request_entity_too_large',
      `${method} ${path}`,
    )
  }
})

Deno.test('supabase-js sees the 413 as an AuthError with its code', opts, async () => {
  const email = uniqueEmail('sdk')
  const { data, error } = await client().auth.signUp({
    email,
    password: 'correct-horse-battery',
    options: { data: { big: 'x'.repeat(THREE_MB) } },
  })
  assert.equal(data.user, null)
  assert.equal(error?.status, 413)
  assert.equal(error?.code, 'request_entity_too_large')
  assert.equal(await userCount(email), 0)
})
