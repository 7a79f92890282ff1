import { describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/supabase', () => ({ supabase: () => ({}) }))
const { reordered } = await import('./site-photos')

const photos = [
  {
    id: 7,
    path: 'sites/a/1.jpg',
    small_path: 'sites/a/1-small.jpg',
    thumb_path: 'sites/a/1-thumb.jpg',
    alt: 'Gate',
    sort_order: 0,
  },
  { id: 3, path: 'sites/a/2.jpg', small_path: null, thumb_path: null, alt: 'Beds', sort_order: 4 },
  { id: 9, path: 'sites/a/3.jpg', small_path: null, thumb_path: null, alt: 'Shed', sort_order: 9 },
]

describe('reordering the gallery', () => {
  it('swaps a photo with its neighbour and numbers the list 0…n−1', () => {
    expect(reordered(photos, 2, -1).map((p) => [p.id, p.sort_order])).toEqual([[7, 0], [9, 1], [
      3,
      2,
    ]])
    expect(reordered(photos, 0, 1).map((p) => p.id)).toEqual([3, 7, 9])
  })
  it('leaves the list alone past either end', () => {
    expect(reordered(photos, 0, -1)).toBe(photos)
    expect(reordered(photos, 2, 1)).toBe(photos)
  })
})
