import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlanMapProps } from './PlanMap'

// The map itself is Leaflet on a canvas (the browser journeys draw it); here a stand-in shows what
// the plan hands it and clicks the map as a person would.
const mapProps: PlanMapProps[] = []
vi.mock('./PlanMap', () => ({
  default: (props: PlanMapProps) => {
    mapProps.push(props)
    props.apiRef.current = {
      centre: () => [51.5, -0.1],
      view: () => ({
        bounds: [
          [51.49, -0.11],
          [51.51, -0.09],
        ],
        aspect: 2,
      }),
    }
    return (
      <div data-testid='map'>
        <button type='button' onClick={() => props.onAddCorner([51.5 + mapProps.length * 1e-5, -0.1])}>
          click the map
        </button>
        <button type='button' onClick={() => props.onSelect(3)}>
          click plot 3 on the map
        </button>
      </div>
    )
  },
}))
// The map loads once the plan nears the screen; here at once.
vi.stubGlobal('IntersectionObserver', undefined)
vi.mock('@/config/env', () => ({ env: () => ({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'k' }) }))

const { SitePlan, OSM_TILES } = await import('./SitePlan')
const { parseSitePlan } = await import('./plan')

afterEach(() => {
  cleanup()
  mapProps.length = 0
})

const shape = {
  type: 'Polygon',
  coordinates: [
    [
      [-0.1, 51.5],
      [-0.0997, 51.5],
      [-0.0997, 51.5001],
      [-0.1, 51.5],
    ],
  ],
}
const visitorPlan = parseSitePlan({
  site_id: 7,
  centre: [51.5, -0.1],
  counts: { plots: 3, free: 1, let: 1 },
  plots: [
    { id: 1, number: '10', size: 'full', size_m2: 250, features: ['near_tap'], status: 'free', shape },
    { id: 2, number: '2', size: 'half', features: [], status: 'let', mine: true, shape },
    { id: 3, number: '3', size: 'full', features: [], status: 'unavailable' },
  ],
})
const staffPlan = parseSitePlan({
  site_id: 7,
  centre: [51.5, -0.1],
  counts: { plots: 2, free: 1, let: 1 },
  plots: [
    { id: 1, number: '1', size: 'full', features: [], status: 'vacant', shape },
    { id: 3, number: '3', size: 'full', features: [], status: 'let', holder: 'Ada Lovelace' },
  ],
})

const plotButton = (name: RegExp) => screen.getByRole('button', { name })

