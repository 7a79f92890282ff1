// MFA: /factors (enrol TOTP or phone), /factors/{id}/challenge, /factors/{id}/verify and
// DELETE /factors/{id}, with factors, challenges and amr claims in the auth.mfa_* tables.
import QRCode from 'qrcode'
import { createHash } from 'node:crypto'
import { type Call, type Deps, optString, readBody } from './deps.ts'
import { encodeBase32 } from './encoding.ts'
import { badRequest, notFound, tooMany, unprocessable } from './errors.ts'
import { otpCode } from './mail.ts'
import { limitRequest } from './ratelimit.ts'
import {
  addAmrClaim,
  authenticate,
  requireSession,
  type SessionRow,
  swapRefreshToken,
  tokenResponse,
} from './sessions.ts'
import { type FactorRow, findUserById, isUuid, type Sql, validatePhone } from './users.ts'
import { matchTotp, TOTP_DIGITS, TOTP_PERIOD } from './totp.ts'

interface ChallengeRow {
  id: string
  factor_id: string
  created_at: Date
  verified_at: Date | null
  ip_address: string
  otp_code: string | null
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

async function loadFactor(sql: Sql, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound('mfa_factor_not_found', 'Factor not found')
  const [f] = await sql<
    FactorRow[]
  >`select * from auth.mfa_factors where id = ${factorId} and user_id = ${userId}`
  if (!f) throw notFound('mfa_factor_not_found', 'Factor not found')
  return f
}

async function verifiedFactorCount(sql: Sql, userId: string): Promise<number> {
  const [r] = await sql<
    { n: number }[]
  >`select count(*)::int as n from auth.mfa_factors where user_id = ${userId} and status = 'verified'`
  return r.n
}

export async function enroll(deps: Deps, call: Call) {
  const auth = await authenticate(deps.sql, deps.settings, call.req)
  const session = requireSession(auth)
  const body = await readBody(call.req)
  const m = deps.settings.mfa
  const type = body.factor_type
  if (type !== 'totp' && type !== 'phone') {
    throw badRequest('validation_failed', 'factor_type needs to be totp or phone')
  }
  if (type === 'totp' && !m.totpEnroll) {
    throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP')
  }
  if (type === 'phone' && !m.phoneEnroll) {
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  }
  const friendlyName = optString(body.friendly_name, 'friendly_name') ?? ''
  const user = auth.user
  const verified = await verifiedFactorCount(deps.sql, user.id)
  if (verified > 0 && session.aal !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to enroll a new factor')
  }
  if (verified >= m.maxEnrolledFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    )
  }
  const phone = type === 'phone' ? validatePhone(body.phone) : null

