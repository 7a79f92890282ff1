// Public website, part 2 (issue 8): community pages, experts and courses, the location map and
// member sign-in. Each page is its own lazy chunk so none of them adds to the home page's load.
import { type ComponentType, lazy } from 'react'
import { paths } from '@/config/paths'
import type { AppRoute } from './router'

const named = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType })))

const LocationMapRoute = lazy(() => import('@/features/location-map/routes/location-map'))
const VoteRoute = lazy(() => import('@/features/vote/routes/vote'))
const LandRoute = lazy(() => import('@/features/land/routes/land'))
const LoginRoute = lazy(() => import('@/features/member-login/routes/login'))
const GrowingExpertsRoute = lazy(() => import('@/features/growing-experts/routes/growing-experts'))
const GrowingExpertRoute = named(() => import('@/features/growing-experts/routes/growing-experts'), 'GrowingExpertRoute')
const CourseCreatorRoute = lazy(() => import('@/features/course-creator/routes/course-creator'))
const CourseSettingsRoute = lazy(() => import('@/features/course-creator/routes/course-settings'))

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
