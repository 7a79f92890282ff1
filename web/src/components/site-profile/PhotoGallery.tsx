// A site's photo gallery: one large photo and a row of thumbnails, no library. The
// thumbnails are buttons; the arrow keys, Home and End move between photos while the gallery has
// focus, and a live region names the photo shown. Every <img> carries width and height (3:2), so
// nothing shifts when it loads; the first photo loads at once with high priority (it is usually
// the largest paint), the others only as they come near the screen. A photo with a small copy
// offers both (srcset), so a phone downloads the copy; the thumbnails show the photo's thumbnail
// copy (else the small copy, else the photo), and only once the first photo has loaded (or
// failed; another site's gallery in the same place waits for its own first photo): they sit near
// the top of the screen, so loading="lazy" fetched them at once, and on a phone's connection their
// bytes were shared with the photo a visitor is waiting for.
import { css } from 'goober'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { visuallyHidden } from '@/components/styles'

export interface GalleryPhoto {
  src: string
  /** The photo at most SMALL_PHOTO_WIDTH wide (site_photos.small_path), if one was made. */
  small?: string | null
  /** The photo at most THUMB_PHOTO_WIDTH wide (site_photos.thumb_path), if one was made. */
  thumb?: string | null
  alt: string
}

/** The small copy's width (the admin's upload and the seed make it so) and the photo's as shown. */
export const SMALL_PHOTO_WIDTH = 800
export const PHOTO_WIDTH = 1200
/** The thumbnail copy's width: the thumbnails are drawn 88 CSS px wide, three device pixels each. */
export const THUMB_PHOTO_WIDTH = 264

/** How wide the main photo is drawn: the page's width on phones, two thirds of 72rem beside the facts. */
export const GALLERY_SIZES = '(max-width: 52rem) 100vw, 48rem'

/** The main photo's srcset, when it has a small copy. */
export const photoSrcSet = (p: GalleryPhoto) =>
  p.small ? `${p.small} ${SMALL_PHOTO_WIDTH}w, ${p.src} ${PHOTO_WIDTH}w` : undefined

const box = css`
  display: grid;
  gap: 0.5rem;
  margin: 0 0 1.5rem;
  .main {
    position: relative;
    margin: 0;
  }
  .main img[hidden] {
    display: none;
  }
  .main img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 3 / 2;
    object-fit: cover;
    border-radius: 0.75rem;
    background: var(--roots-surface);
  }
  .main figcaption {
    margin-top: 0.35rem;
    color: var(--roots-muted);
    font-size: 0.9rem;
  }
  .nav {
    position: absolute;
    top: 50%;
    transform: translateY(-50%);
    width: 2.75rem;
    height: 2.75rem;
    border-radius: 50%;
    border: 0;
    background: rgba(255, 255, 255, 0.92);
    color: #1d2b22;
    font-size: 1.4rem;
    line-height: 1;
    cursor: pointer;
    box-shadow: 0 1px 4px rgba(0, 0, 0, 0.3);
  }
  .nav:focus-visible {
    outline: 3px solid #111;
    outline-offset: 2px;
  }
  .prev {
    left: 0.5rem;
  }
  .next {
    right: 0.5rem;
  }
  .thumbs {
    display: flex;
    gap: 0.4rem;
    overflow-x: auto;
    padding: 0.15rem;
    margin: 0;
    list-style: none;
  }
  .thumbs button {
    padding: 0;
    border: 3px solid transparent;
    border-radius: 0.45rem;
    background: none;
    cursor: pointer;
    flex: none;
  }
  .thumbs button[aria-current='true'] {
    border-color: var(--roots-primary);
  }
  .thumbs button:focus-visible {
    outline: 3px solid #111;
    outline-offset: 1px;
  }
  .thumbs img {
    display: block;
    width: 5.5rem;
    height: auto;
    aspect-ratio: 3 / 2;
    object-fit: cover;
    border-radius: 0.3rem;
    background: var(--roots-surface);
  }
`

export function PhotoGallery({ photos, label }: { photos: readonly GalleryPhoto[]; label: string }) {
  const [index, setIndex] = useState(0)
  const thumbs = useRef<(HTMLButtonElement | null)[]>([])
  const first = useRef<HTMLImageElement | null>(null)
  const firstSrc = photos[0]?.src ?? null
  /** The first photo that has loaded (or failed). */
  const [done, setDone] = useState<string | null>(null)
  const firstDone = done !== null && done === firstSrc
  // A photo in the server's HTML may load before React attaches onLoad: ask the element.
  useEffect(() => {
    if (firstSrc !== null && first.current?.complete) setDone(firstSrc)
  }, [firstSrc])
  if (photos.length === 0) return null
  const shown = Math.min(index, photos.length - 1)
  const photo = photos[shown]!
  const go = (i: number, focus = false) => {
    const next = (i + photos.length) % photos.length
    setIndex(next)
    if (focus) thumbs.current[next]?.focus()
  }
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowLeft: shown - 1,
      ArrowRight: shown + 1,
      Home: 0,
      End: photos.length - 1,
    }
    if (!(e.key in keys)) return
    e.preventDefault()
    go(keys[e.key]!, (e.target as HTMLElement).closest('.thumbs') !== null)
  }
  const many = photos.length > 1
  return (
    <section className={box} aria-roledescription='gallery' aria-label={label} onKeyDown={onKey} data-testid='gallery'>
      <figure className='main'>
        {photos.map((p, i) => (
          <img
            key={p.src}
            ref={i === 0 ? first : undefined}
            onLoad={i === 0 ? () => setDone(p.src) : undefined}
            onError={i === 0 ? () => setDone(p.src) : undefined}
            src={p.src}
            srcSet={photoSrcSet(p)}
            sizes={p.small ? GALLERY_SIZES : undefined}
            alt={p.alt}
            width={PHOTO_WIDTH}
            height={PHOTO_WIDTH / 1.5}
            hidden={i !== shown}
            decoding='async'
            // The first photo is the page's largest paint; the rest wait until asked for.
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'low'}
          />
        ))}
        {many && (
          <>
            <button type='button' className='nav prev' onClick={() => go(shown - 1)} aria-label='Previous photo'>
              ‹
            </button>
            <button type='button' className='nav next' onClick={() => go(shown + 1)} aria-label='Next photo'>
              ›
            </button>
          </>
        )}
        <figcaption aria-live='polite'>
          {many && (
            <span className={visuallyHidden}>
              Photo {shown + 1} of {photos.length}:{' '}
            </span>
          )}
          {photo.alt}
        </figcaption>
      </figure>
      {many && (
        <ul className='thumbs' aria-label='Choose a photo'>
          {photos.map((p, i) => (
            <li key={p.src}>
              <button
                type='button'
                ref={(el) => {
                  thumbs.current[i] = el
                }}
                aria-current={i === shown}
                aria-label={`Photo ${i + 1} of ${photos.length}: ${p.alt}`}
                onClick={() => go(i)}
              >
                <img
                  src={firstDone ? (p.thumb ?? p.small ?? p.src) : undefined}
                  alt=''
                  width={132}
                  height={88}
                  loading='lazy'
                  decoding='async'
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
