// Email one-time tokens: /otp (magic link and email code), /recover, /resend,
// /reauthenticate and /verify (GET follows an emailed link, POST checks a code or token hash).
import { audit } from './audit.ts'
import { createFlowState, issueAuthCode, pkceParams } from './account.ts'
import {
  type Call,
  type Deps,
  optObject,
  optString,
  readBody,
  redirectParam,
  redirectTarget,
} from './deps.ts'
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts'
import {
  checkFrequency,
  issueAndSend,
  issueEmailChange,
  otpCode,
  sendEmail,
  tokenHash,
} from './mail.ts'
import { chargeEmail, limitRequest } from './ratelimit.ts'
import { authenticate, signIn } from './sessions.ts'
import {
  createUser,
  databaseError,
  findUserByEmail,
  type Sql,
  type UserRow,
  validateEmail,
} from './users.ts'

export async function otp(deps: Deps, call: Call) {
  limitRequest(deps.limits.signIn, call.rateKey)
  const body = await readBody(call.req)
  if (body.phone && !body.email) {
    throw unprocessable('phone_provider_disabled', 'Unsupported phone provider')
  }
  const email = validateEmail(body.email)
  const data = optObject(body.data, 'data') ?? {}
  const createIfMissing = body.create_user !== false
  const pkce = pkceParams(body)
  const redirectTo = redirectTarget(deps.settings, redirectParam(call, body))
  // create_user: false for an address without an account is otp_disabled, before anything is sent
  // or charged, as in GoTrue (internal/api/otp.go, shouldCreateUser). Supabase answers it in every
  // mode, so it tells an unknown address from a known one (README, known differences).
  let existing = createIfMissing ? null : await findUserByEmail(deps.sql, email)
  if (!createIfMissing && !existing) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp')
  }
  // Otherwise an e-mail goes to the address (a link, or a confirmation for a new account).
  chargeEmail(deps.limits, call.rateKey, [email])
  if (createIfMissing) existing = await findUserByEmail(deps.sql, email)
  if (!existing && (deps.settings.disableSignup || !deps.settings.emailSignup)) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  }
  // One transaction: a refused email (rate limit) leaves no half-made user behind.
  await deps.sql.begin(async (tx) => {
    const user = existing ?? await createUser(tx, { email, userMetadata: data })
    const kind = user.email_confirmed_at ? 'magiclink' : 'signup'
    if (pkce) {
      await createFlowState(tx, user.id, pkce, kind === 'signup' ? 'email/signup' : 'magiclink')
    }
    await issueAndSend(deps, tx, user, kind, redirectTo, !!pkce)
  }).catch((e) => {
    throw databaseError(e, 'Database error saving new user')
  })
  return {}
}

export async function recover(deps: Deps, call: Call) {
  limitRequest(deps.limits.signIn, call.rateKey)
  const body = await readBody(call.req)
  if (!body.email) throw badRequest('validation_failed', 'Password recovery requires an email')
  const email = validateEmail(body.email)
  const pkce = pkceParams(body)
  // Charged whether or not the address has an account (GoTrue charges only real ones, so on
  // Supabase a 429 here still tells them apart: README, known differences).
  chargeEmail(deps.limits, call.rateKey, [email])
  const user = await findUserByEmail(deps.sql, email)
  // No answer reveals whether the address has an account.
  if (!user) return {}
  if (pkce) await createFlowState(deps.sql, user.id, pkce, 'recovery')
  await issueAndSend(
    deps,
    deps.sql,
    user,
    'recovery',
    redirectTarget(deps.settings, redirectParam(call, body)),
    !!pkce,
  )
  await audit(deps.sql, call.client.ip, user, 'user_recovery_requested')
  return {}
}

