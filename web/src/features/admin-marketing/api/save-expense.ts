// Adds, changes or deletes an expense (admins only; audited by trigger).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { expenseSchema, type ExpenseFormValues } from './expense-schema'
import { expensesQueryKey } from './get-expenses'
import { summaryQueryKey } from './get-summary'

export async function saveExpense({ id, values }: { id: number | null; values: ExpenseFormValues }): Promise<number> {
  const row = expenseSchema.parse(values)
  const table = supabase().from('marketing_expenses')
  const { data, error } = id === null ? await table.insert(row).select('id').single() : await table.update(row).eq('id', id).select('id').maybeSingle()
  if (error) throw new DbError(error, 'The expense was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data.id as number
}

export async function deleteExpense(id: number): Promise<void> {
  const { data, error } = await supabase().from('marketing_expenses').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The expense was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: expensesQueryKey })
      await qc.invalidateQueries({ queryKey: summaryQueryKey })
    },
  })
}

export const useSaveExpense = () => useInvalidating(saveExpense)
export const useDeleteExpense = () => useInvalidating(deleteExpense)
