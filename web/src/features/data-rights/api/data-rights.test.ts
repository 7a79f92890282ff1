import { describe, expect, it } from 'vitest'
import { exportToCsv } from './data-rights'

describe('exportToCsv', () => {
  it('writes one row per value: table, row, field, value', () => {
    const csv = exportToCsv({
      generated_at: '2026-01-01T00:00:00Z',
      subject: { email: 'ada@example.com', signed_in: false },
      waiting_list_entries: [
        { id: 7, first_name: 'Ada', notes: 'near the gate, please' },
        { id: 8, first_name: '=cmd()', notes: null },
      ],
      members: [],
    })
    expect(csv.split('\r\n')).toEqual([
      'table,row,field,value',
      'generated_at,1,,2026-01-01T00:00:00Z',
      'subject,1,email,ada@example.com',
      'subject,1,signed_in,false',
      'waiting_list_entries,1,id,7',
      'waiting_list_entries,1,first_name,Ada',
      'waiting_list_entries,1,notes,"near the gate, please"',
      'waiting_list_entries,2,id,8',
      // A cell a spreadsheet would run as a formula is defused.
      `waiting_list_entries,2,first_name,"'=cmd()"`,
      'waiting_list_entries,2,notes,',
      '',
    ])
  })
})
