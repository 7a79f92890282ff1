// auth.audit_log_entries, written as Supabase Auth writes them (the dashboard's auth log).
import type { Sql, UserRow } from './users.ts'
import { INSTANCE_ID } from './users.ts'

type LogType = 'account' | 'team' | 'token' | 'user'

const LOG_TYPES: Record<string, LogType> = {
  login: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_deleted: 'team',
  user_invited: 'team',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_recovery_requested: 'user',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_modified: 'user',
  user_updated_password: 'user',
}

export type AuditAction = keyof typeof LOG_TYPES

export async function audit(
  sql: Sql,
  ip: string,
  user: Pick<UserRow, 'id' | 'email' | 'phone'>,
  action: AuditAction,
  traits: Record<string, unknown> = {},
) {
  const payload = {
    actor_id: user.id,
    actor_username: user.email || user.phone || '',
    actor_via_sso: false,
    action,
    log_type: LOG_TYPES[action],
    ...(Object.keys(traits).length ? { traits } : {}),
  }
  await sql`
    insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
    values (${INSTANCE_ID}, ${crypto.randomUUID()}, ${
    JSON.stringify(payload)
  }::text::json, now(), ${ip.slice(0, 64)})`
}
