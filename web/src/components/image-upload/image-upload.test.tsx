import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ASPECTS, hitTest, initialCrop, MIN_CROP, moveCrop, outputSize, pixelBox, resizeCrop, scaleCrop } from './crop'
import {
  checkImageBytes,
  checkImageFile,
  fileProblem,
  isCroppable,
  MAX_IMAGE_BYTES,
  outputFormat,
  sniffImageType,
  TYPE_MESSAGE,
} from './image-rules'

const upload = vi.fn()
vi.mock('@/lib/supabase', () => ({ supabase: () => ({ storage: { from: () => ({ upload, remove: vi.fn() }) } }) }))
vi.mock('@/lib/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }))
vi.mock('@/config/env', () => ({ env: () => ({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'k' }) }))
const { ImageUpload, copyPathOf } = await import('./ImageUpload')
const { imageSrc, imagesBase, isObjectPath } = await import('@/lib/image-src')

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]
const JPEG = [0xff, 0xd8, 0xff, 0xe0]
const BMP = [0x42, 0x4d, 0, 0]
const ICO = [0x00, 0x00, 0x01, 0x00, 1, 0]
const bytes = (b: number[]) => new Uint8Array(b)

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

describe('image type and size checks', () => {
  it('knows each accepted format by its first bytes', () => {
    expect(sniffImageType(bytes(PNG))).toBe('image/png')
    expect(sniffImageType(bytes(GIF))).toBe('image/gif')
    expect(sniffImageType(bytes(JPEG))).toBe('image/jpeg')
    expect(sniffImageType(bytes(BMP))).toBe('image/bmp')
    expect(sniffImageType(bytes(ICO))).toBe('image/x-icon')
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageType(bytes([0x89, 0x50]))).toBeNull()
  })

  it('refuses other file names, empty files and files over 5 MB before reading them', () => {
    expect(fileProblem({ name: 'notes.txt', size: 10 })).toBe(TYPE_MESSAGE)
    expect(fileProblem({ name: 'logo.svg', size: 10 })).toBe(TYPE_MESSAGE)
    expect(fileProblem({ name: 'noextension', size: 10 })).toBe(TYPE_MESSAGE)
    expect(fileProblem({ name: 'photo.JPG', size: 10 })).toBeNull()
    expect(fileProblem({ name: 'favicon.ico', size: 10 })).toBeNull()
    expect(fileProblem({ name: 'a.png', size: 0 })).toBe('That file is empty.')
    expect(fileProblem({ name: 'a.png', size: MAX_IMAGE_BYTES })).toBeNull()
    expect(fileProblem({ name: 'a.png', size: MAX_IMAGE_BYTES + 1 })).toBe(
      'Choose an image of at most 5 MB. This one is 5.0 MB.',
    )
  })

  it('trusts the bytes, not the name: text named .png is refused, a PNG named .jpg is explained', async () => {
    expect(checkImageBytes('fake.png', new TextEncoder().encode('hello there'))).toEqual({ error: TYPE_MESSAGE })
    expect(checkImageBytes('photo.jpg', bytes(PNG))).toEqual({
      error: 'This file is a PNG image named .jpg: rename it or choose another.',
    })
    expect(checkImageBytes('shot.jpeg', bytes(JPEG))).toEqual({ type: 'image/jpeg' })
    expect(await checkImageFile(new File([bytes(GIF)], 'a.gif'))).toEqual({ type: 'image/gif' })
    expect(await checkImageFile(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }))).toEqual({
      error: TYPE_MESSAGE,
    })
  })

  it('crops PNG, JPEG and BMP (JPEG stays JPEG, the rest become PNG); GIF and ICO go as they are', () => {
    expect(
      ['image/png', 'image/jpeg', 'image/bmp', 'image/gif', 'image/x-icon'].map((t) => isCroppable(t as never)),
    ).toEqual([true, true, true, false, false])
    expect(outputFormat('image/jpeg')).toEqual({ type: 'image/jpeg', extension: 'jpg' })
    expect(outputFormat('image/bmp')).toEqual({ type: 'image/png', extension: 'png' })
  })
})

