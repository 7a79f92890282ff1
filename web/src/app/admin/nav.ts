// The admin navigation: every entry, filtered per role by the guard's own rule.
import { paths } from '@/config/paths'
import { type AdminRole, canVisit } from '@/features/admin-auth/guard'

import type { NavItem } from './nav-types'
import { adminCommerceNav } from './routes-commerce'
import { adminOperationsNav } from './routes-operations'

export type { NavItem } from './nav-types'

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', href: paths.admin.getHref() },
  { label: 'Locations', href: paths.adminLocations.getHref(), tree: true },
  { label: 'Waiting list', href: paths.adminWaitingList.getHref() },
  { label: 'Process offers', href: paths.adminWaitingListProcess.getHref(), tree: true },
  { label: 'Categories', href: paths.adminWaitingListCategories.getHref(), tree: true },
  { label: 'Communications', href: paths.adminComms.getHref(), tree: true },
  { label: 'Message log', href: paths.adminCommunications.getHref() },
  { label: 'Tools', href: paths.adminTools.getHref(), tree: true },
  { label: 'Welcome slots', href: paths.adminWelcomeSlots.getHref(), tree: true },
  { label: 'Users', href: paths.adminUsers.getHref() },
  { label: 'Patch managers', href: paths.adminPatchManagers.getHref() },
  ...adminCommerceNav,
  ...adminOperationsNav,
  { label: 'Sign-in security', href: paths.adminSecurity.getHref() },
]

export const navFor = (role: AdminRole): NavItem[] => NAV_ITEMS.filter((item) => canVisit(role, item.href))

export const isCurrent = (item: NavItem, path: string) =>
  path === item.href || (!!item.tree && path.startsWith(`${item.href}/`))
