import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'
import PledgeRoute, { PledgePageRoute } from './pledge'

beforeAll(configureApi)
afterEach(() => cleanup())

const body = {
  type: 'doc',
  content: [
    {
      type: 'bullet_list',
      content: [
        { type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ponds for frogs' }] }] },
      ],
    },
  ],
}

describe('the Roots pledge', () => {
  it('lists the pledges in their order', async () => {
    const f = stubRest({
      pledge_pages: () =>
        json([
          { slug: 'peat-free', title: 'We are peat-free', summary: 'No peat anywhere.' },
          { slug: 'wildlife-corners', title: 'Wildlife corners', summary: null },
        ]),
    })
    renderPage('/the-roots-pledge', '/the-roots-pledge', PledgeRoute)
    await screen.findByRole('link', { name: 'We are peat-free' })
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('h2')?.textContent)).toEqual([
      'We are peat-free',
      'Wildlife corners',
    ])
    expect(screen.getByRole('link', { name: 'Wildlife corners' }).getAttribute('href')).toBe(
      '/the-roots-pledge/wildlife-corners',
    )
    expect(new URL(String(callsTo(f, 'pledge_pages')[0]![0])).searchParams.get('order')).toBe('position.asc,title.asc')
    expect(document.title).toBe('The Roots pledge | Roots Allotments')
  })

  it('has an empty state', async () => {
    stubRest({ pledge_pages: () => json([]) })
    renderPage('/the-roots-pledge', '/the-roots-pledge', PledgeRoute)
    await screen.findByText('Our pledge is being written. Check back soon.')
  })

  it('shows one pledge in full, and is 404 for an unknown one', async () => {
    stubRest({
      pledge_pages: (url) =>
        json(
          url.searchParams.get('slug') === 'eq.wildlife-corners'
            ? [{ slug: 'wildlife-corners', title: 'Wildlife corners', summary: 'Room for nature.', body }]
            : [],
        ),
    })
    renderPage('/the-roots-pledge/:slug', '/the-roots-pledge/wildlife-corners', PledgePageRoute)
    await screen.findByRole('heading', { level: 1, name: 'Wildlife corners' })
    expect(screen.getByRole('listitem').textContent).toBe('Ponds for frogs')
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Room for nature.')
    cleanup()
    const page = renderPage('/the-roots-pledge/:slug', '/the-roots-pledge/nope', PledgePageRoute)
    await waitFor(() => expect((page.thrown() as { status?: number } | null)?.status).toBe(404))
    page.cleanupErrors()
  })
})
