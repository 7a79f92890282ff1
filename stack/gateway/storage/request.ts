// What a Storage request carries: its caller (the JWT in Authorization, verified as the Storage
// server verifies it, with jose's messages), its JSON body (validated with the messages Fastify's
// schema validation gives), names checked as the server checks them, and the size limits.
import { existsSync } from 'node:fs'
import { parse as parseToml } from 'smol-toml'
import { readBoundedText } from '../body.ts'
import { paths } from '../../config.ts'
import { JwtError, verifyJwt } from '../jwt.ts'
import type { Caller } from './db.ts'
import { ERRORS } from './errors.ts'

const ANON: Caller = { role: 'anon', claims: { role: 'anon' }, jwt: '', authenticated: false }

/** jose's messages for the failures verifyJwt reports. */
const JOSE_MESSAGES: Record<JwtError['reason'], string> = {
  malformed: 'Invalid Compact JWS',
  signature: 'signature verification failed',
  expired: '"exp" claim timestamp check failed',
  algorithm: '"alg" (Algorithm) Header Parameter value not allowed',
}

/**
 * The caller from `Authorization: Bearer …`. Without a valid token: anon when the route allows
 * it (`allowInvalidJwt`), else 403 AccessDenied with jose's message.
 */
export async function callerOf(
  req: Request,
  secret: string,
  opts: { allowInvalidJwt?: boolean } = {},
): Promise<Caller> {
  const jwt = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '')
  if (!jwt && opts.allowInvalidJwt) return ANON
  try {
    const claims = await verifyJwt(jwt, secret)
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
    return { role, claims, jwt, authenticated: true }
  } catch (e) {
    if (opts.allowInvalidJwt) return ANON
    throw ERRORS.accessDenied(
      e instanceof JwtError ? JOSE_MESSAGES[e.reason] : 'Invalid Compact JWS',
    )
  }
}

/** The JSON body of a route; a missing body is `{}` only where the route allows it. */
export async function jsonBody(
  req: Request,
  opts: { allowEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  const text = await readBoundedText(req, {
    tooLarge: () => ERRORS.validation('Request body is too large'),
    unreadable: ERRORS.bodyUnreadable,
  })
  if (!text.trim()) {
    if (opts.allowEmpty) return {}
    throw ERRORS.validation("Body cannot be empty when content-type is set to 'application/json'")
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw ERRORS.validation("Body is not valid JSON but content-type is set to 'application/json'")
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ERRORS.validation('body must be object')
  }
  return body as Record<string, unknown>
}

export function requireProps(body: Record<string, unknown>, names: string[]) {
  for (const name of names) {
    if (body[name] === undefined) {
      throw ERRORS.validation(`body must have required property '${name}'`)
    }
  }
}

export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw ERRORS.validation(`body/${name} must be string`)
  return v
}

export function optionalInteger(value: unknown, where: string, min = 0): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const n = typeof value === 'string' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    throw ERRORS.validation(`${where} must be integer`)
  }
  if (n < min) throw ERRORS.validation(`${where} must be >= ${min}`)
  return n
}

// supabase/storage src/storage/limits.ts: S3-safe characters only.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !VALID_OBJECT_KEY.test(key)) throw ERRORS.invalidKey(key ?? '')
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || name.length > 100 || !VALID_BUCKET_NAME.test(name)) throw ERRORS.invalidBucketName()
}

export const isUuid = (v: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(v)

/** "20MB", "1.5GB", "300KB", "3B" (decimal units) as the bucket API takes them. */
export function parseFileSizeToBytes(value: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value)
  if (!m) throw ERRORS.invalidFileSizeLimit()
  const n = Number(parseFloat(m[1]).toPrecision(3))
  return n * { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[m[2].toUpperCase() as 'GB' | 'MB' | 'KB' | 'B']
}

/** config.toml's sizes as the Supabase CLI reads them ("50MiB", "5MB", bytes). */
export function parseCliSize(value: unknown): number | null {
  if (typeof value === 'number') return value
  if (typeof value !== 'string') return null
  const m = /^\s*([0-9.]+)\s*([KMGT]?i?B)?\s*$/i.exec(value)
  if (!m) return null
  const unit = (m[2] ?? 'B').toUpperCase()
  const binary = unit.includes('I')
  const power = { B: 0, K: 1, M: 2, G: 3, T: 4 }[unit[0] as 'B' | 'K' | 'M' | 'G' | 'T'] ?? 0
  return Math.floor(Number(m[1]) * (binary ? 1024 : 1000) ** power)
}

/** 50 MiB: the Supabase CLI's default upload limit ([storage] file_size_limit). */
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024

/**
 * The project's upload limit in bytes: FILE_SIZE_LIMIT (the Storage server's variable), else
 * config.toml's [storage] file_size_limit, else 50 MiB.
 */
export function globalFileSizeLimit(
  env: Record<string, string | undefined>,
  tomlFile = paths.configToml,
): number {
  const fromEnv = Number(env.FILE_SIZE_LIMIT)
  if (env.FILE_SIZE_LIMIT && Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv
  if (existsSync(tomlFile)) {
    const storage =
      (parseToml(Deno.readTextFileSync(tomlFile)) as Record<string, Record<string, unknown>>)
        .storage
    const size = parseCliSize(storage?.file_size_limit)
    if (size) return size
  }
  return DEFAULT_FILE_SIZE_LIMIT
}
