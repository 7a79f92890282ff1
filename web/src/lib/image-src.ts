// Stored image values as <img> sources. Image columns hold an object name of Storage's bucket
// images (sites/<slug>/<uuid>.jpg, products/…, events/…) or, as before, a link (https://…,
// /images/…, data:…). Kept apart from lib/storage so public pages need no Storage client.
import { type Env, env } from '@/config/env'

export const IMAGES_BUCKET = 'images'

/** True for an object name in the bucket (not a link, a root path or a data URL). */
export function isObjectPath(value: string): boolean {
  return value !== '' && !/^([a-z][a-z0-9+.-]*:|\/)/i.test(value)
}

/** Where the bucket's objects are read: the host's /images (same origin) or Storage's public URL. */
export function imagesBase(config: Pick<Env, 'supabaseUrl' | 'imagesUrl'> = env()): string {
  return config.imagesUrl ??
    `${config.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${IMAGES_BUCKET}`
}

/** The public URL of an object: <images base>/<name>, each segment encoded. */
export function imagePublicUrl(path: string, base = imagesBase()): string {
  return `${base}/${path.split('/').map(encodeURIComponent).join('/')}`
}

/** What an <img src> takes for a stored image value: links as they are, object names as their public URL. */
export function imageSrc(value: string | null | undefined, base?: string): string | null {
  if (!value) return null
  return isObjectPath(value) ? imagePublicUrl(value, base) : value
}
