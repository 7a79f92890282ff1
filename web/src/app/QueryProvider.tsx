// The query client itself, in its own chunk (see query-scope.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useQueryBox } from './query-scope'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The fetch layer already retries network failures and 502/503/504, and nothing else.
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

export default function QueryProvider({ children }: { children: ReactNode }) {
  const box = useQueryBox()
  box.client ??= createQueryClient()
  return <QueryClientProvider client={box.client as QueryClient}>{children}</QueryClientProvider>
}
