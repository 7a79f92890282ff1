// /admin/tasks: tasks per site and person with due dates; filter, search and page; add, edit and
// delete (after confirming). /admin/tasks/dashboard: the status board, where every card moves
// between columns with its buttons (keyboard and screen readers alike; no dragging needed).
import { useEffect, useMemo, useState } from 'react'
import { EditPanel } from '@/components/admin/admin-form'
import { DeleteConfirm, useEditPanel, usePaged } from '@/components/admin/list-screen'
import { css } from 'goober'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { EmptyState, ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonLink, buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { personName, type Task, type TaskFilters, useTasks } from '../api/get-tasks'
import { useDeleteTask, useMoveTask, useSaveTask } from '../api/save-task'
import {
  emptyTask,
  isOverdue,
  neighbours,
  STATUS_LABELS,
  TASK_STATUSES,
  type TaskFormValues,
  type TaskStatus,
} from '../api/task-schema'
import { TaskFilterFields } from '../components/TaskFilters'
import { TaskForm } from '../components/TaskForm'
import { noWrap } from '@/components/admin/styles'
import { shortDate } from '@/lib/dates'

const overdue = css`
  color: var(--roots-error);
`

export const PAGE_SIZE = 25
const noFilters = (): TaskFilters => ({ siteId: '', person: '', status: '' })

const toForm = (t: Task): TaskFormValues => ({
  title: t.title,
  description: t.description ?? '',
  site_id: t.site_id === null ? '' : String(t.site_id),
  assigned_to: t.assigned_to ?? '',
  status: t.status,
  due_on: t.due_on ?? '',
})

export function AdminTasksRoute() {
  usePageMeta('Tasks')
  const [filters, setFilters] = useState<TaskFilters>(noFilters)
  const [search, setSearch] = useState('')
  const [deleting, setDeleting] = useState<Task | null>(null)
  const tasks = useTasks(filters)
  const save = useSaveTask()
  const remove = useDeleteTask()
  const { editing, setEditing, onSave, key } = useEditPanel<Task, TaskFormValues>(save.mutateAsync, 'Task')
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase()
    return (tasks.data ?? []).filter((t) => q === '' || `${t.title} ${t.description ?? ''}`.toLowerCase().includes(q))
  }, [tasks.data, search])
  const { page, setPage, pages, shown } = usePaged(filtered, PAGE_SIZE, [filters, search])

  return (
    <>
      <PageHeader title='Tasks'>
        {editing === null && (
          <button type='button' className={buttonPrimary} onClick={() => setEditing('new')}>
            New task
          </button>
        )}
        <Link href={`~${adminPaths.adminTasksDashboard.getHref()}`} className={buttonSecondary}>
          Task board
        </Link>
      </PageHeader>
      {editing !== null && (
        <EditPanel id='task-form-title' title={editing === 'new' ? 'New task' : 'Edit task'}>
          <TaskForm
            key={key}
            initial={editing === 'new' ? emptyTask() : toForm(editing)}
            submitLabel={editing === 'new' ? 'Add task' : 'Save task'}
            onSave={onSave}
            onCancel={() => setEditing(null)}
          />
        </EditPanel>
      )}
      <div className={toolbar} role='search'>
        <Field label='Search tasks'>
          <input type='search' value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <TaskFilterFields filters={filters} onChange={setFilters} />
        <Field label='Status'>
          <select value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value }))}>
            <option value=''>Any status</option>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {tasks.isPending && <Status>Loading tasks…</Status>}
      {tasks.isError && <ErrorNotice title='The tasks could not be loaded' message={tasks.error.message} />}
      <DataTable
        rows={tasks.data && shown}
        head={['Task', 'Site', 'Who', 'Due', 'Status', 'Actions']}
        caption={
          <>
            {filtered.length} {filtered.length === 1 ? 'task' : 'tasks'}
          </>
        }
        empty={tasks.data?.length === 0 ? 'No tasks here. Add one.' : 'No task matches this search.'}
        pager={{ page, pages, onPage: setPage }}
      >
        {(t) => (
          <tr key={t.id}>
            <td>{t.title}</td>
            <td>{t.site?.location ?? '—'}</td>
            <td>{personName(t)}</td>
            <td>
              {shortDate(t.due_on)}
              {isOverdue(t) && <strong className={overdue}> (overdue)</strong>}
            </td>
            <td>{STATUS_LABELS[t.status]}</td>
            <td className={noWrap}>
              <button
                type='button'
                className={buttonLink}
                aria-label={`Edit “${t.title}”`}
                onClick={() => setEditing(t)}
              >
                Edit
              </button>
              {' · '}
              <button
                type='button'
                className={buttonLink}
                aria-label={`Delete “${t.title}”`}
                onClick={() => setDeleting(t)}
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {deleting && (
        <DeleteConfirm
          title={`Delete “${deleting.title}”?`}
          remove={remove}
          id={deleting.id}
          done='Task deleted'
          onClose={() => setDeleting(null)}
        >
          <p>The task leaves the list and the board.</p>
        </DeleteConfirm>
      )}
    </>
  )
}

