// The cookie button's code (and the form-field watcher it steps aside with) loads once the button
// is to show, after consent is given: a first visit carries only the banner.
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { consent, isReopenButtonVisible } from '../stores/consent-store'

const ConsentReopenButton = lazy(() =>
  import('./ConsentReopenButton').then((m) => ({ default: m.ConsentReopenButton })),
)

export function LazyConsentReopenButton() {
  const snap = useSnapshot(consent)
  if (!isReopenButtonVisible(snap as typeof consent)) return null
  return (
    <Suspense fallback={null}>
      <ConsentReopenButton />
    </Suspense>
  )
}
