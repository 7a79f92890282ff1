// Plans: read all (admins see those off offer too), create, update, delete.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { deleteRow, saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { type Plan, type PlanFormValues, planSchema } from './plan-schema'

export async function getPlans(): Promise<Plan[]> {
  const { data, error } = await supabase().from('plans').select(
    'id, name, description, plot_size, price_pence, billing_interval, active, sort_order, updated_at',
  ).order('sort_order').order('id')
  if (error) throw new DbError(error, 'The plans could not be loaded.')
  return data ?? []
}
export const plansQueryKey = ['admin-plans', 'plans'] as const
export const usePlans = () => useQuery(queryOptions({ queryKey: plansQueryKey, queryFn: getPlans }))

export const savePlan = async ({ id, values }: { id: number | null; values: PlanFormValues }) =>
  await saveRowId('plans', id, planSchema.parse(values), {
    failed: 'The plan was not saved.',
    duplicate: 'Another plan already has that name.',
  })

export const deletePlan = (id: number) => deleteRow('plans', id, 'The plan was not deleted.')

export const useSavePlan = () => useInvalidatingMutation(savePlan, [plansQueryKey])
export const useDeletePlan = () => useInvalidatingMutation(deletePlan, [plansQueryKey])