const board = css`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr));
  align-items: start;
  section {
    background: #eef2ee;
    border-radius: 0.5rem;
    padding: 0.75rem;
  }
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.15rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.5rem;
  }
  li {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 0.75rem;
  }
  li:focus {
    outline: 3px solid var(--roots-focus);
    outline-offset: 2px;
  }
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }
  .meta {
    margin: 0 0 0.5rem;
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
  .overdue {
    color: var(--roots-error);
    font-weight: 700;
  }
  .moves {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .moves button {
    min-height: 2.5rem;
    padding: 0.25rem 0.75rem;
  }
`

/** Tasks by column, in the list's order (soonest due first). */
export function byStatus(tasks: readonly Task[]): Record<TaskStatus, Task[]> {
  const out: Record<TaskStatus, Task[]> = { todo: [], doing: [], done: [] }
  for (const t of tasks) out[t.status].push(t)
  return out
}

export function AdminTaskBoardRoute() {
  usePageMeta('Task board')
  const [filters, setFilters] = useState<TaskFilters>(noFilters)
  const tasks = useTasks(filters)
  const move = useMoveTask()
  const [moved, setMoved] = useState<number | null>(null)
  const columns = useMemo(() => byStatus(tasks.data ?? []), [tasks.data])
  // Focus follows a moved card into its new column, so the keyboard user can keep moving it.
  useEffect(() => {
    const card = moved === null ? null : document.getElementById(`task-card-${moved}`)
    if (card && tasks.data?.some((t) => t.id === moved)) {
      card.focus()
      setMoved(null)
    }
  }, [moved, tasks.data])

  const go = (t: Task, to: TaskStatus) =>
    move.mutate(
      { id: t.id, status: to },
      {
        onSuccess: () => {
          setMoved(t.id)
          toast.success(`“${t.title}” moved to ${STATUS_LABELS[to]}`)
        },
        onError: (e) => toast.error(e.message),
      },
    )

  return (
    <>
      <PageHeader title='Task board'>
        <Link href={`~${adminPaths.adminTasks.getHref()}`} className={buttonSecondary}>
          Task list
        </Link>
      </PageHeader>
      <div className={toolbar}>
        <TaskFilterFields filters={filters} onChange={setFilters} />
      </div>
      {tasks.isPending && <Status>Loading the board…</Status>}
      {tasks.isError && <ErrorNotice title='The board could not be loaded' message={tasks.error.message} />}
      {tasks.data && tasks.data.length === 0 && <EmptyState>No tasks for these filters.</EmptyState>}
      {tasks.data && tasks.data.length > 0 && (
        <div className={board}>
          {TASK_STATUSES.map((status) => (
            <section key={status} aria-labelledby={`column-${status}`}>
              <h2 id={`column-${status}`}>
                {STATUS_LABELS[status]} ({columns[status].length})
              </h2>
              {columns[status].length === 0 ? (
                <p>Nothing here.</p>
              ) : (
                <ul aria-labelledby={`column-${status}`}>
                  {columns[status].map((t) => {
                    const { prev, next } = neighbours(t.status)
                    return (
                      <li key={t.id} id={`task-card-${t.id}`} tabIndex={-1} aria-labelledby={`task-title-${t.id}`}>
                        <h3 id={`task-title-${t.id}`}>{t.title}</h3>
                        <p className='meta'>
                          {t.site?.location ?? 'No site'} · {personName(t)} · due {shortDate(t.due_on)}
                          {isOverdue(t) && <span className='overdue'> · overdue</span>}
                        </p>
                        <div className='moves'>
                          {prev && (
                            <button
                              type='button'
                              className={buttonSecondary}
                              disabled={move.isPending}
                              aria-label={`Move “${t.title}” to ${STATUS_LABELS[prev]}`}
                              onClick={() => go(t, prev)}
                            >
                              ← {STATUS_LABELS[prev]}
                            </button>
                          )}
                          {next && (
                            <button
                              type='button'
                              className={buttonSecondary}
                              disabled={move.isPending}
                              aria-label={`Move “${t.title}” to ${STATUS_LABELS[next]}`}
                              onClick={() => go(t, next)}
                            >
                              {STATUS_LABELS[next]} →
                            </button>
                          )}
                        </div>
                      </li>
                    )
                  })}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </>
  )
}
