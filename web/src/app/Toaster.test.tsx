import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import hotToast from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { Toaster } from './Toaster'

afterEach(() => {
  act(() => hotToast.remove())
  cleanup()
  vi.useRealTimers()
})

describe('toasts', () => {
  it('shows the four kinds top right, errors and warnings as alerts', async () => {
    render(<Toaster />)
    act(() => {
      toast.success('Saved')
      toast.error('Could not save')
      toast.warning('Check the dates')
      toast.info('Site opens in May')
    })
    for (const text of ['Saved', 'Could not save', 'Check the dates', 'Site opens in May']) expect(await screen.findByText(text)).toBeTruthy()
    expect(screen.getByText('Could not save').closest('[role]')!.getAttribute('role')).toBe('alert')
    expect(screen.getByText('Check the dates').closest('[role]')!.getAttribute('role')).toBe('alert')
    expect(screen.getByText('Saved').closest('[role]')!.getAttribute('role')).toBe('status')
    const container = document.querySelector('[data-rht-toaster]') as HTMLElement
    expect(container.style.top).toBe('16px')
    const bar = screen.getByText('Saved').closest('[role]')!.parentElement!.parentElement as HTMLElement
    expect(bar.style.justifyContent).toBe('flex-end')
  })

  it('is closable', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => { toast.info('Closable', { duration: 60_000 }) })
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }))
    act(() => { vi.advanceTimersByTime(1500) })
    expect(screen.queryByText('Closable')).toBeNull()
  })

  it('stays 3000 ms by default, then leaves', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => { toast.success('Timed') })
    act(() => { vi.advanceTimersByTime(2990) })
    expect(screen.queryByText('Timed')).not.toBeNull()
    act(() => { vi.advanceTimersByTime(20) }) // dismissed at 3000 ms…
    act(() => { vi.advanceTimersByTime(1100) }) // …and removed after its exit animation
    expect(screen.queryByText('Timed')).toBeNull()
  })
})
