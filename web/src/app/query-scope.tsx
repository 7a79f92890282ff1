// Server state (TanStack Query) for every page but the few that must stay in the first load:
// the query client's code is a lazy chunk, fetched with the first page that needs it. The App
// owns one box per instance, so all pages share one cache (and tests get a fresh one).
import { createContext, type ReactNode, useContext } from 'react'
import { lazyPage } from './lazy-page'

/** Holds the App's query client once the first page has created it. */
export interface QueryBox {
  client?: unknown
}

export const QueryBoxContext = createContext<QueryBox>({})

export const useQueryBox = () => useContext(QueryBoxContext)

const QueryProvider = lazyPage<{ children: ReactNode }>(() => import('./QueryProvider'))

/** Fetches the query client's chunk ahead of a page that needs it. */
export const preloadQueryScope = () => QueryProvider.preload()

/** Renders children inside the App's query client (suspends while its chunk loads). */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>
}
