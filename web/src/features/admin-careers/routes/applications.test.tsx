import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))
vi.mock('@/lib/admin/csv', async (original) => ({
  ...(await original<typeof import('@/lib/admin/csv')>()),
  downloadText: vi.fn(),
}))

const { AdminCareerApplicationsRoute } = await import('./applications')
const { downloadText } = await import('@/lib/admin/csv')
const { toast } = await import('@/lib/toast')

beforeAll(configureApi)
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const careers = [
  { id: 7, title: 'Patch Manager, Bristol', location: 'Bristol' },
  { id: 8, title: 'Seasonal growing assistant', location: 'Bath' },
]
const application = (over: Record<string, unknown> = {}) => ({
  id: 1,
  career_id: 7,
  name: 'Ada Grower',
  email: 'ada@example.com',
  cv_url: 'https://cv.example.com/ada.pdf',
  message: 'I have grown on a plot for ten years.',
  status: 'new',
  created_at: '2030-03-02T09:30:00Z',
  career: { title: 'Patch Manager, Bristol', slug: 'patch-manager-bristol' },
  ...over,
})
const apps = [
  application(),
  application({
    id: 2,
    career_id: 8,
    name: 'Ben Digger',
    email: 'ben@example.com',
    cv_url: 'https://cv.example.com/ben.pdf',
    message: null,
    status: 'reviewing',
    created_at: '2030-03-01T08:00:00Z',
    career: { title: 'Seasonal growing assistant', slug: 'growing-assistant' },
  }),
]
const listed = (rows: unknown[]) => json(rows, 200, { 'content-range': `0-${rows.length - 1}/${rows.length}` })
const render = () =>
  renderPage('/admin/career-applications', '/admin/career-applications', AdminCareerApplicationsRoute)
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .filter((r) => !r.hidden)

describe('/admin/career-applications', () => {
  it('lists applications newest first with the applicant, contact, role, date and status', async () => {
    const fetchMock = stubRest({ careers: () => json(careers), career_applications: () => listed(apps) })
    render()
    await screen.findByRole('table', { name: '2 applications' })
    const url = new URL(String(callsTo(fetchMock, 'career_applications')[0]![0]))
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(url.searchParams.get('select')).toContain('career:careers(title,slug)')
    expect(url.searchParams.get('career_id')).toBeNull()
    const [first, second] = rows()
    expect(within(first!).getByRole('rowheader').textContent).toBe('Ada Growerada@example.com')
    expect(within(first!).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      'mailto:ada@example.com',
    )
    expect(first!.textContent).toContain('Patch Manager, Bristol')
    expect(first!.textContent).toContain('2 Mar 2030')
    expect(first!.textContent).toContain('New')
    expect(second!.textContent).toContain('Seasonal growing assistant')
    expect(second!.textContent).toContain('Reviewing')
    expect(document.title).toMatch(/^Career applications/)
  })

  it('filters by role (career) and status on the server', async () => {
    const fetchMock = stubRest({
      careers: () => json(careers),
      career_applications: (url) =>
        listed(apps.filter((a) => url.searchParams.get('career_id') !== 'eq.8' || a.career_id === 8)),
    })
    render()
    await screen.findByRole('table', { name: '2 applications' })
    await screen.findByRole('option', { name: 'Seasonal growing assistant (Bath)' })
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '8' } })
    await screen.findByRole('table', { name: '1 application' })
    expect(rows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Ben Diggerben@example.com'])
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'hired' } })
    await waitFor(() => expect(callsTo(fetchMock, 'career_applications').length).toBe(3))
    const last = new URL(String(callsTo(fetchMock, 'career_applications').at(-1)![0]))
    expect(last.searchParams.get('career_id')).toBe('eq.8')
    expect(last.searchParams.get('status')).toBe('eq.hired')
  })

  it('opens a row to the whole application (CV in a new tab, message) and moves its status on', async () => {
    const fetchMock = stubRest({
      careers: () => json(careers),
      career_applications: (_url, init) => (init.method === 'PATCH' ? json([{ id: 1 }]) : listed(apps)),
    })
    render()
    const toggle = await screen.findByRole('button', { name: 'Show Ada Grower’s application' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(details.hidden).toBe(true)
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.getAttribute('aria-label')).toBe('Hide Ada Grower’s application')
    expect(details.hidden).toBe(false)
    const cv = within(details).getByRole('link', { name: /cv\.example\.com\/ada\.pdf/ })
    expect(cv.getAttribute('href')).toBe('https://cv.example.com/ada.pdf')
    expect(cv.getAttribute('target')).toBe('_blank')
    expect(cv.getAttribute('rel')).toContain('noopener')
    expect(within(details).getByText('I have grown on a plot for ten years.')).toBeTruthy()
    const save = within(details).getByRole('button', { name: 'Save status' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    fireEvent.change(within(details).getByLabelText('Status'), { target: { value: 'reviewing' } })
    fireEvent.click(save)
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ada Grower’s application is now reviewing'))
    const patch = callsTo(fetchMock, 'career_applications').find(([, init]) => init?.method === 'PATCH')!
    expect(new URL(String(patch[0])).searchParams.get('id')).toBe('eq.1')
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ status: 'reviewing' })
  })

  it('says so when the database changes nothing (RLS refused the update)', async () => {
    stubRest({
      careers: () => json(careers),
      career_applications: (_url, init) => (init.method === 'PATCH' ? json([]) : listed(apps)),
    })
    render()
    fireEvent.click(await screen.findByRole('button', { name: 'Show Ada Grower’s application' }))
    fireEvent.change(screen.getAllByLabelText('Status').at(-1)!, { target: { value: 'hired' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save status' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/You do not have permission/)))
  })

  it('exports the listed applications as CSV', async () => {
    stubRest({ careers: () => json(careers), career_applications: () => listed(apps) })
    render()
    await screen.findByRole('table', { name: '2 applications' })
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(downloadText).toHaveBeenCalledTimes(1)
    const [csv, filename] = vi.mocked(downloadText).mock.calls[0]!
    expect(filename).toMatch(/^career-applications-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv.split('\r\n')).toEqual([
      'Applied,Name,Email,Role,Status,CV link,Message',
      '2030-03-02T09:30:00Z,Ada Grower,ada@example.com,"Patch Manager, Bristol",New,https://cv.example.com/ada.pdf,I have grown on a plot for ten years.',
      '2030-03-01T08:00:00Z,Ben Digger,ben@example.com,Seasonal growing assistant,Reviewing,https://cv.example.com/ben.pdf,',
      '',
    ])
    expect(toast.success).toHaveBeenCalledWith('Exported 2 applications')
  })

  it('shows a refusal instead of an empty list, and an empty state when there is nothing', async () => {
    stubRest({
      careers: () => json(careers),
      career_applications: () =>
        json({ code: '42501', message: 'permission denied for table career_applications' }, 403),
    })
    render()
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded.*You do not have permission/)
    cleanup()
    stubRest({ careers: () => json(careers), career_applications: () => listed([]) })
    render()
    await screen.findByText('No applications for these filters.')
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
