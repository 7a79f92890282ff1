// Public website, part 2 (issue 8): content, community and map pages. Each page is its own lazy
// chunk so none of them adds to the home page's first load.
import type { AppRoute } from './router'

export const contentRoutes: AppRoute[] = []
