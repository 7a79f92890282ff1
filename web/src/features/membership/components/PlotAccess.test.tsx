// What /members shows about getting in and co-workers, for each state the database can report:
// the gate code or why it is withheld, the member's co-worker (none, invited, ran out, accepted)
// and the co-worker's own view, which has nothing to pay, pause or cancel.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CoWorker, PlotAccess } from '../api/get-plot-access'
import { PlotAccessCards } from './PlotAccess'

vi.mock('@/lib/supabase', () => ({ supabase: () => ({ rpc: vi.fn(), auth: { getSession: vi.fn() } }) }))

const row = (over: Partial<PlotAccess> = {}): PlotAccess => ({
  role: 'member',
  membership_id: 11,
  membership_status: 'active',
  co_worker_id: null,
  holder_first_name: null,
  site_id: 9001,
  location: 'Tuckers Meadow',
  city: 'Bristol',
  city_slug: 'bristol',
  slug: 'tuckers-meadow',
  plot_id: 70,
  plot_number: '7',
  opens_gate: true,
  gate_code: '4827#',
  key_arrangements: 'Key safe by the shed',
  access_updated_at: '2026-03-02T10:00:00Z',
  ...over,
})
const coWorker = (over: Partial<CoWorker> = {}): CoWorker => ({
  id: 5,
  membership_id: 11,
  email: 'sam@example.com',
  name: 'Sam Jones',
  status: 'invited',
  invited_at: '2026-03-01T10:00:00Z',
  expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  accepted_at: null,
  ...over,
})

function show(rows: PlotAccess[], coWorkers: CoWorker[] = []) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <div id='root'>
        <PlotAccessCards rows={rows} coWorkers={coWorkers} />
      </div>
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('getting in', () => {
  it('shows a current member the gate code, the keys and when they changed', () => {
    show([row()])
    const card = screen.getByRole('region', { name: 'Getting in: Tuckers Meadow' })
    expect(within(card).getByTestId('gate-code').textContent).toBe('4827#')
    expect(card.textContent).toContain('Key safe by the shed')
    expect(card.textContent).toContain('2 March 2026')
  })
  it('says why a suspended member sees no code, and offers no invitation', () => {
    show([row({ membership_status: 'suspended', opens_gate: false, gate_code: null, key_arrangements: null })])
    expect(screen.queryByTestId('gate-code')).toBeNull()
    expect(screen.getByTestId('gate-withheld').textContent).toContain('While your membership is suspended')
    expect(screen.getByText('While your membership is suspended you cannot name a co-worker.')).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Invite a co-worker' })).toBeNull()
  })
  it('says so when the site has no code recorded', () => {
    show([row({ gate_code: null, key_arrangements: null, access_updated_at: null })])
    expect(screen.getByText(/No gate code is recorded for Tuckers Meadow yet/)).toBeTruthy()
  })
})

describe("the member's co-worker", () => {
  it('with none, offers the invitation form and says what a co-worker may not do', () => {
    show([row()])
    const form = screen.getByRole('form', { name: 'Invite a co-worker' })
    expect(within(form).getByLabelText('Their e-mail address')).toBeTruthy()
    expect(within(form).getByRole('button', { name: 'Send invitation' })).toBeTruthy()
    expect(screen.getByText(/cannot pay,\s+pause or cancel your membership/)).toBeTruthy()
  })
  it('invited: where the invitation went, until when, and a way to withdraw it', () => {
    show([row()], [coWorker({ expires_at: '2099-03-15T10:00:00Z' })])
    expect(screen.getByTestId('co-worker').textContent).toBe(
      'We e-mailed an invitation to sam@example.com on 1 March 2026. It works until 15 March 2099.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw invitation' }))
    const dialog = screen.getByRole('dialog', { name: 'Withdraw the invitation?' })
    expect(dialog.textContent).toContain('The link we sent to sam@example.com stops working.')
    expect(screen.queryByRole('form', { name: 'Invite a co-worker' })).toBeNull()
  })
  it('an invitation that ran out: says so and offers a new one', () => {
    show([row()], [coWorker({ expires_at: '2026-03-15T10:00:00Z' })])
    expect(screen.getByText(/ran out on 15 March 2026/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send a new invitation' })).toBeTruthy()
  })
  it('accepted: who, since when, and removing them asks first', () => {
    show([row()], [coWorker({ status: 'accepted', accepted_at: '2026-03-03T09:00:00Z' })])
    expect(screen.getByTestId('co-worker').textContent).toContain(
      'Sam Jones (sam@example.com) is your co-worker since 3 March 2026.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Remove co-worker' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove Sam Jones as your co-worker?' })
    expect(dialog.textContent).toContain('tell your patch manager')
    expect(within(dialog).getByRole('button', { name: 'Remove co-worker' })).toBeTruthy()
  })
})

describe("a co-worker's view", () => {
  const helping = row({ role: 'co_worker', co_worker_id: 5, holder_first_name: 'Hana' })
  it('whose plot, the gate code and the site plan; nothing to pay, pause or cancel', () => {
    show([helping])
    const card = screen.getByRole('region', { name: 'You help on plot 7 at Tuckers Meadow' })
    expect(card.textContent).toContain('You are Hana’s co-worker on plot 7 at Tuckers Meadow, Bristol.')
    expect(within(card).getByTestId('gate-code').textContent).toBe('4827#')
    expect(within(card).getByRole('link', { name: 'See Tuckers Meadow and its site plan' }).getAttribute('href')).toBe(
      '/sites/bristol/tuckers-meadow',
    )
    const buttons = within(card)
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(buttons).toEqual(['Stop being a co-worker'])
    expect(screen.queryByRole('form', { name: 'Invite a co-worker' })).toBeNull()
  })
  it('while the member is suspended, no code', () => {
    show([{ ...helping, membership_status: 'suspended', opens_gate: false, gate_code: null }])
    expect(screen.getByTestId('gate-withheld').textContent).toBe(
      "The gate code is not shown while Hana's membership is suspended.",
    )
  })
})
