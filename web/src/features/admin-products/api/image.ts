// The product image picker accepts png, gif, jpeg, bmp and icon files only: the file's MIME type
// and its extension must both be allowed and agree, and its first bytes must be that format's
// signature (the database checks the signature again). Images are stored inline as data URLs.

export const IMAGE_TYPES: Record<string, readonly string[]> = {
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/bmp': ['.bmp'],
  'image/x-icon': ['.ico'],
  'image/vnd.microsoft.icon': ['.ico'],
}

export const MAX_IMAGE_BYTES = 500 * 1024

/** For <input type=file accept=…>: the extensions and MIME types (the browser's hint only). */
export const IMAGE_ACCEPT = [...new Set(Object.values(IMAGE_TYPES).flat()), ...Object.keys(IMAGE_TYPES)].join(',')

export const IMAGE_TYPE_MESSAGE = 'Choose a PNG, GIF, JPEG, BMP or icon (.ico) image.'

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

/** Why a chosen file is refused (type, extension, size), or null. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | null {
  const allowed = IMAGE_TYPES[file.type.toLowerCase()]
  if (!allowed) return IMAGE_TYPE_MESSAGE
  if (!allowed.includes(extensionOf(file.name))) return `The file name must end in ${allowed.join(' or ')} for a ${file.type} image.`
  if (file.size === 0) return 'That file is empty.'
  if (file.size > MAX_IMAGE_BYTES) return 'Choose an image of at most 500 KB.'
  return null
}

const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/gif': [0x47, 0x49, 0x46, 0x38],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/bmp': [0x42, 0x4d],
  'image/x-icon': [0x00, 0x00, 0x01, 0x00],
  'image/vnd.microsoft.icon': [0x00, 0x00, 0x01, 0x00],
}

/** True when the bytes start with the signature of the MIME type. */
export function hasSignature(type: string, bytes: Uint8Array): boolean {
  const sig = SIGNATURES[type.toLowerCase()]
  return !!sig && sig.every((b, i) => bytes[i] === b)
}

function toBase64(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

/** The file as a data URL, or the reason it is refused. */
export async function readImageFile(file: File): Promise<{ url: string } | { error: string }> {
  const problem = imageFileProblem(file)
  if (problem) return { error: problem }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!hasSignature(file.type, bytes)) return { error: `That file is not really a ${file.type.replace('image/', '').toUpperCase()} image.` }
  return { url: `data:${file.type.toLowerCase()};base64,${toBase64(bytes)}` }
}
