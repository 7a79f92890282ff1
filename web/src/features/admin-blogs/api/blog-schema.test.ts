import { afterEach, describe, expect, it, vi } from 'vitest'
import { blogSchema, emptyBlog, hasContent } from './blog-schema'
import { blogToForm } from '../routes/blogs'

const errorsOf = (v: unknown) => {
  const r = blogSchema.safeParse(v)
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}
const text = (t: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: t }] }],
})
const valid = { ...emptyBlog(), title: 'Why we grow no-dig', body: text('Less work.') }

afterEach(() => vi.useRealTimers())

describe('blogSchema', () => {
  it('needs a title', () => {
    expect(errorsOf(emptyBlog())).toEqual({ title: 'Give the post a title.' })
    expect(errorsOf({ ...valid, title: 'x'.repeat(201) })).toEqual({
      title: 'At most 200 characters.',
    })
  })
  it('makes the slug from the title when left empty, and checks a given one', () => {
    expect(blogSchema.parse(valid).slug).toBe('why-we-grow-no-dig')
    expect(blogSchema.parse({ ...valid, slug: ' my-post ' }).slug).toBe('my-post')
    expect(errorsOf({ ...valid, slug: 'My Post' })).toEqual({
      slug: 'Lower-case letters, digits and single hyphens only.',
    })
    expect(errorsOf({ ...valid, slug: 'double--hyphen' })).toEqual({
      slug: 'Lower-case letters, digits and single hyphens only.',
    })
  })
  it('stores empty excerpt and author as null, and limits their length', () => {
    const row = blogSchema.parse({ ...valid, excerpt: '  ', author: '' })
    expect([row.excerpt, row.author]).toEqual([null, null])
    expect(blogSchema.parse({ ...valid, excerpt: ' Short. ', author: 'Tom' })).toMatchObject({
      excerpt: 'Short.',
      author: 'Tom',
    })
    expect(errorsOf({ ...valid, excerpt: 'x'.repeat(301), author: 'y'.repeat(121) })).toEqual({
      excerpt: 'At most 300 characters.',
      author: 'At most 120 characters.',
    })
  })
  it('dates a post when it is first published, keeps the date while published, clears it when withdrawn', () => {
    vi.useFakeTimers({ now: new Date('2026-03-03T09:30:00Z'), toFake: ['Date'] })
    expect(blogSchema.parse(valid).published_at).toBeNull()
    expect(blogSchema.parse({ ...valid, published: true }).published_at).toBe(
      '2026-03-03T09:30:00.000Z',
    )
    const stored = '2025-01-01T10:00:00.000Z'
    expect(blogSchema.parse({ ...valid, published: true, published_at: stored }).published_at)
      .toBe(stored)
    expect(blogSchema.parse({ ...valid, published: false, published_at: stored }).published_at)
      .toBeNull()
  })
  it('publishes only a post with something in it; a draft may be empty', () => {
    expect(errorsOf({ ...valid, body: text('   ') })).toEqual({})
    expect(errorsOf({ ...valid, published: true, body: { type: 'doc', content: [] } })).toEqual({
      body: 'Write the post before publishing it.',
    })
    expect(errorsOf({ ...valid, published: true, body: text('   ') })).toEqual({
      body: 'Write the post before publishing it.',
    })
    expect(hasContent({ type: 'doc', content: [{ type: 'image', attrs: { src: '/a.png' } }] }))
      .toBe(true)
    expect(errorsOf({ ...valid, body: 'not a document' })).toEqual({
      body: 'The post could not be read.',
    })
  })
  it('takes a cover uploaded under blogs/, a link or a site path, and nothing else', () => {
    for (const cover of ['blogs/0b8e.png', 'https://example.com/a.jpg', '/images/a.svg', null]) {
      expect(blogSchema.parse({ ...valid, cover_image: cover }).cover_image).toBe(cover)
    }
    for (const cover of ['events/0b8e.png', 'blogs/notes.txt', 'javascript:alert(1)', '//evil']) {
      expect(errorsOf({ ...valid, cover_image: cover }), cover).toEqual({
        cover_image: 'Upload a PNG, GIF, JPEG, BMP or ICO image.',
      })
    }
  })
  it('keeps what the cover shows, trimmed, only with a cover', () => {
    const cover = 'blogs/0b8e.png'
    expect(
      blogSchema.parse({ ...valid, cover_image: cover, cover_alt: ' Leeks in frost ' }).cover_alt,
    )
      .toBe('Leeks in frost')
    expect(blogSchema.parse({ ...valid, cover_image: cover, cover_alt: '  ' }).cover_alt).toBeNull()
    expect(blogSchema.parse({ ...valid, cover_image: null, cover_alt: 'Leeks' }).cover_alt)
      .toBeNull()
    expect(errorsOf({ ...valid, cover_image: cover, cover_alt: 'x'.repeat(301) })).toEqual({
      cover_alt: 'At most 300 characters.',
    })
  })
  it('round-trips a stored post through the form', () => {
    const stored = {
      id: 4,
      slug: 'no-dig-beds',
      title: 'Why we grow no-dig',
      excerpt: null,
      author: 'Tom Team',
      cover_image: 'blogs/5f0c.png',
      cover_alt: 'A no-dig bed under compost',
      published: true,
      published_at: '2025-02-01T08:00:00.000Z',
      updated_at: '2025-02-02T08:00:00.000Z',
      body: text('Less work.'),
    }
    expect(blogSchema.parse(blogToForm(stored))).toEqual({
      title: 'Why we grow no-dig',
      slug: 'no-dig-beds',
      excerpt: null,
      author: 'Tom Team',
      published: true,
      published_at: stored.published_at,
      cover_image: 'blogs/5f0c.png',
      cover_alt: 'A no-dig bed under compost',
      body: stored.body,
    })
  })
})
