import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
  })
  it('defuses formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+44 7700')).toBe(`"'+44 7700"`)
    expect(csvCell('-1')).toBe(`"'-1"`)
    expect(csvCell('@sum')).toBe(`"'@sum"`)
    expect(csvCell('=SUM(A1)')).toBe(`"'=SUM(A1)"`)
  })
  it('leaves numbers as numbers, negative ones too', () => {
    expect(csvCell(-5)).toBe('-5')
    expect(toCsv([['a', 1], ['b', 2]])).toBe('a,1\r\nb,2\r\n')
  })
  it('empty for null, text for booleans and numbers; CRLF rows', () => {
    expect(toCsv([['a', null, true, 3], ['b', undefined, false, 0]])).toBe(
      'a,,true,3\r\nb,,false,0\r\n',
    )
  })
})
