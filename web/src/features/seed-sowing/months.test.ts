import { describe, expect, it } from 'vitest'
import type { SowingGuide } from './api/get-sowing'
import { currentUkMonth, jobsForMonth, monthFromSearch, monthRanges } from './months'

const guide = (
  crop: string,
  indoors: number[],
  outdoors: number[],
  harvest: number[],
): SowingGuide => ({
  slug: crop.toLowerCase(),
  crop,
  sow_indoors_months: indoors,
  sow_outdoors_months: outdoors,
  harvest_months: harvest,
  notes: null,
})

describe('sowing months', () => {
  it('says which crops to sow indoors, outdoors and harvest in a month', () => {
    const guides = [
      guide('Tomatoes', [2, 3, 4], [], [7, 8, 9]),
      guide('Garlic', [], [10, 11], [6, 7]),
      guide('Lettuce', [3], [3, 4], [5]),
    ]
    const march = jobsForMonth(guides, 3)
    expect(march.indoors.map((g) => g.crop)).toEqual(['Tomatoes', 'Lettuce'])
    expect(march.outdoors.map((g) => g.crop)).toEqual(['Lettuce'])
    expect(march.harvest).toEqual([])
    expect(jobsForMonth(guides, 7).harvest.map((g) => g.crop)).toEqual(['Tomatoes', 'Garlic'])
  })

  it('words month lists as ranges, wrapping past December', () => {
    expect(monthRanges([2, 3, 4])).toBe('February to April')
    expect(monthRanges([10, 11, 12, 1, 2])).toBe('October to February')
    expect(monthRanges([5, 8])).toBe('May, August')
    expect(monthRanges([3, 4, 5, 8, 9])).toBe('March to May, August to September')
    expect(monthRanges([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe('All year')
    expect(monthRanges([])).toBe('')
  })

  it('reads ?month= as 1 to 12, else the current UK month', () => {
    const may = new Date('2025-05-31T23:30:00Z') // already 1 June in the UK (BST)
    expect(currentUkMonth(may)).toBe(6)
    expect(monthFromSearch('?month=3', may)).toBe(3)
    expect(monthFromSearch('?month=13', may)).toBe(6)
    expect(monthFromSearch('?month=x', may)).toBe(6)
    expect(monthFromSearch('', may)).toBe(6)
  })
})
