// Public website, part 2: content, community and map pages. Each page is its own lazy
// chunk so none of them adds to the home page's first load.
import { lazyPage, namedPage } from './lazy-page'
import { paths } from '@/config/paths'
import type { AppRoute } from './router'

const page = namedPage

const blogs = () => import('@/features/blogs/routes/blogs')
const careers = () => import('@/features/careers/routes/careers')
const sowing = () => import('@/features/seed-sowing/routes/seed-sowing')
const pledge = () => import('@/features/pledge/routes/pledge')
const goodVibes = () => import('@/features/good-vibes/routes/good-vibes')

// Static paths before the parameterised ones they overlap. The knowledge base is `/kb` and
// every nested `/kb/{link...}`: wouter's optional wildcard, read as the `*` parameter.
export const contentRoutes: AppRoute[] = [
  { path: paths.blogs.path, layout: 'default', component: page(blogs, 'default') },
  { path: paths.blog.path, layout: 'default', component: page(blogs, 'BlogPostRoute') },
  { path: paths.careers.path, layout: 'default', component: page(careers, 'default') },
  { path: paths.career.path, layout: 'default', component: page(careers, 'CareerRoute') },
  { path: paths.events.path, layout: 'default', component: lazyPage(() => import('@/features/events/routes/events')) },
  { path: `${paths.kbHome.path}/*?`, layout: 'default', component: lazyPage(() => import('@/features/kb/routes/kb')) },
  { path: paths.seedSowing.path, layout: 'default', component: page(sowing, 'default') },
  { path: paths.seedSowingTimeline.path, layout: 'default', component: page(sowing, 'SeedSowingTimelineRoute') },
  { path: paths.seedSowingThankYou.path, layout: 'default', component: page(sowing, 'SeedSowingThankYouRoute') },
  {
    path: paths.offer.path,
    layout: 'landing',
    component: lazyPage(() => import('@/features/offer-pages/routes/offer')),
  },
  { path: paths.pledge.path, layout: 'default', component: page(pledge, 'default') },
  { path: paths.pledgePage.path, layout: 'default', component: page(pledge, 'PledgePageRoute') },
  { path: paths.goodVibes.path, layout: 'default', component: page(goodVibes, 'default') },
  { path: paths.goodVibesProject.path, layout: 'default', component: page(goodVibes, 'GoodVibesProjectRoute') },
]
