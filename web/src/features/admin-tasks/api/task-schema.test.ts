import { describe, expect, it } from 'vitest'
import { emptyTask, isOverdue, neighbours, taskSchema } from './task-schema'
import { byStatus } from '../routes/tasks'
import type { Task } from './get-tasks'

describe('tasks', () => {
  it('need a title; empty choices are stored as nothing', () => {
    expect(
      taskSchema.safeParse(emptyTask()).error!.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([['title', 'Say what needs doing.']])
    expect(taskSchema.parse({ ...emptyTask(), title: ' Mow ' })).toEqual({
      title: 'Mow',
      description: null,
      site_id: null,
      assigned_to: null,
      status: 'todo',
      due_on: null,
    })
    expect(
      taskSchema.parse({
        title: 'Mow',
        description: 'Paths',
        site_id: '3',
        assigned_to: 'u1',
        status: 'doing',
        due_on: '2026-04-01',
      }),
    )
      .toEqual({
        title: 'Mow',
        description: 'Paths',
        site_id: 3,
        assigned_to: 'u1',
        status: 'doing',
        due_on: '2026-04-01',
      })
    expect(
      taskSchema.safeParse({ ...emptyTask(), title: 'x', status: 'blocked' }).error!.issues[0]!
        .message,
    ).toBe('Choose a status.')
  })
  it('move one column at a time on the board', () => {
    expect(neighbours('todo')).toEqual({ prev: null, next: 'doing' })
    expect(neighbours('doing')).toEqual({ prev: 'todo', next: 'done' })
    expect(neighbours('done')).toEqual({ prev: 'doing', next: null })
  })
  it('are overdue when due before today and not done', () => {
    expect(isOverdue({ status: 'todo', due_on: '2026-03-09' }, '2026-03-10')).toBe(true)
    expect(isOverdue({ status: 'todo', due_on: '2026-03-10' }, '2026-03-10')).toBe(false)
    expect(isOverdue({ status: 'done', due_on: '2026-01-01' }, '2026-03-10')).toBe(false)
    expect(isOverdue({ status: 'doing', due_on: null }, '2026-03-10')).toBe(false)
  })
  it('fall into their columns in list order', () => {
    const t = (id: number, status: Task['status']) => ({ id, status } as Task)
    const cols = byStatus([t(1, 'done'), t(2, 'todo'), t(3, 'todo'), t(4, 'doing')])
    expect([cols.todo.map((x) => x.id), cols.doing.map((x) => x.id), cols.done.map((x) => x.id)])
      .toEqual([[2, 3], [4], [1]])
  })
})
