// What the image picker accepts (png, gif, jpeg, bmp and icon files), decided from the
// file's name and its first bytes, not from the type the browser guesses; at most 5 MB, the
// bucket's limit. PNG, JPEG and BMP are cropped (BMP comes out as PNG); GIF (it may be animated)
// and ICO are kept as they are.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const TYPE_MESSAGE = 'Choose a PNG, GIF, JPEG, BMP or ICO image.'
export const SIZE_MESSAGE = 'Choose an image of at most 5 MB.'

export type ImageType = 'image/png' | 'image/gif' | 'image/jpeg' | 'image/bmp' | 'image/x-icon'

const EXTENSIONS: Record<ImageType, readonly string[]> = {
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/bmp': ['bmp', 'dib'],
  'image/x-icon': ['ico'],
}

const SIGNATURES: Array<[ImageType, number[]]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/bmp', [0x42, 0x4d]],
  ['image/x-icon', [0x00, 0x00, 0x01, 0x00]],
]

/** For <input type=file accept=…>: the browser's hint only; the checks below decide. */
export const IMAGE_ACCEPT = [
  ...Object.values(EXTENSIONS).flat().map((e) => `.${e}`),
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
].join(',')

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** The image type whose signature the bytes start with, or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  for (const [type, sig] of SIGNATURES) {
    if (bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b)) return type
  }
  return null
}

/** Why a file is refused before reading it (name and size), or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  const ext = extensionOf(file.name)
  if (!Object.values(EXTENSIONS).some((list) => list.includes(ext))) return TYPE_MESSAGE
  if (file.size === 0) return 'That file is empty.'
  if (file.size > MAX_IMAGE_BYTES) {
    return `${SIZE_MESSAGE} This one is ${(file.size / 1024 / 1024).toFixed(1)} MB.`
  }
  return null
}

/** The file's real type from its first bytes, checked against its name; or why it is refused. */
export function checkImageBytes(
  name: string,
  bytes: Uint8Array,
): { type: ImageType } | { error: string } {
  const type = sniffImageType(bytes)
  if (!type) return { error: TYPE_MESSAGE }
  if (!EXTENSIONS[type].includes(extensionOf(name))) {
    return {
      error: `This file is a ${type.slice(6).replace('x-icon', 'ICO').toUpperCase()} image named .${
        extensionOf(name)
      }: rename it or choose another.`,
    }
  }
  return { type }
}

/** Reads and checks a chosen file. */
export async function checkImageFile(file: File): Promise<{ type: ImageType } | { error: string }> {
  const problem = fileProblem(file)
  if (problem) return { error: problem }
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  return checkImageBytes(file.name, head)
}

/** Cropped through a canvas? GIF and ICO are uploaded as they are. */
export const isCroppable = (type: ImageType) =>
  type === 'image/png' || type === 'image/jpeg' || type === 'image/bmp'

/** What a cropped image is saved as: JPEG stays JPEG, the rest become PNG (lossless). */
export function outputFormat(
  type: ImageType,
): { type: 'image/jpeg' | 'image/png'; extension: 'jpg' | 'png' } {
  return type === 'image/jpeg'
    ? { type: 'image/jpeg', extension: 'jpg' }
    : { type: 'image/png', extension: 'png' }
}

/** The extension an uncropped file is stored under. */
export const storedExtension = (
  type: ImageType,
) => (type === 'image/x-icon' ? 'ico' : type === 'image/gif' ? 'gif' : outputFormat(type).extension)
