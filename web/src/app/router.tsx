// The route table: each public route with its layout; the admin area as one lazy nested
// router; everything else is page-not-found with the full path.
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { paths } from '@/config/paths'
import { HomeRoute } from '@/features/home/routes/home'
import { NotFoundRoute } from '@/features/errors/routes/not-found'
import { type LayoutName, layouts } from './layouts/layouts'

const AdminApp = lazy(() => import('./admin/AdminApp'))

// Public website, part 1 (issue 6): one lazy chunk per page so the home page stays small.
const named = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType })))
const SitesRoute = lazy(() => import('@/features/sites/routes/sites-list'))
const LocationsRoute = named(() => import('@/features/sites/routes/sites-list'), 'LocationsRoute')
const SitePageRoute = lazy(() => import('@/features/sites/routes/site-page'))
const PreRegisterRoute = lazy(() => import('@/features/prereg/routes/pre-register'))
const PreregSiteRoute = lazy(() => import('@/features/prereg/routes/prereg-site'))
const PreregSiteLandingRoute = named(() => import('@/features/prereg/routes/prereg-site'), 'PreregSiteLandingRoute')
const PreregSiteThankyouRoute = named(() => import('@/features/prereg/routes/prereg-site'), 'PreregSiteThankyouRoute')
const JoinRoute = lazy(() => import('@/features/waiting-list/routes/join'))
const SpecialJoinRoute = named(() => import('@/features/waiting-list/routes/join'), 'SpecialJoinRoute')
const QueueReadyRoute = lazy(() => import('@/features/waiting-list/routes/queue-ready'))
const PreregSuccessRoute = lazy(() => import('@/features/waiting-list/routes/prereg-success'))
const LandingSiteRoute = lazy(() => import('@/features/landing/routes/landing'))
const SugarLoafFieldsRoute = named(() => import('@/features/landing/routes/landing'), 'SugarLoafFieldsRoute')
const SpecialJoinSuccessRoute = named(() => import('@/features/landing/routes/landing'), 'SpecialJoinSuccessRoute')
const NewSiteLandingRoute = named(() => import('@/features/landing/routes/landing'), 'NewSiteLandingRoute')

export interface AppRoute {
  path: string
  layout: LayoutName
  component: ComponentType
}

export const routes: AppRoute[] = [
  { path: paths.home.path, layout: 'default', component: HomeRoute },
  { path: paths.notFound.path, layout: 'default', component: NotFoundRoute },
  // Public website, part 1 (issue 6): static paths before the parameterised ones they overlap.
  { path: paths.sites.path, layout: 'default', component: SitesRoute },
  { path: paths.locations.path, layout: 'default', component: LocationsRoute },
  { path: paths.site.path, layout: 'site', component: SitePageRoute },
  { path: paths.siteOld.path, layout: 'site', component: SitePageRoute },
  { path: paths.preRegister.path, layout: 'pre-register', component: PreRegisterRoute },
  { path: paths.prereg.path, layout: 'pre-register', component: PreRegisterRoute },
  { path: paths.preregHome.path, layout: 'pre-register', component: PreRegisterRoute },
  { path: paths.preregSuccess.path, layout: 'pre-register', component: PreregSuccessRoute },
  { path: paths.preregSite.path, layout: 'pre-register', component: PreregSiteRoute },
  { path: paths.preregSiteSignup.path, layout: 'preregform', component: JoinRoute },
  { path: paths.preregSiteLanding.path, layout: 'pre-register', component: PreregSiteLandingRoute },
  { path: paths.preregSiteThankyou.path, layout: 'pre-register', component: PreregSiteThankyouRoute },
  { path: paths.landingSugarLoafFields.path, layout: 'landing', component: SugarLoafFieldsRoute },
  { path: paths.landingSpecialJoin.path, layout: 'landing', component: SpecialJoinRoute },
  { path: paths.landingSpecialJoinSuccess.path, layout: 'landing', component: SpecialJoinSuccessRoute },
  { path: paths.landingSite.path, layout: 'landing', component: LandingSiteRoute },
  { path: paths.landingSiteJoin.path, layout: 'landing', component: JoinRoute },
  { path: paths.newSiteLanding.path, layout: 'landing', component: NewSiteLandingRoute },
  { path: paths.queueReady.path, layout: 'default', component: QueueReadyRoute },
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
