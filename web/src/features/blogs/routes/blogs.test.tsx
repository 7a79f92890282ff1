import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'
import BlogsRoute, { BlogPostRoute, pageFromSearch } from './blogs'

beforeAll(configureApi)
afterEach(() => cleanup())

const post = (n: number) => ({
  slug: `post-${n}`,
  title: `Post ${n}`,
  excerpt: `Excerpt ${n}`,
  cover_image: null,
  author: 'Alex Green',
  published_at: `2025-03-${String(20 - n).padStart(2, '0')}T10:00:00Z`,
})

describe('/blogs', () => {
  it('lists published posts newest first, six to a page, with links to the next page', async () => {
    const fetchMock = stubRest({
      blogs: (url) =>
        json([1, 2, 3, 4, 5, 6].map(post), 200, { 'content-range': `${url.searchParams.get('offset')}-5/11` }),
    })
    renderPage('/blogs', '/blogs', BlogsRoute)
    expect(screen.getByRole('status').textContent).toBe('Loading posts…')
    await screen.findByRole('link', { name: 'Post 1' })
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Post 1',
      'Post 2',
      'Post 3',
      'Post 4',
      'Post 5',
      'Post 6',
    ])
    expect(screen.getByRole('link', { name: 'Post 1' }).getAttribute('href')).toBe('/blogs/post-1')
    expect(screen.getAllByText('By Alex Green', { exact: false })).toHaveLength(6)
    expect(screen.getByText('Page 1 of 2')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Older posts →' }).getAttribute('href')).toBe('/blogs?page=2')
    expect(screen.queryByRole('link', { name: '← Newer posts' })).toBeNull()
    const url = new URL(String(callsTo(fetchMock, 'blogs')[0]![0]))
    expect(url.searchParams.get('published')).toBe('eq.true')
    expect(url.searchParams.get('order')).toBe('published_at.desc.nullslast,id.desc')
    expect([url.searchParams.get('offset'), url.searchParams.get('limit')]).toEqual(['0', '6'])
    expect(document.title).toBe('Blog | Roots Allotments')
  })

  it('asks for the second page from ?page=2', async () => {
    const fetchMock = stubRest({ blogs: () => json([post(7)], 200, { 'content-range': '6-6/7' }) })
    renderPage('/blogs', '/blogs?page=2', BlogsRoute)
    await screen.findByRole('link', { name: 'Post 7' })
    expect(new URL(String(callsTo(fetchMock, 'blogs')[0]![0])).searchParams.get('offset')).toBe('6')
    expect(screen.getByRole('link', { name: '← Newer posts' }).getAttribute('href')).toBe('/blogs')
    expect(screen.getByText('Page 2 of 2')).toBeTruthy()
  })

  it('says so when there are no posts, and when a page is past the last one', async () => {
    stubRest({ blogs: () => json([], 200, { 'content-range': '*/0' }) })
    renderPage('/blogs', '/blogs', BlogsRoute)
    await screen.findByText('No posts yet. Check back soon for growing tips and news from our sites.')
    cleanup()
    stubRest({ blogs: () => json({ message: 'Requested range not satisfiable' }, 416, { 'content-range': '*/4' }) })
    renderPage('/blogs', '/blogs?page=9', BlogsRoute)
    await screen.findByText('There is no page 9.', { exact: false })
    expect(screen.getByRole('link', { name: 'Go to the newest posts' }).getAttribute('href')).toBe('/blogs')
  })

  it('offers a retry when the blog cannot be read', async () => {
    let fail = true
    stubRest({
      blogs: () => (fail ? json({ message: 'down' }, 500) : json([post(1)], 200, { 'content-range': '0-0/1' })),
    })
    renderPage('/blogs', '/blogs', BlogsRoute)
    await screen.findByText('We could not load the blog just now.')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('link', { name: 'Post 1' })
  })

  it('reads ?page= as a whole number from 1', () => {
    expect(pageFromSearch('?page=3')).toBe(3)
    expect(pageFromSearch('?page=0')).toBe(1)
    expect(pageFromSearch('?page=-2')).toBe(1)
    expect(pageFromSearch('?page=2.5')).toBe(1)
    expect(pageFromSearch('')).toBe(1)
  })
})

describe('/blogs/{slug}', () => {
  const body = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Start small' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Salad <b>first</b>.' }] },
    ],
  }

  it('shows the post: title, author, date, rich text (escaped) and share links', async () => {
    const fetchMock = stubRest({ blogs: () => json([{ ...post(1), body }]) })
    renderPage('/blogs/:slug', '/blogs/post-1', BlogPostRoute)
    await screen.findByRole('heading', { level: 1, name: 'Post 1' })
    expect(screen.getByRole('heading', { level: 2, name: 'Start small' })).toBeTruthy()
    expect(screen.getByText('Salad <b>first</b>.')).toBeTruthy()
    expect(screen.getByText('By Alex Green', { exact: false }).textContent).toBe('By Alex Green · 19 March 2025')
    expect(screen.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toContain(
      encodeURIComponent('/blogs/post-1'),
    )
    expect(screen.getByRole('link', { name: 'Share by e-mail' }).getAttribute('href')).toMatch(
      /^mailto:\?subject=Post%201&body=/,
    )
    expect(screen.getByRole('link', { name: '← All posts' }).getAttribute('href')).toBe('/blogs')
    expect(document.title).toBe('Post 1 | Roots Allotments')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Excerpt 1')
    const url = new URL(String(callsTo(fetchMock, 'blogs')[0]![0]))
    expect(url.searchParams.get('slug')).toBe('eq.post-1')
    expect(url.searchParams.get('published')).toBe('eq.true')
  })

  it('describes its cover as staff wrote it, and leaves an undescribed cover decorative', async () => {
    stubRest({
      blogs: () => json([{ ...post(1), body, cover_image: '/images/a.svg', cover_alt: 'Bean wigwams in June' }]),
    })
    renderPage('/blogs/:slug', '/blogs/post-1', BlogPostRoute)
    expect((await screen.findByRole('img', { name: 'Bean wigwams in June' })).getAttribute('src')).toContain(
      '/images/a.svg',
    )
    cleanup()
    stubRest({ blogs: () => json([{ ...post(1), body, cover_image: '/images/a.svg', cover_alt: null }]) })
    renderPage('/blogs/:slug', '/blogs/post-1', BlogPostRoute)
    await screen.findByRole('heading', { level: 1, name: 'Post 1' })
    expect(document.querySelector('img[src*="/images/a.svg"]')?.getAttribute('alt')).toBe('')
  })

  it('is 404 for an unknown slug, and Page Not Found: {path} for a malformed one', async () => {
    stubRest({ blogs: () => json([]) })
    const page = renderPage('/blogs/:slug', '/blogs/no-such-post', BlogPostRoute)
    await waitFor(() => expect(page.thrown()).not.toBeNull())
    expect((page.thrown() as { status: number }).status).toBe(404)
    page.cleanupErrors()
    cleanup()
    const bad = renderPage('/blogs/:slug', '/blogs/bad slug!', BlogPostRoute)
    await waitFor(() => expect(bad.thrown()).not.toBeNull())
    expect((bad.thrown() as Error).message).toBe('Page Not Found: /blogs/bad slug!')
    bad.cleanupErrors()
  })
})
