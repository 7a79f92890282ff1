import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PhotoGallery } from './PhotoGallery'

const photos = [
  {
    src: '/images/sites/a/1.png',
    small: '/images/sites/a/1-small.png',
    thumb: '/images/sites/a/1-thumb.png',
    alt: 'Beds in June',
  },
  { src: '/images/sites/a/2.png', small: '/images/sites/a/2-small.png', thumb: null, alt: 'The shed' },
  { src: '/images/sites/a/3.png', small: null, thumb: null, alt: 'The gate' },
]
/** Each thumbnail shows the thumbnail copy, else the small copy, else the photo. */
const THUMBS = ['/images/sites/a/1-thumb.png', '/images/sites/a/2-small.png', '/images/sites/a/3.png']

const thumbSources = () =>
  [...screen.getByRole('list', { name: 'Choose a photo' }).querySelectorAll('img')].map((t) => t.getAttribute('src'))

/** Whether the browser says an image has finished (loaded or failed) when React mounts it. */
const imagesComplete = (complete: boolean) =>
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(complete)

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('PhotoGallery thumbnails', () => {
  it('wait for the first photo, so a phone fetches the photo being looked at first', () => {
    imagesComplete(false)
    render(<PhotoGallery photos={photos} label='Photos' />)
    expect(thumbSources()).toEqual([null, null, null])
    fireEvent.load(screen.getByRole('img', { name: 'Beds in June' }))
    expect(thumbSources()).toEqual(THUMBS)
  })

  it('show once the first photo fails, rather than never', () => {
    imagesComplete(false)
    render(<PhotoGallery photos={photos} label='Photos' />)
    fireEvent.error(screen.getByRole('img', { name: 'Beds in June' }))
    expect(thumbSources()).toEqual(THUMBS)
  })

  it("of another site's gallery in the same place wait for that gallery's first photo", () => {
    imagesComplete(false)
    const { rerender } = render(<PhotoGallery photos={photos} label='Photos' />)
    fireEvent.load(screen.getByRole('img', { name: 'Beds in June' }))
    expect(thumbSources()).toEqual(THUMBS)
    const other = [
      { src: '/images/sites/b/1.png', small: null, thumb: '/images/sites/b/1-thumb.png', alt: 'Orchard' },
      { src: '/images/sites/b/2.png', small: null, thumb: '/images/sites/b/2-thumb.png', alt: 'Pond' },
    ]
    rerender(<PhotoGallery photos={other} label='Photos' />)
    expect(thumbSources()).toEqual([null, null])
    fireEvent.load(screen.getByRole('img', { name: 'Orchard' }))
    expect(thumbSources()).toEqual(['/images/sites/b/1-thumb.png', '/images/sites/b/2-thumb.png'])
  })

  it('show at once when the first photo had loaded before the page came to life', () => {
    imagesComplete(true)
    render(<PhotoGallery photos={photos} label='Photos' />)
    expect(thumbSources()).toEqual(THUMBS)
  })
})
