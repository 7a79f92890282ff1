import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FunctionError } from '@/lib/call-function'
import { refusalError, restInsert, totalFromContentRange } from './rest'
import { configureApi, json, stubRest } from './test-utils'

beforeAll(configureApi)
afterEach(() => vi.unstubAllGlobals())

const RULES = { t_email_format: { path: 'email', message: 'Enter a valid e-mail address.' } }

describe('content REST helpers', () => {
  it('reads the total from Content-Range', () => {
    expect(totalFromContentRange('0-5/11')).toBe(11)
    expect(totalFromContentRange('*/0')).toBe(0)
    expect(totalFromContentRange('0-5/*')).toBeNull()
    expect(totalFromContentRange(null)).toBeNull()
  })

  it('turns a check-constraint refusal into its field error', () => {
    const e = refusalError(400, {
      code: '23514',
      message: 'new row for relation "t" violates check constraint "t_email_format"',
    }, RULES)
    expect([e.status, e.code, e.message, e.details]).toEqual([
      400,
      '23514',
      'Enter a valid e-mail address.',
      [RULES.t_email_format],
    ])
  })

  it('passes a trigger’s own message on, naming the field from its hint', () => {
    const e = refusalError(400, {
      code: '22023',
      message: 'Applications for this role have closed',
      hint: 'career_id',
    }, RULES)
    expect(e.message).toBe('Applications for this role have closed')
    expect(e.details).toEqual([{
      path: 'career_id',
      message: 'Applications for this role have closed',
    }])
  })

  it('never shows a raw database message for anything else', () => {
    expect(
      refusalError(401, { code: '42501', message: 'permission denied for table t' }, RULES).message,
    ).toBe('We could not save that. Please check the form and try again.')
    expect(refusalError(503, { code: 'PGRST000', message: 'Could not connect' }, RULES).message)
      .toBe('Something went wrong on our side. Please try again.')
  })

  it('inserts with return=minimal and reports a duplicate as already there', async () => {
    const fetchMock = stubRest({ things: () => new Response(null, { status: 201 }) })
    expect(await restInsert('things', { a: 1 })).toBe('created')
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('http://api.test/rest/v1/things')
    expect((init!.headers as Record<string, string>).prefer).toBe('return=minimal')
    expect(init!.body).toBe('{"a":1}')
    stubRest({ things: () => json({ code: '23505', message: 'duplicate key' }, 409) })
    expect(await restInsert('things', { a: 1 })).toBe('duplicate')
    stubRest({
      things: () =>
        json({ code: '23514', message: 'violates check constraint "t_email_format"' }, 400),
    })
    await expect(restInsert('things', { a: 1 }, RULES)).rejects.toBeInstanceOf(FunctionError)
  })
})
