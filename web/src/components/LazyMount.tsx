// Mounts its children only once they come within the lazy-load margin (50px) of the
// viewport: for heavy embeds such as site maps. Without IntersectionObserver it mounts at once.
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { LAZY_LOAD_MARGIN } from '@/config/theme'

export interface LazyMountProps {
  children: ReactNode
  /** Reserved space until mounted, so the layout does not jump. */
  placeholderHeight?: string
  label?: string
}

export function LazyMount({ children, placeholderHeight = '12rem', label }: LazyMountProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (visible) return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true)
          io.disconnect()
        }
      },
      { rootMargin: LAZY_LOAD_MARGIN },
    )
    io.observe(ref.current!)
    return () => io.disconnect()
  }, [visible])
  if (visible) return <>{children}</>
  // The placeholder's height is the caller's, so it stays inline.
  return <div ref={ref} style={{ minHeight: placeholderHeight }} aria-busy='true' aria-label={label} />
}
