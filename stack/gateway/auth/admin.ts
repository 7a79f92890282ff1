// The admin API for service_role: /admin/users (list, create), /admin/users/{id} (get, update,
// delete) and /admin/generate_link.
import { verifyJwt } from '../jwt.ts'
import {
  type Body,
  type Call,
  type Deps,
  optObject,
  optString,
  readBody,
  redirectTarget,
} from './deps.ts'
import { badRequest, forbidden, notFound, unauthorized, unprocessable } from './errors.ts'
import { issueEmailChange, issueEmailToken } from './mail.ts'
import { bearer } from './sessions.ts'
import { parseDuration } from './settings.ts'
import {
  checkPasswordStrength,
  createUser,
  databaseError,
  factorJson,
  type FactorRow,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  hashPassword,
  isUuid,
  requirePasswordString,
  userJson,
  type UserRow,
  validateEmail,
  validatePhone,
} from './users.ts'

/** Only a token whose role is service_role (or supabase_admin) may use the admin API. */
export async function requireAdmin(deps: Deps, req: Request): Promise<void> {
  const token = bearer(req)
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token')
  let claims: Record<string, unknown>
  try {
    claims = await verifyJwt(token, deps.settings.jwtSecret)
  } catch {
    throw forbidden(
      'bad_jwt',
      'invalid JWT: unable to parse or verify signature, signature is invalid',
    )
  }
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed')
  }
}

