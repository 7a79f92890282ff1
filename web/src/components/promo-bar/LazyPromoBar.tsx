// The promo bar's code arrives after the first paint, like its data: the bar is fixed along the
// bottom of the window, so appearing late moves nothing, and the first load stays smaller.
import { lazy, Suspense, useEffect, useState } from 'react'
import { afterNextPaint } from '@/lib/after-first-paint'

let loaded = false
const load = () =>
  import('./PromoBar').then((m) => {
    loaded = true
    return { default: m.PromoBar }
  })
const Bar = lazy(load)

export function LazyPromoBar() {
  const [ready, setReady] = useState(loaded)
  useEffect(() => {
    if (ready) return
    let live = true
    void afterNextPaint()
      .then(load)
      .then(
        () => {
          if (live) setReady(true)
        },
        () => {
          /* no bar this time */
        },
      )
    return () => {
      live = false
    }
  }, [ready])
  return ready ? (
    <Suspense fallback={null}>
      <Bar />
    </Suspense>
  ) : null
}
