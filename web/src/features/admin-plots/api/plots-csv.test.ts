import { describe, expect, it } from 'vitest'
import { readPlotsCsv, rowErrors } from './plots-csv'

describe('plots from a CSV', () => {
  it('reads the columns in any order, by their names, and numbers rows as the file does', () => {
    const csv = readPlotsCsv(
      'Status,Number,size,size_m2,features\r\nvacant,9,half,125,near tap\r\n\r\npreparing,"10",full,,"raised bed; shed"\r\n',
    )
    expect(csv.error).toBeNull()
    expect(csv.rows).toEqual([
      { status: 'vacant', number: '9', size: 'half', size_m2: '125', features: 'near tap' },
      {
        status: 'preparing',
        number: '10',
        size: 'full',
        size_m2: '',
        features: 'raised bed; shed',
      },
    ])
    expect(csv.lines).toEqual([2, 4])
  })

  it('takes cells pasted from a spreadsheet (tabs)', () => {
    expect(readPlotsCsv('number\tsize\n1\thalf\n').rows).toEqual([{ number: '1', size: 'half' }])
  })

  it('says what is wrong with the file before anything is sent', () => {
    expect(readPlotsCsv('').error).toMatch(/header row and a plot a row/)
    expect(readPlotsCsv('number,colour\n1,red').error).toBe(
      'Unknown column "colour": use number, size, size_m2, features, status.',
    )
    expect(readPlotsCsv('size,status\nhalf,vacant').error).toBe(
      'The header row needs a number column.',
    )
    expect(readPlotsCsv('number,size\n').error).toBe(
      'The file has a header row but no plots under it.',
    )
    expect(readPlotsCsv('number\n"7\n8').error).toMatch(/never closed/)
  })

  it("turns import_plots' row numbers into the file's lines", () => {
    const details = JSON.stringify([{ row: 2, error: 'size is half or full' }])
    expect(rowErrors(details, [2, 4])).toEqual([{ line: 4, error: 'size is half or full' }])
    expect(rowErrors('not json', [2])).toBeNull()
    expect(rowErrors(undefined, [2])).toBeNull()
  })
})
