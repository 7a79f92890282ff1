// Which admin layout of spec §2 a path uses. 'admin-desktop' is the working layout for lists,
// tables and dashboards: navigation always beside the content on wide screens. 'admin' is the
// focused layout for one form (create, add, edit, sign-in security): a single narrow column,
// the navigation behind a menu button at every width and a way back to the list it came from.
import type { LayoutName } from '../layouts/layouts'
import { paths } from '@/config/paths'

export type AdminLayoutName = Extract<LayoutName, 'admin' | 'admin-desktop'>

const FORM_PAGE = /\/(create|add|edit)(\/[^/]+)?$/

export function adminLayoutFor(path: string): AdminLayoutName {
  return FORM_PAGE.test(path) || path === paths.adminSecurity.path ? 'admin' : 'admin-desktop'
}

/** Where a form page goes back to: the list or record it belongs to. */
export function backHref(path: string): string {
  if (path === paths.adminSecurity.path) return paths.admin.getHref()
  return path.replace(FORM_PAGE, '') || paths.admin.getHref()
}