export async function resend(deps: Deps, call: Call) {
  limitRequest(deps.limits.signIn, call.rateKey)
  const body = await readBody(call.req)
  const type = body.type
  if (type !== 'signup' && type !== 'email_change') {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    )
  }
  const email = validateEmail(body.email)
  const redirectTo = redirectTarget(deps.settings, redirectParam(call, body))
  chargeEmail(deps.limits, call.rateKey, [email])
  if (type === 'signup') {
    const user = await findUserByEmail(deps.sql, email)
    if (user && !user.email_confirmed_at) {
      await issueAndSend(deps, deps.sql, user, 'signup', redirectTo)
    }
    return {}
  }
  const [user] = await deps.sql<
    UserRow[]
  >`select * from auth.users where email_change = ${email} or (lower(email) = ${email} and email_change <> '') limit 1`
  if (user?.email_change) {
    await issueEmailChange(deps, deps.sql, user, user.email_change, redirectTo, true)
  }
  return {}
}

export async function reauthenticate(deps: Deps, call: Call) {
  const { user } = await authenticate(deps.sql, deps.settings, call.req)
  if (!user.email) {
    throw unprocessable(
      'email_address_not_authorized',
      'Reauthentication requires an email address',
    )
  }
  chargeEmail(deps.limits, call.rateKey, [user.email])
  checkFrequency(deps, user.reauthentication_sent_at)
  const code = otpCode(deps.settings.otpLength)
  await deps.sql`
    update auth.users set reauthentication_token = ${
    tokenHash(user.email, code)
  }, reauthentication_sent_at = now()
    where id = ${user.id}`
  await sendEmail(deps, user.email, 'reauthentication', { code })
  return {}
}

// ---------------------------------------------------------------------------- verify

const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const
type VerifyType = (typeof VERIFY_TYPES)[number]

const COLUMNS: Record<VerifyType, string[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
}

const SENT_AT: Record<string, keyof UserRow> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
}

const expiredOrInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid')

interface Verified {
  user: UserRow
  /** amr method of the GET flow (the POST flow always records `otp`). */
  method: string
  pkce: boolean
  /** Set when one half of a double-confirmed email change is done. */
  pending?: string
}

/** Finds the user whose `hashes` match a token column for `type`, checks expiry and consumes
 *  the token, applying its effect (confirm, recover, change email). */
async function consume(
  deps: Deps,
  sql: Sql,
  type: VerifyType,
  hashes: string[],
  ip: string,
): Promise<Verified> {
  let user: UserRow | undefined
  let column = ''
  for (const col of COLUMNS[type]) {
    ;[user] = await sql<UserRow[]>`select * from auth.users where ${
      sql(col)
    } = any(${hashes}) and ${sql(col)} <> '' for update`
    if (user) {
      column = col
      break
    }
  }
  if (!user) throw expiredOrInvalid()
  const sentAt = (user[SENT_AT[column]] ?? user.invited_at) as Date | null
  if (!sentAt || new Date(sentAt).getTime() + deps.settings.otpExpiry * 1000 < Date.now()) {
    throw expiredOrInvalid()
  }
  const stored = (user as unknown as Record<string, string>)[column]
  const pkce = stored.startsWith('pkce_')

  if (column === 'confirmation_token') {
    ;[user] = await sql<UserRow[]>`
      update auth.users set confirmation_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = ${user.id} returning *`
    await sql`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = ${user.id} and provider = 'email'`
    // GoTrue's signupVerify records the sign-up again once the address is confirmed.
    await audit(sql, ip, user, 'user_signedup')
    return { user, method: type === 'invite' ? 'invite' : 'email/signup', pkce }
  }
  if (column === 'recovery_token') {
    ;[user] = await sql<UserRow[]>`
      update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = ${user.id} returning *`
    return { user, method: type === 'magiclink' ? 'magiclink' : 'recovery', pkce }
  }
  // Email change: with double confirmation the first link only records itself.
  const double = !!user.email_change_token_current && !!user.email_change_token_new
  if (double && (user.email_change_confirm_status ?? 0) === 0) {
    ;[user] = await sql<UserRow[]>`
      update auth.users set ${
      sql(column)
    } = '', email_change_confirm_status = 1, updated_at = now() where id = ${user.id} returning *`
    return {
      user,
      method: 'email_change',
      pkce,
      pending: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    }
  }
  const other = await findUserByEmail(sql, user.email_change ?? '')
  if (other && other.id !== user.id) {
    throw unprocessable(
      'email_exists',
      'A user with this email address has already been registered',
    )
  }
  ;[user] = await sql<UserRow[]>`
    update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
      email_change_confirm_status = 0, email_confirmed_at = now(), updated_at = now()
    where id = ${user.id} returning *`
  await sql`update auth.identities set identity_data = identity_data || ${
    JSON.stringify({ email: user.email, email_verified: true })
  }::text::jsonb
    where user_id = ${user.id} and provider = 'email'`
  return { user, method: 'email_change', pkce }
}

