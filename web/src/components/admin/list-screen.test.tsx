import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))
const { DeleteConfirm, useEditPanel, usePaged } = await import('./list-screen')
const { toast } = await import('@/lib/toast')

afterEach(cleanup)

describe('usePaged', () => {
  it('pages the items and goes back to the first page when the filters change', () => {
    const items = Array.from({ length: 45 }, (_, i) => i)
    const { result, rerender } = renderHook(({ key }) => usePaged(items, 20, key), { initialProps: { key: { q: '' } } })
    expect(result.current.pages).toBe(3)
    act(() => result.current.setPage(2))
    expect(result.current.shown).toEqual([40, 41, 42, 43, 44])
    rerender({ key: { q: '' } })
    expect(result.current.page).toBe(2)
    rerender({ key: { q: 'x' } })
    expect(result.current.page).toBe(0)
    expect(result.current.shown).toHaveLength(20)
  })
})

describe('useEditPanel', () => {
  it('saves a new row with a null id, an open one with its id, and hands a failure back', async () => {
    const save = vi.fn().mockResolvedValueOnce(1).mockRejectedValueOnce(new Error('No'))
    const { result } = renderHook(() => useEditPanel<{ id: number }, string>(save, 'Task'))
    act(() => result.current.setEditing('new'))
    await act(async () => {
      expect(await result.current.onSave('a')).toBeNull()
    })
    expect(save).toHaveBeenLastCalledWith({ id: null, values: 'a' })
    expect(toast.success).toHaveBeenLastCalledWith('Task added')
    expect(result.current.editing).toBeNull()
    act(() => result.current.setEditing({ id: 7 }))
    await act(async () => {
      expect(await result.current.onSave('b')).toBe('No')
    })
    expect(save).toHaveBeenLastCalledWith({ id: 7, values: 'b' })
    expect(result.current.editing).toEqual({ id: 7 })
  })
})

describe('DeleteConfirm', () => {
  it('deletes only after confirming, and says so', () => {
    const mutate = vi.fn((_id: number, o: { onSuccess: () => void }) => o.onSuccess())
    const onClose = vi.fn()
    render(
      <DeleteConfirm title='Delete it?' remove={{ mutate, isPending: false }} id={5} done='Deleted' onClose={onClose}>
        <p>Gone for good.</p>
      </DeleteConfirm>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(mutate).not.toHaveBeenCalled()
    expect(onClose).toHaveBeenLastCalledWith(false)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(mutate.mock.calls[0]![0]).toBe(5)
    expect(toast.success).toHaveBeenLastCalledWith('Deleted')
    expect(onClose).toHaveBeenLastCalledWith(true)
  })
})
