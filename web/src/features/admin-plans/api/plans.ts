// Plans: read all (admins see those off offer too), create, update, delete.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { type Plan, type PlanFormValues, planSchema } from './plan-schema'

export async function getPlans(): Promise<Plan[]> {
  const { data, error } = await supabase().from('plans').select('id, name, description, plot_size, price_pence, billing_interval, active, sort_order, updated_at').order('sort_order').order('id')
  if (error) throw new DbError(error, 'The plans could not be loaded.')
  return (data ?? []) as Plan[]
}
export const plansQueryKey = ['admin-plans', 'plans'] as const
export const usePlans = () => useQuery(queryOptions({ queryKey: plansQueryKey, queryFn: getPlans }))

export async function savePlan({ id, values }: { id: number | null; values: PlanFormValues }): Promise<number> {
  const row = planSchema.parse(values)
  const table = supabase().from('plans')
  const { data, error } = id === null ? await table.insert(row).select('id').single() : await table.update(row).eq('id', id).select('id').maybeSingle()
  if (error?.code === '23505') throw new DbError({ code: '23505', message: 'Another plan already has that name.' })
  if (error) throw new DbError(error, 'The plan was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data.id as number
}

export async function deletePlan(id: number): Promise<void> {
  const { data, error } = await supabase().from('plans').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The plan was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useSavePlan() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: savePlan, onSuccess: () => qc.invalidateQueries({ queryKey: plansQueryKey }) })
}
export function useDeletePlan() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: deletePlan, onSuccess: () => qc.invalidateQueries({ queryKey: plansQueryKey }) })
}
