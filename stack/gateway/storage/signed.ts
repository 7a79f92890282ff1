// Signed URLs as Supabase Storage makes them (src/storage/object.ts signObjectUrl and
// verifyObjectSignature): an HS256 JWT with the project's secret whose `url` is
// `<bucket>/<object name>`, scoped to downloads, valid for `expiresIn` seconds. Serving it checks
// the signature, the scope, the object it names and the expiry; it needs no other credential.
import { JwtError, signJwt, verifyJwt } from '../jwt.ts'
import { ERRORS } from './errors.ts'

const SCOPE_DOWNLOAD = 'download'

const JOSE_MESSAGES: Record<JwtError['reason'], string> = {
  malformed: 'Invalid Compact JWS',
  signature: 'signature verification failed',
  expired: '"exp" claim timestamp check failed',
  algorithm: '"alg" (Algorithm) Header Parameter value not allowed',
}

/** `/object/sign/<bucket>/<name>?token=…`, the path supabase-js appends to /storage/v1. */
export async function signedObjectPath(
  bucket: string,
  name: string,
  expiresIn: number,
  secret: string,
): Promise<string> {
  const url = `${bucket}/${name}`
  const iat = Math.floor(Date.now() / 1000)
  const token = await signJwt({ url, scope: SCOPE_DOWNLOAD, iat, exp: iat + expiresIn }, secret)
  return `/object/sign/${url}?token=${token}`
}

/** The token's expiry (seconds) when it signs a download of this object; else the server's error. */
export async function verifySignedToken(
  token: string,
  bucket: string,
  name: string,
  secret: string,
): Promise<number | null> {
  let payload: Record<string, unknown>
  try {
    payload = await verifyJwt(token, secret)
  } catch (e) {
    throw ERRORS.invalidJwt(e instanceof JwtError ? JOSE_MESSAGES[e.reason] : 'Invalid Compact JWS')
  }
  const legacyDownload = payload.scope === undefined && !('upsert' in payload)
  if (payload.scope !== SCOPE_DOWNLOAD && !legacyDownload) {
    throw ERRORS.invalidSignature('Token is not scoped for download')
  }
  if (payload.url !== `${bucket}/${name}`) throw ERRORS.invalidSignature()
  const exp = typeof payload.exp === 'number' ? payload.exp : null
  if (exp !== null && exp * 1000 < Date.now()) throw ERRORS.expiredSignature()
  return exp
}
