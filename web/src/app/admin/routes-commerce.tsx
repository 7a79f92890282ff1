// Admin area, part 2 (issue 9): store, orders, payments, sales, staff checkout, plans and fees.
// Routes are relative to /admin (see rel in AdminApp); the array is spread into AdminApp's Switch.
import type { ReactElement } from 'react'
import { Route } from 'wouter'
import { paths } from '@/config/paths'
import { AdminCheckoutRoute } from '@/features/admin-checkout/routes/checkout'
import { AdminOrderRoute, AdminOrdersRoute } from '@/features/admin-orders/routes/orders'
import { AdminPaymentsRoute } from '@/features/admin-payments/routes/payments'
import { AdminJoiningFeeRoute, AdminPlansRoute } from '@/features/admin-plans/routes/plans'
import { AdminProductCategoriesRoute } from '@/features/admin-products/routes/categories'
import { AdminProductRoute, AdminProductsRoute } from '@/features/admin-products/routes/products'
import { AdminSalesRoute } from '@/features/admin-sales/routes/sales'
import { AdminStoreDashboardRoute } from '@/features/admin-store/routes/store-dashboard'
import { rel } from './admin-paths'
import type { NavItem } from './nav-types'

export const adminCommerceNav: NavItem[] = [
  { label: 'Store', href: paths.adminStoreDashboard.getHref() },
  { label: 'Products', href: paths.adminProducts.getHref(), tree: true },
  { label: 'Orders', href: paths.adminOrders.getHref(), tree: true },
  { label: 'Payments', href: paths.adminPayments.getHref() },
  { label: 'Sales', href: paths.adminSales.getHref() },
  { label: 'Checkout link', href: paths.adminCheckout.getHref() },
  { label: 'Plans', href: paths.adminPlans.getHref() },
  { label: 'Joining fee', href: paths.adminJoiningFee.getHref() },
]

export function adminCommerceRoutes(): ReactElement[] {
  return [
    <Route key='store' path={rel(paths.adminStoreDashboard.path)}><AdminStoreDashboardRoute /></Route>,
    <Route key='products' path={rel(paths.adminProducts.path)}><AdminProductsRoute /></Route>,
    <Route key='categories' path={rel(paths.adminProductCategories.path)}><AdminProductCategoriesRoute /></Route>,
    <Route key='product' path={rel(paths.adminProduct.path)}>{(p: { id: string }) => <AdminProductRoute key={p.id} id={p.id} />}</Route>,
    <Route key='orders' path={rel(paths.adminOrders.path)}><AdminOrdersRoute /></Route>,
    <Route key='order' path={rel(paths.adminOrder.path)}>{(p: { id: string }) => <AdminOrderRoute id={p.id} />}</Route>,
    <Route key='payments' path={rel(paths.adminPayments.path)}><AdminPaymentsRoute /></Route>,
    <Route key='sales' path={rel(paths.adminSales.path)}><AdminSalesRoute /></Route>,
    <Route key='checkout' path={rel(paths.adminCheckout.path)}><AdminCheckoutRoute /></Route>,
    <Route key='plans' path={rel(paths.adminPlans.path)}><AdminPlansRoute /></Route>,
    <Route key='joining-fee' path={rel(paths.adminJoiningFee.path)}><AdminJoiningFeeRoute /></Route>,
  ]
}
