import { describe, expect, it } from 'vitest'
import { emptyEvent, eventSchema, slugify } from './event-schema'
import { eventToForm } from '../routes/events'

const errorsOf = (v: unknown) => {
  const r = eventSchema.safeParse(v)
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}
const valid = { ...emptyEvent(), title: 'Spring seed swap', starts_at: '2026-04-04T10:00' }

describe('eventSchema', () => {
  it('needs a title and a start', () => {
    expect(errorsOf(emptyEvent())).toEqual({
      title: 'Give the event a title.',
      starts_at: 'Choose when it starts.',
    })
  })
  it('makes the slug from the title when left empty, and checks a given one', () => {
    expect(eventSchema.parse(valid).slug).toBe('spring-seed-swap')
    expect(slugify('  Harvest Supper & Dance! ')).toBe('harvest-supper-dance')
    expect(errorsOf({ ...valid, slug: 'Spring Swap' })).toEqual({
      slug: 'Lower-case letters, digits and single hyphens only.',
    })
  })
  it('has between 1 and 10000 places, or no limit', () => {
    expect(eventSchema.parse(valid).capacity).toBeNull()
    expect(eventSchema.parse({ ...valid, capacity: '40' }).capacity).toBe(40)
    expect(errorsOf({ ...valid, capacity: '0' })).toEqual({
      capacity: 'Between 1 and 10000 places.',
    })
    expect(errorsOf({ ...valid, capacity: '10001' })).toEqual({
      capacity: 'Between 1 and 10000 places.',
    })
    expect(errorsOf({ ...valid, capacity: '2.5' })).toEqual({
      capacity: 'A whole number of places, or empty for no limit.',
    })
  })
  it('does not end before it starts', () => {
    expect(errorsOf({ ...valid, ends_at: '2026-04-04T09:59' })).toEqual({
      ends_at: 'The end may not be before the start.',
    })
    expect(eventSchema.parse({ ...valid, ends_at: '2026-04-04T12:00' }).ends_at).toBe(
      new Date('2026-04-04T12:00').toISOString(),
    )
  })
  it('round-trips a stored event through the form', () => {
    const stored = {
      id: 1,
      slug: 'swap',
      title: 'Swap',
      description: { type: 'doc', content: [] },
      site_id: 3,
      location: 'Gate',
      capacity: 12,
      published: true,
      starts_at: new Date('2026-04-04T10:00').toISOString(),
      ends_at: null,
      image_url: 'events/swap.jpg',
      site: { location: 'Leigh Woods Meadows' },
    }
    expect(eventSchema.parse(eventToForm(stored))).toEqual({
      title: 'Swap',
      slug: 'swap',
      site_id: 3,
      location: 'Gate',
      starts_at: stored.starts_at,
      ends_at: null,
      capacity: 12,
      published: true,
      image_url: 'events/swap.jpg',
      description: stored.description,
    })
  })
})
