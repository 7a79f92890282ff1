import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

const rpc = vi.fn((_fn: string, _args: unknown) =>
  Promise.resolve({
    data: {
      site_id: 4,
      centre: null,
      counts: { plots: 2, free: 1, let: 1 },
      plots: [
        { id: 70, number: '7', size: 'full', size_m2: 250, features: ['near_tap'], status: 'let', mine: true },
        { id: 71, number: '8', size: 'half', features: [], status: 'free' },
      ],
    },
    error: null,
  }),
)
const memberships = [{ id: 5, site_id: 4, plot_id: 70, site: { location: 'Hill Top' } }]
const chain = {
  select: () => chain,
  not: () => chain,
  in: () => chain,
  order: () => Promise.resolve({ data: memberships, error: null }),
}
vi.mock('@/lib/supabase', () => ({ supabase: () => ({ rpc, from: () => chain }) }))
vi.mock('@/config/env', () => ({ env: () => ({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'k' }) }))
vi.mock('@/components/site-plan/PlanMap', () => ({ default: () => <div data-testid='map' /> }))

const { YourPlot } = await import('./YourPlot')

afterEach(cleanup)

describe('Your plot on /members', () => {
  it("names the member's plot and shows their site's plan with it marked", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <YourPlot userId='u1' />
      </QueryClientProvider>,
    )
    const section = await screen.findByRole('region', { name: 'Your plot: 7 at Hill Top' })
    expect(section.textContent).toContain('Full plot, 250 m²; near a tap.')
    expect(screen.getByRole('button', { name: /^Plot 7 \(yours\)/ })).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Key' }).textContent).toContain('Your plot')
    expect(rpc).toHaveBeenCalledWith('site_plan', { p_site_id: 4 })
  })
})
