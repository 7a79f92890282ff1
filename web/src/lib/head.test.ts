import { afterEach, describe, expect, it } from 'vitest'
import { clearHead, DEFAULT_IMAGE_PATH, headTags, setHead } from './head'

const meta = (key: string) =>
  [...document.head.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((m) =>
    m.getAttribute('content')
  )

afterEach(() => clearHead())

describe('link previews', () => {
  it('sets the title, the description and every preview tag once, with absolute URLs', () => {
    setHead({
      title: 'Avon Views allotments, Bath',
      description: 'Raised beds above the river.',
      image: 'https://api.example/storage/v1/object/public/images/sites/avon-views/a.jpg',
      imageAlt: 'Raised beds',
      url: '/sites/bath/avon-views',
    })
    const origin = location.origin
    expect(document.title).toBe('Avon Views allotments, Bath | Roots Allotments')
    expect(meta('description')).toEqual(['Raised beds above the river.'])
    expect(meta('og:title')).toEqual(['Avon Views allotments, Bath | Roots Allotments'])
    expect(meta('og:description')).toEqual(['Raised beds above the river.'])
    expect(meta('og:url')).toEqual([`${origin}/sites/bath/avon-views`])
    expect(meta('og:image')).toEqual([
      'https://api.example/storage/v1/object/public/images/sites/avon-views/a.jpg',
    ])
    expect(meta('og:image:alt')).toEqual(['Raised beds'])
    expect(meta('og:type')).toEqual(['website'])
    expect(meta('twitter:card')).toEqual(['summary_large_image'])
    expect(meta('twitter:title')).toEqual(['Avon Views allotments, Bath | Roots Allotments'])
    expect(meta('twitter:image')).toEqual([
      'https://api.example/storage/v1/object/public/images/sites/avon-views/a.jpg',
    ])
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${origin}/sites/bath/avon-views`,
    )
  })

  it('replaces the tags of the page before (no duplicates, no stale alt) and falls back to the default image', () => {
    setHead({ title: 'One', description: 'First.', image: '/a.png', imageAlt: 'A' })
    setHead({ title: 'Two', description: 'Second.' })
    expect(meta('og:title')).toEqual(['Two | Roots Allotments'])
    expect(meta('og:image')).toEqual([`${location.origin}${DEFAULT_IMAGE_PATH}`])
    expect(meta('og:image:alt')).toEqual([])
    expect(document.head.querySelectorAll('link[rel="canonical"]').length).toBe(1)
  })

  it('takes over untracked tags of the same name (a prerendered page) and clears everything it set', () => {
    const old = document.createElement('meta')
    old.setAttribute('property', 'og:title')
    old.setAttribute('content', 'Prerendered')
    document.head.appendChild(old)
    setHead({ title: 'Live', description: 'Now.' })
    expect(meta('og:title')).toEqual(['Live | Roots Allotments'])
    clearHead()
    expect(meta('og:title')).toEqual([])
    expect(meta('twitter:card')).toEqual([])
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull()
  })

  it('builds the tag list for any origin and path', () => {
    const tags = headTags({ title: 'T', description: 'D' }, 'https://roots.example', '/prereg/x')
    expect(tags).toContainEqual(['property', 'og:url', 'https://roots.example/prereg/x'])
    expect(tags).toContainEqual(['property', 'og:image', 'https://roots.example/og-default.png'])
  })
})
