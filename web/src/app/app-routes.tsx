// The first load routes only the home page itself. Every other route (the public route table,
// the admin area, page-not-found) sits in router.tsx, a lazy chunk that is fetched after the
// first paint, so adding routes never grows the home page's first load.
import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { paths } from '@/config/paths'
import { HomeRoute } from '@/features/home/routes/home'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { Loading, WithLayout } from './with-layout'

const loadRouter = () => import('./router')
const RouteTable = lazy(() => loadRouter().then((m) => ({ default: m.RouteTable })))

/** Warms the route table once the home page has painted, so the next click does not wait. */
export function preloadRouteTable() {
  void afterFirstPaint().then(loadRouter).catch(() => { /* fetched again on navigation */ })
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home.path}>
        <WithLayout name='default' bare><HomeRoute /></WithLayout>
      </Route>
      <Route>
        <Suspense fallback={<WithLayout name='default' bare><Loading /></WithLayout>}><RouteTable /></Suspense>
      </Route>
    </Switch>
  )
}
