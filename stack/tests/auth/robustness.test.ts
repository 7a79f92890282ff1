// Nothing a client can send makes /auth/v1 answer 500: every route, with and without a session,
// gets odd bodies (wrong types, nulls, arrays, huge strings, bad JSON) and odd ids.
import assert from 'node:assert/strict'
import { env, signedUpClient, URL_ } from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

const ROUTES: [string, string][] = [
  ['POST', '/signup'],
  ['POST', '/token?grant_type=password'],
  ['POST', '/token?grant_type=refresh_token'],
  ['POST', '/token?grant_type=pkce'],
  ['GET', '/user'],
  ['PUT', '/user'],
  ['POST', '/logout'],
  ['POST', '/logout?scope=others'],
  ['POST', '/otp'],
  ['POST', '/recover'],
  ['POST', '/resend'],
  ['GET', '/reauthenticate'],
  ['POST', '/verify'],
  ['GET', '/verify?type=recovery&token=x&redirect_to=%%%'],
  ['GET', '/verify?type=nope'],
  ['POST', '/factors'],
  ['POST', '/factors/not-a-uuid/challenge'],
  ['POST', `/factors/${crypto.randomUUID()}/verify`],
  ['DELETE', '/factors/%E0%A4%A'],
  ['GET', '/admin/users?page=-1&per_page=abc'],
  ['GET', '/admin/users?page=99999999999999999999&per_page=99999999999'],
  ['GET', '/admin/users?page=18446744073709551615&per_page=1000'],
  ['GET', '/admin/users?per_page=0'],
  ['POST', '/admin/users'],
  ['PUT', `/admin/users/${crypto.randomUUID()}`],
  ['DELETE', '/admin/users/nope'],
  ['POST', '/admin/generate_link'],
  ['PATCH', '/user'],
  ['GET', '/nowhere'],
]

const BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '42',
  JSON.stringify({
    email: 42,
    phone: true,
    password: ['x'],
    data: 'str',
    code: {},
    challenge_id: 'x',
    factor_type: 'totp',
    refresh_token: 9,
  }),
  JSON.stringify({
    email: 'a@b.co',
    password: 'x'.repeat(5000),
    data: [1],
    user_metadata: [],
    app_metadata: 'x',
    ban_duration: 12,
  }),
  JSON.stringify({
    email: null,
    password: null,
    type: 'email_change',
    token: null,
    token_hash: 42,
    factor_type: 'phone',
    phone: 'abc',
  }),
  JSON.stringify({
    auth_code: 'x',
    code_verifier: 'y',
    code_challenge: 'short',
    code_challenge_method: 'S256',
    type: 'signup',
    email: 'x@y.zz',
  }),
]

Deno.test('no request a client can send is answered with a 5xx', opts, async () => {
  const { session } = await signedUpClient('fuzz')
  const apikey = env('SUPABASE_ANON_KEY')
  const service = env('SUPABASE_SERVICE_ROLE_KEY')
  for (const token of [null, session.access_token, service, 'garbage.token.here']) {
    for (const [method, path] of ROUTES) {
      for (const body of method === 'GET' || method === 'DELETE' ? [''] : BODIES) {
        const res = await fetch(`${URL_()}/auth/v1${path}`, {
          method,
          headers: {
            apikey,
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === '' ? undefined : body,
          redirect: 'manual',
        })
        const text = await res.text()
        assert.ok(
          res.status < 500,
          `${method} ${path} ${body.slice(0, 60)} -> ${res.status} ${text.slice(0, 200)}`,
        )
      }
    }
  }
  // The session used above was ended by the logout routes, and that is all that happened to it.
  const res = await fetch(`${URL_()}/auth/v1/user`, {
    headers: { apikey, authorization: `Bearer ${session.access_token}` },
  })
  assert.equal(res.status, 403)
  await res.body?.cancel()
})

Deno.test(
  'the admin user list reads page and per_page as Supabase Auth does: 400 when they are not unsigned 64-bit integers',
  opts,
  async () => {
    const service = env('SUPABASE_SERVICE_ROLE_KEY')
    const list = async (query: string) => {
      const res = await fetch(`${URL_()}/auth/v1/admin/users?${query}`, {
        headers: { apikey: service, authorization: `Bearer ${service}` },
      })
      return { status: res.status, body: await res.json() }
    }
    assert.deepEqual(await list('page=abc'), {
      status: 400,
      body: {
        code: 400,
        error_code: 'validation_failed',
        msg: 'Bad Pagination Parameters: strconv.ParseUint: parsing "abc": invalid syntax',
      },
    })
    const tooBig = await list('page=99999999999999999999')
    assert.equal(tooBig.status, 400)
    assert.equal(
      tooBig.body.msg,
      'Bad Pagination Parameters: strconv.ParseUint: parsing "99999999999999999999": value out of range',
    )
    const zero = await list('per_page=0')
    assert.equal(zero.status, 400)
    assert.equal(zero.body.msg, 'Bad Pagination Parameters: per_page must be greater than 0')
    // The largest page there is is a page past the last user: empty, not an error.
    const last = await list('page=18446744073709551615&per_page=1000')
    assert.equal(last.status, 200)
    assert.deepEqual(last.body.users, [])
    // and an ordinary page still lists users.
    const first = await list('page=1&per_page=2')
    assert.equal(first.status, 200)
    assert.ok(first.body.users.length >= 1)
  },
)
