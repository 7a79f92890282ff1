// The privacy notice and the cookie policy: plain pages, each its own lazy chunk.
import { lazyPage } from './lazy-page'
import { paths } from '@/config/paths'
import type { AppRoute } from './router'

export const legalRoutes: AppRoute[] = [
  {
    path: paths.privacy.path,
    layout: 'default',
    component: lazyPage(() => import('@/features/legal/routes/privacy')),
    bare: true,
  },
  {
    path: paths.cookies.path,
    layout: 'default',
    component: lazyPage(() => import('@/features/legal/routes/cookies')),
    bare: true,
  },
  {
    path: paths.yourData.path,
    layout: 'default',
    component: lazyPage(() => import('@/features/data-rights/routes/your-data')),
  },
]
