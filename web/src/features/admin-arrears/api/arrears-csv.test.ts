import { describe, expect, it } from 'vitest'
import { arrearsCsv } from './arrears-csv'
import type { ArrearsRow } from './get-arrears'

const row = (over: Partial<ArrearsRow> = {}): ArrearsRow => ({
  membership_id: 1,
  member_name: 'Ada Lovelace',
  email: 'ada@example.com',
  site_id: 4,
  site: 'Hackney Marshes',
  plot_number: '12',
  status: 'past_due',
  amount_pence: 1200,
  since: '2026-12-09T09:05:00+00:00',
  open_invoices: 1,
  ...over,
})

describe('arrears CSV', () => {
  it('writes a header, then one row per membership: pounds as 12.00, ISO days', () => {
    expect(
      arrearsCsv([row(), row({ status: 'suspended', amount_pence: 5998, open_invoices: 2 })]).split(
        '\r\n',
      ),
    )
      .toEqual([
        'Member,Email,Site,Plot,Owed (GBP),Overdue since,Open invoices,Status',
        'Ada Lovelace,ada@example.com,Hackney Marshes,12,12.00,2026-12-09,1,Payment overdue',
        'Ada Lovelace,ada@example.com,Hackney Marshes,12,59.98,2026-12-09,2,Suspended',
        '',
      ])
  })

  it('gives the UK day of a failure just after midnight in summer time', () => {
    expect(arrearsCsv([row({ since: '2026-06-30T23:30:00Z' })])).toContain(',2026-07-01,')
  })

  it('quotes commas, quotes and newlines, and defuses a formula', () => {
    const csv = arrearsCsv([
      row({ member_name: 'Smith, Jo', site: 'The "Old" Orchard', plot_number: '3\nB' }),
      row({ member_name: '=HYPERLINK("x")' }),
    ])
    expect(csv).toBe(
      'Member,Email,Site,Plot,Owed (GBP),Overdue since,Open invoices,Status\r\n' +
        '"Smith, Jo",ada@example.com,"The ""Old"" Orchard","3\nB",12.00,2026-12-09,1,Payment overdue\r\n' +
        `"'=HYPERLINK(""x"")",ada@example.com,Hackney Marshes,12,12.00,2026-12-09,1,Payment overdue\r\n`,
    )
  })

  it('is the header alone when nobody is behind', () => {
    expect(arrearsCsv([])).toBe(
      'Member,Email,Site,Plot,Owed (GBP),Overdue since,Open invoices,Status\r\n',
    )
  })
})
