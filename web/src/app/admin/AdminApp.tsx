// The admin area's entry, in its own lazily loaded chunk so the public first load does not
// carry it. Every /admin path goes through the admin guard first; the open pages (login,
// confirm, unauthorized) render without it. Pages and layouts come from the admin route table
// (routes.tsx). Routes are relative to /admin (a nested router).
import { Suspense, useCallback, useEffect } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { AdminGuard } from '@/features/admin-auth/components/AdminGuard'
import { startAuthListener } from '@/features/admin-auth/stores/auth-store'
import { adminLayoutFor } from './admin-layouts'
import { adminLayouts } from './AdminLayout'
import { adminHomeFor, adminNotFound, adminRolesFor, type AdminRoute, adminRoutes } from './routes'

import { full, rel } from './admin-paths'

export { full, rel } from './admin-paths'

/** The route table's answer to who may open what, for the guard. */
const access = { rolesFor: adminRolesFor, homeFor: adminHomeFor }

const openRows = adminRoutes.filter((route) => route.roles === 'anyone')
const guardedRows = adminRoutes.filter((route) => route.roles !== 'anyone')

/** The table's rows as wouter routes, in the table's order (the Switch takes the first match). */
const routesOf = (rows: readonly AdminRoute[], navigate: (to: string) => void) =>
  rows.map(({ path, page }) => (
    <Route key={path} path={rel(path)}>
      {(params: Record<string, string>) => page({ params, navigate })}
    </Route>
  ))

function PageLoading() {
  return (
    <p role='status' className='page-loading'>
      Loading…
    </p>
  )
}

export default function AdminApp() {
  const [location, navigate] = useLocation()
  const path = full(location)
  const go = useCallback((to: string) => navigate(`~${to}`, { replace: true }), [navigate])
  const push = useCallback((to: string) => navigate(`~${to}`), [navigate])
  useEffect(() => startAuthListener(), [])

  const open = <Switch>{routesOf(openRows, push)}</Switch>
  const Layout = adminLayouts[adminLayoutFor(path)]
  return (
    <AdminGuard path={path} redirect={go} access={access} open={open}>
      <Layout path={path}>
        {/* Each page is its own chunk (routes.tsx): the shell and menu stay while it loads. */}
        <Suspense fallback={<PageLoading />}>
          <Switch>
            {routesOf(guardedRows, push)}
            <Route>{adminNotFound.page()}</Route>
          </Switch>
        </Suspense>
      </Layout>
    </AdminGuard>
  )
}
