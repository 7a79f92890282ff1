import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { configureApi, json, stubRest } from '@/lib/content/test-utils'
import { SitePlanSection } from './SitePlanSection'

vi.mock('./PlanMap', () => ({ default: () => <div data-testid='map' /> }))

beforeAll(configureApi)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const shape = {
  type: 'Polygon',
  coordinates: [
    [
      [-2.3, 51.4],
      [-2.2997, 51.4],
      [-2.2997, 51.4001],
      [-2.3, 51.4],
    ],
  ],
}

describe("a site page's plan", () => {
  it('says how many plots are free and shows the plan as a visitor gets it', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const fetchMock = stubRest({
      'rpc/site_plan': () =>
        json({
          site_id: 3,
          centre: [51.4, -2.3],
          counts: { plots: 3, free: 2, let: 1 },
          plots: [
            { id: 1, number: '1', size: 'full', features: [], status: 'free', shape },
            { id: 2, number: '2', size: 'full', features: [], status: 'free' },
            { id: 3, number: '3', size: 'half', features: [], status: 'let' },
          ],
        }),
    })
    render(<SitePlanSection siteId={3} location='Hill Top' />)
    expect((await screen.findByTestId('plots-free')).textContent).toBe(
      '2 plots free of 3 at Hill Top just now. Free plots are offered to the waiting list in turn.',
    )
    await screen.findByRole('figure', { name: 'Plan of the plots at Hill Top' })
    expect(screen.getByRole('list', { name: 'Key' }).textContent).toContain('Let (1)')
    await screen.findByTestId('map')
    const [url, init] = fetchMock.mock.calls[0]!
    expect(new URL(String(url)).pathname).toBe('/rest/v1/rpc/site_plan')
    expect(JSON.parse(String(init!.body))).toEqual({ p_site_id: 3 })
  })

  it('shows nothing for a site without a plot register, or when the plan cannot be read', async () => {
    const fetchMock = stubRest({
      'rpc/site_plan': () => json({ site_id: 3, counts: { plots: 0, free: 0 }, plots: [] }),
    })
    const { container } = render(<SitePlanSection siteId={3} location='Hill Top' />)
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 0))
    expect(container.innerHTML).toBe('')
  })
})
