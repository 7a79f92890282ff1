// A site's photo gallery (public.site_photos): each row names an object in bucket images, its
// small copy, its thumbnail and its alt text, shown in sort_order. Staff (and the site's patch manager) add,
// reorder and remove photos; RLS decides. Removing a photo deletes its row, then its files.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { describeDbError } from '@/lib/admin/db-error'
import { removeImages } from '@/lib/storage'
import { supabase } from '@/lib/supabase'

export interface SitePhoto {
  id: number
  path: string
  /** The copy at most 800 px wide beside it, if one was stored. */
  small_path: string | null
  /** The copy at most 264 px wide beside it, if one was stored. */
  thumb_path: string | null
  alt: string
  sort_order: number
}

export const sitePhotosKey = (siteId: number) => ['admin', 'site-photos', siteId] as const

export async function getSitePhotos(siteId: number): Promise<SitePhoto[]> {
  const { data, error } = await supabase().from('site_photos').select(
    'id, path, small_path, thumb_path, alt, sort_order',
  )
    .eq('site_id', siteId)
    .order('sort_order').order('id')
  if (error) throw new Error(describeDbError(error, 'The photos could not be loaded.'))
  return data
}

export const useSitePhotos = (siteId: number) =>
  useQuery({ queryKey: sitePhotosKey(siteId), queryFn: () => getSitePhotos(siteId) })

/** Adds a photo after the others; the reason when refused. */
export async function addSitePhoto(
  siteId: number,
  photo: { path: string; smallPath: string | null; thumbPath: string | null; alt: string },
  after: SitePhoto[],
): Promise<string | null> {
  const sortOrder = after.reduce((m, p) => Math.max(m, p.sort_order + 1), 0)
  const { error } = await supabase().from('site_photos').insert({
    site_id: siteId,
    path: photo.path,
    small_path: photo.smallPath,
    thumb_path: photo.thumbPath,
    alt: photo.alt,
    sort_order: sortOrder,
  })
  return error ? describeDbError(error, 'The photo was not added.') : null
}

/** The list with photo `index` moved by `by` places (−1 up, +1 down), renumbered 0…n−1. */
export function reordered(photos: SitePhoto[], index: number, by: -1 | 1): SitePhoto[] {
  const to = index + by
  if (to < 0 || to >= photos.length) return photos
  const next = [...photos]
  ;[next[index], next[to]] = [next[to]!, next[index]!]
  return next.map((p, i) => ({ ...p, sort_order: i }))
}

/** Writes the sort_order of every photo whose place changed. */
export async function saveOrder(before: SitePhoto[], after: SitePhoto[]): Promise<string | null> {
  const was = new Map(before.map((p) => [p.id, p.sort_order]))
  for (const p of after.filter((q) => was.get(q.id) !== q.sort_order)) {
    const { error } = await supabase().from('site_photos').update({ sort_order: p.sort_order }).eq(
      'id',
      p.id,
    )
    if (error) return describeDbError(error, 'The new order was not saved.')
  }
  return null
}

export async function removeSitePhoto(photo: SitePhoto): Promise<string | null> {
  const { data, error } = await supabase().from('site_photos').delete().eq('id', photo.id).select(
    'id',
  )
  if (error) return describeDbError(error, 'The photo was not removed.')
  if (!data?.length) {
    return 'The photo was not removed: it is gone already or you may not remove it.'
  }
  await removeImages(
    [photo.path, photo.small_path, photo.thumb_path].filter((p): p is string => p !== null),
  )
  return null
}

/** Runs a gallery change, then reloads the list; resolves to the error message or null. */
export function useGalleryChange(siteId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (change: () => Promise<string | null>) => change(),
    onSettled: () => qc.invalidateQueries({ queryKey: sitePhotosKey(siteId) }),
  })
}
