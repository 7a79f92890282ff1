// HS256 JSON Web Tokens with the local secret, as Supabase signs them.
const enc = new TextEncoder()
const dec = new TextDecoder()

export type JwtClaims = Record<string, unknown> & {
  role?: string
  sub?: string
  exp?: number
  iat?: number
}

function b64url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromB64url(s: string): Uint8Array<ArrayBuffer> {
  const pad = s.length % 4 === 0 ? '' : '='.repeat(4 - (s.length % 4))
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + pad)
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}

const keyCache = new Map<string, Promise<CryptoKey>>()
function hmacKey(secret: string): Promise<CryptoKey> {
  let k = keyCache.get(secret)
  if (!k) {
    k = crypto.subtle.importKey(
      'raw',
      enc.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    keyCache.set(secret, k)
  }
  return k
}

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  const header = b64url(enc.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))
  const payload = b64url(enc.encode(JSON.stringify(claims)))
  const sig = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    enc.encode(`${header}.${payload}`),
  )
  return `${header}.${payload}.${b64url(new Uint8Array(sig))}`
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'signature' | 'expired' | 'algorithm',
  ) {
    super(message)
  }
}

/** Verifies signature, algorithm and expiry; returns the claims. */
export async function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<JwtClaims> {
  const parts = token.split('.')
  if (parts.length !== 3) {
    throw new JwtError('Expected 3 parts in JWT; got ' + parts.length, 'malformed')
  }
  let header: { alg?: string }
  let claims: JwtClaims
  try {
    header = JSON.parse(dec.decode(fromB64url(parts[0])))
    claims = JSON.parse(dec.decode(fromB64url(parts[1])))
  } catch {
    throw new JwtError('JWT cryptographic operation failed', 'malformed')
  }
  if (header.alg !== 'HS256') {
    throw new JwtError('Wrong or unsupported encoding algorithm', 'algorithm')
  }
  let sig: Uint8Array<ArrayBuffer>
  try {
    sig = fromB64url(parts[2])
  } catch {
    throw new JwtError('JWT cryptographic operation failed', 'malformed')
  }
  const ok = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    sig,
    enc.encode(`${parts[0]}.${parts[1]}`),
  )
  if (!ok) throw new JwtError('JWT cryptographic operation failed', 'signature')
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new JwtError('JWT claims are not an object', 'malformed')
  }
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) {
    throw new JwtError('JWT expired', 'expired')
  }
  return claims
}

/** The bearer token of a request: the Authorization header, else the apikey header. */
export function bearerToken(req: Request): string | null {
  const auth = req.headers.get('authorization')
  if (auth) {
    const m = /^bearer\s+(.+)$/i.exec(auth.trim())
    return m ? m[1].trim() : null
  }
  return req.headers.get('apikey')
}
