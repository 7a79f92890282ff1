// Waiting-list entries by site, category and status, searched by name, e-mail or reference,
// a page at a time with the total. RLS gives a patch manager only their sites' entries.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Selected } from '@/lib/db-types'

export const PAGE_SIZE = 25

export interface EntryFilters {
  siteId: string
  categoryId: string
  status: string
  search: string
}

export const ENTRY_COLUMNS =
  'id, reference, site_id, location, category_id, first_name, last_name, email, phone, postcode, plot_size_preference, notes, status, joined_at, consent_marketing'

export type Entry = Selected<'waiting_list_entries', typeof ENTRY_COLUMNS>

/** Words of a search, stripped of what PostgREST's filter grammar would read as syntax. */
export const searchWords = (search: string) =>
  search.replace(/[,()*%\\:"']/g, ' ').split(/\s+/).filter(Boolean).slice(0, 5)

/** What applyFilters uses of a waiting_list_entries query (each filter returns the same builder). */
interface Filterable<Q> {
  eq(c: 'site_id' | 'category_id', v: number): Q
  eq(c: 'status', v: string): Q
  or(f: string): Q
  is(c: 'category_id', v: null): Q
}

/** Adds the filters to a query builder of waiting_list_entries. */
export function applyFilters<Q extends Filterable<Q>>(query: Q, f: EntryFilters): Q {
  let q = query
  if (f.siteId) q = q.eq('site_id', Number(f.siteId))
  if (f.categoryId === 'none') q = q.is('category_id', null)
  else if (f.categoryId) q = q.eq('category_id', Number(f.categoryId))
  if (f.status) q = q.eq('status', f.status)
  for (const w of searchWords(f.search)) {
    q = q.or(
      `first_name.ilike.%${w}%,last_name.ilike.%${w}%,email.ilike.%${w}%,reference.eq.${w.toLowerCase()}`,
    )
  }
  return q
}

export async function getEntries(
  filters: EntryFilters,
  page: number,
): Promise<{ rows: Entry[]; total: number }> {
  const from = page * PAGE_SIZE
  const query = applyFilters(
    supabase().from('waiting_list_entries').select(ENTRY_COLUMNS, { count: 'exact' }),
    filters,
  )
  const { data, error, count } = await query.order('joined_at', { ascending: true }).order('id')
    .range(from, from + PAGE_SIZE - 1)
  if (error) throw new DbError(error, 'The waiting list could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export const entriesQueryKey = ['admin-waiting-list', 'entries'] as const

export const entriesQueryOptions = (filters: EntryFilters, page: number) =>
  queryOptions({
    queryKey: [...entriesQueryKey, filters, page],
    queryFn: () => getEntries(filters, page),
    placeholderData: keepPreviousData,
  })

export const useEntries = (filters: EntryFilters, page: number) =>
  useQuery(entriesQueryOptions(filters, page))
