// The admin API through supabase.auth.admin with the service_role key: users CRUD and
// generate_link; refused for anon keys and user tokens.
import assert from 'node:assert/strict'
import {
  adminClient,
  client,
  db,
  env,
  follow,
  fragment,
  PASSWORD,
  signedUpClient,
  totpCode,
  uniqueEmail,
  URL_,
} from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

Deno.test('admin creates, reads, lists, updates, bans and deletes users', opts, async () => {
  const admin = adminClient().auth.admin
  const email = uniqueEmail('admin-made')
  const created = await admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { display_name: 'Patch' },
    app_metadata: { staff_role: 'patch_manager' },
  })
  assert.equal(created.error, null)
  const user = created.data.user!
  assert.equal(user.email, email)
  assert.ok(user.email_confirmed_at)
  assert.deepEqual(user.app_metadata, {
    provider: 'email',
    providers: ['email'],
    staff_role: 'patch_manager',
  })

  const dup = await admin.createUser({ email, password: PASSWORD })
  assert.equal(dup.error?.code, 'email_exists')
  assert.equal(dup.error?.status, 422)

  const got = await admin.getUserById(user.id)
  assert.equal(got.data.user?.id, user.id)
  const missing = await admin.getUserById(crypto.randomUUID())
  assert.equal(missing.error?.status, 404)
  assert.equal(missing.error?.code, 'user_not_found')

  const list = await admin.listUsers({ page: 1, perPage: 1000 })
  assert.equal(list.error, null)
  assert.ok(list.data.users.some((u) => u.id === user.id))
  assert.ok((list.data as { total?: number }).total! >= 1)

  const signedIn = client()
  assert.equal((await signedIn.auth.signInWithPassword({ email, password: PASSWORD })).error, null)

  const updated = await admin.updateUserById(user.id, {
    app_metadata: { staff_role: 'founder' },
    user_metadata: { plot: 3 },
  })
  assert.equal(updated.error, null)
  assert.equal(updated.data.user?.app_metadata.staff_role, 'founder')
  assert.deepEqual(updated.data.user?.user_metadata, { display_name: 'Patch', plot: 3 })

  const banned = await admin.updateUserById(user.id, { ban_duration: '24h' })
  assert.ok(banned.data.user?.banned_until)
  const blocked = await client().auth.signInWithPassword({ email, password: PASSWORD })
  assert.equal(blocked.error?.code, 'user_banned')
  assert.equal(
    (await signedIn.auth.getUser()).error?.name,
    'AuthSessionMissingError',
    'a ban ends sessions',
  )
  await admin.updateUserById(user.id, { ban_duration: 'none' })
  assert.equal((await client().auth.signInWithPassword({ email, password: PASSWORD })).error, null)

  assert.equal((await admin.deleteUser(user.id)).error, null)
  assert.equal((await db()`select 1 from auth.users where id = ${user.id}`).length, 0)
  assert.equal(
    (await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code,
    'invalid_credentials',
  )
})

Deno.test(
  'generate_link returns a working action link and code without sending mail',
  opts,
  async () => {
    const admin = adminClient().auth.admin
    const { email } = await signedUpClient('genlink')
    const { data, error } = await admin.generateLink({
      type: 'recovery',
      email,
      options: { redirectTo: `${env('WEB_URL')}/admin/confirm` },
    })
    assert.equal(error, null)
    assert.equal(data.user.email, email)
    assert.equal(data.properties.verification_type, 'recovery')
    assert.match(data.properties.email_otp, /^\d{6}$/)
    assert.ok(data.properties.action_link.startsWith(`${URL_()}/auth/v1/verify?`))
    const { location } = await follow(data.properties.action_link)
    assert.equal(`${location.origin}${location.pathname}`, `${env('WEB_URL')}/admin/confirm`)
    assert.ok(fragment(location).get('access_token'))

    const signup = await admin.generateLink({
      type: 'signup',
      email: uniqueEmail('gen-signup'),
      password: PASSWORD,
    })
    assert.equal(signup.error, null)
    const c = client()
    const verified = await c.auth.verifyOtp({
      type: 'signup',
      token_hash: signup.data.properties.hashed_token,
    })
    assert.equal(verified.error, null)
    assert.ok(verified.data.user?.email_confirmed_at)

    const none = await admin.generateLink({ type: 'magiclink', email: uniqueEmail('nobody') })
    assert.equal(none.error?.status, 404)
  },
)

Deno.test('the admin API refuses anon keys and user tokens', opts, async () => {
  const anon = client().auth.admin
  const r1 = await anon.listUsers()
  assert.equal(r1.error?.status, 403)
  assert.equal(r1.error?.code, 'not_admin')
  const { session } = await signedUpClient('not-admin')
  const res = await fetch(`${URL_()}/auth/v1/admin/users`, {
    headers: { apikey: env('SUPABASE_ANON_KEY'), authorization: `Bearer ${session.access_token}` },
  })
  assert.equal(res.status, 403)
  await res.body?.cancel()
  const none = await fetch(`${URL_()}/auth/v1/admin/users`, { method: 'POST', body: '{}' })
  assert.equal(none.status, 401)
  await none.body?.cancel()
})

Deno.test("admin lists and removes a user's MFA factors (a lost authenticator)", opts, async () => {
  const { c, user } = await signedUpClient('lost-phone')
  const { data: factor } = await c.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Old phone',
  })
  assert.ok(factor && factor.type === 'totp')
  assert.equal(
    (await c.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: await totpCode(factor.totp.secret),
    })).error,
    null,
  )

  const mfa = adminClient().auth.admin.mfa
  const listed = await mfa.listFactors({ userId: user.id })
  assert.equal(listed.error, null)
  assert.deepEqual(listed.data?.factors.map((f) => [f.id, f.status, f.friendly_name]), [[
    factor.id,
    'verified',
    'Old phone',
  ]])
  const removed = await mfa.deleteFactor({ userId: user.id, id: factor.id })
  assert.equal(removed.error, null)
  assert.equal((await mfa.deleteFactor({ userId: user.id, id: factor.id })).error?.status, 404)
  const fresh = client()
  await fresh.auth.signInWithPassword({
    email: (await c.auth.getUser()).data.user!.email!,
    password: PASSWORD,
  })
  const level = await fresh.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal1', 'aal1'])
})
