import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'

const { AdminAuditLogRoute, showValue, who } = await import('./audit-log')
const { filterText } = await import('../api/get-audit-log')

beforeAll(configureApi)
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const entry = (over: Record<string, unknown> = {}) => ({
  id: 1,
  created_at: '2030-03-02T09:30:00Z',
  actor_id: 'e9768d19-ddee-5de5-7e3d-6af6e25cb18c',
  actor_role: 'roots_official',
  actor_name: 'Olive Official',
  actor_email: 'official@example.com',
  via: 'payments',
  table_name: 'orders',
  row_id: '90010',
  action: 'update',
  changes: { status: { before: 'paid', after: 'refunded' } },
  ...over,
})
const entries = [
  entry(),
  entry({
    id: 2,
    actor_id: null,
    actor_role: 'scheduler',
    actor_name: null,
    actor_email: null,
    via: null,
    table_name: 'plot_offers',
    row_id: '7',
    changes: { status: { before: 'offered', after: 'expired' } },
  }),
  entry({
    id: 3,
    actor_role: 'roots_team',
    actor_name: null,
    actor_email: 'team@example.com',
    via: null,
    table_name: 'courses',
    action: 'insert',
    changes: null,
  }),
  entry({
    id: 4,
    actor_id: null,
    actor_role: 'scheduler',
    actor_name: null,
    actor_email: null,
    via: null,
    table_name: 'plot_offers',
    row_id: null,
    bulk_rows: 10000,
    changes: { status: { before: 'offered', after: 'expired' } },
  }),
]
const listed = (rows: unknown[], total = rows.length) =>
  json(rows, 200, { 'content-range': `0-${rows.length - 1}/${total}` })
const render = () => renderPage('/admin/audit', '/admin/audit', AdminAuditLogRoute)

describe('/admin/audit', () => {
  it('names who acted, by name and e-mail, through which function, and each field before and after', async () => {
    const fetchMock = stubRest({ audit_log: () => listed(entries) })
    render()
    const list = await screen.findByRole('list', { name: 'Changes, newest first' })
    const [first, second, third, fourth] = within(list).getAllByRole('listitem')
    expect(first!.textContent).toContain(
      'Olive Official (official@example.com), Roots Official, via the payments function changed orders #90010',
    )
    expect(within(first!).getByRole('link', { name: 'official@example.com' }).getAttribute('href')).toBe(
      'mailto:official@example.com',
    )
    const row = within(within(first!).getByRole('table')).getByRole('row', { name: /status/ })
    expect(within(row).getByRole('rowheader').textContent).toBe('status')
    expect(row.querySelector('del')!.textContent).toBe('before: paid')
    expect(row.querySelector('ins')!.textContent).toBe('after: refunded')
    expect(second!.textContent).toContain('A scheduled job changed plot offers #7')
    expect(third!.textContent).toContain('team@example.com, Roots Team added courses')
    expect(third!.textContent).toContain('Recorded before changed fields were kept.')
    // A scheduled job's bulk write: one entry, how many rows, and the move they all made.
    expect(fourth!.textContent).toContain('A scheduled job changed 10,000 plot offers at once')
    expect(fourth!.textContent).not.toContain('#')
    expect(
      within(within(fourth!).getByRole('table'))
        .getByRole('row', { name: /status/ })
        .querySelector('ins')!.textContent,
    ).toBe('after: expired')
    expect(screen.getByText('4 changes')).toBeTruthy()
    const url = new URL(String(callsTo(fetchMock, 'audit_log')[0]![0]))
    expect(url.searchParams.get('select')).toBe(
      'id,created_at,actor_id,actor_role,actor_name,actor_email,via,table_name,row_id,action,changes,bulk_rows',
    )
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(document.title).toMatch(/^Audit log/)
  })

  it('filters by person and by table on the server, and pages', async () => {
    const fetchMock = stubRest({ audit_log: () => listed(entries, 60) })
    render()
    await screen.findByText('60 changes')
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'olive,(x)' } })
    fireEvent.change(screen.getByLabelText('Table'), { target: { value: 'Orders' } })
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'audit_log').some(
          ([u]) => new URL(String(u)).searchParams.get('table_name') === 'eq.orders',
        ),
      ).toBe(true),
    )
    const url = new URL(String(callsTo(fetchMock, 'audit_log').at(-1)![0]))
    expect(url.searchParams.get('or')).toBe(
      '(actor_name.ilike.*olive x*,actor_email.ilike.*olive x*,actor_role.ilike.*olive_x*,via.ilike.*olive x*)',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'audit_log').some(([u]) => new URL(String(u)).searchParams.get('offset') === '25'),
      ).toBe(true),
    )
  })

  it('shows a refusal plainly', async () => {
    stubRest({ audit_log: () => json({ code: '42501', message: 'permission denied for table audit_log' }, 403) })
    render()
    expect(await screen.findByText(/You do not have permission/)).toBeTruthy()
  })
})

describe('helpers', () => {
  it('falls back from the person to what acted', () => {
    expect(
      who(entry({ actor_name: null, actor_email: null, actor_id: null, actor_role: 'service_role' }) as never).name,
    ).toBe('The system (service role)')
    expect(showValue(null)).toBe('(empty)')
    expect(showValue({ type: 'doc' })).toBe('{"type":"doc"}')
    expect(showValue('x'.repeat(400)).length).toBe(301)
    expect(filterText(' a,b*(c) ')).toBe('a b c')
  })
})
