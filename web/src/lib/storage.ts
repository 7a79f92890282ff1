// Uploads to and removals from Storage's bucket images (migration 20250107000000_images.sql)
// through supabase-js as the signed-in user, so the bucket's policies decide who may write where.
// Stored values become <img> sources through lib/image-src.
import { IMAGES_BUCKET, isObjectPath } from '@/lib/image-src'
import { supabase } from '@/lib/supabase'

/** A fresh object name under `folder` for a file of this extension. */
export function newImagePath(folder: string, extension: string): string {
  return `${folder.replace(/^\/+|\/+$/g, '')}/${crypto.randomUUID()}.${extension}`
}

export type UploadResult = { path: string } | { error: string }

/** Storage's refusal as a sentence staff can act on. */
export function describeStorageError(
  error: { message?: string; statusCode?: string | number; status?: number } | null | undefined,
): string {
  const status = Number(error?.statusCode ?? error?.status ?? 0)
  const message = error?.message ?? ''
  if (status === 403 || /row-level security|unauthori[sz]ed/i.test(message)) {
    return 'You may not upload images here. Ask an admin.'
  }
  if (status === 413 || /exceeded the maximum allowed size|too large/i.test(message)) {
    return 'The image is larger than 5 MB.'
  }
  if (status === 415 || /mime type/i.test(message)) {
    return 'Choose a PNG, GIF, JPEG, BMP or ICO image.'
  }
  if (status === 409 || /already exists/i.test(message)) {
    return 'An image with this name already exists: try again.'
  }
  if (/fetch|network/i.test(message)) {
    return 'The image could not be sent: check the connection and try again.'
  }
  return message ? `The image was not uploaded: ${message}` : 'The image was not uploaded.'
}

/** Uploads a new object (never replacing one); the object's name, or why it failed. */
export async function uploadImage(
  path: string,
  blob: Blob,
  contentType: string,
): Promise<UploadResult> {
  try {
    const { data, error } = await supabase().storage.from(IMAGES_BUCKET).upload(path, blob, {
      contentType,
      upsert: false,
      cacheControl: '3600',
    })
    if (error || !data) {
      return {
        error: describeStorageError(error as { message?: string; statusCode?: string } | null),
      }
    }
    return { path: data.path }
  } catch (e) {
    return { error: describeStorageError(e as { message?: string }) }
  }
}

/** Removes objects; best effort (a leftover file is harmless, a lost row is not). */
export async function removeImages(paths: string[]): Promise<string | null> {
  const names = paths.filter(isObjectPath)
  if (names.length === 0) return null
  try {
    const { error } = await supabase().storage.from(IMAGES_BUCKET).remove(names)
    return error ? describeStorageError(error as { message?: string; statusCode?: string }) : null
  } catch (e) {
    return describeStorageError(e as { message?: string })
  }
}