describe('crop maths', () => {
  it('starts with the largest centred box of the aspect', () => {
    expect(initialCrop(1200, 1200, ASPECTS.gallery)).toEqual({ x: 0, y: 200, w: 1200, h: 800 })
    expect(initialCrop(1600, 400, ASPECTS.portrait)).toEqual({ x: 600, y: 0, w: 400, h: 400 })
    const wide = initialCrop(1000, 1000, ASPECTS.wide)
    expect(wide.w / wide.h).toBeCloseTo(16 / 9)
  })

  it('moves the box but never out of the image', () => {
    const b = { x: 100, y: 100, w: 300, h: 200 }
    expect(moveCrop(b, 50, -20, 1000, 800)).toEqual({ x: 150, y: 80, w: 300, h: 200 })
    expect(moveCrop(b, -500, 5000, 1000, 800)).toEqual({ x: 0, y: 600, w: 300, h: 200 })
  })

  it('resizes from a corner with the opposite corner fixed and the aspect kept, within the image', () => {
    const b = { x: 100, y: 100, w: 300, h: 200 }
    const se = resizeCrop(b, 'se', 700, 350, 1.5, 1000, 800)
    expect(se).toEqual({ x: 100, y: 100, w: 600, h: 400 })
    const nw = resizeCrop(b, 'nw', 250, 0, 1.5, 1000, 800)
    expect(nw.x + nw.w).toBeCloseTo(400)
    expect(nw.y + nw.h).toBeCloseTo(300)
    expect(nw.w / nw.h).toBeCloseTo(1.5)
    expect(nw.y).toBeGreaterThanOrEqual(0)
    const huge = resizeCrop(b, 'se', 5000, 5000, 1.5, 1000, 800)
    expect(huge.x + huge.w).toBeLessThanOrEqual(1000)
    expect(huge.y + huge.h).toBeLessThanOrEqual(800)
    expect(resizeCrop(b, 'se', 100, 100, 1.5, 1000, 800).w).toBe(MIN_CROP)
  })

  it('scales about the centre and finds corners and the inside', () => {
    const b = { x: 200, y: 200, w: 300, h: 300 }
    const bigger = scaleCrop(b, 2, 1, 1000, 1000)
    expect(bigger).toEqual({ x: 50, y: 50, w: 600, h: 600 })
    expect(scaleCrop(b, 10, 1, 1000, 800).w).toBe(800)
    expect(hitTest(b, 205, 195, 10)).toBe('nw')
    expect(hitTest(b, 500, 500, 10)).toBe('se')
    expect(hitTest(b, 350, 350, 10)).toBe('move')
    expect(hitTest(b, 50, 50, 10)).toBeNull()
  })

  it('limits the output width and rounds to whole pixels inside the image', () => {
    expect(outputSize({ x: 0, y: 0, w: 3200, h: 1800 }, 1600)).toEqual({ w: 1600, h: 900 })
    expect(outputSize({ x: 0, y: 0, w: 300, h: 200 }, 1600)).toEqual({ w: 300, h: 200 })
    expect(pixelBox({ x: 0.4, y: 99.6, w: 999.9, h: 200.2 }, 1000, 300)).toEqual({ x: 0, y: 100, w: 1000, h: 200 })
  })
})

