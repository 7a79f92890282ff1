import { describe, expect, it } from 'vitest'
import { splitCsv } from './csv-read'

describe('splitCsv (RFC 4180)', () => {
  it('splits plain fields and CRLF rows', () => {
    expect(splitCsv('a,b,c\r\n1,2,3\r\n').records).toEqual([['a', 'b', 'c'], ['1', '2', '3']])
  })

  it('keeps commas, line breaks and doubled quotes inside quotes', () => {
    const text = 'name,notes\r\n"Smith, Ann","line one\r\nline two ""quoted"""\n'
    expect(splitCsv(text).records).toEqual([
      ['name', 'notes'],
      ['Smith, Ann', 'line one\r\nline two "quoted"'],
    ])
  })

  it('drops a byte-order mark and reads LF-only and CR-only files', () => {
    expect(splitCsv('\uFEFFa,b\n1,2').records).toEqual([['a', 'b'], ['1', '2']])
    expect(splitCsv('a,b\r1,2\r').records).toEqual([['a', 'b'], ['1', '2']])
  })

  it('keeps empty fields, a trailing empty field and an empty quoted field', () => {
    expect(splitCsv('a,,c,\n"",x,,\n').records).toEqual([['a', '', 'c', ''], ['', 'x', '', '']])
  })

  it('reports a quote that is never closed', () => {
    const { records, unclosed } = splitCsv('a,b\n"open,2\n3,4\n')
    expect(unclosed).toBe(true)
    expect(records.at(-1)).toEqual(['open,2\n3,4\n'])
  })
})
