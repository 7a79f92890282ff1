// A content image (a blog post's cover, an event's picture) in a 16:9 frame that holds its space
// from the first paint, so nothing below it moves when it arrives. It loads only once it comes
// within the lazy-load margin (50px) of the viewport; a page's own `cover` (at its top,
// above the fold) loads at once, at most 48rem wide and spaced from the text under it. A source
// that is not http(s) or our own path is not shown at all; an object name of Storage's bucket
// images is shown from its public URL.
import { css } from 'goober'
import { LazyMount } from '@/components/LazyMount'
import { safeImageSrc } from '@/lib/rich-text/rules'
import { imageSrc } from '@/lib/image-src'

const frame = css`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: 0.75rem;
  background: #e8f0ea;
`
const coverFrame = css`
  max-width: 48rem;
  margin: 0.5rem 0 1.5rem;
`
const image = css`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
`

export function LazyImage({
  src,
  alt,
  cover = false,
}: {
  src: string | null | undefined
  alt: string
  cover?: boolean
}) {
  const safe = safeImageSrc(imageSrc(src))
  if (!safe) return null
  const img = (
    <img
      className={image}
      src={safe}
      alt={alt}
      width={640}
      height={360}
      decoding='async'
      {...(cover ? { fetchPriority: 'high' as const } : {})}
    />
  )
  return (
    <div className={cover ? `${frame} ${coverFrame}` : frame}>
      {cover ? img : <LazyMount placeholderHeight='100%'>{img}</LazyMount>}
    </div>
  )
}
