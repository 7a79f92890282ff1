// /functions/v1/images: the images bucket's housekeeping.
//
// The scheduler (the service role key; pg_cron's `sweep-unused-images`, hourly):
//   POST { action: 'sweep' }  Removes, through the Storage API, every object of bucket images
//        that no row shows any more (public.unused_images: a replaced or removed site, patch
//        manager, product, event or blog image, or an upload whose form was never saved) and
//        that was uploaded over a week ago, so an image chosen in a form still open (overnight,
//        over a weekend) is kept. A replaced image goes at the next run once its upload is a week old.
//        → 200 { removed, failed }: how many objects went, and how many Storage refused (they
//        stay for the next run).
//   Anyone else → 401 (no key) or 403; bad input 400.
import { z } from 'npm:zod@3'
import { must } from '../_shared/db.ts'
import { forbidden, HttpError, unauthorized } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { SWEEP_BATCH, sweepBucket } from '../_shared/sweep.ts'
import { adminClient, isServiceRole } from '../_shared/supabase.ts'

export const bodySchema = z.object({ action: z.literal('sweep') }).strict()

/**
 * An upload younger than this may belong to a form still being filled in. A day was too short: a
 * form started in the evening and saved the next morning would have saved the name of an image
 * the sweep had removed in the night. Only uploads never saved wait this long.
 */
export const GRACE_MS = 7 * 24 * 60 * 60 * 1000
function sweep() {
  const db = adminClient()
  const before = new Date(Date.now() - GRACE_MS).toISOString()
  return sweepBucket(
    db,
    'images',
    async () =>
      must(await db.rpc('unused_images', { p_uploaded_before: before, p_limit: SWEEP_BATCH })),
  )
}

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  if (!isServiceRole(req)) {
    throw (req.headers.get('authorization') ? forbidden() : unauthorized())
  }
  await readJson(req, bodySchema)
  return json(await sweep())
})
