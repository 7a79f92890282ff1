import { describe, expect, it } from 'vitest'
import { salesCsv } from './csv'

// Quoting and defusing are the CSV writer's (web/src/lib/admin/csv.test.ts).
describe('sales CSV', () => {
  it('writes one line per period in pounds, then the totals', () => {
    const csv = salesCsv([
      {
        period: '2026-11-01',
        orders: 2,
        sales_pence: 3898,
        voucher_pence: 1000,
        refunded_orders: 0,
        refunded_pence: 0,
      },
      {
        period: '2026-11-02',
        orders: 0,
        sales_pence: 0,
        voucher_pence: 0,
        refunded_orders: 1,
        refunded_pence: 899,
      },
    ])
    expect(csv.split('\r\n')).toEqual([
      'Period starting,Paid orders,Charged (GBP),Paid by gift voucher (GBP),Refunded orders,Refunded (GBP)',
      '2026-11-01,2,38.98,10.00,0,0.00',
      '2026-11-02,0,0.00,0.00,1,8.99',
      'Total,2,38.98,10.00,1,8.99',
      '',
    ])
  })

  it('has a header and a zero total for an empty report', () => {
    expect(salesCsv([]).split('\r\n')).toHaveLength(3)
  })
})
