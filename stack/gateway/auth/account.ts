// /settings, /signup, /token (password, refresh_token, pkce), /user and /logout.
import { audit } from './audit.ts'
import { encodeBase64Url } from './encoding.ts'
import {
  type Body,
  type Call,
  type Deps,
  optObject,
  optString,
  readBody,
  redirectParam,
  redirectTarget,
} from './deps.ts'
import { AuthError, badRequest, forbidden, notFound, unprocessable } from './errors.ts'
import { chargeEmail, limitRequest } from './ratelimit.ts'
import { issueAndSend, issueEmailChange, tokenHash } from './mail.ts'
import { authenticate, refreshGrant, requireSession, signIn } from './sessions.ts'
import {
  checkPassword,
  checkPasswordStrength,
  createUser,
  databaseError,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  hashPassword,
  isBanned,
  normaliseEmail,
  requirePasswordString,
  type Sql,
  userJson,
  type UserRow,
  validateEmail,
  validatePhone,
  verifyPassword,
} from './users.ts'

export function settingsResponse(deps: Deps) {
  const s = deps.settings
  const providers = [
    'anonymous_users',
    'apple',
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'figma',
    'fly',
    'github',
    'gitlab',
    'google',
    'keycloak',
    'kakao',
    'linkedin',
    'linkedin_oidc',
    'notion',
    'spotify',
    'slack',
    'slack_oidc',
    'workos',
    'twitch',
    'twitter',
    'zoom',
  ]
  return {
    external: {
      ...Object.fromEntries(providers.map((p) => [p, false])),
      email: s.emailSignup,
      phone: s.phoneSignup,
    },
    disable_signup: s.disableSignup,
    mailer_autoconfirm: s.mailerAutoconfirm,
    phone_autoconfirm: s.smsAutoconfirm,
    sms_provider: 'twilio',
    saml_enabled: false,
  }
}

// ---------------------------------------------------------------------------- PKCE

interface FlowState {
  id: string
  user_id: string | null
  auth_code: string
  code_challenge_method: 's256' | 'plain'
  code_challenge: string
  authentication_method: string
  created_at: Date
}

const FLOW_STATE_TTL_MS = 5 * 60 * 1000

/** Reads code_challenge/code_challenge_method from a body; null when the flow is implicit. */
export function pkceParams(body: Body): { challenge: string; method: 's256' | 'plain' } | null {
  const challenge = optString(body.code_challenge, 'code_challenge')
  const method = (optString(body.code_challenge_method, 'code_challenge_method') ?? '')
    .toLowerCase()
  if (!challenge && !method) return null
  if (!challenge || (method !== 's256' && method !== 'plain')) {
    throw badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    )
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters')
  }
  return { challenge, method }
}

export async function createFlowState(
  sql: Sql,
  userId: string,
  pkce: { challenge: string; method: 's256' | 'plain' },
  authMethod: string,
) {
  await sql`
    insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
    values (${crypto.randomUUID()}, ${userId}, ${crypto.randomUUID()}, ${pkce.method}, ${pkce.challenge}, 'email', now(), now(), ${authMethod})`
}

/** The newest flow state of a user for a method, marked issued; its auth_code goes to the app. */
export async function issueAuthCode(
  sql: Sql,
  userId: string,
  authMethod: string,
): Promise<string | null> {
  const [f] = await sql<FlowState[]>`
    update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
    where id = (select id from auth.flow_state where user_id = ${userId} and authentication_method = ${authMethod}
                order by created_at desc limit 1)
    returning *`
  return f?.auth_code ?? null
}

async function pkceGrant(deps: Deps, call: Call, body: Body) {
  const code = optString(body.auth_code, 'auth_code')
  const verifier = optString(body.code_verifier, 'code_verifier')
  if (!code || !verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    )
  }
  const [flow] = await deps.sql<
    FlowState[]
  >`select * from auth.flow_state where auth_code = ${code}`
  if (!flow || !flow.user_id) {
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
  }
  if (new Date(flow.created_at).getTime() + FLOW_STATE_TTL_MS < Date.now()) {
    await deps.sql`delete from auth.flow_state where id = ${flow.id}`
    throw notFound('flow_state_expired', 'invalid flow state, flow state has expired')
  }
  const expected = flow.code_challenge_method === 's256'
    ? encodeBase64Url(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
    )
    : verifier
  if (expected !== flow.code_challenge) {
    throw forbidden(
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    )
  }
  await deps.sql`delete from auth.flow_state where id = ${flow.id}`
  const user = await findUserById(deps.sql, flow.user_id)
  if (!user) throw notFound('user_not_found', 'User not found')
  return await signIn(deps.sql, deps.settings, user.id, flow.authentication_method, call.client)
}

