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
    const roles: Record<string, string | null> = {}
    for (const [text, show] of [
      ['Saved', () => toast.success('Saved')],
      ['Could not save', () => toast.error('Could not save')],
      ['Check the dates', () => toast.warning('Check the dates')],
      ['Site opens in May', () => toast.info('Site opens in May')],
    ] as const) {
      act(() => {
        show()
      })
      roles[text] = (await screen.findByText(text)).closest('[role]')!.getAttribute('role')
      if (text === 'Saved') {
        const container = document.querySelector('[data-rht-toaster]') as HTMLElement
        expect(container.style.top).toBe('16px')
        const bar = screen.getByText('Saved').closest('[role]')!.parentElement!.parentElement as HTMLElement
        expect(bar.style.justifyContent).toBe('flex-end')
      }
    }
    expect(roles).toEqual({
      Saved: 'status',
      'Could not save': 'alert',
      'Check the dates': 'alert',
      'Site opens in May': 'status',
    })
  })

  it('shows one toast at a time: a new one replaces the one showing', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast.success('Exported 3 sign-ups')
    })
    act(() => {
      vi.advanceTimersByTime(500)
    })
    act(() => {
      toast.error('The export failed')
    })
    act(() => {
      vi.advanceTimersByTime(1100)
    }) // the replaced toast's exit animation
    expect(screen.queryByText('Exported 3 sign-ups')).toBeNull()
    expect(screen.getByText('The export failed')).toBeTruthy()
  })

  it('is closable', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast.info('Closable', { duration: 60_000 })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }))
    act(() => {
      vi.advanceTimersByTime(1500)
    })
    expect(screen.queryByText('Closable')).toBeNull()
  })

  it('stays 3000 ms by default, then leaves', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast.success('Timed')
    })
    act(() => {
      vi.advanceTimersByTime(2990)
    })
    expect(screen.queryByText('Timed')).not.toBeNull()
    act(() => {
      vi.advanceTimersByTime(20)
    }) // dismissed at 3000 ms…
    act(() => {
      vi.advanceTimersByTime(1100)
    }) // …and removed after its exit animation
    expect(screen.queryByText('Timed')).toBeNull()
  })
})
