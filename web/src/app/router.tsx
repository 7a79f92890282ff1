// The route table: each public route with its layout; the admin area as one lazy nested
// router; everything else is page-not-found with the full path. This module is itself a lazy
// chunk (app-routes.tsx renders the home page without it).
import { type ComponentType, lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { paths } from '@/config/paths'
import { HomeRoute } from '@/features/home/routes/home'
import { NotFoundRoute } from '@/features/errors/routes/not-found'
import type { PublicLayoutName } from './layouts/layouts'
import { preloadQueryScope, QueryScope } from './query-scope'
import { Loading, WithLayout } from './with-layout'
import { lazyPage, namedPage, patternRegExp, preloadPage } from './lazy-page'
import { contentRoutes } from './routes-content'
import { communityRoutes } from './routes-community'
import { legalRoutes } from './routes-legal'

const AdminApp = lazy(() => import('./admin/AdminApp'))

// Public website, part 1: one lazy chunk per page so the home page stays small.
const named = namedPage
const SitesRoute = lazyPage(() => import('@/features/sites/routes/sites-list'))
const LocationsRoute = named(() => import('@/features/sites/routes/sites-list'), 'LocationsRoute')
const SitePageRoute = lazyPage(() => import('@/features/sites/routes/site-page'))
const PreRegisterRoute = lazyPage(() => import('@/features/prereg/routes/pre-register'))
const PreregSiteRoute = lazyPage(() => import('@/features/prereg/routes/prereg-site'))
const PreregSiteLandingRoute = named(() => import('@/features/prereg/routes/prereg-site'), 'PreregSiteLandingRoute')
const PreregSiteThankyouRoute = named(() => import('@/features/prereg/routes/prereg-site'), 'PreregSiteThankyouRoute')
const JoinRoute = lazyPage(() => import('@/features/waiting-list/routes/join'))
const SpecialJoinRoute = named(() => import('@/features/waiting-list/routes/join'), 'SpecialJoinRoute')
const QueueReadyRoute = lazyPage(() => import('@/features/waiting-list/routes/queue-ready'))
const KeepPlaceRoute = lazyPage(() => import('@/features/offer-pages/routes/keep-place'))
const PreregSuccessRoute = lazyPage(() => import('@/features/waiting-list/routes/prereg-success'))
const LandingSiteRoute = lazyPage(() => import('@/features/landing/routes/landing'))
const SugarLoafFieldsRoute = named(() => import('@/features/landing/routes/landing'), 'SugarLoafFieldsRoute')
const SpecialJoinSuccessRoute = named(() => import('@/features/landing/routes/landing'), 'SpecialJoinSuccessRoute')
const NewSiteLandingRoute = named(() => import('@/features/landing/routes/landing'), 'NewSiteLandingRoute')
const GiftVouchersRoute = lazyPage(() => import('@/features/vouchers/routes/gift-vouchers'))
const GiftVouchersSuccessRoute = named(() => import('@/features/checkout/routes/checkout'), 'GiftVouchersSuccessRoute')
const CheckoutRoute = lazyPage(() => import('@/features/checkout/routes/checkout'))
const CheckoutSuccessRoute = named(() => import('@/features/checkout/routes/checkout'), 'CheckoutSuccessRoute')
const DepositCheckoutRoute = named(() => import('@/features/membership/routes/deposit'), 'DepositCheckoutRoute')
const CheckoutNewRoute = lazyPage(() => import('@/features/checkout/routes/checkout-new'))
const WelcomeSlotRoute = lazyPage(() => import('@/features/welcome-slots/routes/welcome-slot'))
const WelcomeSlotSuccessRoute = named(
  () => import('@/features/welcome-slots/routes/welcome-slot'),
  'WelcomeSlotSuccessRoute',
)
const GuidedTourRoute = lazyPage(() => import('@/features/guided-tours/routes/guided-tour'))
const GuidedTourThankYouRoute = named(
  () => import('@/features/guided-tours/routes/guided-tour'),
  'GuidedTourThankYouRoute',
)
const GuidedTourBecomeMemberRoute = named(
  () => import('@/features/guided-tours/routes/guided-tour'),
  'GuidedTourBecomeMemberRoute',
)
const BecomeMemberRoute = lazyPage(() => import('@/features/membership/routes/plans'))
const SchemesRoute = named(() => import('@/features/membership/routes/plans'), 'SchemesRoute')
const SubscriptionAgreementRoute = named(
  () => import('@/features/membership/routes/plans'),
  'SubscriptionAgreementRoute',
)
const MembersRoute = lazyPage(() => import('@/features/membership/routes/members'))
const MembersCancellationRoute = named(() => import('@/features/membership/routes/members'), 'MembersCancellationRoute')
const MemberReceiptRoute = lazyPage(() => import('@/features/membership/routes/receipt'))
const CoWorkerInvitationRoute = lazyPage(() => import('@/features/membership/routes/co-worker-invitation'))
const SiteSetupRoute = lazyPage(() => import('@/features/membership/routes/site-setup'))
const SiteListStatsRoute = lazyPage(() => import('@/features/list-stats/routes/site-list-stats'))

export interface AppRoute {
  path: string
  layout: PublicLayoutName
  component: ComponentType
  /** Renders without the query client, so the page's first load does not fetch its chunk. */
  bare?: boolean
}

export const routes: AppRoute[] = [
  { path: paths.home.path, layout: 'default', component: HomeRoute, bare: true },
  { path: paths.notFound.path, layout: 'default', component: NotFoundRoute, bare: true },
  // Public website, part 1: static paths before the parameterised ones they overlap.
  { path: paths.sites.path, layout: 'default', component: SitesRoute, bare: true },
  { path: paths.locations.path, layout: 'default', component: LocationsRoute, bare: true },
  { path: paths.site.path, layout: 'site', component: SitePageRoute, bare: true },
  { path: paths.siteOld.path, layout: 'site', component: SitePageRoute, bare: true },
  { path: paths.siteList.path, layout: 'default', component: SiteListStatsRoute, bare: true },
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
  { path: paths.queueKeepPlace.path, layout: 'default', component: KeepPlaceRoute },
  { path: paths.giftVouchers.path, layout: 'default', component: GiftVouchersRoute },
  { path: paths.giftVouchersSuccess.path, layout: 'default', component: GiftVouchersSuccessRoute },
  { path: paths.checkout.path, layout: 'checkout', component: CheckoutRoute },
  { path: paths.checkoutNew.path, layout: 'checkout', component: CheckoutNewRoute },
  { path: paths.checkoutSuccess.path, layout: 'checkout', component: CheckoutSuccessRoute },
  { path: paths.depositCheckout.path, layout: 'checkout', component: DepositCheckoutRoute },
  { path: paths.welcomeSlot.path, layout: 'default', component: WelcomeSlotRoute },
  { path: paths.welcomeSlotSuccess.path, layout: 'default', component: WelcomeSlotSuccessRoute },
  { path: paths.guidedTour.path, layout: 'default', component: GuidedTourRoute },
  { path: paths.guidedTourBecomeMember.path, layout: 'default', component: GuidedTourBecomeMemberRoute },
  { path: paths.guidedTourThankYou.path, layout: 'default', component: GuidedTourThankYouRoute },
  { path: paths.guidedTourLocation.path, layout: 'default', component: GuidedTourRoute },
  { path: paths.becomeMember.path, layout: 'default', component: BecomeMemberRoute },
  { path: paths.schemes.path, layout: 'default', component: SchemesRoute },
  { path: paths.subscriptionAgreement.path, layout: 'white', component: SubscriptionAgreementRoute },
  { path: paths.members.path, layout: 'default', component: MembersRoute },
  { path: paths.membersCancellation.path, layout: 'default', component: MembersCancellationRoute },
  { path: paths.memberReceipt.path, layout: 'default', component: MemberReceiptRoute },
  { path: paths.coWorkerInvitation.path, layout: 'default', component: CoWorkerInvitationRoute },
  { path: paths.siteSetup.path, layout: 'checkout', component: SiteSetupRoute },
  { path: paths.siteSetupOld.path, layout: 'checkout', component: SiteSetupRoute },
  ...contentRoutes,
  ...communityRoutes,
  ...legalRoutes,
]

/** Fetches what the public route at `path` renders with (before the first render: main.tsx). */
export async function preloadRoute(path: string): Promise<void> {
  const route = routes.find((r) => patternRegExp(r.path).test(path))
  if (route) await Promise.all([preloadPage(route.component), route.bare ? undefined : preloadQueryScope()])
}

export function RouteTable() {
  return (
    <Switch>
      {routes.map(({ path, layout, bare, component: Page }) => (
        <Route key={path} path={path}>
          <WithLayout name={layout} bare={bare}>
            <Page />
          </WithLayout>
        </Route>
      ))}
      <Route path={paths.admin.path} nest>
        <Suspense fallback={<Loading />}>
          <QueryScope>
            <AdminApp />
          </QueryScope>
        </Suspense>
      </Route>
      <Route>
        <WithLayout name='default' bare>
          <NotFoundRoute />
        </WithLayout>
      </Route>
    </Switch>
  )
}