// ---------------------------------------------------------------------------- signup

/** GoTrue's sanitizeUser (internal/api/signup.go): the answer to signing up with the address of a
 *  confirmed account while confirmations are on. A user that was never stored, in the shape and
 *  field order of a new sign-up's: a new id, the address asked about, the sender's own metadata,
 *  "sent now". Like Supabase's it has an empty `role` and no identities; unlike GoTrue's it keeps
 *  none of the stored account's timestamps (GoTrue leaves recovery_sent_at and a few more). */
async function sanitizedUser(
  sql: Sql,
  u: UserRow,
  provider: 'email' | 'phone',
  data: Record<string, unknown>,
) {
  const now = new Date()
  const blank = Object.fromEntries(Object.keys(u).map((k) => [k, null])) as unknown as UserRow
  return await userJson(sql, {
    ...blank,
    id: crypto.randomUUID(), // no identities or factors are stored under it
    aud: 'authenticated',
    role: '',
    email: provider === 'email' ? u.email : null,
    phone: provider === 'phone' ? u.phone : null,
    confirmation_sent_at: now,
    raw_app_meta_data: { provider, providers: [provider] },
    raw_user_meta_data: data,
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  })
}

export async function signup(deps: Deps, call: Call) {
  limitRequest(deps.limits.signIn, call.rateKey)
  const body = await readBody(call.req)
  const s = deps.settings
  const rawEmail = optString(body.email, 'email')
  const rawPhone = optString(body.phone, 'phone')
  const password = body.password === undefined || body.password === null || body.password === ''
    ? undefined
    : requirePasswordString(body.password)
  const data = optObject(body.data, 'data') ?? {}
  if (s.disableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  }
  if (rawEmail && rawPhone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    )
  }
  if (!rawEmail && !rawPhone) {
    if (!password) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    throw badRequest('validation_failed', 'To signup, please provide your email or phone number')
  }
  if (rawEmail && !s.emailSignup) {
    throw unprocessable('email_provider_disabled', 'Email signups are disabled')
  }
  if (rawPhone && !s.phoneSignup) {
    throw unprocessable('phone_provider_disabled', 'Phone signups are disabled')
  }
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password')
  const email = rawEmail ? validateEmail(rawEmail) : undefined
  const phone = rawPhone ? validatePhone(rawPhone) : undefined
  checkPasswordStrength(password, s)
  const pkce = pkceParams(body)
  const autoconfirm = email ? s.mailerAutoconfirm : s.smsAutoconfirm
  const redirectTo = redirectTarget(s, redirectParam(call, body))
  // With confirmations on, a sign-up is an e-mail to the address, whoever has it: charged before
  // the lookup, so the limits answer alike for new, unconfirmed and confirmed addresses.
  if (email && !autoconfirm) chargeEmail(deps.limits, call.rateKey, [email])

  const existing = email
    ? await findUserByEmail(deps.sql, email)
    : await findUserByPhone(deps.sql, phone!)
  if (existing) {
    const provider = email ? 'email' : 'phone'
    const confirmed = email ? !!existing.email_confirmed_at : !!existing.phone_confirmed_at
    // A new sign-up hashes the password; so does this, so the time taken says nothing either.
    await hashPassword(password)
    if (confirmed) {
      await audit(deps.sql, call.client.ip, existing, 'user_repeated_signup', { provider })
      // GoTrue answers user_already_exists when either autoconfirm is on (e-mail or SMS, even with
      // the phone provider off); only with both confirmations on is the answer a sanitized user.
      if (s.mailerAutoconfirm || s.smsAutoconfirm) {
        throw unprocessable('user_already_exists', 'User already registered')
      }
      return await sanitizedUser(deps.sql, existing, provider, data)
    }
    // Unconfirmed with autoconfirm on: GoTrue would confirm the stored user and sign the caller
    // in without checking the password; the stack refuses instead (README, known differences).
    if (autoconfirm || !email) throw unprocessable('user_already_exists', 'User already registered')
    // Unconfirmed: the confirmation is sent again and the stored user is left as it is ("we can't
    // be sure of their claimed identity", signup.go): neither the password nor the metadata change.
    await deps.sql.begin(async (tx) => {
      await audit(tx, call.client.ip, existing, 'user_confirmation_requested', {
        provider: 'email',
      })
      if (pkce) await createFlowState(tx, existing.id, pkce, 'email/signup')
      await issueAndSend(deps, tx, existing, 'signup', redirectTo, !!pkce)
    })
    return await userJson(deps.sql, (await findUserById(deps.sql, existing.id))!)
  }

  const user = await deps.sql.begin(async (tx) => {
    const u = await createUser(tx, {
      email,
      phone,
      password,
      userMetadata: data,
      emailConfirmed: !!email && autoconfirm,
      phoneConfirmed: !!phone && autoconfirm,
    })
    await audit(tx, call.client.ip, u, 'user_signedup', { provider: email ? 'email' : 'phone' })
    if (!autoconfirm && email) {
      if (pkce) await createFlowState(tx, u.id, pkce, 'email/signup')
      await issueAndSend(deps, tx, u, 'signup', redirectTo, !!pkce)
      await audit(tx, call.client.ip, u, 'user_confirmation_requested', { provider: 'email' })
    }
    return u
  }).catch((e) => {
    throw databaseError(e, 'Database error saving new user')
  })
  if (autoconfirm) return await signIn(deps.sql, s, user.id, 'password', call.client)
  return await userJson(deps.sql, (await findUserById(deps.sql, user.id))!)
}

