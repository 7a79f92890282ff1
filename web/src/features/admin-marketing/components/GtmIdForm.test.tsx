import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))
const { GtmIdForm } = await import('./GtmIdForm')
const { toast } = await import('@/lib/toast')

afterEach(cleanup)

const input = () => screen.getByLabelText('Tag-manager id') as HTMLInputElement
const saveButton = () => screen.getByRole('button', { name: /Save tag-manager id|Saving/ })

describe('GtmIdForm', () => {
  it('refuses an id that is not GTM- and capitals or digits, beside the field, without saving', async () => {
    const onSave = vi.fn()
    render(<GtmIdForm initial='' onSave={onSave} />)
    fireEvent.change(input(), { target: { value: 'GTM-abc' } })
    fireEvent.click(saveButton())
    expect(await screen.findByText('This is not a valid GTM-ID')).toBeTruthy()
    expect(input().getAttribute('aria-invalid')).toBe('true')
    expect(input().getAttribute('aria-describedby')).toContain(screen.getByText('This is not a valid GTM-ID').id)
    expect(toast.error).toHaveBeenCalled()
    expect(onSave).not.toHaveBeenCalled()
    expect(input().value).toBe('GTM-abc')
  })
  it('saves a valid id once however often Save is pressed, and keeps the input when the database refuses it', async () => {
    let finish: (v: string | null) => void = () => {}
    const onSave = vi.fn(
      () =>
        new Promise<string | null>((r) => {
          finish = r
        }),
    )
    render(<GtmIdForm initial='GTM-OLD1' onSave={onSave} />)
    fireEvent.change(input(), { target: { value: 'GTM-NEW22' } })
    fireEvent.click(saveButton())
    fireEvent.click(saveButton())
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(true))
    fireEvent.click(saveButton())
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(onSave).toHaveBeenCalledWith({ gtm_id: 'GTM-NEW22' })
    finish('This is not a valid GTM-ID')
    expect(await screen.findByText('This is not a valid GTM-ID')).toBeTruthy()
    expect(input().value).toBe('GTM-NEW22')
  })
})
