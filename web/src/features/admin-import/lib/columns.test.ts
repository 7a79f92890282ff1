import { describe, expect, it } from 'vitest'
import { batches, doubleMapped, guessMapping, mapRows, missingRequired } from './columns'

describe('guessMapping', () => {
  it('matches the usual spreadsheet headers to our columns', () => {
    const headers = [
      'Surname',
      'First Name',
      'E-mail address',
      'Mobile',
      'Post code',
      'Date joined',
      'Plot size',
      'Comments',
      'Category',
    ]
    expect(guessMapping(headers)).toEqual({
      first_name: 1,
      last_name: 0,
      email: 2,
      phone: 3,
      postcode: 4,
      joined: 5,
      plot_size: 6,
      notes: 7,
      category: 8,
    })
  })

  it('reads snake_case and odd spacing, and leaves out what it cannot place', () => {
    const m = guessMapping(['first_name', ' LAST_NAME ', 'email', 'favourite vegetable'])
    expect(m).toMatchObject({ first_name: 0, last_name: 1, email: 2, phone: null, joined: null })
    expect(Object.values(m)).not.toContain(3)
  })

  it('uses each column once', () => {
    const m = guessMapping(['Date', 'Date'])
    expect(m.joined).toBe(0)
    expect(Object.values(m).filter((v) => v === 1)).toEqual([])
  })
})

describe('checking a mapping', () => {
  it('names the required columns left out', () => {
    const m = guessMapping(['Email', 'Phone'])
    expect(missingRequired(m)).toEqual(['First name', 'Last name'])
  })

  it('names a column chosen twice', () => {
    const m = { ...guessMapping(['First', 'Last', 'Email']), notes: 0 }
    expect(doubleMapped(m)).toEqual(['Notes'])
  })
})

describe('mapRows and batches', () => {
  it('builds one object per row with its file row number, trimmed, mapped fields only', () => {
    const m = guessMapping(['Email', 'First', 'Last'])
    expect(
      mapRows(
        [{ line: 2, cells: [' a@b.co ', 'Ann', 'Archer'] }, { line: 4, cells: ['c@d.co'] }],
        m,
      ),
    )
      .toEqual([
        { row: 2, email: 'a@b.co', first_name: 'Ann', last_name: 'Archer' },
        { row: 4, email: 'c@d.co', first_name: '', last_name: '' },
      ])
  })

  it('splits rows into batches of 200 by default', () => {
    const sizes = batches(Array.from({ length: 450 }, (_, i) => i)).map((b) => b.length)
    expect(sizes).toEqual([200, 200, 50])
  })

  it('keeps a batch under the byte limit however few rows that means', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ row: i, notes: 'x'.repeat(300) }))
    expect(batches(rows, 200, 700).map((b) => b.length)).toEqual([2, 2, 1])
    expect(batches([{ notes: 'x'.repeat(2000) }], 200, 100)).toHaveLength(1)
  })
})
