// Who is asking (PostgREST's Auth): the JWT from `Authorization: Bearer`, else `apikey`,
// verified with the project's secret; its `role` claim is the role the transaction runs as.
import { bearerToken, type JwtClaims, JwtError, verifyJwt } from '../jwt.ts'
import { jwtError } from './errors.ts'

export interface Caller {
  role: string
  claims: JwtClaims
  /** A JWT naming a role other than anon: permission errors are 403 rather than 401. */
  authed: boolean
}

const jwtCache = new Map<string, JwtClaims>()
const JWT_CACHE_MAX = 1000

/** The caller from `Authorization: Bearer` (else `apikey`); no token → anon. */
export async function authenticate(req: Request, secret: string): Promise<Caller> {
  // A non-bearer Authorization scheme is ignored (PostgREST); the apikey header stands in.
  const token = bearerToken(req) ?? req.headers.get('apikey')
  if (!token) return { role: 'anon', claims: { role: 'anon' }, authed: false }
  let claims = jwtCache.get(token)
  const now = Math.floor(Date.now() / 1000)
  if (!claims || (typeof claims.exp === 'number' && claims.exp <= now)) {
    try {
      claims = await verifyJwt(token, secret, now)
    } catch (e) {
      jwtCache.delete(token)
      if (e instanceof JwtError) {
        if (e.reason === 'expired') throw jwtError('JWT expired', 'PGRST303')
        if (e.reason === 'malformed' && token.split('.').length !== 3) {
          throw jwtError(`Expected 3 parts in JWT; got ${token.split('.').length}`, 'PGRST301')
        }
        throw jwtError(
          e.reason === 'algorithm'
            ? 'Wrong or unsupported encoding algorithm'
            : 'JWT cryptographic operation failed',
          'PGRST301',
        )
      }
      throw e
    }
    if (jwtCache.size >= JWT_CACHE_MAX) jwtCache.clear()
    jwtCache.set(token, claims)
  }
  if (claims.role !== undefined && typeof claims.role !== 'string') {
    throw jwtError('JWT claim "role" is not a string', 'PGRST303')
  }
  const role = claims.role || 'anon'
  return { role, claims, authed: role !== 'anon' }
}
