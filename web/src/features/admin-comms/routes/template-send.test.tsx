import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

const mutate = vi.fn()
vi.mock('../api/get-templates', () => ({
  useTemplates: () => ({
    data: [{ id: 7, name: 'Plot offer', channel: 'email', subject: 'A plot', body: null, body_text: null }],
    isPending: false,
    isError: false,
  }),
}))
vi.mock('../api/get-sites', () => ({
  useCommsSites: () => ({ data: [{ id: 13, location: 'Loxley Meadow', city: 'Sheffield' }] }),
}))
vi.mock('../api/send-template', async (original) => ({
  ...(await original<typeof import('../api/send-template')>()),
  usePreviewTemplate: () => ({ mutate, isPending: false }),
  useSendTemplate: () => ({ mutate: vi.fn(), isPending: false }),
}))
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

const { AdminCommsSendRoute } = await import('./template-send')
const { toast } = await import('@/lib/toast')

afterEach(() => {
  cleanup()
  mutate.mockReset()
})

const TOO_MANY =
  'This list has 1,025 applicants with these statuses. A message can go to at most 1,000 at once: choose fewer statuses, or send to chosen applicants.'

describe('sending a template', () => {
  it('keeps a refused preview’s reason beside the form until the choice changes', () => {
    render(<AdminCommsSendRoute id='7' />)
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '13' } })
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(mutate).toHaveBeenCalledTimes(1)
    expect(mutate.mock.calls[0]![0]).toMatchObject({ template_id: 7, site_id: 13, statuses: ['waiting'] })
    act(() => mutate.mock.calls[0]![1].onError(new Error(TOO_MANY)))
    // Said in a toast, and kept on the page where it stays readable.
    expect(toast.error).toHaveBeenCalledWith(TOO_MANY)
    expect(screen.getByRole('alert').textContent).toContain(TOO_MANY)
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true)
    // A narrower choice is a new question: the old answer goes.
    fireEvent.click(screen.getByRole('checkbox', { name: 'offered' }))
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'offered' }))
    expect(screen.getByRole('alert').textContent).toContain(TOO_MANY)
    // A preview that works replaces it.
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    act(() =>
      mutate.mock.calls[1]![1].onSuccess({
        preview: { to: 'a@example.com', subject: 'A plot', html: '<p>Hi</p>', text: 'Hi' },
        recipients: 3,
      }),
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Send to 3 applicants' })).toBeTruthy()
  })
})
