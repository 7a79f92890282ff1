import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'
import KbRoute from './kb'

beforeAll(configureApi)
afterEach(() => cleanup())

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })
const ARTICLES = [
  { path: 'growing', title: 'Growing guides', body: doc('How to grow.') },
  { path: 'growing/vegetables/tomatoes', title: 'Growing tomatoes', body: doc('Sow in March.') },
]

function kbStub(rows = ARTICLES, below: { path: string; title: string }[] = []) {
  return stubRest({
    kb_articles: (url) => {
      const inList = url.searchParams.get('path')
      if (inList?.startsWith('in.')) {
        const wanted = inList
          .slice(4, -1)
          .split(',')
          .map((p) => p.replace(/"/g, ''))
        return json(rows.filter((r) => wanted.includes(r.path)))
      }
      if (inList?.startsWith('like.')) return json(below)
      if (url.searchParams.get('or')) return json([{ path: 'growing/compost', title: 'Composting on site' }])
      return json([
        { path: 'billing', title: 'Membership and billing' },
        { path: 'growing', title: 'Growing guides' },
        { path: 'growing/compost', title: 'Composting on site' },
      ])
    },
  })
}

const KB = '/kb/*?'

describe('/kb/{link...}', () => {
  it('shows an article with breadcrumbs through every ancestor (linked when it has an article) and its sub-articles', async () => {
    const fetchMock = kbStub(ARTICLES, [
      { path: 'growing/vegetables/tomatoes/cherry', title: 'Cherry tomatoes' },
      { path: 'growing/vegetables/tomatoes/cherry/deep', title: 'Too deep' },
    ])
    renderPage(KB, '/kb/growing/vegetables/tomatoes', KbRoute)
    await screen.findByRole('heading', { level: 1, name: 'Growing tomatoes' })
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(Array.from(crumbs.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Knowledge base',
      'Growing guides',
      'Vegetables',
      'Growing tomatoes',
    ])
    expect(screen.getByRole('link', { name: 'Knowledge base' }).getAttribute('href')).toBe('/kb')
    expect(screen.getByRole('link', { name: 'Growing guides' }).getAttribute('href')).toBe('/kb/growing')
    expect(screen.queryByRole('link', { name: 'Vegetables' })).toBeNull()
    expect(crumbs.querySelector('[aria-current="page"]')?.textContent).toBe('Growing tomatoes')
    expect(screen.getByText('Sow in March.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Cherry tomatoes' }).getAttribute('href')).toBe(
      '/kb/growing/vegetables/tomatoes/cherry',
    )
    expect(screen.queryByRole('link', { name: 'Too deep' })).toBeNull()
    expect(document.title).toBe('Growing tomatoes | Roots Allotments')
    const first = new URL(String(callsTo(fetchMock, 'kb_articles')[0]![0]))
    expect(first.searchParams.get('path')).toBe('in.("growing","growing/vegetables","growing/vegetables/tomatoes")')
    expect(first.searchParams.get('published')).toBe('eq.true')
  })

  it('is 404 for an unknown article and Page Not Found: {path} for a malformed one', async () => {
    kbStub()
    const page = renderPage(KB, '/kb/growing/nothing-here', KbRoute)
    await waitFor(() => expect((page.thrown() as { status?: number } | null)?.status).toBe(404))
    page.cleanupErrors()
    cleanup()
    const bad = renderPage(KB, '/kb/Growing/Tomatoes', KbRoute)
    await waitFor(() => expect((bad.thrown() as Error | null)?.message).toBe('Page Not Found: /kb/Growing/Tomatoes'))
    bad.cleanupErrors()
  })

  it('lists the top-level sections on /kb and searches from the box', async () => {
    kbStub()
    const page = renderPage(KB, '/kb', KbRoute)
    await screen.findByRole('link', { name: 'Membership and billing' })
    expect(screen.getByRole('link', { name: 'Growing guides' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Composting on site' })).toBeNull()
    expect(document.title).toBe('Knowledge base | Roots Allotments')
    fireEvent.change(screen.getByLabelText('Search the knowledge base'), { target: { value: 'compost (bins)' } })
    fireEvent.submit(screen.getByRole('search'))
    await waitFor(() => expect(page.loc.history.at(-1)).toBe('/kb?q=compost%20(bins)'))
  })

  it('shows search results for ?q=, asking for title or text matches', async () => {
    const fetchMock = kbStub()
    renderPage(KB, '/kb?q=compost%20bins', KbRoute)
    await screen.findByRole('heading', { level: 2, name: 'Results for “compost bins”' })
    await screen.findByRole('link', { name: 'Composting on site' })
    const search = callsTo(fetchMock, 'kb_articles')
      .map(([u]) => new URL(String(u)))
      .find((u) => u.searchParams.get('or'))!
    expect(search.searchParams.get('or')).toBe(
      '(title.ilike."*compost bins*",search_vector.wfts(english)."compost bins")',
    )
    expect(document.title).toBe('Search: compost bins | Roots Allotments')
  })

  it('says when nothing matches', async () => {
    stubRest({ kb_articles: () => json([]) })
    renderPage(KB, '/kb?q=bananas', KbRoute)
    await screen.findByText('No articles match “bananas”. Try fewer or different words.')
  })
})
