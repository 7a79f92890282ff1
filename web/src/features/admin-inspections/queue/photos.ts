// A camera photo made small enough to keep on the phone and send over a weak signal: at most
// 1600 px on its longer side, as JPEG. A photo the browser cannot decode is kept as it came.
import { photoExtension } from '@common/inspection-scale'
import type { QueuedPhoto } from './queue'

export const MAX_SIDE = 1600

export async function shrinkPhoto(file: Blob): Promise<QueuedPhoto> {
  const original = { blob: file, type: photoExtension(file.type) ? file.type : 'image/jpeg' }
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return original
  try {
    const bitmap = await createImageBitmap(file)
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
    if (scale === 1 && file.type === 'image/jpeg') return original
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.82)
    )
    return blob ? { blob, type: 'image/jpeg' } : original
  } catch {
    return original
  }
}
