import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The database as the page sees it through supabase-js: each RPC and table read answers from
// `db`, and every call is recorded.
type Answer = { data: unknown; error: unknown }
const calls: { what: string; args: unknown }[] = []
let db: Record<string, (args: unknown) => Answer>
function chain(table: string) {
  let op = 'select'
  let args: unknown = null
  const c: Record<string, unknown> = {}
  for (const m of ['select', 'eq', 'is', 'not', 'in', 'order', 'limit', 'single', 'maybeSingle']) {
    c[m] = (...a: unknown[]) => {
      if (m === 'eq') args = { ...(args as object), [String(a[0])]: a[1] }
      return c
    }
  }
  c.insert = (row: unknown) => ((op = 'insert'), (args = row), c)
  c.update = (row: unknown) => ((op = 'update'), (args = row), c)
  c.then = (ok: (a: Answer) => unknown, no: (e: unknown) => unknown) => {
    calls.push({ what: `${op} ${table}`, args })
    return Promise.resolve(db[`${op} ${table}`]!(args)).then(ok, no)
  }
  return c
}
vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    rpc: (fn: string, args: unknown) => {
      calls.push({ what: fn, args })
      return Promise.resolve(db[fn]!(args))
    },
    from: chain,
    functions: {
      invoke: (name: string, opts: { body: unknown }) => {
        calls.push({ what: `function ${name}`, args: opts.body })
        return Promise.resolve(db[`function ${name}`]!(opts.body))
      },
    },
  }),
}))
vi.mock('@/config/env', () => ({ env: () => ({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'k' }) }))
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))
// The map as staff have framed it: what "place the plan image" reads.
vi.mock('@/components/site-plan/PlanMap', () => ({
  default: (props: { apiRef: { current: unknown } }) => {
    props.apiRef.current = {
      centre: () => [51.4, -2.3],
      view: () => ({
        bounds: [
          [51.39, -2.31],
          [51.41, -2.29],
        ],
        aspect: 2,
      }),
    }
    return <div data-testid='map' />
  },
}))
vi.stubGlobal('IntersectionObserver', undefined)

const { AdminSitePlotsRoute, plotMatches, REGISTER_PAGE_SIZE } = await import('./plots')

const plan = (plots: object[]) => ({
  data: { site_id: 5, centre: [51.4, -2.3], counts: { plots: plots.length, free: 1, let: 1 }, plots },
  error: null,
})
const plots = [
  { id: 1, number: '1', size: 'full', size_m2: 250, features: ['shed'], status: 'vacant' },
  { id: 2, number: '2', size: 'half', features: [], status: 'let', holder: 'Ada Lovelace', let_since: '2025-01-02' },
  { id: 3, number: '3', size: 'full', features: [], status: 'preparing' },
]

beforeEach(() => {
  calls.length = 0
  db = {
    current_staff_role: () => ({ data: 'patch_manager', error: null }),
    'select patch_manager_sites': () => ({
      data: [{ site: { id: 5, location: 'Hill Top', city: 'Bath', slug: 'hill-top' } }],
      error: null,
    }),
    'select global_sites': () => ({ data: [{ id: 5, location: 'Hill Top', city: 'Bath' }], error: null }),
    site_plan: () => plan(plots),
  }
})
afterEach(cleanup)

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminSitePlotsRoute siteId='5' />
    </QueryClientProvider>,
  )
}

