// The audit log, newest first, a page at a time: who acted (the staff member by name and e-mail as
// they were then, the service role, or the scheduler), through which function, what they did to
// which row, and the fields that changed. A scheduled job's bulk write (over 100 rows in one
// statement) is one entry: how many rows, and the status move they all made. RLS lets admins alone
// read it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { Json, Selected } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export type FieldChange = { before: Json; after: Json }

const COLUMNS =
  'id, created_at, actor_id, actor_role, actor_name, actor_email, via, table_name, row_id, action, changes, bulk_rows'

/** An audit entry; `changes` is jsonb the audit trigger writes, and `action` one of its three. */
export type AuditEntry = Omit<Selected<'audit_log', typeof COLUMNS>, 'action' | 'changes'> & {
  action: 'insert' | 'update' | 'delete'
  /** Null for entries written before the changed fields were kept. */
  changes: Record<string, FieldChange> | null
}

export interface AuditFilter {
  who: string
  table: string
  page: number
}

export const AUDIT_PAGE_SIZE = 25

/** Text for a PostgREST `or` filter: the characters that would end or widen the pattern dropped. */
export const filterText = (s: string) =>
  s.trim().replace(/[,()*%\\:."']/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100)

export async function getAuditLog(
  f: AuditFilter,
): Promise<{ entries: AuditEntry[]; total: number }> {
  let q = supabase().from('audit_log').select(COLUMNS, { count: 'exact' })
  const who = filterText(f.who)
  if (who) {
    q = q.or(
      `actor_name.ilike.*${who}*,actor_email.ilike.*${who}*,actor_role.ilike.*${
        who.replace(/ /g, '_')
      }*,via.ilike.*${who}*`,
    )
  }
  const table = f.table.trim().toLowerCase().replace(/\s+/g, '_')
  if (/^[a-z_]+$/.test(table)) q = q.eq('table_name', table)
  const from = f.page * AUDIT_PAGE_SIZE
  const { data, error, count } = await q.order('created_at', { ascending: false }).order('id', {
    ascending: false,
  }).range(from, from + AUDIT_PAGE_SIZE - 1)
  if (error) throw new DbError(error, 'The audit log could not be loaded.')
  return { entries: (data ?? []) as AuditEntry[], total: count ?? 0 }
}

export const auditLogQueryOptions = (f: AuditFilter) =>
  queryOptions({
    queryKey: ['admin-audit', f],
    queryFn: () => getAuditLog(f),
    placeholderData: keepPreviousData,
  })

export const useAuditLog = (f: AuditFilter) => useQuery(auditLogQueryOptions(f))
