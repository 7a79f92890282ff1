// The invitation page's states: a link that no longer stands says why; signed out, the account
// step for the invited address; signed in with another address, a way out; with the invited
// address, the one button that accepts.
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Invitation } from '../api/co-worker-invitation'
import { closedReason, InvitationBody } from './co-worker-invitation'

vi.mock('@/lib/supabase', () => ({ supabase: () => ({ rpc: vi.fn(), auth: { getSession: vi.fn() } }) }))

const TOKEN = 'a'.repeat(48)
const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  status: 'invited',
  email: 'sam@example.com',
  name: 'Sam Jones',
  member_first_name: 'Hana',
  location: 'Tuckers Meadow',
  city: 'Bristol',
  plot_number: '7',
  expires_at: '2099-03-15T10:00:00Z',
  mine: false,
  ...over,
})

function show(i: Invitation, signedInAs: string | null) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <InvitationBody token={TOKEN} invitation={i} signedInAs={signedInAs} />
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('closedReason', () => {
  it('says why a link no longer stands, and nothing while it does', () => {
    expect(closedReason(invitation())).toBeNull()
    expect(closedReason(invitation({ status: 'accepted', mine: true }))).toBeNull()
    expect(closedReason(invitation({ status: 'accepted' }))).toBe('This invitation has already been used.')
    expect(closedReason(invitation({ status: 'removed', mine: true }))).toBe('This invitation has already been used.')
    expect(closedReason(invitation({ status: 'withdrawn' }))).toBe('Hana has withdrawn this invitation.')
    expect(closedReason(invitation({ status: 'expired', expires_at: '2026-03-15T10:00:00Z' }))).toBe(
      'This invitation ran out on 15 March 2026. Ask Hana to send you a new one.',
    )
  })
})

describe('the invitation page', () => {
  it('signed out: what a co-worker may do, and the account step for the invited address', () => {
    show(invitation(), null)
    expect(
      screen.getByText(/Hana has invited you to be their co-worker on plot 7 at Tuckers Meadow, Bristol/),
    ).toBeTruthy()
    expect(screen.getByText(/cannot pay, pause or cancel the membership/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Sign in or create your account' })).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Create your account' })
    expect((form.querySelector('input[name=email]') as HTMLInputElement).value).toBe('sam@example.com')
    expect((form.querySelector('input[name=first_name]') as HTMLInputElement).value).toBe('Sam')
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull()
  })
  it('signed in with another address: says so, with a way to sign out, and no accept', () => {
    show(invitation(), 'alex@example.com')
    expect(screen.getByRole('alert').textContent).toContain(
      'You are signed in as alex@example.com, but the invitation is for sam@example.com.',
    )
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull()
  })
  it('signed in with the invited address (any case): the button that accepts', () => {
    show(invitation(), 'Sam@Example.com')
    expect(screen.getByRole('button', { name: 'Accept the invitation' })).toBeTruthy()
  })
  it('accepted by the reader: where to go next', () => {
    show(invitation({ status: 'accepted', mine: true }), 'sam@example.com')
    expect(screen.getByTestId('invitation-accepted').textContent).toContain(
      'You are Hana’s co-worker on plot 7 at Tuckers Meadow.',
    )
    expect(screen.getByRole('link', { name: 'See the plot and how to get in' }).getAttribute('href')).toBe('/members')
  })
  it('a used link: no form, no button', () => {
    show(invitation({ status: 'accepted' }), null)
    expect(screen.getByRole('alert').textContent).toContain('This invitation has already been used.')
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
