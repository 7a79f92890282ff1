import { describe, expect, it } from 'vitest'
import { countResults, markFileDuplicates, problemRowsCsv } from './report'

describe('markFileDuplicates', () => {
  it('marks a repeat of an earlier ok row (another batch) by trimmed, lower-case e-mail', () => {
    const rows = [
      { row: 2, email: 'ann@example.com' },
      { row: 3, email: 'bad' },
      { row: 4, email: ' ANN@example.com ' },
      { row: 5, email: 'bad' },
    ]
    const results = markFileDuplicates(rows, [
      { row: 2, status: 'ok', messages: [] },
      { row: 3, status: 'error', messages: ['E-mail "bad" is not a valid address.'] },
      { row: 4, status: 'ok', messages: [] },
      { row: 5, status: 'error', messages: ['E-mail "bad" is not a valid address.'] },
    ])
    expect(results.map((r) => r.status)).toEqual(['ok', 'error', 'duplicate', 'error'])
    expect(results[2]!.messages).toEqual(['Same e-mail as row 2 of this file.'])
  })

  it('leaves a row alone when its earlier twin had errors (the twin is not imported)', () => {
    const rows = [{ row: 2, email: 'a@b.co' }, { row: 3, email: 'a@b.co' }]
    const results = markFileDuplicates(rows, [
      { row: 2, status: 'error', messages: ['Postcode "x" is not a valid UK postcode.'] },
      { row: 3, status: 'ok', messages: [] },
    ])
    expect(results[1]!.status).toBe('ok')
  })
})

describe('the report', () => {
  it('counts each outcome', () => {
    expect(countResults([
      { row: 2, status: 'imported', messages: [] },
      { row: 3, status: 'duplicate', messages: [] },
      { row: 4, status: 'error', messages: [] },
      { row: 5, status: 'imported', messages: [] },
    ])).toEqual({ ok: 0, imported: 2, duplicate: 1, error: 1 })
  })

  it("downloads the rows not imported with why and the file's own cells, safe for a spreadsheet", () => {
    const csv = problemRowsCsv(
      ['First', 'Email'],
      [{ line: 2, cells: ['Ann', 'ann@example.com'] }, { line: 3, cells: ['=cmd()', 'x'] }],
      [
        { row: 2, status: 'imported', messages: [] },
        { row: 3, status: 'error', messages: ['E-mail "x" is not a valid address.'] },
      ],
    )
    expect(csv).toBe(
      'Row,Outcome,Why,First,Email\r\n3,Not imported: error,"E-mail ""x"" is not a valid address.","\'=cmd()",x\r\n',
    )
  })
})
