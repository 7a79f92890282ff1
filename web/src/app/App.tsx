// Providers and the app shell: query client, router (browser location unless given one),
// redirect gate, error boundary, routes, toasts and the consent UI.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { type BaseLocationHook, Router, useLocation, useSearch } from 'wouter'
import { ConsentBanner } from '@/features/consent/components/ConsentBanner'
import { ConsentModal } from '@/features/consent/components/ConsentModal'
import { ConsentReopenButton } from '@/features/consent/components/ConsentReopenButton'
import { ErrorBoundary } from './ErrorBoundary'
import { NavigationEffects } from './NavigationEffects'
import type { Platform } from './platform'
import { RedirectGate } from './RedirectGate'
import { AppRoutes } from './router'
import { Toaster } from './Toaster'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The fetch layer already retries network failures and 502/503/504, and nothing else.
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

function RoutedContent({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  const search = useSearch()
  return <ErrorBoundary path={`${location}${search ? `?${search}` : ''}`}>{children}</ErrorBoundary>
}

export interface AppProps {
  platform: Platform
  locationHook?: BaseLocationHook
  searchHook?: () => string
}

export function App({ platform, locationHook, searchHook }: AppProps) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={locationHook} searchHook={searchHook}>
        <NavigationEffects builds={platform.builds} />
        <RedirectGate cache={platform.redirects}>
          <RoutedContent>
            <AppRoutes />
          </RoutedContent>
        </RedirectGate>
        <Toaster />
        <ConsentBanner />
        <ConsentModal />
        <ConsentReopenButton />
      </Router>
    </QueryClientProvider>
  )
}
