import { describe, expect, it, vi } from 'vitest'
import { FunctionsHttpError } from '@supabase/supabase-js'

let answer: { data: unknown; error: unknown } = { data: null, error: null }
const invoke = vi.fn(() => Promise.resolve(answer))
vi.mock('@/lib/supabase', () => ({ supabase: () => ({ functions: { invoke } }) }))

const { invokeFunction, AdminFunctionError } = await import('./invoke-function')
const { isRefusal } = await import('./db-error')

const httpError = (status: number, body: unknown) =>
  new FunctionsHttpError(new Response(JSON.stringify(body), { status }))

describe('invokeFunction', () => {
  it('returns the data and passes body and headers', async () => {
    answer = { data: { ok: 1 }, error: null }
    await expect(invokeFunction('f', { a: 1 }, { headers: { 'Idempotency-Key': 'k' } })).resolves
      .toEqual({ ok: 1 })
    expect(invoke).toHaveBeenLastCalledWith('f', {
      body: { a: 1 },
      headers: { 'Idempotency-Key': 'k' },
    })
  })
  it('a 403 is a refusal carrying the function message', async () => {
    answer = {
      data: null,
      error: httpError(403, {
        error: { code: 'forbidden', message: 'Not allowed to make offers at this site' },
      }),
    }
    const e = await invokeFunction('f', {}).catch((x: InstanceType<typeof AdminFunctionError>) =>
      x
    ) as InstanceType<typeof AdminFunctionError>
    expect(e).toBeInstanceOf(AdminFunctionError)
    expect(isRefusal(e)).toBe(true)
    expect(e.message).toBe('Not allowed to make offers at this site')
  })
  it('a 400 keeps the message and the details', async () => {
    answer = {
      data: null,
      error: httpError(400, {
        error: {
          code: 'validation_failed',
          message: 'Some fields need attention.',
          details: [{ path: 'count', message: 'Too big' }],
        },
      }),
    }
    const e = await invokeFunction('f', {}).catch((x: InstanceType<typeof AdminFunctionError>) =>
      x
    ) as InstanceType<typeof AdminFunctionError>
    expect(e.message).toBe('Some fields need attention.')
    expect(e.details).toEqual([{ path: 'count', message: 'Too big' }])
    expect(isRefusal(e)).toBe(false)
  })
  it('a success without a body is a failure with the given sentence, not a null result', async () => {
    answer = { data: null, error: null }
    await expect(invokeFunction('f', {}, { fallback: 'Nothing was sent.' })).rejects.toThrow(
      'Nothing was sent.',
    )
  })
  it('a body that is not JSON falls back to the given sentence', async () => {
    answer = { data: null, error: new FunctionsHttpError(new Response('oops', { status: 502 })) }
    await expect(invokeFunction('f', {}, { fallback: 'No offers were made.' })).rejects.toThrow(
      'No offers were made.',
    )
  })
})
