import { describe, expect, it } from 'vitest'
import { SLUG_MAX, SLUG_PATTERN, slugAfterTitle, slugify } from './slug'

describe('slugify', () => {
  it('makes lower-case words joined by hyphens', () => {
    expect(slugify('Heritage Tomato Seeds!')).toBe('heritage-tomato-seeds')
    expect(slugify('  Spring   open day -- 2025 ')).toBe('spring-open-day-2025')
  })
  it('folds accents and letters NFKD leaves whole', () => {
    expect(slugify('Crème brûlée at the Café')).toBe('creme-brulee-at-the-cafe')
    expect(slugify('Straße Ærø Łódź')).toBe('strasse-aero-lodz')
  })
  it('drops apostrophes inside words, and symbols', () => {
    expect(slugify("Tucker's Meadow & Orchard")).toBe('tuckers-meadow-orchard')
    expect(slugify('Tucker’s Meadow')).toBe('tuckers-meadow')
  })
  it('leaves nothing for a title without letters or digits', () => {
    expect(slugify('— !!! —')).toBe('')
    expect(slugify('🌱🌱')).toBe('')
  })
  it(`keeps to ${SLUG_MAX} characters, cut at a word's end, never ending in a hyphen`, () => {
    const title = 'A very long title about growing onions '.repeat(5)
    const long = slugify(title)
    const full = slugify(title, 1000)
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX)
    expect(long).toMatch(SLUG_PATTERN)
    expect(full.startsWith(long)).toBe(true)
    expect(full[long.length]).toBe('-')
    expect(slugify('x'.repeat(200))).toHaveLength(SLUG_MAX)
  })
  it('always gives the shape the database checks, or nothing', () => {
    for (const t of ['a-b', '--a--b--', 'Ünïcödé ünderscores_and.dots', '1 2 3', 'Ωmega']) {
      const s = slugify(t)
      expect(s === '' || SLUG_PATTERN.test(s)).toBe(true)
    }
  })
})

describe('slugAfterTitle', () => {
  it('follows the title while the slug is empty or what the title gave', () => {
    expect(slugAfterTitle('', '', 'S')).toBe('s')
    expect(slugAfterTitle('Spring', 'spring', 'Spring fair')).toBe('spring-fair')
  })
  it('stays as it is once edited by hand', () => {
    expect(slugAfterTitle('Spring', 'my-own-slug', 'Spring fair')).toBe('my-own-slug')
  })
  it('follows again when the slug is cleared', () => {
    expect(slugAfterTitle('Spring fair', '', 'Spring fair 2025')).toBe('spring-fair-2025')
  })
})
