// Providers and the app shell: router (browser location unless given one), redirect gate,
// error boundary, routes, toasts and the consent UI. What the first paint does not need stays
// out of this chunk: the query client (query-scope.tsx, loaded with the first page that uses
// it), the toaster (mounted with the first toast), the consent settings (with the modal) and
// the cookie button (once consent is given).
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { type BaseLocationHook, Router, useLocation, useSearch } from 'wouter'
import { ConsentBanner } from '@/features/consent/components/ConsentBanner'
import { LazyConsentModal } from '@/features/consent/components/LazyConsentModal'
import { LazyConsentReopenButton } from '@/features/consent/components/LazyConsentReopenButton'
import { isToasterWanted, subscribeToaster } from '@/lib/toaster-signal'
import { ErrorBoundary } from './ErrorBoundary'
import { NavigationEffects } from './NavigationEffects'
import type { Platform } from './platform'
import { type QueryBox, QueryBoxContext } from './query-scope'
import { RedirectGate } from './RedirectGate'
import { AppRoutes } from './app-routes'

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })))

function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted, isToasterWanted)
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

function RoutedContent({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  const search = useSearch()
  return <ErrorBoundary path={`${location}${search ? `?${search}` : ''}`}>{children}</ErrorBoundary>
}

/**
 * What depends on this browser's storage (the consent banner) shows once the app has taken over
 * the page: the server renders without it and the browser's first render (hydration) must match.
 */
function ConsentUi() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  if (!hydrated) return null
  return (
    <>
      <ConsentBanner />
      <LazyConsentModal />
      <LazyConsentReopenButton />
    </>
  )
}

export interface AppProps {
  platform: Platform
  locationHook?: BaseLocationHook
  searchHook?: () => string
}

export function App({ platform, locationHook, searchHook }: AppProps) {
  const [queries] = useState<QueryBox>(() => ({}))
  return (
    <QueryBoxContext.Provider value={queries}>
      <Router hook={locationHook} searchHook={searchHook}>
        <NavigationEffects builds={platform.builds} />
        <RedirectGate cache={platform.redirects}>
          <RoutedContent>
            <AppRoutes />
          </RoutedContent>
        </RedirectGate>
        <LazyToaster />
        <ConsentUi />
      </Router>
    </QueryBoxContext.Provider>
  )
}
