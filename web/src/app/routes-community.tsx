// Public website, part 2 (issue 8): community pages, experts and courses, the location map and
// member sign-in. Each page is its own lazy chunk so none of them adds to the home page's load.
import type { AppRoute } from './router'

export const communityRoutes: AppRoute[] = []
