import { describe, expect, it } from 'vitest'
import { decodeCsvBytes, looksBinary, parseCsv, pastedToCsv } from './parse-csv'

describe('parseCsv', () => {
  it('takes the first non-empty row as the header and numbers rows as a spreadsheet does', () => {
    const parsed = parseCsv(
      '\r\n First name ,Email\r\nAnn,ann@example.com\r\n,\r\nBen,ben@example.com',
    )
    expect(parsed.error).toBeNull()
    expect(parsed.headers).toEqual(['First name', 'Email'])
    expect(parsed.rows).toEqual([
      { line: 3, cells: ['Ann', 'ann@example.com'] },
      { line: 5, cells: ['Ben', 'ben@example.com'] },
    ])
  })

  it('counts a line break inside quotes as part of its row', () => {
    const parsed = parseCsv('a,b\n"x\ny",1\nz,2\n')
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 3])
    expect(parsed.rows[0]!.cells[0]).toBe('x\ny')
  })

  it('says so when the file is empty, has only a header, or a quote is open', () => {
    expect(parseCsv('').error).toMatch(/empty/)
    expect(parseCsv('\uFEFF\r\n  \r\n').error).toMatch(/empty/)
    expect(parseCsv('first,last\r\n').error).toMatch(/no applicants/)
    expect(parseCsv('first,last\r\n"Ann,Archer\r\n').error).toMatch(/never closed/)
  })
})

describe('decodeCsvBytes', () => {
  it('reads UTF-8 as UTF-8', () => {
    const bytes = new TextEncoder().encode('name\nZoë')
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'name\nZoë', encoding: 'utf-8' })
  })

  it('falls back to Windows-1252 for bytes that are not UTF-8 (Excel on Windows)', () => {
    const bytes = new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0xa3, 0x35]) // "Zoë,£5" in Windows-1252
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'Zoë,£5', encoding: 'windows-1252' })
  })

  it('spots a binary file such as a spreadsheet saved as .xlsx', () => {
    expect(looksBinary('PK\u0003\u0004\u0000\u0000')).toBe(true)
    expect(looksBinary('a,b\n1,2')).toBe(false)
  })
})

describe('pastedToCsv', () => {
  it('turns cells copied from a spreadsheet (tabs) into CSV, quoting commas and quotes', () => {
    const csv = pastedToCsv('First\tLast\tNotes\nAnn\tArcher\tKeen, "very"\n')
    expect(parseCsv(csv).rows).toEqual([{ line: 2, cells: ['Ann', 'Archer', 'Keen, "very"'] }])
  })

  it('leaves CSV text as it is', () => {
    expect(pastedToCsv('a,b\n1,2')).toBe('a,b\n1,2')
  })
})
