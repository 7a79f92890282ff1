// Removing a bucket's objects that the database names as no longer needed (images nobody shows,
// inspection photos past their time): Supabase refuses DELETE on storage.objects, so a function
// asks the database for a batch of names, removes them through the Storage API, and asks again.
import { HttpError } from './errors.ts'
import type { adminClient } from './supabase.ts'

/** Storage removes at most 1,000 objects a request; a run does at most this many requests. */
export const SWEEP_BATCH = 1000
const MAX_BATCHES = 20

/**
 * Removes what `next` names (at most SWEEP_BATCH names a call, oldest first) from `bucket`, batch
 * after batch, telling `removed` each batch Storage removed. Stops when nothing is left, or when
 * Storage removed less than it was asked (what it refused stays named: asking again at once would
 * loop). → how many objects went, and how many Storage refused.
 */
export async function sweepBucket(
  db: ReturnType<typeof adminClient>,
  bucket: string,
  next: () => Promise<string[]>,
  removed?: (names: string[]) => Promise<void>,
): Promise<{ removed: number; failed: number }> {
  let gone = 0
  let failed = 0
  for (let i = 0; i < MAX_BATCHES; i++) {
    const names = await next()
    if (names.length === 0) break
    const { data, error } = await db.storage.from(bucket).remove(names)
    if (error) throw new HttpError(502, 'storage_failed', `Storage refused: ${error.message}`)
    const batch = (data ?? []).map((o) => o.name)
    if (batch.length > 0 && removed) await removed(batch)
    gone += batch.length
    if (batch.length < names.length) {
      failed = names.length - batch.length
      break
    }
    if (names.length < SWEEP_BATCH) break
  }
  return { removed: gone, failed }
}