describe('SitePlan', () => {
  it('lists every plot by number with its status in words, and a key', async () => {
    render(<SitePlan plan={visitorPlan} label='Plan of Hill Top' />)
    const list = screen.getByRole('list', { name: 'Plots by number (3)' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Plot 2 (yours)Let', 'Plot 3Not available', 'Plot 10Free'])
    const key = screen.getByRole('list', { name: 'Key' })
    expect(key.textContent).toContain('Free (1)')
    expect(key.textContent).toContain('Let (1)')
    expect(key.textContent).toContain('Not available (1)')
    expect(key.textContent).toContain('Your plot')
    await screen.findByTestId('map')
    expect(mapProps.at(-1)!.tileUrl).toBe(OSM_TILES)
  })

  it("draws the site's plan image, and shows the map for it even with no outlines", async () => {
    const plan = parseSitePlan({
      site_id: 7,
      centre: null,
      counts: { plots: 1, free: 1, let: 0 },
      plots: [{ id: 1, number: '1', size: 'full', features: [], status: 'free' }],
      background: {
        path: 'sites/hill-top/plan 1.png',
        bounds: [
          [51.49, -0.11],
          [51.51, -0.09],
        ],
        updated_at: '2026-12-01T10:00:00Z',
      },
    })
    render(<SitePlan plan={plan} />)
    await screen.findByTestId('map')
    expect(mapProps.at(-1)!.background).toEqual({
      url: 'http://api.test/storage/v1/object/public/images/sites/hill-top/plan%201.png',
      bounds: [
        [51.49, -0.11],
        [51.51, -0.09],
      ],
    })
    cleanup()
    render(<SitePlan plan={{ ...plan, background: null }} />)
    expect(screen.queryByTestId('map')).toBeNull()
  })

  it('chooses a plot from the list or the map and says what it is', async () => {
    const onSelect = vi.fn()
    render(<SitePlan plan={visitorPlan} onSelect={onSelect} />)
    fireEvent.click(plotButton(/^Plot 10/))
    expect(onSelect).toHaveBeenCalledWith(1)
    expect(plotButton(/^Plot 10/).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('chosen-plot').textContent).toBe('Plot 10: Free. Full plot, 250 m²; near a tap.')
    fireEvent.click(await screen.findByRole('button', { name: 'click plot 3 on the map' }))
    expect(onSelect).toHaveBeenLastCalledWith(3)
    expect(mapProps.at(-1)!.selectedId).toBe(3)
  })

  it('follows the chosen plot it is given', () => {
    render(<SitePlan plan={visitorPlan} selectedId={2} />)
    expect(screen.getByTestId('chosen-plot').textContent).toContain('Plot 2: Let (your plot).')
  })

  it('shows no map where no outline is drawn, for visitors', () => {
    const plan = parseSitePlan({ ...visitorPlan, plots: visitorPlan.plots.map((p) => ({ ...p, shape: null })) })
    render(<SitePlan plan={plan} />)
    expect(screen.queryByTestId('map')).toBeNull()
    expect(screen.getByText(/No plot outlines are drawn/)).toBeTruthy()
  })

  it('lets staff draw the chosen plot, undo a corner and save the outline', async () => {
    const onShapeDrawn = vi.fn(() => Promise.resolve())
    render(<SitePlan plan={staffPlan} editable onShapeDrawn={onShapeDrawn} />)
    fireEvent.click(plotButton(/^Plot 3/))
    expect(screen.getByTestId('chosen-plot').textContent).toContain('Held by Ada Lovelace. No outline drawn yet.')
    fireEvent.click(screen.getByRole('button', { name: 'Draw outline of plot 3' }))
    const mapClick = await screen.findByRole('button', { name: 'click the map' })
    const save = screen.getByRole('button', { name: 'Save outline' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    for (let i = 0; i < 4; i++) fireEvent.click(mapClick)
    fireEvent.click(screen.getByRole('button', { name: 'Undo corner' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add a corner at the centre' }))
    expect(screen.getByRole('status').textContent).toMatch(/4 corners, about [\d,.]+ m²/)
    expect(mapProps.at(-1)!.drawing).toHaveLength(4)
    fireEvent.click(save)
    await waitFor(() => expect(onShapeDrawn).toHaveBeenCalledTimes(1))
    const [plotId, polygon] = onShapeDrawn.mock.calls[0] as unknown as [number, { coordinates: number[][][] }]
    expect(plotId).toBe(3)
    expect(polygon.coordinates[0]).toHaveLength(5)
    expect(polygon.coordinates[0]![0]).toEqual(polygon.coordinates[0]![4])
    await screen.findByRole('button', { name: 'Draw outline of plot 3' })
  })

  it('keeps the corners and says why when the outline is not saved', async () => {
    const onShapeDrawn = vi.fn(() => Promise.reject(new Error('A plot is between 1 and 10,000 m²')))
    render(<SitePlan plan={staffPlan} selectedId={1} editable onShapeDrawn={onShapeDrawn} />)
    fireEvent.click(screen.getByRole('button', { name: 'Redraw outline of plot 1' }))
    const mapClick = await screen.findByRole('button', { name: 'click the map' })
    for (let i = 0; i < 3; i++) fireEvent.click(mapClick)
    fireEvent.click(screen.getByRole('button', { name: 'Save outline' }))
    expect((await screen.findByRole('alert')).textContent).toBe('A plot is between 1 and 10,000 m²')
    expect(mapProps.at(-1)!.drawing).toHaveLength(3)
  })
})
