// Sessions, refresh tokens and access tokens, stored in auth.sessions, auth.refresh_tokens and
// auth.mfa_amr_claims the way Supabase Auth stores them.
import { JwtError, signJwt, verifyJwt } from '../jwt.ts'
import { audit } from './audit.ts'
import { badRequest, forbidden, unauthorized } from './errors.ts'
import type { AuthSettings } from './settings.ts'
import {
  findUserById,
  INSTANCE_ID,
  isBanned,
  isUuid,
  type Pool,
  type Sql,
  userJson,
  type UserRow,
} from './users.ts'

export interface SessionRow {
  id: string
  user_id: string
  created_at: Date
  updated_at: Date
  factor_id: string | null
  aal: 'aal1' | 'aal2' | 'aal3' | null
  not_after: Date | null
}

interface RefreshRow {
  id: string
  token: string
  user_id: string
  revoked: boolean
  created_at: Date
  updated_at: Date
  parent: string | null
  session_id: string | null
}

export interface ClientInfo {
  ip: string
  userAgent: string | null
}

const ALPHANUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

export function randomString(length: number, alphabet = ALPHANUM): string {
  const out: string[] = []
  const limit = 256 - (256 % alphabet.length)
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out.push(alphabet[b % alphabet.length])
    }
  }
  return out.join('')
}

async function newRefreshToken(
  sql: Sql,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomString(12)
  await sql`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values (${INSTANCE_ID}, ${token}, ${userId}, false, now(), now(), ${parent}, ${sessionId})`
  return token
}

/** Adds (or refreshes) an authentication method on the session's amr list. */
export async function addAmrClaim(sql: Sql, sessionId: string, method: string): Promise<void> {
  await sql`
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (${sessionId}, now(), now(), ${method}, ${crypto.randomUUID()})
    on conflict (session_id, authentication_method) do update set updated_at = now()`
}

