// The route table: each public route with its layout; the admin area as one lazy nested
// router; everything else is page-not-found with the full path.
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { paths } from '@/config/paths'
import { HomeRoute } from '@/features/home/routes/home'
import { NotFoundRoute } from '@/features/errors/routes/not-found'
import { type LayoutName, layouts } from './layouts/layouts'

const AdminApp = lazy(() => import('./admin/AdminApp'))

export interface AppRoute {
  path: string
  layout: LayoutName
  component: ComponentType
}

export const routes: AppRoute[] = [
  { path: paths.home.path, layout: 'default', component: HomeRoute },
  { path: paths.notFound.path, layout: 'default', component: NotFoundRoute },
]

function Loading() {
  return <p role='status' style={{ padding: '2rem 1rem' }}>Loading…</p>
}

function WithLayout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const Layout = layouts[name]
  return <Layout><Suspense fallback={<Loading />}>{children}</Suspense></Layout>
}

export function AppRoutes() {
  return (
    <Switch>
      {routes.map(({ path, layout, component: Page }) => (
        <Route key={path} path={path}>
          <WithLayout name={layout}><Page /></WithLayout>
        </Route>
      ))}
      <Route path={paths.admin.path} nest>
        <Suspense fallback={<Loading />}><AdminApp /></Suspense>
      </Route>
      <Route>
        <WithLayout name='default'><NotFoundRoute /></WithLayout>
      </Route>
    </Switch>
  )
}