async function loadUser(deps: Deps, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(deps.sql, id) : null
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

function banUntil(v: unknown): Date | null | undefined {
  if (v === undefined) return undefined
  if (v === 'none' || v === null || v === '') return null
  const seconds = parseDuration(v, NaN)
  if (typeof v !== 'string' || Number.isNaN(seconds)) {
    throw badRequest('validation_failed', 'invalid format for ban duration')
  }
  return new Date(Date.now() + seconds * 1000)
}

const UINT64_MAX = 2n ** 64n - 1n
const BIGINT_MAX = 2n ** 63n - 1n

/**
 * `page` or `per_page` as Supabase Auth reads them (internal/api/pagination.go): an unsigned
 * 64-bit integer, else 400 validation_failed "Bad Pagination Parameters" with Go's strconv
 * message; per_page 0 is refused too.
 */
function pageParam(q: URLSearchParams, name: 'page' | 'per_page', fallback: bigint): bigint {
  const v = q.get(name)
  if (v === null || v === '') return fallback
  const digits = /^\d+$/.test(v)
  if (!digits || BigInt(v) > UINT64_MAX) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(v)}: ${
        digits ? 'value out of range' : 'invalid syntax'
      }`,
    )
  }
  const n = BigInt(v)
  if (name === 'per_page' && n === 0n) {
    throw badRequest(
      'validation_failed',
      'Bad Pagination Parameters: per_page must be greater than 0',
    )
  }
  return n
}

export async function listUsers(deps: Deps, call: Call): Promise<Response> {
  const q = call.info.url.searchParams
  const asked = pageParam(q, 'page', 1n)
  // This stand-in serves at most 1,000 a page.
  const perPageBig = pageParam(q, 'per_page', 50n)
  const perPage = Number(perPageBig > 1000n ? 1000n : perPageBig)
  const page = asked < 1n ? 1n : asked
  const offset = (page - 1n) * BigInt(perPage)
  const [{ n }] = await deps.sql<{ n: number }[]>`select count(*)::int as n from auth.users`
  // A page past any offset Postgres can take is past the last user: an empty page.
  const rows = offset > BIGINT_MAX ? [] : await deps.sql<
    UserRow[]
  >`select * from auth.users order by created_at desc, id limit ${perPage} offset ${String(offset)}`
  const users = []
  for (const u of rows) users.push(await userJson(deps.sql, u))
  const base = `${deps.settings.apiExternalUrl}/auth/v1/admin/users`
  const last = Math.max(1, Math.ceil(n / perPage))
  const links = [`<${base}?page=${last}&per_page=${perPage}>; rel="last"`]
  if (page < BigInt(last)) {
    links.unshift(`<${base}?page=${page + 1n}&per_page=${perPage}>; rel="next"`)
  }
  return Response.json({ users, aud: 'authenticated' }, {
    headers: { 'x-total-count': String(n), link: links.join(', ') },
  })
}

export async function createUserAdmin(deps: Deps, call: Call) {
  const body = await readBody(call.req)
  const email = body.email ? validateEmail(body.email) : undefined
  const phone = body.phone ? validatePhone(body.phone) : undefined
  if (!email && !phone) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  }
  const password = body.password === undefined || body.password === null
    ? undefined
    : requirePasswordString(body.password)
  if (password !== undefined) checkPasswordStrength(password, deps.settings)
  if (email && (await findUserByEmail(deps.sql, email))) {
    throw unprocessable(
      'email_exists',
      'A user with this email address has already been registered',
    )
  }
  if (phone && (await findUserByPhone(deps.sql, phone))) {
    throw unprocessable('phone_exists', 'Phone number already registered by another user')
  }
  const banned = banUntil(body.ban_duration)
  const user = await deps.sql.begin(async (tx) => {
    let u = await createUser(tx, {
      email,
      phone,
      password,
      userMetadata: optObject(body.user_metadata ?? body.data, 'user_metadata'),
      appMetadata: optObject(body.app_metadata, 'app_metadata'),
      emailConfirmed: body.email_confirm === true,
      phoneConfirmed: body.phone_confirm === true,
      role: optString(body.role, 'role'),
    })
    if (banned) {
      ;[u] = await tx<
        UserRow[]
      >`update auth.users set banned_until = ${banned} where id = ${u.id} returning *`
    }
    return u
  }).catch((e) => {
    throw databaseError(e, 'Database error creating new user')
  })
  return await userJson(deps.sql, user)
}

export async function getUserAdmin(deps: Deps, id: string) {
  return await userJson(deps.sql, await loadUser(deps, id))
}

export async function updateUserAdmin(deps: Deps, call: Call, id: string) {
  let user = await loadUser(deps, id)
  const body: Body = await readBody(call.req)
  const set: Record<string, unknown> = {}
  if (body.email !== undefined) {
    const email = validateEmail(body.email)
    const other = await findUserByEmail(deps.sql, email)
    if (other && other.id !== user.id) {
      throw unprocessable(
        'email_exists',
        'A user with this email address has already been registered',
      )
    }
    set.email = email
  }
  if (body.phone !== undefined) {
    const phone = validatePhone(body.phone)
    const other = await findUserByPhone(deps.sql, phone)
    if (other && other.id !== user.id) {
      throw unprocessable('phone_exists', 'Phone number already registered by another user')
    }
    set.phone = phone
  }
  if (body.password !== undefined) {
    const password = requirePasswordString(body.password)
    checkPasswordStrength(password, deps.settings)
    set.encrypted_password = await hashPassword(password)
  }
  if (body.email_confirm === true) set.email_confirmed_at = user.email_confirmed_at ?? new Date()
  if (body.phone_confirm === true) set.phone_confirmed_at = user.phone_confirmed_at ?? new Date()
  const userMeta = optObject(body.user_metadata, 'user_metadata')
  if (userMeta) set.raw_user_meta_data = { ...(user.raw_user_meta_data ?? {}), ...userMeta }
  const appMeta = optObject(body.app_metadata, 'app_metadata')
  if (appMeta) set.raw_app_meta_data = { ...(user.raw_app_meta_data ?? {}), ...appMeta }
  const role = optString(body.role, 'role')
  if (role) set.role = role
  const banned = banUntil(body.ban_duration)
  if (banned !== undefined) set.banned_until = banned
  if (Object.keys(set).length) {
    set.updated_at = new Date()
    try {
      const values = Object.fromEntries(
        Object.entries(set).map((
          [c, v],
        ) => [c, c.startsWith('raw_') ? deps.sql.json(v as never) : v]),
      )
      ;[user] = await deps.sql<UserRow[]>`update auth.users set ${
        deps.sql(values as never)
      } where id = ${user.id} returning *`
      if (set.email) {
        await deps.sql`update auth.identities set identity_data = identity_data || ${
          JSON.stringify({ email: set.email })
        }::text::jsonb where user_id = ${user.id} and provider = 'email'`
      }
      if (banned) await deps.sql`delete from auth.sessions where user_id = ${user.id}`
    } catch (e) {
      throw databaseError(e, 'Database error updating user')
    }
  }
  return await userJson(deps.sql, user)
}

export async function deleteUserAdmin(deps: Deps, id: string) {
  const user = await loadUser(deps, id)
  try {
    await deps.sql`delete from auth.users where id = ${user.id}`
  } catch (e) {
    throw databaseError(e, 'Database error deleting user')
  }
  return {}
}

// ---------------------------------------------------------------------------- factors

/** GET /admin/users/{id}/factors: a staff member who lost their authenticator can be reset. */
export async function listFactorsAdmin(deps: Deps, id: string) {
  const user = await loadUser(deps, id)
  const factors = await deps.sql<
    FactorRow[]
  >`select * from auth.mfa_factors where user_id = ${user.id} order by created_at`
  return factors.map(factorJson)
}

export async function deleteFactorAdmin(deps: Deps, id: string, factorId: string) {
  const user = await loadUser(deps, id)
  const [f] = isUuid(factorId)
    ? await deps.sql<
      FactorRow[]
    >`delete from auth.mfa_factors where id = ${factorId} and user_id = ${user.id} returning *`
    : []
  if (!f) throw notFound('mfa_factor_not_found', 'Factor not found')
  return factorJson(f)
}

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const

export async function generateLink(deps: Deps, call: Call) {
  const body = await readBody(call.req)
  const type = body.type
  if (typeof type !== 'string' || !(LINK_TYPES as readonly string[]).includes(type)) {
    throw badRequest(
      'validation_failed',
      'Invalid type, supported types are: ' + LINK_TYPES.join(', '),
    )
  }
  const email = validateEmail(body.email)
  const redirectTo = redirectTarget(
    deps.settings,
    optString(body.redirect_to, 'redirect_to') ?? call.info.url.searchParams.get('redirect_to'),
  )
  const data = optObject(body.data, 'data')
  let user = await findUserByEmail(deps.sql, email)

  if (type === 'signup' || type === 'invite') {
    if (user && (user.email_confirmed_at || type === 'invite')) {
      throw unprocessable(
        'email_exists',
        'A user with this email address has already been registered',
      )
    }
    if (!user) {
      const password = type === 'signup' ? requirePasswordString(body.password) : undefined
      if (password) checkPasswordStrength(password, deps.settings)
      user = await createUser(deps.sql, {
        email,
        password,
        userMetadata: data,
        invited: type === 'invite',
      }).catch((e) => {
        throw databaseError(e, 'Database error saving new user')
      })
    }
  }
  if (!user) throw notFound('user_not_found', 'User with this email not found')

  const properties = await (async () => {
    if (type === 'email_change_current' || type === 'email_change_new') {
      const newEmail = validateEmail(body.new_email)
      if (await findUserByEmail(deps.sql, newEmail)) {
        throw unprocessable(
          'email_exists',
          'A user with this email address has already been registered',
        )
      }
      const t = await issueEmailChange(deps, deps.sql, user!, newEmail, redirectTo, false)
      const current = type === 'email_change_current'
      return {
        action_link: current ? t.linkCurrent : t.linkNew,
        email_otp: current ? t.codeCurrent : t.codeNew,
        hashed_token: current ? t.hashCurrent : t.hashNew,
        verification_type: 'email_change',
      }
    }
    const kind = type as 'signup' | 'invite' | 'magiclink' | 'recovery'
    const t = await issueEmailToken(deps, deps.sql, user!, kind, redirectTo)
    return { action_link: t.link, email_otp: t.code, hashed_token: t.hash, verification_type: kind }
  })()
  const fresh = (await findUserById(deps.sql, user.id))!
  return { ...(await userJson(deps.sql, fresh)), ...properties, redirect_to: redirectTo }
}