export async function accessToken(
  sql: Sql,
  settings: AuthSettings,
  user: UserRow,
  session: SessionRow,
) {
  const claims = await sql<{ authentication_method: string; updated_at: Date }[]>`
    select authentication_method, updated_at from auth.mfa_amr_claims
    where session_id = ${session.id} order by updated_at desc`
  const now = Math.floor(Date.now() / 1000)
  const exp = now + settings.jwtExpiry
  const jwt = await signJwt({
    aud: user.aud || 'authenticated',
    exp,
    iat: now,
    iss: `${settings.apiExternalUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: session.aal ?? 'aal1',
    amr: claims.map((c) => ({
      method: c.authentication_method,
      timestamp: Math.floor(new Date(c.updated_at).getTime() / 1000),
    })),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  }, settings.jwtSecret)
  return { jwt, exp }
}

export async function tokenResponse(
  sql: Sql,
  settings: AuthSettings,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
) {
  const { jwt, exp } = await accessToken(sql, settings, user, session)
  return {
    access_token: jwt,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(sql, user),
  }
}

/** A new aal1 session for the user with one amr entry, as every sign-in grant makes it. */
export async function signIn(
  sql: Pool,
  settings: AuthSettings,
  userId: string,
  method: string,
  client: ClientInfo,
) {
  return await sql.begin(async (tx) => {
    const [session] = await tx<SessionRow[]>`
      insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
      values (${crypto.randomUUID()}, ${userId}, now(), now(), 'aal1', now() at time zone 'utc', ${client.userAgent}, ${client.ip})
      returning *`
    await addAmrClaim(tx, session.id, method)
    const token = await newRefreshToken(tx, userId, session.id, null)
    const [user] = await tx<UserRow[]>`
      update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${userId} returning *`
    await tx`update auth.identities set last_sign_in_at = now() where user_id = ${userId}`
    await audit(tx, client.ip, user, 'login', {
      provider: user.raw_app_meta_data?.provider ?? 'email',
    })
    return await tokenResponse(tx, settings, user, session, token)
  })
}

const refreshNotFound = () =>
  badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')

/** grant_type=refresh_token: rotation with a reuse interval; reuse beyond it revokes the family. */
const REUSED = Symbol('reused')

export async function refreshGrant(
  sql: Pool,
  settings: AuthSettings,
  token: string,
  client: ClientInfo,
) {
  const result = await sql.begin(async (tx) => {
    const [rt] = await tx<
      RefreshRow[]
    >`select * from auth.refresh_tokens where token = ${token} for update`
    if (!rt || !rt.session_id) throw refreshNotFound()
    const [session] = await tx<
      SessionRow[]
    >`select * from auth.sessions where id = ${rt.session_id} for update`
    if (!session) throw refreshNotFound()
    const user = await findUserById(tx, session.user_id)
    if (!user) throw refreshNotFound()
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned')
    if (session.not_after && new Date(session.not_after).getTime() < Date.now()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired')
    }
    let issued = rt.token
    if (rt.revoked) {
      const [active] = await tx<RefreshRow[]>`
        select * from auth.refresh_tokens where session_id = ${session.id} and not coalesce(revoked, false)
        order by id desc limit 1`
      const withinReuse =
        new Date(rt.updated_at).getTime() + settings.refreshTokenReuseInterval * 1000 > Date.now()
      if (settings.refreshTokenRotation && withinReuse && active) {
        // A client that raced its own refresh gets the child it already received.
        issued = active.token
      } else {
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = ${session.id} and not coalesce(revoked, false)`
        await audit(tx, client.ip, user, 'token_revoked')
        return REUSED
      }
    } else if (settings.refreshTokenRotation) {
      await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${rt.id}`
      issued = await newRefreshToken(tx, user.id, session.id, rt.token)
      await audit(tx, client.ip, user, 'token_refreshed')
    }
    const [fresh] = await tx<SessionRow[]>`
      update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = ${client.userAgent}, ip = ${client.ip}
      where id = ${session.id} returning *`
    return await tokenResponse(tx, settings, user, fresh, issued)
  })
  // The family stays revoked (committed above) while the caller is refused.
  if (result === REUSED) {
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  return result
}

/** Revokes the session's current refresh token and issues its child (after MFA verify). */
export async function swapRefreshToken(sql: Sql, session: SessionRow): Promise<string> {
  const [current] = await sql<RefreshRow[]>`
    select * from auth.refresh_tokens where session_id = ${session.id} and not coalesce(revoked, false)
    order by id desc limit 1`
  if (current) {
    await sql`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${current.id}`
  }
  return await newRefreshToken(sql, session.user_id, session.id, current?.token ?? null)
}

// ---------------------------------------------------------------------------- authentication

export interface Authenticated {
  claims: Record<string, unknown>
  user: UserRow
  session: SessionRow | null
}

export function bearer(req: Request): string | null {
  const h = req.headers.get('authorization')
  if (!h) return null
  const m = /^bearer\s+(\S+)\s*$/i.exec(h.trim())
  return m ? m[1] : null
}

/** Verifies the caller's access token, then loads its user and session, as GoTrue's
 *  requireAuthentication does. */
export async function authenticate(
  sql: Sql,
  settings: AuthSettings,
  req: Request,
): Promise<Authenticated> {
  const token = bearer(req)
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token')
  let claims: Record<string, unknown>
  try {
    claims = await verifyJwt(token, settings.jwtSecret)
  } catch (e) {
    const why = e instanceof JwtError && e.reason === 'expired'
      ? 'token has invalid claims: token is expired'
      : 'signature is invalid'
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`)
  }
  if (!isUuid(claims.sub)) throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  const user = await findUserById(sql, claims.sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  let session: SessionRow | null = null
  if (claims.session_id !== undefined && claims.session_id !== null && claims.session_id !== '') {
    if (isUuid(claims.session_id)) {
      ;[session] = await sql<
        SessionRow[]
      >`select * from auth.sessions where id = ${claims.session_id} and user_id = ${user.id}`
    }
    if (!session) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
    }
  }
  return { claims, user, session }
}

export function requireSession(a: Authenticated): SessionRow {
  if (!a.session) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return a.session
}
