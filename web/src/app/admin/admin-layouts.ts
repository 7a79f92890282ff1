// Which admin layout a path uses, and where a form goes back to: both read the admin route
// table (routes.tsx), which names each page's layout.
import { paths } from '@/config/paths'
import { type AdminLayoutName, adminRouteAt } from './routes'

export type { AdminLayoutName } from './routes'

/** The layout of the page at a concrete path; a path no page matches shows in the working layout. */
export function adminLayoutFor(path: string): AdminLayoutName {
  return adminRouteAt(path)?.layout ?? 'admin-desktop'
}

/** Where a form page goes back to: the nearest page above it (the list or record it belongs to). */
export function backHref(path: string): string {
  const segments = path.split('/')
  for (let n = segments.length - 1; n > 1; n--) {
    const above = segments.slice(0, n).join('/')
    if (adminRouteAt(above)) return above
  }
  return paths.admin.getHref()
}
