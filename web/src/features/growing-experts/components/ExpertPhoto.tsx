// An expert's photo, loaded only near the viewport (spec §9's 50px margin), or their initials.
import { LazyMount } from '@/components/LazyMount'

export const initials = (name: string) =>
  name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('')

export function ExpertPhoto({ name, url, size = 96 }: { name: string; url: string | null; size?: number }) {
  const box = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const
  if (!url) {
    return (
      <span aria-hidden='true' style={{ ...box, display: 'grid', placeItems: 'center', background: '#dfeae2', color: 'var(--roots-primary)', fontWeight: 700, fontSize: size / 3 }}>
        {initials(name)}
      </span>
    )
  }
  return (
    <LazyMount placeholderHeight={`${size}px`}>
      <img src={url} alt={`Photo of ${name}`} width={size} height={size} loading='lazy' decoding='async' style={{ ...box, objectFit: 'cover' }} />
    </LazyMount>
  )
}
