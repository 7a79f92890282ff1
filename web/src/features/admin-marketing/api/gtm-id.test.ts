import { describe, expect, it } from 'vitest'
import { GTM_ID_ERROR, gtmIdSchema, isValidGtmId } from './gtm-id'
import { emptyExpense, expenseSchema, pounds } from './expense-schema'
import { spendByCampaign } from './get-summary'

describe('the tag-manager id', () => {
  it('is GTM- followed by upper-case letters or digits', () => {
    for (const ok of ['GTM-AB12CD3', 'GTM-1', 'GTM-ROOTS01', 'GTM-ZZZZZZZ']) {
      expect(isValidGtmId(ok), ok).toBe(true)
    }
    for (
      const bad of [
        '',
        'GTM-',
        'gtm-AB12',
        'GTM-ab12',
        'GTM_AB12',
        'GTM-AB 12',
        'GTM-AB12-',
        'UA-12345-1',
        ' GTM-AB12X',
        'GTM-ÄB12',
        'XGTM-AB12',
      ]
    ) {
      expect(isValidGtmId(bad), bad).toBe(false)
    }
  })
  it('says "not a valid GTM-ID" otherwise, and trims surrounding spaces first', () => {
    const r = gtmIdSchema.safeParse({ gtm_id: 'GTM-ab12' })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]!.message).toBe(GTM_ID_ERROR)
    expect(GTM_ID_ERROR).toContain('not a valid GTM-ID')
    expect(gtmIdSchema.parse({ gtm_id: '  GTM-AB12  ' })).toEqual({ gtm_id: 'GTM-AB12' })
  })
})

describe('expenses', () => {
  it('needs a campaign, a channel, an amount in pounds and a day', () => {
    const r = expenseSchema.safeParse({ ...emptyExpense(), spent_on: '' })
    const errs = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(errs).toEqual({
      campaign: 'Name the campaign.',
      channel: 'Name the channel, e.g. Social or Print.',
      amount: 'Enter the amount in pounds, e.g. 120 or 99.50.',
      spent_on: 'Choose the day it was spent.',
    })
    expect(
      expenseSchema.safeParse({ ...emptyExpense(), campaign: 'x', channel: 'y', amount: '-5' })
        .success,
    ).toBe(false)
    expect(
      expenseSchema.safeParse({ ...emptyExpense(), campaign: 'x', channel: 'y', amount: '1.234' })
        .success,
    ).toBe(false)
  })
  it('stores pence, the site or every site, and no empty description', () => {
    expect(
      expenseSchema.parse({
        campaign: ' Spring ',
        channel: 'Social',
        description: '',
        amount: '99.5',
        spent_on: '2026-03-01',
        site_id: '3',
      }),
    )
      .toEqual({
        campaign: 'Spring',
        channel: 'Social',
        description: null,
        amount_pence: 9950,
        spent_on: '2026-03-01',
        site_id: 3,
      })
    expect(
      expenseSchema.parse({
        campaign: 'B',
        channel: 'Radio',
        description: 'All',
        amount: '120',
        spent_on: '2026-03-01',
        site_id: '',
      }),
    )
      .toMatchObject({ amount_pence: 12000, site_id: null, description: 'All' })
  })
  it('sums spend per campaign, largest first, and shows pounds', () => {
    expect(
      spendByCampaign([{ campaign: 'A', amount_pence: 100 }, { campaign: 'B', amount_pence: 500 }, {
        campaign: 'A',
        amount_pence: 50,
      }]),
    )
      .toEqual([{ campaign: 'B', pence: 500, count: 1 }, { campaign: 'A', pence: 150, count: 2 }])
    expect(pounds(123456)).toBe('£1,234.56')
    expect(pounds(null)).toBe('—')
  })
})