  return await deps.sql.begin(async (tx) => {
    // Abandoned enrolments of the same name (or number) give way to the new one.
    if (friendlyName.trim()) {
      const [clash] = await tx<
        FactorRow[]
      >`select * from auth.mfa_factors where user_id = ${user.id} and friendly_name = ${friendlyName}`
      if (clash?.status === 'verified') {
        throw unprocessable(
          'mfa_factor_name_conflict',
          `A factor with the friendly name "${friendlyName}" for this user already exists`,
        )
      }
      if (clash) await tx`delete from auth.mfa_factors where id = ${clash.id}`
    }
    if (phone) {
      const [clash] = await tx<
        FactorRow[]
      >`select * from auth.mfa_factors where user_id = ${user.id} and phone = ${phone}`
      if (clash?.status === 'verified') {
        throw unprocessable(
          'phone_factor_exists',
          'A verified phone factor already exists for this user',
        )
      }
      if (clash) await tx`delete from auth.mfa_factors where id = ${clash.id}`
    }
    const id = crypto.randomUUID()
    if (type === 'phone') {
      await tx`
        insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
        values (${id}, ${user.id}, ${friendlyName}, 'phone', 'unverified', now(), now(), ${phone})`
      return { id, type: 'phone', friendly_name: friendlyName, phone: `+${phone}` }
    }
    const secret = encodeBase32(crypto.getRandomValues(new Uint8Array(20)))
    const issuer = optString(body.issuer, 'issuer') ?? new URL(deps.settings.siteUrl).host
    const account = user.email || user.phone || user.id
    const q = new URLSearchParams({
      algorithm: 'SHA1',
      digits: String(TOTP_DIGITS),
      issuer,
      period: String(TOTP_PERIOD),
      secret,
    })
    const uri = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${q}`
    // Raw SVG, as Supabase Auth sends it; supabase-js turns it into a data URL.
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
    await tx`
      insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
      values (${id}, ${user.id}, ${friendlyName}, 'totp', 'unverified', now(), now(), ${secret})`
    return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: svg, secret, uri } }
  })
}

export async function challenge(deps: Deps, call: Call, factorId: string) {
  limitRequest(deps.limits.mfa, call.rateKey)
  const auth = await authenticate(deps.sql, deps.settings, call.req)
  requireSession(auth)
  const body = await readBody(call.req)
  const factor = await loadFactor(deps.sql, auth.user.id, factorId)
  const m = deps.settings.mfa
  const id = crypto.randomUUID()
  let otpHash: string | null = null
  if (factor.factor_type === 'phone') {
    if (!m.phoneVerify) {
      throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone')
    }
    const channel = body.channel ?? 'sms'
    if (channel !== 'sms' && channel !== 'whatsapp') {
      throw badRequest(
        'validation_failed',
        "Invalid channel, supported values are 'sms' or 'whatsapp'",
      )
    }
    const wait = deps.settings.rateLimits.smsFrequencySeconds
    if (factor.last_challenged_at && wait > 0) {
      const left = Math.ceil(
        (new Date(factor.last_challenged_at).getTime() + wait * 1000 - Date.now()) / 1000,
      )
      if (left > 0) {
        throw tooMany(
          'over_sms_send_rate_limit',
          `For security purposes, you can only request this after ${left} seconds.`,
        )
      }
    }
    if (!deps.limits.smsSent.take('global')) {
      throw tooMany('over_sms_send_rate_limit', 'SMS rate limit exceeded')
    }
    const code = otpCode(m.phoneOtpLength)
    otpHash = sha256(`${id}:${code}`)
    await deps.outbox.send({
      channel: 'sms',
      recipient: factor.phone ?? '',
      body: m.phoneTemplate.replace(/\{\{\s*\.Code\s*\}\}/g, code),
      meta: { type: 'mfa_challenge', code, factor_id: factor.id, challenge_id: id },
    })
  } else if (factor.factor_type === 'totp') {
    if (!m.totpVerify) {
      throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP')
    }
  } else {
    throw unprocessable('mfa_factor_not_found', 'Unsupported factor type')
  }
  const [c] = await deps.sql<ChallengeRow[]>`
    insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code)
    values (${id}, ${factor.id}, now(), ${call.client.ip}, ${otpHash}) returning *`
  await deps
    .sql`update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = ${factor.id}`
  return {
    id: c.id,
    type: factor.factor_type,
    expires_at: Math.floor(new Date(c.created_at).getTime() / 1000) + m.challengeExpirySeconds,
  }
}

export async function verify(deps: Deps, call: Call, factorId: string) {
  limitRequest(deps.limits.mfa, call.rateKey)
  const auth = await authenticate(deps.sql, deps.settings, call.req)
  const session = requireSession(auth)
  const body = await readBody(call.req)
  const challengeId = optString(body.challenge_id, 'challenge_id')
  const code = typeof body.code === 'string'
    ? body.code.trim()
    : typeof body.code === 'number'
    ? String(body.code)
    : ''
  if (!challengeId || !isUuid(challengeId)) {
    throw badRequest('validation_failed', 'challenge_id is required')
  }
  const factor = await loadFactor(deps.sql, auth.user.id, factorId)
  const m = deps.settings.mfa

  return await deps.sql.begin(async (tx) => {
    const [c] = await tx<
      ChallengeRow[]
    >`select * from auth.mfa_challenges where id = ${challengeId} and factor_id = ${factor.id} for update`
    if (!c) {
      throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    }
    if (c.verified_at) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${c.id} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    if (new Date(c.created_at).getTime() + m.challengeExpirySeconds * 1000 < Date.now()) {
      await tx`delete from auth.mfa_challenges where id = ${c.id}`
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${c.id} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    if (c.ip_address.replace(/\/\d+$/, '') !== call.client.ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch')
    }
    let usedStep: string | null = null
    if (factor.factor_type === 'totp') {
      const step = await matchTotp(factor.secret ?? '', code)
      // One use per code: a step at or before the last one accepted for this factor is spent.
      const [last] = await tx<{ step: string | null }[]>`
        select max(otp_code::bigint)::text as step from auth.mfa_challenges
        where factor_id = ${factor.id} and verified_at is not null and otp_code ~ '^[0-9]+$'`
      if (step === null || (last?.step && BigInt(step) <= BigInt(last.step))) {
        throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered')
      }
      usedStep = String(step)
    } else {
      if (!c.otp_code || sha256(`${c.id}:${code}`) !== c.otp_code) {
        throw unprocessable('mfa_verification_failed', 'Invalid MFA Phone code entered')
      }
    }
    await tx`update auth.mfa_challenges set verified_at = now(), otp_code = ${
      usedStep ?? c.otp_code
    } where id = ${c.id}`
    if (factor.status !== 'verified') {
      await tx`update auth.mfa_factors set status = 'verified', updated_at = now() where id = ${factor.id}`
      // A newly verified factor ends the user's other aal1 sessions, as Supabase Auth does.
      await tx`delete from auth.sessions where user_id = ${auth.user.id} and id <> ${session.id} and aal = 'aal1'`
    }
    const [upgraded] = await tx<SessionRow[]>`
      update auth.sessions set aal = 'aal2', factor_id = ${factor.id}, updated_at = now() where id = ${session.id} returning *`
    await addAmrClaim(tx, session.id, factor.factor_type === 'totp' ? 'totp' : 'mfa/phone')
    const refresh = await swapRefreshToken(tx, upgraded)
    const user = (await findUserById(tx, auth.user.id))!
    return await tokenResponse(tx, deps.settings, user, upgraded, refresh)
  })
}

export async function unenroll(deps: Deps, call: Call, factorId: string) {
  const auth = await authenticate(deps.sql, deps.settings, call.req)
  const session = requireSession(auth)
  const factor = await loadFactor(deps.sql, auth.user.id, factorId)
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor')
  }
  await deps.sql.begin(async (tx) => {
    await tx`delete from auth.mfa_factors where id = ${factor.id}`
    // Sessions that reached aal2 with this factor fall back to aal1 and lose its amr entry, so
    // the next refresh tells the truth.
    const method = factor.factor_type === 'totp' ? 'totp' : 'mfa/phone'
    await tx`
      delete from auth.mfa_amr_claims where authentication_method = ${method}
        and session_id in (select id from auth.sessions where factor_id = ${factor.id})`
    await tx`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = ${factor.id}`
  })
  return { id: factor.id }
}
