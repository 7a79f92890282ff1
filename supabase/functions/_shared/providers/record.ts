// Local providers record what they would have sent in private.provider_calls (through a
// service-role RPC), so tests and the stack can read it. Local e-mail also reaches the
// Docker-free stack's outbox (/_outbox).
import { adminClient } from '../supabase.ts'
import { upstream } from '../errors.ts'
import type { JsonObject } from '../common/database.ts'

export async function recordCall(
  provider: 'email' | 'payments' | 'campaigns',
  operation: string,
  request: JsonObject,
): Promise<number> {
  const { data, error } = await adminClient().rpc('record_provider_call', {
    p_provider: provider,
    p_operation: operation,
    p_request: request,
  })
  if (error) {
    throw upstream(`The local ${provider} provider could not record the call.`, {
      reason: error.message,
    })
  }
  return Number(data)
}

/** Error from a provider's HTTP API (answered as 502 by the functions). */
export class ProviderError extends Error {
  constructor(readonly provider: string, readonly status: number, message: string) {
    super(message)
  }
}

export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit,
): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(url, init)
  } catch (e) {
    throw new ProviderError(
      provider,
      0,
      `${provider} could not be reached: ${(e as Error).message}`,
    )
  }
  const text = await res.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = text
  }
  if (!res.ok) {
    const msg =
      (body as { error?: { message?: string }; message?: string } | null)?.error?.message ??
        (body as { message?: string } | null)?.message ?? `HTTP ${res.status}`
    throw new ProviderError(provider, res.status, `${provider} answered ${res.status}: ${msg}`)
  }
  return body
}
