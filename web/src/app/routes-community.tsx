// Public website, part 2: community pages, experts and courses, the location map and
// member sign-in. Each page is its own lazy chunk so none of them adds to the home page's load.
import { lazyPage, namedPage } from './lazy-page'
import { paths } from '@/config/paths'
import type { AppRoute } from './router'

const named = namedPage

const LocationMapRoute = lazyPage(() => import('@/features/location-map/routes/location-map'))
const VoteRoute = lazyPage(() => import('@/features/vote/routes/vote'))
const LandRoute = lazyPage(() => import('@/features/land/routes/land'))
const LoginRoute = lazyPage(() => import('@/features/member-login/routes/login'))
const GrowingExpertsRoute = lazyPage(() => import('@/features/growing-experts/routes/growing-experts'))
const GrowingExpertRoute = named(
  () => import('@/features/growing-experts/routes/growing-experts'),
  'GrowingExpertRoute',
)
const CourseCreatorRoute = lazyPage(() => import('@/features/course-creator/routes/course-creator'))
const CourseSettingsRoute = lazyPage(() => import('@/features/course-creator/routes/course-settings'))

export const communityRoutes: AppRoute[] = [
  { path: paths.mapsTest.path, layout: 'default', component: LocationMapRoute },
  { path: paths.businessInsightsLocationMap.path, layout: 'default', component: LocationMapRoute },
  { path: paths.vote.path, layout: 'default', component: VoteRoute },
  { path: paths.land.path, layout: 'default', component: LandRoute },
  { path: paths.login.path, layout: 'default', component: LoginRoute },
  { path: paths.growingExperts.path, layout: 'default', component: GrowingExpertsRoute },
  { path: paths.growingExpert.path, layout: 'default', component: GrowingExpertRoute },
  { path: paths.courseCreator.path, layout: 'default', component: CourseCreatorRoute },
  { path: paths.courseSettings.path, layout: 'default', component: CourseSettingsRoute },
]
