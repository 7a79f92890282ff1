import { describe, expect, it } from 'vitest'
import { hasSignature, IMAGE_ACCEPT, IMAGE_TYPE_MESSAGE, imageFileProblem, readImageFile } from './image'

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]
const file = (name: string, type: string, bytes: number[] = PNG) => new File([new Uint8Array(bytes)], name, { type })

describe('product image types', () => {
  it.each([
    ['a.png', 'image/png'], ['a.gif', 'image/gif'], ['a.jpg', 'image/jpeg'], ['a.JPEG', 'image/jpeg'],
    ['a.bmp', 'image/bmp'], ['favicon.ico', 'image/x-icon'], ['favicon.ico', 'image/vnd.microsoft.icon'],
  ])('accepts %s as %s', (name, type) => {
    expect(imageFileProblem({ name, type, size: 10 })).toBeNull()
  })

  it.each([
    ['a.svg', 'image/svg+xml'], ['a.webp', 'image/webp'], ['a.tiff', 'image/tiff'], ['a.pdf', 'application/pdf'], ['a.png', ''],
  ])('refuses %s (%s) by MIME type', (name, type) => {
    expect(imageFileProblem({ name, type, size: 10 })).toBe(IMAGE_TYPE_MESSAGE)
  })

  it('refuses an allowed MIME type with the wrong or no extension', () => {
    expect(imageFileProblem({ name: 'a.svg', type: 'image/png', size: 10 })).toMatch(/must end in \.png/)
    expect(imageFileProblem({ name: 'picture', type: 'image/jpeg', size: 10 })).toMatch(/\.jpg or \.jpeg/)
    expect(imageFileProblem({ name: 'a.png', type: 'image/gif', size: 10 })).toMatch(/\.gif/)
  })

  it('refuses empty and oversized files', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 0 })).toBe('That file is empty.')
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 600 * 1024 })).toBe('Choose an image of at most 500 KB.')
  })

  it('checks the leading bytes of each format', () => {
    expect(hasSignature('image/png', new Uint8Array(PNG))).toBe(true)
    expect(hasSignature('image/gif', new TextEncoder().encode('GIF89a'))).toBe(true)
    expect(hasSignature('image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true)
    expect(hasSignature('image/bmp', new TextEncoder().encode('BM..'))).toBe(true)
    expect(hasSignature('image/x-icon', new Uint8Array([0, 0, 1, 0, 1]))).toBe(true)
    expect(hasSignature('image/png', new TextEncoder().encode('<svg'))).toBe(false)
    expect(hasSignature('image/svg+xml', new TextEncoder().encode('<svg'))).toBe(false)
  })

  it('reads an allowed image as a data URL and refuses a renamed file', async () => {
    const ok = await readImageFile(file('leaf.png', 'image/png'))
    expect(ok).toEqual({ url: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}` })
    expect('url' in ok && ok.url.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true)
    expect(await readImageFile(file('fake.png', 'image/png', [0x3c, 0x73, 0x76, 0x67]))).toEqual({ error: 'That file is not really a PNG image.' })
    expect(await readImageFile(file('x.svg', 'image/svg+xml'))).toEqual({ error: IMAGE_TYPE_MESSAGE })
  })

  it('tells the browser which files to offer', () => {
    for (const t of ['.png', '.gif', '.jpg', '.jpeg', '.bmp', '.ico', 'image/png', 'image/x-icon']) expect(IMAGE_ACCEPT.split(',')).toContain(t)
    expect(IMAGE_ACCEPT).not.toMatch(/svg|webp/)
  })
})
