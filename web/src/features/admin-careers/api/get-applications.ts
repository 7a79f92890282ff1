// Applications for the open roles (admins only, by RLS), newest first, by role and status; and
// every role (drafts and closed ones too) for the filter.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export const APPLICATION_STATUSES = ['new', 'reviewing', 'rejected', 'hired'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]
export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  rejected: 'Rejected',
  hired: 'Hired',
}

const APPLICATION_COLUMNS =
  'id, career_id, name, email, cv_url, message, status, created_at, career:careers(title, slug)'

/** An application; status is text to the client, one of APPLICATION_STATUSES by the table's check. */
export type Application = Omit<ApplicationRead, 'status'> & { status: ApplicationStatus }
type ApplicationRead = NonNullable<Awaited<ReturnType<typeof readApplications>>['data']>[number]

export interface ApplicationFilters {
  careerId: string
  status: '' | ApplicationStatus
}

/** The most a screen loads at once; the caption says when there are more. */
export const APPLICATIONS_LIMIT = 1000

function readApplications(f: ApplicationFilters) {
  let q = supabase().from('career_applications').select(APPLICATION_COLUMNS, { count: 'exact' })
  if (f.careerId) q = q.eq('career_id', Number(f.careerId))
  if (f.status) q = q.eq('status', f.status)
  return q.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(
    APPLICATIONS_LIMIT,
  )
}

export async function getApplications(
  f: ApplicationFilters,
): Promise<{ rows: Application[]; total: number }> {
  const { data, error, count } = await readApplications(f)
  if (error) throw new DbError(error, 'The applications could not be loaded.')
  const rows = (data ?? []) as Application[]
  return { rows, total: count ?? rows.length }
}

export async function getApplicationCareers(): Promise<
  Array<{ id: number; title: string; location: string | null }>
> {
  const { data, error } = await supabase().from('careers').select('id, title, location').order(
    'title',
  )
  if (error) throw new DbError(error, 'The roles could not be loaded.')
  return data ?? []
}

export const applicationsQueryKey = ['admin-careers', 'applications'] as const
export const applicationsQueryOptions = (f: ApplicationFilters) =>
  queryOptions({
    queryKey: [...applicationsQueryKey, f],
    queryFn: () => getApplications(f),
    placeholderData: keepPreviousData,
  })
export const useApplications = (f: ApplicationFilters) => useQuery(applicationsQueryOptions(f))
export const useApplicationCareers = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin-careers', 'careers'],
      queryFn: getApplicationCareers,
      staleTime: 5 * 60_000,
    }),
  )
