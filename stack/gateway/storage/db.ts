// The Storage server's database access: one pool logged in as supabase_storage_admin, the owner of
// the storage tables. A caller's work runs in a transaction switched into the JWT's role with the
// request settings the Storage server sets (src/internal/database/postgres/scope.ts), so RLS on
// storage.objects and storage.buckets decides; the server's own work ("as super user") runs as
// the owner, which RLS does not apply to.
import postgres from 'postgres'
import type { GatewayConfig } from '../context.ts'
import type { JwtClaims } from '../jwt.ts'
import { fromPgError } from './errors.ts'

export type Tx = postgres.TransactionSql

/** Who a request acts as: the role and claims of its JWT (anon when it has none). */
export interface Caller {
  role: string
  claims: JwtClaims
  /** The raw token, as `request.jwt`. */
  jwt: string
  /** A valid JWT was presented (the Storage server's isAuthenticated). */
  authenticated: boolean
}

export interface Scope {
  method: string
  path: string
  headers: Record<string, string>
  /** The route's operation, e.g. storage.object.upload (storage.operation() in policies). */
  operation: string
}

export interface StorageDb {
  sql: postgres.Sql
  /** Runs `fn` in a transaction as the caller (RLS applies). */
  asCaller<T>(caller: Caller, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T>
  /** Runs `fn` in a transaction as the caller and rolls it back: may the caller do this? */
  testPermission(caller: Caller, scope: Scope, fn: (tx: Tx) => Promise<unknown>): Promise<void>
  /** Runs `fn` in a transaction as the storage admin (no RLS). */
  asAdmin<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T>
  close(): Promise<void>
}

const SCOPE_SQL =
  `select set_config('role', $1, true), set_config('request.jwt.claim.role', $2, true),
  set_config('request.jwt', $3, true), set_config('request.jwt.claim.sub', $4, true),
  set_config('request.jwt.claims', $5, true), set_config('request.headers', $6, true),
  set_config('request.method', $7, true), set_config('request.path', $8, true),
  set_config('storage.operation', $9, true), set_config('storage.allow_delete_query', 'true', true)`

const ADMIN_SQL =
  `select set_config('storage.operation', $1, true), set_config('storage.allow_delete_query', 'true', true)`

class Rollback extends Error {}

export function createStorageDb(config: GatewayConfig): StorageDb {
  const sql = postgres(
    `postgresql://supabase_storage_admin:postgres@127.0.0.1:${config.dbPort}/postgres`,
    {
      max: Number(config.env.STORAGE_POOL_SIZE ?? 10),
      idle_timeout: 60,
      connect_timeout: 5,
      onnotice: () => {},
      connection: { client_connection_check_interval: 1000 },
    },
  )

  const scoped = async <T>(
    caller: Caller,
    scope: Scope,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<T> => {
    try {
      return await sql.begin(async (tx) => {
        await tx.unsafe(SCOPE_SQL, [
          caller.role,
          caller.role,
          caller.jwt,
          typeof caller.claims.sub === 'string' ? caller.claims.sub : '',
          JSON.stringify(caller.claims),
          JSON.stringify(scope.headers),
          scope.method,
          scope.path,
          scope.operation,
        ])
        return await fn(tx)
      }) as T
    } catch (e) {
      if (e instanceof Rollback) throw e
      throw fromPgError(e)
    }
  }

  return {
    sql,
    asCaller: scoped,
    async testPermission(caller, scope, fn) {
      try {
        await scoped(caller, scope, async (tx) => {
          await fn(tx)
          throw new Rollback()
        })
      } catch (e) {
        if (!(e instanceof Rollback)) throw e
      }
    },
    async asAdmin(scope, fn) {
      try {
        return await sql.begin(async (tx) => {
          await tx.unsafe(ADMIN_SQL, [scope.operation])
          return await fn(tx)
        }) as Awaited<ReturnType<typeof fn>>
      } catch (e) {
        throw fromPgError(e)
      }
    },
    close: () => sql.end({ timeout: 0.2 }),
  }
}
