import { describe, expect, it } from 'vitest'
import { barState, emptyPromoBar, promoBarSchema, toLocalInput } from './promo-bar-schema'
import { filterBars } from '../routes/promo-bars'
import type { PromoBar } from './get-promo-bars'

const errorsOf = (v: unknown) => {
  const r = promoBarSchema.safeParse(v)
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('promoBarSchema', () => {
  it('needs a message of at most 200 characters', () => {
    expect(errorsOf(emptyPromoBar())).toEqual({ text: 'Write the message.' })
    expect(errorsOf({ ...emptyPromoBar(), text: 'x'.repeat(201) })).toEqual({
      text: 'At most 200 characters.',
    })
  })
  it('links only to a page of this site or an https address', () => {
    for (const link of ['/sites', '/sites/bath/tuckers-meadow', 'https://roots.example/offer']) {
      expect(errorsOf({ ...emptyPromoBar(), text: 'x', link }), link).toEqual({})
    }
    for (
      const link of [
        'http://roots.example',
        'javascript:alert(1)',
        '//evil.example',
        'sites',
        'https://',
        '/a b',
      ]
    ) {
      expect(errorsOf({ ...emptyPromoBar(), text: 'x', link }).link, link).toBe(
        'A link is a page of this site (starting with /) or an https:// address.',
      )
    }
  })
  it('ends after it starts', () => {
    expect(
      errorsOf({
        ...emptyPromoBar(),
        text: 'x',
        starts_at: '2026-03-02T10:00',
        ends_at: '2026-03-02T10:00',
      }),
    )
      .toEqual({ ends_at: 'The end must be after the start.' })
    expect(errorsOf({ ...emptyPromoBar(), text: 'x', starts_at: 'soon' })).toEqual({
      starts_at: 'Enter a date and time.',
    })
  })
  it('stores nulls for what is left empty, the site as a number and moments as ISO', () => {
    expect(promoBarSchema.parse({ ...emptyPromoBar(), text: ' Hi ' })).toEqual({
      text: 'Hi',
      link: null,
      site_id: null,
      active: true,
      starts_at: null,
      ends_at: null,
    })
    const row = promoBarSchema.parse({
      text: 'Hi',
      link: '/sites',
      site_id: '9',
      active: false,
      starts_at: '2026-03-02T10:00',
      ends_at: '',
    })
    expect(row).toMatchObject({ site_id: 9, active: false, ends_at: null })
    expect(toLocalInput(row.starts_at)).toBe('2026-03-02T10:00')
  })
})

describe('bar states and the list filter', () => {
  const now = Date.parse('2026-03-10T12:00:00Z')
  const bar = (id: number, over: Partial<PromoBar>): PromoBar => ({
    id,
    text: `Bar ${id}`,
    link: null,
    active: true,
    starts_at: null,
    ends_at: null,
    site_id: null,
    site: null,
    updated_at: '',
    ...over,
  })
  const bars = [
    bar(1, {}),
    bar(2, { starts_at: '2026-03-11T00:00:00Z' }),
    bar(3, { ends_at: '2026-03-10T11:00:00Z', site_id: 4 }),
    bar(4, { active: false, text: 'Spring sale', site_id: 4 }),
  ]
  it('is live, scheduled, ended or switched off', () => {
    expect(bars.map((b) => barState(b, now))).toEqual(['live', 'scheduled', 'ended', 'off'])
  })
  it('filters by state, by site or every page, and by text', () => {
    expect(filterBars(bars, { search: '', state: 'live', siteId: '' }, now).map((b) => b.id))
      .toEqual([1])
    expect(filterBars(bars, { search: '', state: '', siteId: 'all' }, now).map((b) => b.id))
      .toEqual([1, 2])
    expect(filterBars(bars, { search: '', state: '', siteId: '4' }, now).map((b) => b.id)).toEqual([
      3,
      4,
    ])
    expect(filterBars(bars, { search: 'SPRING', state: '', siteId: '' }, now).map((b) => b.id))
      .toEqual([4])
  })
})
