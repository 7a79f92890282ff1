// Admin area, part 2 (issue 9): store, orders, payments, sales, staff checkout, plans and fees.
// Routes are relative to /admin (see rel in AdminApp); the array is spread into AdminApp's Switch.
import type { ReactElement } from 'react'
import type { NavItem } from './nav-types'

export const adminCommerceNav: NavItem[] = []

export function adminCommerceRoutes(): ReactElement[] {
  return []
}