describe('image values', () => {
  it('turns object names into public URLs and leaves links alone', () => {
    expect(isObjectPath('sites/a/b.jpg')).toBe(true)
    expect(imageSrc('sites/tuckers-meadow/a b.jpg')).toBe(
      'http://api.test/storage/v1/object/public/images/sites/tuckers-meadow/a%20b.jpg',
    )
    expect(imageSrc('https://cdn.example.com/x.png')).toBe('https://cdn.example.com/x.png')
    expect(imageSrc('/images/content/seedlings.svg')).toBe('/images/content/seedlings.svg')
    expect(imageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(imageSrc(null)).toBeNull()
  })

  it('stores a small copy and a thumbnail beside their image, before the extension', () => {
    expect(copyPathOf('sites/x/3f2a.png', 'small')).toBe('sites/x/3f2a-small.png')
    expect(copyPathOf('sites/x/3f2a.JPG', 'small')).toBe('sites/x/3f2a-small.JPG')
    expect(copyPathOf('sites/x/noext', 'small')).toBe('sites/x/noext-small')
    expect(copyPathOf('sites/x/3f2a.png', 'thumb')).toBe('sites/x/3f2a-thumb.png')
  })

  it("reads objects from the host's /images when it serves them, else from Storage", () => {
    expect(imagesBase({ supabaseUrl: 'http://api.test/' })).toBe('http://api.test/storage/v1/object/public/images')
    expect(imagesBase({ supabaseUrl: 'http://api.test', imagesUrl: '/images' })).toBe('/images')
    expect(imageSrc('sites/x/1 b.png', '/images')).toBe('/images/sites/x/1%20b.png')
    expect(imageSrc('https://cdn.example.com/x.png', '/images')).toBe('https://cdn.example.com/x.png')
  })
})

describe('ImageUpload', () => {
  it('refuses a text file and an svg beside the control and uploads nothing', async () => {
    render(<ImageUpload label='Patch manager photo 1' aspect={1} folder='sites/x' onChange={vi.fn()} />)
    const input = screen.getByLabelText('Choose an image')
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } })
    expect((await screen.findByRole('alert')).textContent).toBe(TYPE_MESSAGE)
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'logo.png', { type: 'image/png' })] } })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TYPE_MESSAGE))
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(upload).not.toHaveBeenCalled()
    expect(screen.queryByRole('button', { name: 'Upload image' })).toBeNull()
  })

  it('shows the stored image and removes it from the field', () => {
    const onChange = vi.fn()
    render(
      <ImageUpload
        label='Cover image'
        aspect={16 / 9}
        folder='blogs'
        value='blogs/a.jpg'
        previewAlt='Cover'
        onChange={onChange}
      />,
    )
    expect(screen.getByRole('img', { name: 'Cover' }).getAttribute('src')).toBe(
      'http://api.test/storage/v1/object/public/images/blogs/a.jpg',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(onChange).toHaveBeenCalledWith(null)
  })

  it('uploads a GIF as it is, asks for alt text first in the gallery, and keeps it when Storage refuses', async () => {
    upload.mockResolvedValueOnce({
      data: null,
      error: { message: 'new row violates row-level security policy', statusCode: '403' },
    })
    const onUploaded = vi.fn(() => Promise.resolve(null))
    render(<ImageUpload label='Add a photo' aspect={1.5} folder='sites/x' onUploaded={onUploaded} />)
    fireEvent.change(screen.getByLabelText('Choose a photo'), {
      target: { files: [new File([bytes(GIF)], 'hello.gif', { type: 'image/gif' })] },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Upload photo' }))
    expect(await screen.findByText('Describe the photo for people who cannot see it.')).toBeTruthy()
    expect(upload).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Alt text'), { target: { value: 'A waving gardener' } })
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }))
    expect(await screen.findByText('You may not upload images here. Ask an admin.')).toBeTruthy()
    expect((screen.getByLabelText('Alt text') as HTMLInputElement).value).toBe('A waving gardener')
    expect(onUploaded).not.toHaveBeenCalled()
    const [path, , options] = upload.mock.calls[0]!
    expect(path).toMatch(/^sites\/x\/[0-9a-f-]{36}\.gif$/)
    expect(options).toMatchObject({ contentType: 'image/gif', upsert: false })
  })
})