// ---------------------------------------------------------------------------- token

const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password'
const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials')

async function passwordGrant(deps: Deps, call: Call, body: Body) {
  limitRequest(deps.limits.signIn, call.rateKey)
  const email = typeof body.email === 'string' ? body.email.trim() : ''
  const phone = typeof body.phone === 'string' ? body.phone.trim() : ''
  const password = typeof body.password === 'string' ? body.password : ''
  if (email && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    )
  }
  if ((!email && !phone) || !password) throw badRequest('validation_failed', MISSING_CREDENTIALS)
  const user = email
    ? await findUserByEmail(deps.sql, email)
    : await findUserByPhone(deps.sql, phone)
  const matches = await verifyPassword(user, password)
  if (!user || !matches) throw invalidCredentials()
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  if (email && !user.email_confirmed_at) {
    throw badRequest('email_not_confirmed', 'Email not confirmed')
  }
  if (!email && !user.phone_confirmed_at) {
    throw badRequest('phone_not_confirmed', 'Phone not confirmed')
  }
  const session = await signIn(deps.sql, deps.settings, user.id, 'password', call.client)
  // A password set before today's rules still signs in; the answer says what it lacks.
  try {
    checkPasswordStrength(password, deps.settings)
    return session
  } catch (e) {
    if (!(e instanceof AuthError) || !e.reasons) throw e
    return { ...session, weak_password: { reasons: e.reasons, message: e.message } }
  }
}

export async function token(deps: Deps, call: Call) {
  const grant = call.info.url.searchParams.get('grant_type')
  const body = await readBody(call.req)
  switch (grant) {
    case 'password':
      return await passwordGrant(deps, call, body)
    case 'refresh_token': {
      limitRequest(deps.limits.refresh, call.rateKey)
      const rt = body.refresh_token
      if (typeof rt !== 'string' || rt === '') {
        throw badRequest('validation_failed', 'refresh_token required')
      }
      return await refreshGrant(deps.sql, deps.settings, rt, call.client)
    }
    case 'pkce':
      limitRequest(deps.limits.signIn, call.rateKey)
      return await pkceGrant(deps, call, body)
    default:
      throw badRequest('unsupported_grant_type', 'unsupported_grant_type')
  }
}

// ---------------------------------------------------------------------------- user

export async function getUser(deps: Deps, call: Call) {
  const { user } = await authenticate(deps.sql, deps.settings, call.req)
  return await userJson(deps.sql, user)
}

async function hasVerifiedFactor(sql: Sql, userId: string): Promise<boolean> {
  const [r] = await sql<
    { n: number }[]
  >`select count(*)::int as n from auth.mfa_factors where user_id = ${userId} and status = 'verified'`
  return r.n > 0
}

function checkNonce(user: UserRow, nonce: string | undefined): boolean {
  if (!nonce || !user.reauthentication_token) return false
  const fresh = user.reauthentication_sent_at &&
    Date.now() - new Date(user.reauthentication_sent_at).getTime() < 3600_000
  return !!fresh && tokenHash(user.email ?? user.phone ?? '', nonce) === user.reauthentication_token
}

