import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))
vi.mock('@/lib/admin/csv', async (original) => ({
  ...(await original<typeof import('@/lib/admin/csv')>()),
  downloadText: vi.fn(),
}))

const { AdminSowingRemindersRoute } = await import('./sowing-reminders')
const { downloadText } = await import('@/lib/admin/csv')

beforeAll(configureApi)
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const CONSENT = 'Send me a monthly e-mail about what to sow.'
const signup = (id: number, email: string, over: Record<string, unknown> = {}) => ({
  id,
  email,
  name: null,
  consent_text: CONSENT,
  consented_at: '2030-04-02T10:00:00Z',
  unsubscribed_at: null,
  created_at: '2030-04-02T10:00:00Z',
  ...over,
})
const signups = [
  signup(3, 'cara@example.com', { name: 'Cara', created_at: '2030-04-03T10:00:00Z' }),
  signup(2, 'dev@example.com', { unsubscribed_at: '2030-05-01T09:00:00Z' }),
  signup(1, '=cmd@example.com', { created_at: '2030-04-01T10:00:00Z' }),
]
/** The screen asks for the exact count: PostgREST answers it in Content-Range. */
const listed = (rows: unknown[], total = rows.length) =>
  json(rows, 200, { 'content-range': `0-${rows.length - 1}/${total}` })
const render = () => renderPage('/admin/sowing-reminders', '/admin/sowing-reminders', AdminSowingRemindersRoute)
const emails = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent)

describe('/admin/sowing-reminders', () => {
  it('lists the sign-ups newest first with the count, what each signed up for and the date', async () => {
    const fetchMock = stubRest({ sowing_reminder_signups: () => listed(signups) })
    render()
    await screen.findByRole('table', { name: '3 sign-ups' })
    const [url, init] = callsTo(fetchMock, 'sowing_reminder_signups')[0]!
    expect(new URL(String(url)).searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(new Headers(init!.headers).get('prefer')).toContain('count=exact')
    expect(screen.getByText(/3 sign-ups in all, 2 still subscribed/)).toBeTruthy()
    expect(emails()).toEqual(['cara@example.com', 'dev@example.com', '=cmd@example.com'])
    const first = within(screen.getByRole('table')).getAllByRole('row')[1]!
    expect(first.textContent).toContain('3 Apr 2030')
    expect(first.textContent).toContain('Cara')
    expect(first.textContent).toContain(`Monthly sowing reminders“${CONSENT}”`)
    expect(first.textContent).toContain('Subscribed')
    expect(within(screen.getByRole('table')).getAllByRole('row')[2]!.textContent).toContain('Unsubscribed 1 May 2030')
  })

  it('says when more have signed up than are listed', async () => {
    stubRest({ sowing_reminder_signups: () => listed(signups, 7200) })
    render()
    await screen.findByText(/7200 sign-ups in all, 2 still subscribed \(the newest 3 are listed\)/)
  })

  it('searches and filters, and exports what is listed as CSV (formulas defused)', async () => {
    stubRest({ sowing_reminder_signups: () => listed(signups) })
    render()
    await screen.findByRole('table', { name: '3 sign-ups' })
    fireEvent.change(screen.getByLabelText('Subscription'), { target: { value: 'subscribed' } })
    expect(emails()).toEqual(['cara@example.com', '=cmd@example.com'])
    expect(screen.getByRole('table', { name: '2 sign-ups match' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    const [csv, filename] = vi.mocked(downloadText).mock.calls[0]!
    expect(filename).toMatch(/^sowing-reminder-signups-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv.split('\r\n')).toEqual([
      'Signed up,Email,Name,Signed up for,Consent given,Unsubscribed',
      `2030-04-03T10:00:00Z,cara@example.com,Cara,${CONSENT},2030-04-02T10:00:00Z,`,
      `2030-04-01T10:00:00Z,"'=cmd@example.com",,${CONSENT},2030-04-02T10:00:00Z,`,
      '',
    ])
    fireEvent.change(screen.getByLabelText('Subscription'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'DEV@' } })
    expect(emails()).toEqual(['dev@example.com'])
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nobody' } })
    expect(screen.getByText('No sign-up matches this search.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('has an empty state, and shows a refusal rather than an empty list', async () => {
    stubRest({ sowing_reminder_signups: () => listed([], 0) })
    render()
    await screen.findByText('Nobody has signed up for sowing reminders yet.')
    cleanup()
    stubRest({
      sowing_reminder_signups: () =>
        json({ code: '42501', message: 'permission denied for table sowing_reminder_signups' }, 403),
    })
    render()
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded.*You do not have permission/)
  })
})
