// Archiving a site (admins only): what the archive would touch (site_archive_summary), and the
// archive itself (archive_site, one transaction): its list moves to another open site with every
// join date kept, or is withdrawn with a reason the applicants are told. The mails follow through
// the outboxes (the list-updates and bookings functions, drained every minute).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { supabase } from '@/lib/supabase'
import { sitesQueryKey } from './get-sites'

export interface ArchiveSummary {
  live_entries: number
  offers_open: number
  pre_registrations: number
  slots_coming: number
}

export async function getArchiveSummary(siteId: number): Promise<ArchiveSummary> {
  const { data, error } = await supabase().rpc('site_archive_summary', { p_site_id: siteId })
  if (error) throw new DbError(error, 'What the archive would touch could not be loaded.')
  const r = data?.[0]
  return {
    live_entries: Number(r?.live_entries ?? 0),
    offers_open: Number(r?.offers_open ?? 0),
    pre_registrations: Number(r?.pre_registrations ?? 0),
    slots_coming: Number(r?.slots_coming ?? 0),
  }
}

export const archiveSummaryOptions = (siteId: number) =>
  queryOptions({
    queryKey: ['admin-locations', 'archive-summary', siteId] as const,
    queryFn: () => getArchiveSummary(siteId),
  })

export const useArchiveSummary = (siteId: number) => useQuery(archiveSummaryOptions(siteId))

/** The dialog's choice, checked before anything is sent. */
export const archiveSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('move'),
    toSiteId: z.string().min(1, 'Choose the site the list moves to.').transform(Number),
    reason: z.string().trim().max(500, 'At most 500 characters.'),
  }),
  z.object({
    action: z.literal('withdraw'),
    toSiteId: z.string(),
    reason: z.string().trim().min(1, 'Say why: the applicants are told.').max(
      500,
      'At most 500 characters.',
    ),
  }),
])
export type ArchiveInput = z.input<typeof archiveSchema>

export interface ArchiveResult {
  moved: number
  merged: number
  withdrawn: number
  pre_registrations_withdrawn: number
  slots_cancelled: number
}

export async function archiveSite(
  { siteId, input }: { siteId: number; input: ArchiveInput },
): Promise<ArchiveResult> {
  const v = archiveSchema.parse(input)
  const { data, error } = await supabase().rpc('archive_site', {
    p_site_id: siteId,
    p_action: v.action,
    ...(v.action === 'move' ? { p_to_site_id: v.toSiteId } : {}),
    ...(v.reason === '' ? {} : { p_reason: v.reason }),
  })
  if (error) throw new DbError(error, 'The site was not archived.')
  const r = data?.[0]
  if (!r) throw new DbError({ code: '42501' })
  return {
    moved: Number(r.moved),
    merged: Number(r.merged),
    withdrawn: Number(r.withdrawn),
    pre_registrations_withdrawn: Number(r.pre_registrations_withdrawn),
    slots_cancelled: Number(r.slots_cancelled),
  }
}

/** The toast after an archive: what happened to the list. */
export function archiveMessage(location: string, r: ArchiveResult, to?: string): string {
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`
  const list = r.moved + r.merged > 0
    ? `${n(r.moved + r.merged, 'applicant', 'applicants')} moved to ${to ?? 'the other site'}`
    : r.withdrawn > 0
    ? `${n(r.withdrawn, 'applicant', 'applicants')} withdrawn`
    : 'nobody was waiting'
  const extra = [
    r.pre_registrations_withdrawn > 0
      ? n(r.pre_registrations_withdrawn, 'pre-registration', 'pre-registrations') + ' withdrawn'
      : '',
    r.slots_cancelled > 0
      ? n(r.slots_cancelled, 'welcome slot', 'welcome slots') + ' cancelled'
      : '',
  ].filter(Boolean)
  const told =
    r.moved + r.merged + r.withdrawn + r.pre_registrations_withdrawn + r.slots_cancelled > 0
  return `${location} archived: ${[list, ...extra].join(', ')}.${
    told ? ' Everyone is e-mailed.' : ''
  }`
}

export const useArchiveSite = () => useInvalidatingMutation(archiveSite, [sitesQueryKey])
