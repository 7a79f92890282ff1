import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Task } from '../api/get-tasks'

let tasks: Task[] = []
const mutate = vi.fn()
vi.mock('../api/get-tasks', () => ({
  useTasks: () => ({ data: tasks, isPending: false, isError: false }),
  useStaff: () => ({ data: [{ id: 'u1', name: 'Tom Team' }] }),
  useTaskSites: () => ({ data: [{ id: 1, location: 'Tuckers Meadow' }] }),
  personName: (t: Task) => t.assignee?.full_name ?? 'Nobody',
}))
vi.mock('../api/save-task', () => ({ useMoveTask: () => ({ mutate, isPending: false }) }))
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

const { AdminTaskBoardRoute } = await import('./tasks')
const { toast } = await import('@/lib/toast')

afterEach(() => {
  cleanup()
  mutate.mockReset()
})

const task = (id: number, title: string, status: Task['status']): Task => ({
  id,
  title,
  status,
  description: null,
  site_id: 1,
  assigned_to: 'u1',
  due_on: '2030-01-01',
  site: { location: 'Tuckers Meadow' },
  assignee: { full_name: 'Tom Team', email: null },
})

describe('the task board', () => {
  it('shows three columns, each card with buttons to its neighbouring columns', () => {
    tasks = [task(1, 'Fix the trough', 'todo'), task(2, 'Order seed', 'doing'), task(3, 'Print packs', 'done')]
    render(<AdminTaskBoardRoute />)
    const todo = screen.getByRole('region', { name: /To do/ })
    expect(within(todo).getByRole('heading', { name: 'Fix the trough' })).toBeTruthy()
    expect(within(todo).queryByRole('button', { name: /to To do/ })).toBeNull()
    expect(within(todo).getByRole('button', { name: 'Move “Fix the trough” to Doing' })).toBeTruthy()
    const doing = screen.getByRole('region', { name: /Doing/ })
    expect(within(doing).getByRole('button', { name: 'Move “Order seed” to To do' })).toBeTruthy()
    expect(within(doing).getByRole('button', { name: 'Move “Order seed” to Done' })).toBeTruthy()
    const done = screen.getByRole('region', { name: /Done/ })
    expect(within(done).queryByRole('button', { name: /to Done/ })).toBeNull()
  })
  it('moves a card with its button (a real button: Enter and Space work) and focuses it in its new column', () => {
    tasks = [task(1, 'Fix the trough', 'todo')]
    const view = render(<AdminTaskBoardRoute />)
    const button = screen.getByRole('button', { name: 'Move “Fix the trough” to Doing' })
    expect(button.tagName).toBe('BUTTON')
    button.focus()
    fireEvent.click(button)
    expect(mutate).toHaveBeenCalledTimes(1)
    expect(mutate.mock.calls[0]![0]).toEqual({ id: 1, status: 'doing' })
    tasks = [task(1, 'Fix the trough', 'doing')]
    mutate.mock.calls[0]![1].onSuccess()
    view.rerender(<AdminTaskBoardRoute />)
    expect(toast.success).toHaveBeenCalledWith('“Fix the trough” moved to Doing')
    const card = document.getElementById('task-card-1')!
    expect(
      within(screen.getByRole('region', { name: /Doing/ })).getByRole('heading', { name: 'Fix the trough' }),
    ).toBeTruthy()
    expect(document.activeElement).toBe(card)
  })
  it('says so when there are no tasks', () => {
    tasks = []
    render(<AdminTaskBoardRoute />)
    expect(screen.getByText('No tasks for these filters.')).toBeTruthy()
  })
})
