// The admin menu: the rows of the admin route table (routes.tsx) that have a menu entry, in the
// table's order, each shown to the roles that may open it.
import type { AdminRole } from '@/features/admin-auth/guard'
import { adminRoutes, mayOpen } from './routes'

export interface NavItem {
  label: string
  href: string /** Also current for paths under it. */
  tree?: boolean
}

const item = (
  label: string,
  href: string,
  tree?: true,
): NavItem => (tree ? { label, href, tree } : { label, href })

const entries = adminRoutes.flatMap((
  { path, nav, roles },
) => (nav ? [{ item: item(nav.label, path, nav.tree), roles }] : []))

export const NAV_ITEMS: NavItem[] = entries.map((e) => e.item)

export const navFor = (role: AdminRole): NavItem[] =>
  entries.filter((e) => mayOpen(e.roles, role)).map((e) => e.item)

export const isCurrent = (item: NavItem, path: string) =>
  path === item.href || (!!item.tree && path.startsWith(`${item.href}/`))
