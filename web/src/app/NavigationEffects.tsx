// After each route change: reload if a new build was published (guarded), else scroll (anchor
// smoothly, otherwise to the top), move focus to the new page's main landmark (so screen readers
// start there, as after a full page load) and tell analytics (page leave, then page view, with
// the full route path).
import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { analytics, pageleave, pageview } from '@/lib/analytics/analytics'
import type { BuildWatcher } from '@/lib/build-watcher'
import { guardedReload } from '@/lib/reload-guard'
import { scrollAfterNavigation } from '@/lib/scroll'

export interface NavigationEffectsProps {
  builds: Pick<BuildWatcher, 'newBuildAvailable'> | null
  reload?: () => boolean
  scroll?: (hash: string) => void
}

export function NavigationEffects({
  builds,
  reload = () => guardedReload(),
  scroll = (h) => scrollAfterNavigation(h),
}: NavigationEffectsProps) {
  const [location] = useLocation()
  const search = useSearch()
  const hash = globalThis.location?.hash ?? ''
  const full = `${location}${search ? `?${search}` : ''}${hash}`
  const previous = useRef<string | null>(null)

  useEffect(() => {
    const prev = previous.current
    previous.current = full
    if (prev === full) return
    let frame: number | null = null
    if (prev !== null) {
      if (builds?.newBuildAvailable && reload()) return
      scroll(hash)
      // After the new page has rendered; never into an open dialog's way.
      frame = requestAnimationFrame(() => {
        if (!document.querySelector('[aria-modal="true"]'))
          document.getElementById('main')?.focus({ preventScroll: true })
      })
      pageleave(analytics(), prev)
    } else if (hash) {
      scroll(hash)
    }
    pageview(analytics(), full)
    return () => {
      if (frame !== null) cancelAnimationFrame(frame)
    }
  }, [full]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const leave = () => {
      if (previous.current) pageleave(analytics(), previous.current)
    }
    globalThis.addEventListener('pagehide', leave)
    return () => globalThis.removeEventListener('pagehide', leave)
  }, [])

  return null
}
