// Small anon reads of the REST API and of public functions with plain fetch (retrying), so the
// home page's chunk does not carry the Supabase client. Writes and everything else use lib/supabase.
import { env } from '@/config/env'
import { anonHeaders } from '@/lib/anon-headers'
import { fetchWithRetry } from '@/lib/fetch-with-retry'

/** A read that hangs counts as failed (the page renders from what it has). */
export const READ_TIMEOUT_MS = 10_000

export class RestError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`
    try {
      const body = await res.json() as { message?: string }
      if (body?.message) message = body.message
    } catch { /* not JSON */ }
    throw new RestError(res.status, message)
  }
  return await res.json() as T
}

/** GET /rest/v1/{table}?{query} as anon. */
export async function restSelect<T>(table: string, query: string): Promise<T[]> {
  const res = await fetchWithRetry(`${env().supabaseUrl}/rest/v1/${table}?${query}`, {
    headers: { ...anonHeaders(), accept: 'application/json' },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  })
  return await json<T[]>(res)
}

/** POST /rest/v1/rpc/{name} as anon. */
export async function restRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetchWithRetry(`${env().supabaseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { ...anonHeaders(), 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  })
  return await json<T>(res)
}

/** GET /functions/v1/{name} as anon. The answer is revalidated every time (`no-cache`: the
 *  function reads afresh and answers 304 when nothing changed), so a join shows at once. */
export async function functionGet<T>(name: string): Promise<T> {
  const res = await fetchWithRetry(`${env().supabaseUrl}/functions/v1/${name}`, {
    headers: { ...anonHeaders(), accept: 'application/json' },
    cache: 'no-cache',
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  })
  return await json<T>(res)
}
