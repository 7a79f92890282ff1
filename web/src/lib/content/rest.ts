// The content pages' reads and writes through the REST API as anon, with plain fetch (retrying),
// so none of those pages carries the Supabase client: a page of rows with the total, one row
// by a filter, and an insert whose refusals by the database come back as field errors (the
// FunctionError details every public form already shows beside its fields).
import { env } from '@/config/env'
import { anonHeaders } from '@/lib/anon-headers'
import { FunctionError, NETWORK_MESSAGE } from '@/lib/call-function'
import { fetchWithRetry, isTimeout, TIMEOUT_MESSAGE } from '@/lib/fetch-with-retry'
import { READ_TIMEOUT_MS, RestError, restSelect } from '@/lib/sites/rest'

export interface Page<T> {
  rows: T[]
  total: number
}

const restUrl = (table: string, query = '') =>
  `${env().supabaseUrl}/rest/v1/${table}${query ? `?${query}` : ''}`

/** `content-range: 0-5/11` (or `*\/11`) → 11. */
export function totalFromContentRange(header: string | null): number | null {
  const m = header ? /\/(\d+)$/.exec(header) : null
  return m ? Number(m[1]) : null
}

/** Rows `offset … offset + limit - 1` of a query, with the total the query matches. */
export async function restPage<T>(
  table: string,
  query: string,
  offset: number,
  limit: number,
): Promise<Page<T>> {
  const res = await fetchWithRetry(restUrl(table, `${query}&offset=${offset}&limit=${limit}`), {
    headers: { ...anonHeaders(), accept: 'application/json', prefer: 'count=exact' },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  })
  const total = totalFromContentRange(res.headers.get('content-range'))
  // Past the last row PostgREST answers 416 with the total: an empty page, not a failure.
  if (res.status === 416) return { rows: [], total: total ?? 0 }
  if (!res.ok) throw new RestError(res.status, `${res.status} ${res.statusText}`)
  const rows = await res.json() as T[]
  return { rows, total: total ?? rows.length }
}

/** The first row a query matches, or null. */
export async function restOne<T>(table: string, query: string): Promise<T | null> {
  const rows = await restSelect<T>(table, `${query}&limit=1`)
  return rows[0] ?? null
}

/** What a refusal means for the form: the field it concerns and what to tell the visitor. */
export interface FieldRule {
  path: string
  message: string
}

export type InsertOutcome = 'created' | 'duplicate'

interface PostgrestError {
  code?: string
  message?: string
  hint?: string | null
}

export const SERVER_MESSAGE = 'Something went wrong on our side. Please try again.'

/** The refusal as a FunctionError whose details name the field, when a rule knows it. */
export function refusalError(
  status: number,
  body: PostgrestError,
  rules: Record<string, FieldRule>,
): FunctionError {
  const code = body.code ?? 'http_error'
  const constraint = /constraint "([^"]+)"/.exec(body.message ?? '')?.[1]
  const rule = (constraint && rules[constraint]) || undefined
  if (rule) return new FunctionError(status, code, rule.message, [rule])
  // Raised on purpose by a trigger: the message is for the visitor, the hint names the field.
  if (code === '22023' && body.message) {
    return new FunctionError(
      status,
      code,
      body.message,
      body.hint ? [{ path: body.hint, message: body.message }] : null,
    )
  }
  return new FunctionError(
    status,
    code,
    status >= 500 || status === 0
      ? SERVER_MESSAGE
      : 'We could not save that. Please check the form and try again.',
  )
}

/**
 * Inserts one row as anon (nothing is read back). A unique-key conflict answers 'duplicate':
 * the row is already there, so a double submit or a retried request stores it once.
 */
export async function restInsert(
  table: string,
  row: Record<string, unknown>,
  rules: Record<string, FieldRule> = {},
): Promise<InsertOutcome> {
  let res: Response
  try {
    res = await fetchWithRetry(restUrl(table), {
      method: 'POST',
      headers: { ...anonHeaders(), 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(row),
    })
  } catch (e) {
    if (isTimeout(e)) throw new FunctionError(0, 'timeout', TIMEOUT_MESSAGE)
    throw new FunctionError(0, 'network', NETWORK_MESSAGE)
  }
  if (res.ok) return 'created'
  let body: PostgrestError = {}
  try {
    body = await res.json() as PostgrestError
  } catch { /* not JSON */ }
  if (body.code === '23505') return 'duplicate'
  throw refusalError(res.status, body, rules)
}
