import { describe, expect, it } from 'vitest'
import {
  DbError,
  describeDbError,
  isRefusal,
  REFUSED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from './db-error'

describe('describeDbError', () => {
  it('names a refusal plainly', () => {
    expect(
      describeDbError({
        code: '42501',
        message: 'new row violates row-level security policy for table "global_sites"',
      }),
    ).toBe(REFUSED_MESSAGE)
    expect(describeDbError({ status: 403, message: 'forbidden' })).toBe(REFUSED_MESSAGE)
  })
  it('keeps the messages our RPCs raise on purpose', () => {
    expect(describeDbError({ code: '42501', message: 'Not allowed to make offers at this site' }))
      .toBe('Not allowed to make offers at this site')
  })
  it('an expired session asks to sign in again', () => {
    expect(describeDbError({ code: 'PGRST301', message: 'JWT expired' })).toBe(
      SESSION_EXPIRED_MESSAGE,
    )
    expect(describeDbError({ status: 401 })).toBe(SESSION_EXPIRED_MESSAGE)
  })
  it('duplicates, no row, plain messages and nothing at all', () => {
    expect(describeDbError({ code: '23505', message: 'duplicate key' })).toBe(
      'That would duplicate an existing record.',
    )
    expect(describeDbError({ code: 'PGRST116' })).toMatch(/Nothing was changed/)
    expect(describeDbError({ code: '22023', message: 'Offer between 1 and 500 plots at a time' }))
      .toBe('Offer between 1 and 500 plots at a time')
    expect(describeDbError(null, 'Could not load')).toBe('Could not load')
  })
  it('isRefusal and DbError keep the code', () => {
    expect(isRefusal({ code: '42501' })).toBe(true)
    expect(isRefusal({ code: '23505' })).toBe(false)
    const e = new DbError({ code: '42501', message: 'x', status: 403 })
    expect(e.code).toBe('42501')
    expect(e.status).toBe(403)
    expect(isRefusal(e)).toBe(true)
    expect(e.message).toBe(REFUSED_MESSAGE)
  })
})
