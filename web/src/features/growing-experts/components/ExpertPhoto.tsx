// An expert's photo, loaded only near the viewport (a 50px margin), or their initials.
import { css } from 'goober'
import { LazyMount } from '@/components/LazyMount'

const round = css`
  border-radius: 50%;
  flex: none;
`
const initialsClass = css`
  display: grid;
  place-items: center;
  background: #dfeae2;
  color: var(--roots-primary);
  font-weight: 700;
`
const photo = css`
  object-fit: cover;
`

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')

export function ExpertPhoto({ name, url, size = 96 }: { name: string; url: string | null; size?: number }) {
  // The size is the caller's: only it stays inline.
  const box = { width: size, height: size } as const
  if (!url) {
    return (
      <span aria-hidden='true' className={`${round} ${initialsClass}`} style={{ ...box, fontSize: size / 3 }}>
        {initials(name)}
      </span>
    )
  }
  return (
    <LazyMount placeholderHeight={`${size}px`}>
      <img
        src={url}
        alt={`Photo of ${name}`}
        width={size}
        height={size}
        loading='lazy'
        decoding='async'
        className={`${round} ${photo}`}
        style={box}
      />
    </LazyMount>
  )
}
