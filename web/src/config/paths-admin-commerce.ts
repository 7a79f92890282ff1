// Admin area, part 2 (issue 9): store, orders, payments, sales, staff checkout, plans and fees.
import { definePath } from './define-path'

export const adminCommercePaths = {
  adminStoreDashboard: definePath('/admin/store/dashboard'),
  adminProducts: definePath('/admin/products'),
  adminProductCategories: definePath('/admin/products/categories'),
  adminProduct: definePath('/admin/products/:id'),
  adminOrders: definePath('/admin/orders'),
  adminOrder: definePath('/admin/orders/:id'),
  adminPayments: definePath('/admin/payments'),
  adminSales: definePath('/admin/sales'),
  adminCheckout: definePath('/admin/checkout'),
  adminPlans: definePath('/admin/plans'),
  adminJoiningFee: definePath('/admin/joining-fee'),
} as const
