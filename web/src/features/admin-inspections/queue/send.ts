// Sends one queued inspection: its photos to bucket inspection-photos at their fixed names (upsert,
// so a resend overwrites the same objects), then the inspection to the plot-inspections function,
// which records it once by its id. Says whether a failure is worth retrying: no answer, a 5xx, a
// 401 (sign in again), 408 and 429 are; any other refusal needs a person.
import { inspectionPhotoPath, photoExtension } from '@common/inspection-scale'
import { env } from '@/config/env'
import { supabase } from '@/lib/supabase'
import type { QueuedInspection, SendResult } from './queue'

const RETRY = new Set([401, 408, 429])
const retryable = (status: number) => status === 0 || status >= 500 || RETRY.has(status)

export const NO_SIGNAL = 'No connection: it will be sent when the phone is back online.'

export function photoNames(item: Pick<QueuedInspection, 'siteId' | 'id' | 'photos'>): string[] {
  return item.photos.map((p, n) =>
    inspectionPhotoPath(item.siteId, item.id, n, photoExtension(p.type) ?? 'jpg')
  )
}

export async function sendInspection(item: QueuedInspection): Promise<SendResult> {
  const { data } = await supabase().auth.getSession()
  const token = data.session?.access_token
  if (!token) return { ok: false, retry: true, message: 'Sign in again to send it.' }
  const names = photoNames(item)
  for (const [n, photo] of item.photos.entries()) {
    const { error } = await supabase()
      .storage.from('inspection-photos')
      .upload(names[n]!, photo.blob, {
        upsert: true,
        contentType: photo.type,
        cacheControl: '3600',
      })
    if (error) {
      const status = Number((error as { statusCode?: string | number }).statusCode ?? 0) || 0
      return {
        ok: false,
        retry: retryable(status) || /fetch|network/i.test(error.message),
        message: `Photo ${n + 1} was not sent: ${error.message}`,
      }
    }
  }
  let res: Response
  try {
    res = await fetch(`${env().supabaseUrl}/functions/v1/plot-inspections`, {
      method: 'POST',
      headers: {
        apikey: env().supabaseAnonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        action: 'record',
        id: item.id,
        plot_id: item.plotId,
        score: item.score,
        note: item.note || null,
        photos: names,
        inspected_at: item.inspectedAt,
      }),
    })
  } catch {
    return { ok: false, retry: true, message: NO_SIGNAL }
  }
  let body: {
    inspection?: { outcome?: string; repeated?: boolean }
    error?: { message?: string }
  } = {}
  try {
    body = await res.json()
  } catch {
    /* no JSON */
  }
  if (res.ok && body.inspection) {
    return {
      ok: true,
      outcome: body.inspection.outcome ?? 'recorded',
      repeated: Boolean(body.inspection.repeated),
    }
  }
  return {
    ok: false,
    retry: retryable(res.status),
    message: body.error?.message ?? `The server answered ${res.status}.`,
  }
}
