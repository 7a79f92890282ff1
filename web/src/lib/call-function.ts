// Calls an edge function with the anon key through the retrying fetch. Failures throw the
// FunctionError both tiers share (@common/function-error), carrying the documented shape
// { error: { code, message, details } }; pages take it from here, beside the call.
import { fromAnswer, FunctionError } from '@common/function-error'
import { env } from '@/config/env'
import { anonHeaders } from '@/lib/anon-headers'
import { fetchWithRetry, isTimeout, TIMEOUT_MESSAGE } from '@/lib/fetch-with-retry'

export { FunctionError }

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
    throw fromAnswer(
      res.status,
      payload,
      res.status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : `Request failed (${res.status}).`,
    )
  }
  return payload as T
}
