import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'
import GoodVibesRoute, { GoodVibesProjectRoute } from './good-vibes'

beforeAll(configureApi)
afterEach(() => cleanup())

const project = {
  id: 4,
  slug: 'school-beds',
  title: 'Beds for local schools',
  summary: 'Free plots for schools.',
  cover_image: '/images/content/seedlings.svg',
  site: { location: 'Tuckers Meadow', city: 'Bath' },
}
const body = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Twelve classes took part.' }] }],
}

describe('good vibes projects', () => {
  it('lists the projects with their site, linking by slug', async () => {
    stubRest({
      good_vibes_projects: () =>
        json([
          project,
          { ...project, id: 5, slug: 'seed-library', title: 'The seed library', site: null, cover_image: null },
        ]),
    })
    renderPage('/good-vibes-projects', '/good-vibes-projects', GoodVibesRoute)
    await screen.findByRole('link', { name: 'Beds for local schools' })
    expect(screen.getByRole('link', { name: 'Beds for local schools' }).getAttribute('href')).toBe(
      '/good-vibes-projects/school-beds',
    )
    expect(screen.getByText('Tuckers Meadow, Bath')).toBeTruthy()
    expect(screen.getByText('Across our sites')).toBeTruthy()
    expect(document.title).toBe('Good vibes projects | Roots Allotments')
  })

  it('has an empty state', async () => {
    stubRest({ good_vibes_projects: () => json([]) })
    renderPage('/good-vibes-projects', '/good-vibes-projects', GoodVibesRoute)
    await screen.findByText(/No projects to show yet/)
  })

  it('shows a project by slug or by id, and is 404 for an unknown one', async () => {
    const f = stubRest({
      good_vibes_projects: (url) =>
        json(
          url.searchParams.get('slug') === 'eq.school-beds' || url.searchParams.get('id') === 'eq.4'
            ? [{ ...project, body }]
            : [],
        ),
    })
    renderPage('/good-vibes-projects/:pid', '/good-vibes-projects/school-beds', GoodVibesProjectRoute)
    await screen.findByRole('heading', { level: 1, name: 'Beds for local schools' })
    expect(screen.getByText('Twelve classes took part.')).toBeTruthy()
    cleanup()
    renderPage('/good-vibes-projects/:pid', '/good-vibes-projects/4', GoodVibesProjectRoute)
    await screen.findByRole('heading', { level: 1, name: 'Beds for local schools' })
    expect(new URL(String(callsTo(f, 'good_vibes_projects').at(-1)![0])).searchParams.get('id')).toBe('eq.4')
    cleanup()
    const page = renderPage('/good-vibes-projects/:pid', '/good-vibes-projects/unknown', GoodVibesProjectRoute)
    await waitFor(() => expect((page.thrown() as { status?: number } | null)?.status).toBe(404))
    page.cleanupErrors()
  })
})
