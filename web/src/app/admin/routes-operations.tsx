// Admin area, part 2 (issue 9): promo bars, marketing, events, tasks, courses and the location map.
// Routes are relative to /admin (see rel in AdminApp); the array is spread into AdminApp's Switch.
import type { ReactElement } from 'react'
import type { NavItem } from './nav-types'

export const adminOperationsNav: NavItem[] = []

export function adminOperationsRoutes(): ReactElement[] {
  return []
}
