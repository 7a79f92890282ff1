// The first load routes only the home page itself. Every other route (the public route table,
// the admin area, page-not-found) sits in router.tsx, a lazy chunk, so adding routes never grows
// the home page's first load. The home page warms it after its first paint; any other page
// fetches it, and its own chunk, before its first render (prepareFirstPage).
import { type ComponentType, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { paths } from '@/config/paths'
import { HomeRoute } from '@/features/home/routes/home'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { Loading, WithLayout } from './with-layout'
import { lazyPage, patternRegExp } from './lazy-page'

const loadRouter = () => import('./router')
const RouteTable = lazyPage(async (): Promise<{ default: ComponentType }> => ({
  default: (await loadRouter()).RouteTable,
}))

// The public pages visitors land on most, after the home page: their chunks start downloading
// with the route table instead of after it (one round trip less before the page shows).
const LANDING_PAGES: Array<[pattern: string, load: () => Promise<unknown>]> = [
  [paths.sites.path, () => import('@/features/sites/routes/sites-list')],
  [paths.locations.path, () => import('@/features/sites/routes/sites-list')],
  [paths.site.path, () => import('@/features/sites/routes/site-page')],
  [paths.siteOld.path, () => import('@/features/sites/routes/site-page')],
]

/** Starts the chunk of the landing page at `path`, if it is one; true when it did. */
export function preloadLandingPage(path: string): boolean {
  const hit = LANDING_PAGES.find(([pattern]) => patternRegExp(pattern).test(path))
  if (!hit) return false
  void hit[1]().catch(() => {
    /* fetched again when the route renders */
  })
  return true
}

/** The longest the first render waits for a page's chunks before showing "Loading…" instead. */
export const FIRST_PAGE_WAIT_MS = 3000

/**
 * Before the first render of any page but home: fetches the route table and the page's chunks,
 * so the page renders at once instead of after a loading state (see lazy-page.tsx). Never
 * rejects; gives up waiting after FIRST_PAGE_WAIT_MS.
 */
export function prepareFirstPage(path: string): Promise<void> {
  if (patternRegExp(paths.home.path).test(path)) return Promise.resolve()
  preloadLandingPage(path)
  const ready = RouteTable.preload()
    .then(loadRouter)
    .then((m) => m.preloadRoute(path))
  const cap = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))
  return Promise.race([ready, cap]).catch(() => {
    /* the route renders its loading or error state */
  })
}

/** Warms the route table once the home page has painted, so the next click does not wait. */
export function preloadRouteTable() {
  void afterFirstPaint()
    .then(loadRouter)
    .catch(() => {
      /* fetched again on navigation */
    })
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home.path}>
        <WithLayout name='default' bare>
          <HomeRoute />
        </WithLayout>
      </Route>
      <Route>
        <Suspense
          fallback={
            <WithLayout name='default' bare>
              <Loading />
            </WithLayout>
          }
        >
          <RouteTable />
        </Suspense>
      </Route>
    </Switch>
  )
}