export async function updateUser(deps: Deps, call: Call) {
  const auth = await authenticate(deps.sql, deps.settings, call.req)
  const body = await readBody(call.req)
  const s = deps.settings
  const data = optObject(body.data, 'data')
  const appData = body.app_metadata
  if (appData !== undefined) {
    throw forbidden('not_admin', 'Updating app_metadata requires the service role')
  }
  const password = body.password === undefined || body.password === null
    ? undefined
    : requirePasswordString(body.password)
  const rawEmail = optString(body.email, 'email')
  const rawPhone = optString(body.phone, 'phone')
  const nonce = optString(body.nonce, 'nonce')
  let user = auth.user
  const sessionId = auth.session?.id ?? null

  if (
    (password !== undefined || rawEmail) && auth.session?.aal !== 'aal2' &&
    (await hasVerifiedFactor(deps.sql, user.id))
  ) {
    throw unprocessable(
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    )
  }

  await deps.sql.begin(async (tx) => {
    if (data) {
      const merged = { ...(user.raw_user_meta_data ?? {}) }
      for (const [k, v] of Object.entries(data)) {
        if (v === null) delete merged[k]
        else merged[k] = v
      }
      ;[user] = await tx<UserRow[]>`update auth.users set raw_user_meta_data = ${
        JSON.stringify(merged)
      }::text::jsonb, updated_at = now() where id = ${user.id} returning *`
    }
    if (password !== undefined) {
      checkPasswordStrength(password, s)
      if (await checkPassword(password, user.encrypted_password)) {
        throw unprocessable(
          'same_password',
          'New password should be different from the old password.',
        )
      }
      const recent = auth.session &&
        Date.now() - new Date(auth.session.created_at).getTime() < 24 * 3600_000
      if (s.securePasswordChange && !recent && !checkNonce(user, nonce)) {
        throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
      }
      if (nonce && !checkNonce(user, nonce)) {
        throw unprocessable('reauthentication_not_valid', 'Requested nonce is invalid')
      }
      ;[user] = await tx<UserRow[]>`
        update auth.users set encrypted_password = ${await hashPassword(
        password,
      )}, reauthentication_token = '', updated_at = now()
        where id = ${user.id} returning *`
      // As Supabase Auth does: a new password signs out every other session.
      if (sessionId) {
        await tx`delete from auth.sessions where user_id = ${user.id} and id <> ${sessionId}`
      }
      await audit(tx, call.client.ip, user, 'user_updated_password')
    }
    if (rawEmail) {
      const email = validateEmail(rawEmail)
      if (email !== normaliseEmail(user.email ?? '')) {
        const other = await findUserByEmail(tx, email)
        if (other && other.id !== user.id) {
          throw unprocessable(
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        if (s.mailerAutoconfirm) {
          ;[user] = await tx<
            UserRow[]
          >`update auth.users set email = ${email}, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = ${user.id} returning *`
          await tx`update auth.identities set identity_data = identity_data || ${
            JSON.stringify({ email })
          }::text::jsonb, updated_at = now() where user_id = ${user.id} and provider = 'email'`
        } else {
          chargeEmail(
            deps.limits,
            call.rateKey,
            s.doubleConfirmChanges && user.email ? [email, user.email] : [email],
          )
          await issueEmailChange(
            deps,
            tx,
            user,
            email,
            redirectTarget(s, redirectParam(call, body)),
            true,
          )
          user = (await findUserById(tx, user.id))!
        }
      }
    }
    if (rawPhone) {
      const phone = validatePhone(rawPhone)
      // Locally there is no SMS provider to confirm a number with: only autoconfirm changes it.
      if (!s.smsAutoconfirm && phone !== user.phone) {
        throw unprocessable('phone_provider_disabled', 'Unsupported phone provider')
      }
      if (phone !== user.phone) {
        const other = await findUserByPhone(tx, phone)
        if (other && other.id !== user.id) {
          throw unprocessable('phone_exists', 'Phone number already registered by another user')
        }
        ;[user] = await tx<
          UserRow[]
        >`update auth.users set phone = ${phone}, phone_confirmed_at = now(), updated_at = now() where id = ${user.id} returning *`
      }
    }
    if (data || rawEmail || rawPhone) await audit(tx, call.client.ip, user, 'user_modified')
  }).catch((e) => {
    throw databaseError(e, 'Database error updating user')
  })
  return await userJson(deps.sql, user)
}

// ---------------------------------------------------------------------------- logout

export async function logout(deps: Deps, call: Call): Promise<null> {
  const auth = await authenticate(deps.sql, deps.settings, call.req)
  const scope = call.info.url.searchParams.get('scope') ?? 'global'
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`)
  }
  const session = scope === 'global' ? auth.session : requireSession(auth)
  if (scope === 'local') await deps.sql`delete from auth.sessions where id = ${session!.id}`
  else if (scope === 'others') {
    await deps.sql`delete from auth.sessions where user_id = ${auth.user.id} and id <> ${
      session!.id
    }`
  } else await deps.sql`delete from auth.sessions where user_id = ${auth.user.id}`
  await audit(deps.sql, call.client.ip, auth.user, 'logout')
  return null
}
