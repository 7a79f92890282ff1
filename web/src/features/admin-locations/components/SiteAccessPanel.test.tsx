// The gate code panel: shows what is saved, refuses a code that is too long before sending, and
// saves through set_site_access with what was typed (trimmed by the database).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteAccessPanel } from './SiteAccessPanel'

const rpc = vi.fn()
vi.mock('@/lib/supabase', () => ({ supabase: () => ({ rpc }) }))

function show() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SiteAccessPanel
        siteId={9001}
        location='Tuckers Meadow'
        gateCode='4827#'
        keyArrangements='Key safe by the shed'
        updatedAt='2026-03-02T10:00:00Z'
        updatedBy='Pat Manager'
      />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  rpc.mockReset()
})

describe('SiteAccessPanel', () => {
  it('shows the saved code, the keys, who changed them and who sees them', () => {
    show()
    expect((screen.getByLabelText('Gate code') as HTMLInputElement).value).toBe('4827#')
    expect((screen.getByLabelText('Key arrangements') as HTMLTextAreaElement).value).toBe('Key safe by the shed')
    const note = screen.getByText(/Shown only to members of this site/)
    expect(note.textContent).toContain('never on public pages')
    expect(note.textContent).toContain('Last changed 2 March 2026 by Pat Manager.')
  })
  it('refuses a code over 40 characters beside the field, sending nothing', async () => {
    show()
    fireEvent.change(screen.getByLabelText('Gate code'), { target: { value: '9'.repeat(41) } })
    fireEvent.click(screen.getByRole('button', { name: 'Save how to get in' }))
    await screen.findByText('A gate code is at most 40 characters.')
    expect(rpc).not.toHaveBeenCalled()
  })
  it('saves what was typed through set_site_access', async () => {
    rpc.mockResolvedValue({
      data: [{ site_id: 9001, gate_code: '1357', key_arrangements: null, updated_at: '2026-03-04T10:00:00Z' }],
      error: null,
    })
    show()
    fireEvent.change(screen.getByLabelText('Gate code'), { target: { value: '1357' } })
    fireEvent.change(screen.getByLabelText('Key arrangements'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save how to get in' }))
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('set_site_access', {
        p_site_id: 9001,
        p_gate_code: '1357',
        p_key_arrangements: '',
      }),
    )
  })
  it('keeps the form and says why when the database refuses', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: "Only the site's staff can change how to get in" } })
    show()
    fireEvent.click(screen.getByRole('button', { name: 'Save how to get in' }))
    expect((await screen.findByRole('alert')).textContent).toBe("Only the site's staff can change how to get in")
    expect((screen.getByLabelText('Gate code') as HTMLInputElement).value).toBe('4827#')
  })
})
