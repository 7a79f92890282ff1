import { describe, expect, it } from 'vitest'
import { archiveMessage, archiveSchema } from './archive-site'

describe('archiveSchema', () => {
  it('a move needs the site the list goes to; the reason is optional', () => {
    const r = archiveSchema.safeParse({ action: 'move', toSiteId: '', reason: '' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]).toMatchObject({
      path: ['toSiteId'],
      message: 'Choose the site the list moves to.',
    })
    expect(archiveSchema.parse({ action: 'move', toSiteId: '7', reason: '' })).toEqual({
      action: 'move',
      toSiteId: 7,
      reason: '',
    })
  })
  it('withdrawing needs a reason of at most 500 characters: the applicants are told', () => {
    expect(
      archiveSchema.safeParse({ action: 'withdraw', toSiteId: '', reason: '  ' }).error?.issues[0]
        ?.message,
    )
      .toBe('Say why: the applicants are told.')
    expect(
      archiveSchema.safeParse({ action: 'withdraw', toSiteId: '', reason: 'x'.repeat(501) })
        .success,
    ).toBe(false)
    expect(
      archiveSchema.safeParse({ action: 'withdraw', toSiteId: '', reason: 'The lease ended.' })
        .success,
    ).toBe(true)
  })
})

describe('archiveMessage', () => {
  const none = {
    moved: 0,
    merged: 0,
    withdrawn: 0,
    pre_registrations_withdrawn: 0,
    slots_cancelled: 0,
  }
  it('says where the list went and what else changed', () => {
    expect(
      archiveMessage(
        'Old Field',
        { ...none, moved: 3, merged: 1, slots_cancelled: 1 },
        'New Field',
      ),
    )
      .toBe(
        'Old Field archived: 4 applicants moved to New Field, 1 welcome slot cancelled. Everyone is e-mailed.',
      )
    expect(archiveMessage('Old Field', { ...none, withdrawn: 1, pre_registrations_withdrawn: 2 }))
      .toBe(
        'Old Field archived: 1 applicant withdrawn, 2 pre-registrations withdrawn. Everyone is e-mailed.',
      )
    expect(archiveMessage('Old Field', none)).toBe('Old Field archived: nobody was waiting.')
  })
})