describe('the plots page', () => {
  it('shows the register with who holds each plot, and the plan', async () => {
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Plots at Hill Top' })
    const table = screen.getByRole('region', { name: 'Plots at Hill Top' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['1', 'Full', '250', 'shed', 'Ready to let', '—'],
      ['2', 'Half', '—', '—', 'Let', 'Ada Lovelace'],
      ['3', 'Full', '—', '—', 'Being prepared', '—'],
    ])
    expect(screen.getByTestId('plot-counts').textContent).toBe('3 plots in use: 1 ready to let, 1 let.')
    await screen.findByTestId('map')
  })

  it("finds a plot by the start of its number or part of its holder's name, and by status", async () => {
    const many = [
      ...plots,
      { id: 4, number: '14B', size: 'half', features: [], status: 'let', holder: 'Grace Hopper' },
      { id: 5, number: '14', size: 'full', features: [], status: 'let', holder: 'Alan Turing' },
      { id: 6, number: '41', size: 'full', features: [], status: 'out_of_use' },
    ]
    db.site_plan = () => plan(many)
    renderPage()
    await screen.findByRole('region', { name: 'Plots at Hill Top' })
    const numbers = () => screen.queryAllByTestId('plot-row').map((r) => r.querySelector('th')!.textContent)
    expect(numbers()).toEqual(['1', '2', '3', '14', '14B', '41'])
    const find = screen.getByLabelText('Find a plot')
    fireEvent.change(find, { target: { value: ' 14b ' } })
    expect(numbers()).toEqual(['14B'])
    expect(screen.getByTestId('register-count').textContent).toBe('1 of 6 plots match.')
    fireEvent.change(find, { target: { value: '14' } })
    expect(numbers()).toEqual(['14', '14B'])
    fireEvent.change(find, { target: { value: 'hopper' } })
    expect(numbers()).toEqual(['14B'])
    // A status narrows what was found; the options count each status the site has, in the plan's
    // key order.
    fireEvent.change(find, { target: { value: '' } })
    const status = screen.getByLabelText('Status') as HTMLSelectElement
    expect([...status.options].map((o) => o.textContent)).toEqual([
      'Every status',
      'Let (3)',
      'Ready to let (1)',
      'Being prepared (1)',
      'Out of use (1)',
    ])
    fireEvent.change(status, { target: { value: 'let' } })
    expect(numbers()).toEqual(['2', '14', '14B'])
    fireEvent.change(find, { target: { value: 'nobody' } })
    expect(numbers()).toEqual([])
    screen.getByText("No plot matches: try the start of its number, or part of its holder's name.")
    // What was typed stays, and choosing from what was found still opens the plot.
    fireEvent.change(find, { target: { value: 'ada' } })
    fireEvent.click(screen.getByRole('button', { name: 'Plot 2: choose' }))
    expect(within(screen.getByTestId('chosen-panel')).getByRole('heading').textContent).toBe('Plot 2')
    expect((screen.getByLabelText('Find a plot') as HTMLInputElement).value).toBe('ada')
  })

  it('pages a long register, and a new search starts at its first page', async () => {
    const long = Array.from({ length: REGISTER_PAGE_SIZE * 2 + 5 }, (_, i) => ({
      id: i + 1,
      number: `A${i + 1}`,
      size: 'full',
      features: [],
      status: 'let',
    }))
    db.site_plan = () => plan(long)
    renderPage()
    await screen.findByRole('region', { name: 'Plots at Hill Top' })
    const rows = () => screen.queryAllByTestId('plot-row').map((r) => r.querySelector('th')!.textContent)
    expect(rows()).toHaveLength(REGISTER_PAGE_SIZE)
    expect(rows()[0]).toBe('A1')
    expect(screen.getByTestId('register-count').textContent).toBe(`105 plots, ${REGISTER_PAGE_SIZE} to a page.`)
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(pages.textContent).toContain('Page 1 of 3')
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next' }))
    expect(rows()).toEqual(['A101', 'A102', 'A103', 'A104', 'A105'])
    fireEvent.change(screen.getByLabelText('Find a plot'), { target: { value: 'A1' } })
    // A1, A10–A19 and A100–A105: 17 plots, one page, from its start.
    expect(rows()).toHaveLength(17)
    expect(rows()[0]).toBe('A1')
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
  })

  it('places the plan image again over the map as framed now, and removes it', async () => {
    db.site_plan = () => ({
      data: {
        ...plan(plots).data,
        background: {
          path: 'sites/hill-top/plan.png',
          bounds: [
            [51.3, -2.4],
            [51.5, -2.2],
          ],
          updated_at: '2025-01-02T10:00:00Z',
        },
      },
      error: null,
    })
    db.set_site_plan_image = () => ({ data: {}, error: null })
    db.clear_site_plan_image = () => ({
      data: null,
      error: { code: '42501', message: "Only the site's staff can change its plan" },
    })
    renderPage()
    const section = await screen.findByTestId('plan-image')
    await screen.findByTestId('map')
    expect(section.textContent).toContain('Placed 2 Jan 2025, 10:00.')
    fireEvent.click(within(section).getByRole('button', { name: 'Place it over the map as shown now' }))
    await within(section).findByText('The plan image is placed over the map as it is shown.')
    expect(calls.find((c) => c.what === 'set_site_plan_image')!.args).toEqual({
      p_site_id: 5,
      p_path: 'sites/hill-top/plan.png',
      p_south: 51.39,
      p_west: -2.31,
      p_north: 51.41,
      p_east: -2.29,
    })
    fireEvent.click(within(section).getByRole('button', { name: /^Remove/ }))
    expect((await within(section).findByRole('alert')).textContent).toMatch(/^The plan image was not changed/)
    expect(calls.find((c) => c.what === 'clear_site_plan_image')!.args).toEqual({ p_site_id: 5 })
  })

  it('marks a plot ready with a note, and offers it, saying to whom', async () => {
    db.set_plot_status = () => ({ data: {}, error: null })
    db.offer_plot = () => ({
      data: { id: 9, entry_id: 44, site_id: 1, respond_by: '2025-02-01T12:00:00Z' },
      error: null,
    })
    db['select waiting_list_entries'] = () => ({
      data: { first_name: 'Bea', last_name: 'Next', email: 'bea@example.com' },
      error: null,
    })
    db['function waiting-list-process'] = () => ({ data: { notified: 1 }, error: null })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Plot 3: choose' }))
    const panel = screen.getByTestId('chosen-panel')
    fireEvent.change(within(panel).getByLabelText('Note for the history (optional)'), { target: { value: 'Dug' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark ready' }))
    await within(panel).findByText('Plot 3 is now ready to let.')
    expect(calls.find((c) => c.what === 'set_plot_status')!.args).toEqual({
      p_plot_id: 3,
      p_status: 'vacant',
      p_note: 'Dug',
    })
    fireEvent.click(within(panel).getByRole('button', { name: 'Offer this plot' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Offer this plot' }))
    const made = await within(panel).findByTestId('offer-made')
    expect(made.textContent).toBe(
      'Plot 3 is offered to Bea Next (bea@example.com), who has until 1 Feb 2025 to answer. The offer e-mail is on its way.',
    )
    expect(calls.find((c) => c.what === 'offer_plot')!.args).toEqual({ p_plot_id: 3, p_respond_days: 7 })
    // The site's offer outbox is asked to send the e-mail now, after the offer is made.
    const sent = calls.findIndex((c) => c.what === 'function waiting-list-process')
    expect(calls[sent]!.args).toEqual({ action: 'notify', site_id: 1 })
    expect(sent).toBeGreaterThan(calls.findIndex((c) => c.what === 'offer_plot'))
  })

  it('says the offer stands when its e-mail cannot be sent at once', async () => {
    db.offer_plot = () => ({
      data: { id: 9, entry_id: 44, site_id: 1, respond_by: '2025-02-01T12:00:00Z' },
      error: null,
    })
    db['select waiting_list_entries'] = () => ({ data: null, error: null })
    db['function waiting-list-process'] = () => ({ data: null, error: new Error('Failed to fetch') })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Plot 1: choose' }))
    const panel = screen.getByTestId('chosen-panel')
    fireEvent.click(within(panel).getByRole('button', { name: 'Offer this plot' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Offer this plot' }))
    const made = await within(panel).findByTestId('offer-made')
    expect(made.textContent).toBe(
      'Plot 1 is offered to applicant 44, who has until 1 Feb 2025 to answer. The offer e-mail could not be sent just now; it goes out within a few minutes.',
    )
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says why a let plot has no status buttons, and shows a refusal', async () => {
    db.offer_plot = () => ({ data: null, error: { code: '22023', message: 'Nobody waiting at this site fits plot 1' } })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Plot 2: choose' }))
    const panel = screen.getByTestId('chosen-panel')
    expect(panel.textContent).toContain('Held by Ada Lovelace since 2 Jan 2025.')
    expect(panel.textContent).toContain('only its tenancy can change that')
    expect(within(panel).queryByRole('button', { name: 'Mark ready' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Plot 1: choose' }))
    fireEvent.click(within(screen.getByTestId('chosen-panel')).getByRole('button', { name: 'Offer this plot' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Offer this plot' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Nobody waiting at this site fits plot 1')
  })

  it('adds plots one after another, and keeps what was typed when the number is taken', async () => {
    db['insert plots'] = (row) =>
      (row as { number: string }).number === '1'
        ? { data: null, error: { code: '23505', message: 'duplicate key' } }
        : ({ data: null, error: null, count: 1 } as Answer)
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Add a plot' }))
    fireEvent.change(screen.getByLabelText('Plot number'), { target: { value: '4' } })
    fireEvent.click(screen.getByLabelText('Near a tap'))
    fireEvent.click(screen.getByRole('button', { name: 'Add plot' }))
    await screen.findByText('Plot 4 added: it is being prepared.')
    expect(calls.find((c) => c.what === 'insert plots')!.args).toEqual({
      number: '4',
      size: 'full',
      size_m2: null,
      features: ['near_tap'],
      notes: null,
      site_id: 5,
    })
    expect((screen.getByLabelText('Plot number') as HTMLInputElement).value).toBe('')
    fireEvent.change(screen.getByLabelText('Plot number'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('Area in m²'), { target: { value: '99' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add plot' }))
    await waitFor(() =>
      expect(screen.getAllByText(/This site already has a plot numbered 1\./).length).toBeGreaterThan(0),
    )
    expect((screen.getByLabelText('Plot number') as HTMLInputElement).value).toBe('1')
    expect((screen.getByLabelText('Area in m²') as HTMLInputElement).value).toBe('99')
  })

  it("lists the CSV's wrong rows by line and loads nothing", async () => {
    db.import_plots = () => ({
      data: null,
      error: {
        code: '22023',
        message: 'Some rows are wrong: nothing was loaded',
        details: JSON.stringify([{ row: 2, error: 'size is half or full' }]),
      },
    })
    renderPage()
    fireEvent.change(await screen.findByLabelText('Or paste the CSV'), {
      target: { value: 'number,size\n9,half\n\n10,huge\n' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Load plots' }))
    const errors = await screen.findByTestId('import-errors')
    expect(errors.textContent).toContain('Line 4: size is half or full')
    expect(calls.find((c) => c.what === 'import_plots')!.args).toEqual({
      p_site_id: 5,
      p_rows: [
        { number: '9', size: 'half' },
        { number: '10', size: 'huge' },
      ],
    })
  })
})

describe('plotMatches', () => {
  const plot = { id: 1, number: '14B', size: 'full', features: [], status: 'let', holder: 'Grace Hopper' } as const
  it('matches the start of the number in any case, or any part of the holder', () => {
    expect(['14', '14b', ' 14B ', 'grace', 'HOP', ''].map((q) => plotMatches(plot as never, q))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['4B', 'B', 'ada', '14BX'].map((q) => plotMatches(plot as never, q))).toEqual([false, false, false, false])
    expect(plotMatches({ ...plot, holder: undefined } as never, 'grace')).toBe(false)
  })
})
