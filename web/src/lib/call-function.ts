// Calls an edge function with the anon key through the retrying fetch. Failures throw a
// FunctionError carrying the documented shape { error: { code, message, details } }.
import { env } from '@/config/env'
import { anonHeaders } from '@/lib/anon-headers'
import { fetchWithRetry, isTimeout, TIMEOUT_MESSAGE } from '@/lib/fetch-with-retry'

export class FunctionError extends Error {
  override name = 'FunctionError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message)
  }
}

export const NETWORK_MESSAGE =
  'We could not reach Roots just now. Check your connection and try again: nothing you typed is lost.'

export async function callFunction<T>(
  name: string,
  init: {
    method?: 'GET' | 'POST'
    query?: Record<string, string>
    body?: unknown
    headers?: Record<string, string>
  } = {},
): Promise<T> {
  const qs = init.query ? `?${new URLSearchParams(init.query)}` : ''
  let res: Response
  try {
    res = await fetchWithRetry(`${env().supabaseUrl}/functions/v1/${name}${qs}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...anonHeaders(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  } catch (e) {
    if (isTimeout(e)) throw new FunctionError(0, 'timeout', TIMEOUT_MESSAGE)
    throw new FunctionError(0, 'network', NETWORK_MESSAGE)
  }
  let payload: unknown = null
  try {
    payload = await res.json()
  } catch { /* empty or not JSON */ }
  if (!res.ok) {
    const e = (payload as { error?: { code?: string; message?: string; details?: unknown } } | null)
      ?.error
    throw new FunctionError(
      res.status,
      e?.code ?? 'http_error',
      e?.message ??
        (res.status >= 500
          ? 'Something went wrong on our side. Please try again.'
          : `Request failed (${res.status}).`),
      e?.details ?? null,
    )
  }
  return payload as T
}
