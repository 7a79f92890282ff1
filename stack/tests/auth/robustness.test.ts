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
