// /admin/marketing/expenses: spend by site, campaign and date; search, page; add, edit and delete
// (after confirming).
import { useMemo, useState } from 'react'
import { EditPanel } from '@/components/admin/admin-form'
import { DeleteConfirm, useEditPanel, usePaged } from '@/components/admin/list-screen'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice, Field, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonLink, buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { emptyExpense, type ExpenseFormValues, pounds } from '../api/expense-schema'
import { type Expense, type ExpenseFilters, useExpenses, useMarketingSites } from '../api/get-expenses'
import { useDeleteExpense, useSaveExpense } from '../api/save-expense'
import { ExpenseForm } from '../components/ExpenseForm'
import { muted, noWrap } from '@/components/admin/styles'
import { numericDate } from '@/lib/dates'

export const PAGE_SIZE = 25

export function searchExpenses(rows: readonly Expense[], search: string): Expense[] {
  const q = search.trim().toLowerCase()
  return q === ''
    ? [...rows]
    : rows.filter((r) => [r.campaign, r.channel, r.description ?? ''].some((f) => f.toLowerCase().includes(q)))
}

const toForm = (e: Expense): ExpenseFormValues => ({
  campaign: e.campaign,
  channel: e.channel,
  description: e.description ?? '',
  amount: (e.amount_pence / 100).toFixed(2),
  spent_on: e.spent_on,
  site_id: e.site_id === null ? '' : String(e.site_id),
})

export function AdminMarketingExpensesRoute() {
  usePageMeta('Marketing expenses')
  const sites = useMarketingSites()
  const [filters, setFilters] = useState<ExpenseFilters>({ siteId: '', from: '', to: '' })
  const [search, setSearch] = useState('')
  const [deleting, setDeleting] = useState<Expense | null>(null)
  const expenses = useExpenses(filters)
  const save = useSaveExpense()
  const remove = useDeleteExpense()
  const { editing, setEditing, onSave, key } = useEditPanel<Expense, ExpenseFormValues>(save.mutateAsync, 'Expense')
  const filtered = useMemo(() => searchExpenses(expenses.data ?? [], search), [expenses.data, search])
  const { page, setPage, pages, shown } = usePaged(filtered, PAGE_SIZE, [filters, search])
  const total = filtered.reduce((s, e) => s + e.amount_pence, 0)
  const setFilter = (k: keyof ExpenseFilters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [k]: e.target.value }))

  return (
    <>
      <PageHeader title='Marketing expenses'>
        {editing === null && (
          <button type='button' className={buttonPrimary} onClick={() => setEditing('new')}>
            Add an expense
          </button>
        )}
        <Link href={`~${adminPaths.adminMarketing.getHref()}`} className={buttonSecondary}>
          Marketing
        </Link>
      </PageHeader>
      {editing !== null && (
        <EditPanel id='expense-form-title' title={editing === 'new' ? 'New expense' : 'Edit expense'}>
          <ExpenseForm
            key={key}
            initial={editing === 'new' ? emptyExpense() : toForm(editing)}
            submitLabel={editing === 'new' ? 'Add expense' : 'Save expense'}
            onSave={onSave}
            onCancel={() => setEditing(null)}
          />
        </EditPanel>
      )}
      <div className={toolbar} role='search'>
        <Field label='Search'>
          <input
            type='search'
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder='Campaign, channel or description'
          />
        </Field>
        <Field label='Site'>
          <select value={filters.siteId} onChange={setFilter('siteId')}>
            <option value=''>Any site</option>
            <option value='all'>Every site (not site-specific)</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location}
              </option>
            ))}
          </select>
        </Field>
        <Field label='From'>
          <input type='date' value={filters.from} onChange={setFilter('from')} />
        </Field>
        <Field label='To'>
          <input type='date' value={filters.to} onChange={setFilter('to')} />
        </Field>
      </div>
      {expenses.isPending && <Status>Loading expenses…</Status>}
      {expenses.isError && <ErrorNotice title='The expenses could not be loaded' message={expenses.error.message} />}
      <DataTable
        rows={expenses.data && shown}
        head={['Spent on', 'Campaign', 'Channel', 'Site', { label: 'Amount', num: true }, 'Actions']}
        caption={
          <>
            {filtered.length} {filtered.length === 1 ? 'expense' : 'expenses'}, {pounds(total)} in all
          </>
        }
        empty={
          expenses.data?.length === 0
            ? 'No expenses in these dates. Add the first one.'
            : 'No expense matches this search.'
        }
        pager={{ page, pages, onPage: setPage }}
      >
        {(e) => (
          <tr key={e.id}>
            <td>{numericDate(e.spent_on)}</td>
            <td>
              {e.campaign}
              {e.description && (
                <>
                  <br />
                  <span className={muted}>{e.description}</span>
                </>
              )}
            </td>
            <td>{e.channel}</td>
            <td>{e.site?.location ?? 'Every site'}</td>
            <td className='num'>{pounds(e.amount_pence)}</td>
            <td className={noWrap}>
              <button
                type='button'
                className={buttonLink}
                aria-label={`Edit the ${e.campaign} expense of ${e.spent_on}`}
                onClick={() => setEditing(e)}
              >
                Edit
              </button>
              {' · '}
              <button
                type='button'
                className={buttonLink}
                aria-label={`Delete the ${e.campaign} expense of ${e.spent_on}`}
                onClick={() => setDeleting(e)}
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      </DataTable>
      {deleting && (
        <DeleteConfirm
          title='Delete this expense?'
          remove={remove}
          id={deleting.id}
          done='Expense deleted'
          onClose={() => setDeleting(null)}
        >
          <p>
            {deleting.campaign}, {deleting.channel}: {pounds(deleting.amount_pence)} on {deleting.spent_on}.
          </p>
        </DeleteConfirm>
      )}
    </>
  )
}
