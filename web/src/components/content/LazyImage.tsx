// An image that loads only once it comes within the lazy-load margin (50px, spec §9) of the
// viewport; a source that is not http(s) or our own path is not shown at all. An object name of
// Storage's bucket images is shown from its public URL.
import { css } from 'goober'
import { LazyMount } from '@/components/LazyMount'
import { safeImageSrc } from '@/lib/rich-text/rules'
import { imageSrc } from '@/lib/image-src'

const image = css`
  display: block; width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 0.75rem; background: #e8f0ea;
`

export function LazyImage({ src, alt, height = '12rem' }: { src: string | null | undefined; alt: string; height?: string }) {
  const safe = safeImageSrc(imageSrc(src))
  if (!safe) return null
  return (
    <LazyMount placeholderHeight={height}>
      <img className={image} src={safe} alt={alt} width={640} height={360} decoding='async' />
    </LazyMount>
  )
}
