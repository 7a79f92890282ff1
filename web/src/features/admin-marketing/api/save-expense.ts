// Adds, changes or deletes an expense (admins only; audited by trigger).
import { deleteRow, saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { type ExpenseFormValues, expenseSchema } from './expense-schema'
import { expensesQueryKey } from './get-expenses'
import { summaryQueryKey } from './get-summary'

export const saveExpense = async (
  { id, values }: { id: number | null; values: ExpenseFormValues },
) =>
  await saveRowId('marketing_expenses', id, expenseSchema.parse(values), {
    failed: 'The expense was not saved.',
  })

export const deleteExpense = (id: number) =>
  deleteRow('marketing_expenses', id, 'The expense was not deleted.')

export const useSaveExpense = () =>
  useInvalidatingMutation(saveExpense, [expensesQueryKey, summaryQueryKey])
export const useDeleteExpense = () =>
  useInvalidatingMutation(deleteExpense, [expensesQueryKey, summaryQueryKey])
