// Supabase Auth (GoTrue)-compatible /auth/v1 for the Docker-free stack: sign-up, password,
// refresh-token and PKCE grants, sessions, email one-time tokens through a local outbox, MFA
// (TOTP and phone) and the admin API, all stored in the auth schema's tables.
// Settings: supabase/config.toml's [auth] sections with GOTRUE_* environment overrides.
import type { GatewayContext, RequestInfo, SubGateway } from '../context.ts'
import * as account from './account.ts'
import * as admin from './admin.ts'
import { declaresTooLarge } from '../body.ts'
import { bodyTooLarge, type Call, type Deps, rateKey } from './deps.ts'
import { AuthError, errorResponse, notFound } from './errors.ts'
import * as mfa from './mfa.ts'
import * as otp from './otp.ts'
import { Outbox } from './outbox.ts'
import { createLimiters } from './ratelimit.ts'
import { loadAuthSettings } from './settings.ts'
import { dummyHash } from './users.ts'

type Handler = (deps: Deps, call: Call, params: string[]) => Promise<unknown>

interface Route {
  method: string
  pattern: RegExp
  handler: Handler
  admin?: boolean
}

const ID = '([^/]+)'
const route = (method: string, path: string, handler: Handler, admin = false): Route => ({
  method,
  pattern: new RegExp(`^${path.replace(/\{id\}/g, ID)}/?$`),
  handler,
  admin,
})

const ROUTES: Route[] = [
  route('GET', '/settings', (d) => Promise.resolve(account.settingsResponse(d))),
  // HS256 only: no public keys to publish (supabase-js then checks tokens with GET /user).
  route('GET', '/.well-known/jwks.json', () => Promise.resolve({ keys: [] })),
  route(
    'GET',
    '/health',
    () =>
      Promise.resolve({
        version: 'local',
        name: 'GoTrue',
        description: 'Local Supabase Auth stand-in',
      }),
  ),
  route('POST', '/signup', (d, c) => account.signup(d, c)),
  route('POST', '/token', (d, c) => account.token(d, c)),
  route('GET', '/user', (d, c) => account.getUser(d, c)),
  route('PUT', '/user', (d, c) => account.updateUser(d, c)),
  route('POST', '/logout', (d, c) => account.logout(d, c)),
  route('POST', '/otp', (d, c) => otp.otp(d, c)),
  route('POST', '/magiclink', (d, c) => otp.otp(d, c)),
  route('POST', '/recover', (d, c) => otp.recover(d, c)),
  route('POST', '/resend', (d, c) => otp.resend(d, c)),
  route('GET', '/reauthenticate', (d, c) => otp.reauthenticate(d, c)),
  route('POST', '/verify', (d, c) => otp.verifyPost(d, c)),
  route('GET', '/verify', (d, c) => otp.verifyGet(d, c)),
  route('POST', '/factors', (d, c) => mfa.enroll(d, c)),
  route('POST', '/factors/{id}/challenge', (d, c, [id]) => mfa.challenge(d, c, id)),
  route('POST', '/factors/{id}/verify', (d, c, [id]) => mfa.verify(d, c, id)),
  route('DELETE', '/factors/{id}', (d, c, [id]) => mfa.unenroll(d, c, id)),
  route('GET', '/admin/users', (d, c) => admin.listUsers(d, c), true),
  route('POST', '/admin/users', (d, c) => admin.createUserAdmin(d, c), true),
  route('GET', '/admin/users/{id}', (d, _c, [id]) => admin.getUserAdmin(d, id), true),
  route('PUT', '/admin/users/{id}', (d, c, [id]) => admin.updateUserAdmin(d, c, id), true),
  route('DELETE', '/admin/users/{id}', (d, _c, [id]) => admin.deleteUserAdmin(d, id), true),
  route('GET', '/admin/users/{id}/factors', (d, _c, [id]) => admin.listFactorsAdmin(d, id), true),
  route(
    'DELETE',
    '/admin/users/{id}/factors/{id}',
    (d, _c, [id, factorId]) => admin.deleteFactorAdmin(d, id, factorId),
    true,
  ),
  route('POST', '/admin/generate_link', (d, c) => admin.generateLink(d, c), true),
]

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result
  if (result === null) return new Response(null, { status: 204 })
  return Response.json(result)
}

export function createAuthGateway(ctx: GatewayContext): SubGateway & { outbox: SubGateway } {
  const settings = loadAuthSettings(ctx.config)
  const outbox = new Outbox(ctx.authAdmin)
  // Made once, up front, so the first sign-in for an unknown address takes no longer than others.
  void dummyHash()
  const deps: Deps = {
    sql: ctx.authAdmin,
    settings,
    outbox,
    limits: createLimiters(settings.rateLimits, settings.mailerAutoconfirm),
  }

  return {
    outbox: outbox.gateway(),
    async handle(req: Request, info: RequestInfo): Promise<Response> {
      const call: Call = {
        req,
        info,
        client: { ip: info.remoteAddr, userAgent: req.headers.get('user-agent') },
        rateKey: rateKey(settings.rateLimitHeader, req, info.remoteAddr),
      }
      try {
        // Every route, whether or not it reads its body; readBody also bounds bodies sent chunked.
        if (declaresTooLarge(req)) throw bodyTooLarge()
        const path = info.path.replace(/\/+$/, '') || '/'
        let methodMismatch = false
        for (const r of ROUTES) {
          const m = r.pattern.exec(path)
          if (!m) continue
          if (r.method !== req.method && !(req.method === 'HEAD' && r.method === 'GET')) {
            methodMismatch = true
            continue
          }
          if (r.admin) await admin.requireAdmin(deps, req)
          return toResponse(await r.handler(deps, call, m.slice(1).map(decodeURIComponent)))
        }
        if (methodMismatch) throw new AuthError(405, 'method_not_allowed', 'Method not allowed')
        throw notFound('not_found', 'Not found')
      } catch (e) {
        if (e instanceof AuthError) return errorResponse(req, e)
        if (e instanceof URIError) {
          return errorResponse(req, new AuthError(400, 'validation_failed', 'Malformed path'))
        }
        console.error('[auth] unexpected', req.method, info.path, e)
        return errorResponse(
          req,
          new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          ),
        )
      }
    },
  }
}