function parseType(v: unknown): VerifyType {
  if (typeof v === 'string' && (VERIFY_TYPES as readonly string[]).includes(v)) {
    return v as VerifyType
  }
  throw badRequest('validation_failed', 'Verify requires a verification type')
}

export async function verifyPost(deps: Deps, call: Call) {
  limitRequest(deps.limits.verify, call.rateKey)
  const body = await readBody(call.req)
  if (body.phone) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider')
  const type = parseType(body.type)
  const tokenHashParam = optString(body.token_hash, 'token_hash')
  const token = optString(body.token, 'token')
  let hashes: string[]
  if (tokenHashParam) hashes = [tokenHashParam]
  else {
    if (!token) {
      throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
    }
    if (!body.email) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      )
    }
    const email = validateEmail(body.email)
    const h = tokenHash(email, token)
    hashes = [h, `pkce_${h}`]
  }
  const v = await deps.sql.begin((tx) => consume(deps, tx, type, hashes, call.client.ip))
  if (v.pending) return { msg: v.pending, code: 200 }
  return await signIn(deps.sql, deps.settings, v.user.id, 'otp', call.client)
}

function withFragment(base: string, params: Record<string, string>): string {
  return `${base.replace(/#.*$/, '')}#${new URLSearchParams(params)}`
}

function withQuery(base: string, params: Record<string, string>): string {
  const [head, frag] = base.split('#', 2)
  const sep = head.includes('?') ? '&' : '?'
  return `${head}${sep}${new URLSearchParams(params)}${frag ? `#${frag}` : ''}`
}

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } })

/** GET /verify: the link in an email. Redirects to the app with a session in the fragment
 *  (implicit flow), a ?code= (PKCE flow) or the error. */
export async function verifyGet(deps: Deps, call: Call): Promise<Response> {
  limitRequest(deps.limits.verify, call.rateKey)
  const q = call.info.url.searchParams
  const redirectTo = redirectTarget(deps.settings, q.get('redirect_to'))
  const type = parseType(q.get('type'))
  const token = q.get('token')
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash')
  let v: Verified
  try {
    v = await deps.sql.begin((tx) => consume(deps, tx, type, [token], call.client.ip))
  } catch (e) {
    if (!(e instanceof AuthError) || e.status >= 500) throw e
    return seeOther(withFragment(redirectTo, {
      error: 'access_denied',
      error_code: e.errorCode,
      error_description: e.errorCode === 'otp_expired'
        ? 'Email link is invalid or has expired'
        : e.message,
    }))
  }
  if (v.pending) return seeOther(withFragment(redirectTo, { message: v.pending }))
  if (v.pkce) {
    const code = await issueAuthCode(deps.sql, v.user.id, v.method)
    if (code) return seeOther(withQuery(redirectTo, { code }))
  }
  const s = await signIn(deps.sql, deps.settings, v.user.id, v.method, call.client)
  return seeOther(withFragment(redirectTo, {
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    type,
  }))
}
