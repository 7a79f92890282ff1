// The settings modal's code loads the first time it opens (or on load when it is forced), so
// the first load carries only the banner.
import { lazy, Suspense, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { consent } from '../stores/consent-store'

const ConsentModal = lazy(() => import('./ConsentModal').then((m) => ({ default: m.ConsentModal })))

export function LazyConsentModal() {
  const { isModalOpen } = useSnapshot(consent)
  const opened = useRef(false)
  opened.current ||= isModalOpen
  return opened.current ? (
    <Suspense fallback={null}>
      <ConsentModal />
    </Suspense>
  ) : null
}
