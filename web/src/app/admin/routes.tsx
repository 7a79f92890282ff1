// The admin route table: every /admin path with its page, its layout, who may open it and its
// menu entry. Routing (AdminApp.tsx), the menu (nav.ts), the layout (admin-layouts.ts) and the
// refusal of a page a role may not open read this table; nothing else lists admin pages.
// Rows are in menu order, grouped by area as config/paths-admin.ts is; a static path comes before
// a parameterised one that would also match it (/events/create before /events/:id), as wouter's
// Switch takes the first match. Roles decide navigation only: the database decides data (RLS).
import type { ReactNode } from 'react'
import { paths } from '@/config/paths'
import type { LayoutName } from '../layouts/layouts'
import { patternRegExp } from '../lazy-page'
import { NotFoundRoute } from '@/features/errors/routes/not-found'
import { ADMIN_ROLES, STAFF_ROLES, type StaffRole } from '@common/roles'
import { normalisePath } from '@/features/admin-auth/guard'
import { useAdminSession } from '@/features/admin-auth/components/AdminGuard'
import { AdminConfirmRoute } from '@/features/admin-auth/routes/confirm'
import { AdminLoginRoute } from '@/features/admin-auth/routes/login'
import { AdminSecurityRoute } from '@/features/admin-auth/routes/security'
import { AdminUnauthorizedRoute } from '@/features/admin-auth/routes/unauthorized'
import { AdminDashboardRoute } from '@/features/admin-dashboard/routes/dashboard'
import { AdminLocationAddRoute } from '@/features/admin-locations/routes/location-add'
import { AdminLocationEditRoute } from '@/features/admin-locations/routes/location-edit'
import { AdminLocationsRoute } from '@/features/admin-locations/routes/locations-list'
import { AdminManageCategoriesRoute } from '@/features/admin-waiting-list/routes/manage-categories'
import { AdminProcessRoute } from '@/features/admin-waiting-list/routes/process'
import { AdminWaitingListRoute } from '@/features/admin-waiting-list/routes/waiting-list'
import { AdminImportRoute } from '@/features/admin-import/routes/import'
import { AdminAcSyncRoute, AdminConsolidatorRoute, AdminLocationMigratorRoute, AdminToolsRoute } from '@/features/admin-tools/routes/tools'
import { AdminCommsCreateRoute, AdminCommsEditRoute, AdminCommsRoute } from '@/features/admin-comms/routes/comms'
import { AdminCommunicationsRoute } from '@/features/admin-comms/routes/communications'
import { AdminCommsSendRoute } from '@/features/admin-comms/routes/template-send'
import { AdminWelcomeSlotCreateRoute, AdminWelcomeSlotEditRoute, AdminWelcomeSlotRoute, AdminWelcomeSlotsRoute } from '@/features/admin-welcome-slots/routes/welcome-slots'
import { AdminPatchManagersRoute } from '@/features/admin-users/routes/patch-managers'
import { AdminUsersRoute } from '@/features/admin-users/routes/users'
import { AdminCheckoutRoute } from '@/features/admin-checkout/routes/checkout'
import { AdminOrderRoute, AdminOrdersRoute } from '@/features/admin-orders/routes/orders'
import { AdminPaymentsRoute } from '@/features/admin-payments/routes/payments'
import { AdminJoiningFeeRoute, AdminPlansRoute } from '@/features/admin-plans/routes/plans'
import { AdminProductCategoriesRoute } from '@/features/admin-products/routes/categories'
import { AdminProductRoute, AdminProductsRoute } from '@/features/admin-products/routes/products'
import { AdminSalesRoute } from '@/features/admin-sales/routes/sales'
import { AdminStoreDashboardRoute } from '@/features/admin-store/routes/store-dashboard'
import { AdminPromoBarsRoute } from '@/features/admin-promo-bars/routes/promo-bars'
import { AdminMarketingExpensesRoute } from '@/features/admin-marketing/routes/expenses'
import { AdminMarketingRoute } from '@/features/admin-marketing/routes/marketing'
import { AdminEventCreateRoute, AdminEventRoute, AdminEventsRoute } from '@/features/admin-events/routes/events'
import { AdminBlogCreateRoute, AdminBlogEditRoute, AdminBlogsRoute } from '@/features/admin-blogs/routes/blogs'
import { AdminTaskBoardRoute, AdminTasksRoute } from '@/features/admin-tasks/routes/tasks'
import { AdminLocationMapRoute } from '@/features/admin-location-map/routes/location-map'
import { AdminCourseBuilderRoute } from '@/features/admin-courses/routes/course-builder'
import { AdminCourseManagerRoute } from '@/features/admin-courses/routes/course-manager'
import { AdminCourseReviewsRoute } from '@/features/admin-course-reviews/routes/course-reviews'
import { AdminCareerApplicationsRoute } from '@/features/admin-careers/routes/applications'
import { AdminSowingRemindersRoute } from '@/features/admin-sowing-reminders/routes/sowing-reminders'
import { AdminAuditLogRoute } from '@/features/admin-audit/routes/audit-log'
import { AdminErasureRequestsRoute } from '@/features/admin-data-rights/routes/erasure-requests'
import { AdminMembershipChangesRoute } from '@/features/admin-membership-changes/routes/membership-changes'

/**
 * The two admin layouts of spec §2. 'admin-desktop' is the working layout for lists, tables and
 * dashboards; 'admin' the focused one for a single form (create, add, edit, sign-in security).
 */
export type AdminLayoutName = Extract<LayoutName, 'admin' | 'admin-desktop'>

export interface AdminPageProps {
  /** The path's parameters, e.g. { id } for /admin/orders/:id. */
  params: Record<string, string>
  /** Moves to another path, keeping history (the open pages use it after signing in). */
  navigate: (to: string) => void
}

export interface AdminRoute {
  /** The full pattern, always `paths.<name>.path`. */
  path: string
  /** The page's element; called as a plain function (no hooks here: they belong in the page). */
  page: (props: AdminPageProps) => ReactNode
  /** null for the open pages, which show without the admin shell (the visitor may be signed out). */
  layout: AdminLayoutName | null
  /** Who may open it: 'anyone' (signed out too), or these staff roles. */
  roles: 'anyone' | readonly StaffRole[]
  /** Its menu entry; `tree`: the entry also stands for the paths under it, in the menu and for access. */
  nav?: { label: string; tree?: true }
}

/** Every staff role, as private.is_staff() admits them. */
const STAFF: readonly StaffRole[] = STAFF_ROLES
/** Full staff access across sites, as private.is_admin() has it: every staff role but patch_manager. */
const ADMINS: readonly StaffRole[] = ADMIN_ROLES

function UsersPage() {
  return <AdminUsersRoute currentUserId={useAdminSession().session.user.id} />
}

const form = 'admin' as const
const desk = 'admin-desktop' as const

export const adminRoutes: readonly AdminRoute[] = [
  // Access
  { path: paths.adminLogin.path, page: ({ navigate }) => <AdminLoginRoute navigate={navigate} />, layout: null, roles: 'anyone' },
  { path: paths.adminConfirm.path, page: ({ navigate }) => <AdminConfirmRoute navigate={navigate} />, layout: null, roles: 'anyone' },
  { path: paths.adminUnauthorized.path, page: ({ navigate }) => <AdminUnauthorizedRoute navigate={navigate} homeFor={adminHomeFor} />, layout: null, roles: 'anyone' },
  { path: paths.admin.path, page: () => <AdminDashboardRoute />, layout: desk, roles: ADMINS, nav: { label: 'Dashboard' } },
  // Sites and the waiting list
  { path: paths.adminLocations.path, page: () => <AdminLocationsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Locations', tree: true } },
  { path: paths.adminLocationsAdd.path, page: () => <AdminLocationAddRoute />, layout: form, roles: ADMINS },
  { path: paths.adminLocationsEdit.path, page: ({ params }) => <AdminLocationEditRoute id={params.id} />, layout: form, roles: ADMINS },
  { path: paths.adminWaitingList.path, page: () => <AdminWaitingListRoute />, layout: desk, roles: STAFF, nav: { label: 'Waiting list' } },
  { path: paths.adminWaitingListProcess.path, page: () => <AdminProcessRoute />, layout: desk, roles: STAFF, nav: { label: 'Process offers', tree: true } },
  { path: paths.adminWaitingListCategories.path, page: () => <AdminManageCategoriesRoute />, layout: desk, roles: STAFF, nav: { label: 'Categories', tree: true } },
  { path: paths.adminWaitingListImport.path, page: () => <AdminImportRoute />, layout: desk, roles: STAFF, nav: { label: 'Import a waiting list' } },
  { path: paths.adminComms.path, page: () => <AdminCommsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Communications', tree: true } },
  { path: paths.adminCommsTemplates.path, page: () => <AdminCommsRoute />, layout: desk, roles: ADMINS },
  { path: paths.adminCommsCreate.path, page: () => <AdminCommsCreateRoute />, layout: form, roles: ADMINS },
  { path: paths.adminCommsTemplateEdit.path, page: ({ params }) => <AdminCommsEditRoute id={params.id} />, layout: form, roles: ADMINS },
  { path: paths.adminCommsTemplate.path, page: ({ params }) => <AdminCommsSendRoute id={params.id} />, layout: desk, roles: ADMINS },
  { path: paths.adminCommunications.path, page: () => <AdminCommunicationsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Message log' } },
  { path: paths.adminTools.path, page: () => <AdminToolsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Tools', tree: true } },
  { path: paths.adminToolsConsolidator.path, page: () => <AdminConsolidatorRoute />, layout: desk, roles: ADMINS },
  { path: paths.adminToolsLocationMigrator.path, page: () => <AdminLocationMigratorRoute />, layout: desk, roles: ADMINS },
  { path: paths.adminToolsAcSync.path, page: () => <AdminAcSyncRoute />, layout: desk, roles: ADMINS },
  { path: paths.adminWelcomeSlots.path, page: () => <AdminWelcomeSlotsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Welcome slots', tree: true } },
  { path: paths.adminWelcomeSlotsCreate.path, page: () => <AdminWelcomeSlotCreateRoute />, layout: form, roles: ADMINS },
  { path: paths.adminWelcomeSlotEdit.path, page: ({ params }) => <AdminWelcomeSlotEditRoute id={params.id} />, layout: form, roles: ADMINS },
  { path: paths.adminWelcomeSlot.path, page: ({ params }) => <AdminWelcomeSlotRoute id={params.id} />, layout: desk, roles: ADMINS },
  // Staff
  { path: paths.adminUsers.path, page: () => <UsersPage />, layout: desk, roles: ADMINS, nav: { label: 'Users' } },
  { path: paths.adminPatchManagers.path, page: () => <AdminPatchManagersRoute />, layout: desk, roles: ADMINS, nav: { label: 'Patch managers' } },
  // Money
  { path: paths.adminStoreDashboard.path, page: () => <AdminStoreDashboardRoute />, layout: desk, roles: ADMINS, nav: { label: 'Store' } },
  { path: paths.adminProducts.path, page: () => <AdminProductsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Products', tree: true } },
  { path: paths.adminProductCategories.path, page: () => <AdminProductCategoriesRoute />, layout: desk, roles: ADMINS },
  { path: paths.adminProduct.path, page: ({ params }) => <AdminProductRoute key={params.id} id={params.id} />, layout: desk, roles: ADMINS },
  { path: paths.adminOrders.path, page: () => <AdminOrdersRoute />, layout: desk, roles: ADMINS, nav: { label: 'Orders', tree: true } },
  { path: paths.adminOrder.path, page: ({ params }) => <AdminOrderRoute id={params.id} />, layout: desk, roles: ADMINS },
  { path: paths.adminPayments.path, page: () => <AdminPaymentsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Payments' } },
  { path: paths.adminSales.path, page: () => <AdminSalesRoute />, layout: desk, roles: ADMINS, nav: { label: 'Sales' } },
  { path: paths.adminCheckout.path, page: () => <AdminCheckoutRoute />, layout: desk, roles: ADMINS, nav: { label: 'Checkout link' } },
  { path: paths.adminPlans.path, page: () => <AdminPlansRoute />, layout: desk, roles: ADMINS, nav: { label: 'Plans' } },
  { path: paths.adminJoiningFee.path, page: () => <AdminJoiningFeeRoute />, layout: desk, roles: ADMINS, nav: { label: 'Joining fee' } },
  // Running the sites, and what we publish (events, the blog)
  { path: paths.adminPromoBars.path, page: () => <AdminPromoBarsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Promo bars' } },
  { path: paths.adminMarketing.path, page: () => <AdminMarketingRoute />, layout: desk, roles: ADMINS, nav: { label: 'Marketing', tree: true } },
  { path: paths.adminMarketingExpenses.path, page: () => <AdminMarketingExpensesRoute />, layout: desk, roles: ADMINS },
  { path: paths.adminEvents.path, page: () => <AdminEventsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Events', tree: true } },
  { path: paths.adminEventsCreate.path, page: () => <AdminEventCreateRoute />, layout: form, roles: ADMINS },
  { path: paths.adminEvent.path, page: ({ params }) => <AdminEventRoute key={params.id} id={params.id} />, layout: desk, roles: ADMINS },
  { path: paths.adminBlogs.path, page: () => <AdminBlogsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Blog posts', tree: true } },
  { path: paths.adminBlogsCreate.path, page: () => <AdminBlogCreateRoute />, layout: form, roles: ADMINS },
  { path: paths.adminBlogsEdit.path, page: ({ params }) => <AdminBlogEditRoute key={params.id} id={params.id} />, layout: form, roles: ADMINS },
  { path: paths.adminTasks.path, page: () => <AdminTasksRoute />, layout: desk, roles: ADMINS, nav: { label: 'Tasks' } },
  { path: paths.adminTasksDashboard.path, page: () => <AdminTaskBoardRoute />, layout: desk, roles: ADMINS, nav: { label: 'Task board' } },
  // Courses, the location map and what the public forms collect (admins only, as RLS and the
  // RPCs allow them)
  { path: paths.adminCourseManager.path, page: () => <AdminCourseManagerRoute />, layout: desk, roles: ADMINS, nav: { label: 'Courses', tree: true } },
  { path: paths.adminCourseBuilder.path, page: () => <AdminCourseBuilderRoute />, layout: desk, roles: ADMINS },
  { path: paths.adminCourseReviews.path, page: () => <AdminCourseReviewsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Course reviews' } },
  { path: paths.adminLocationMap.path, page: () => <AdminLocationMapRoute />, layout: desk, roles: ADMINS, nav: { label: 'Location map' } },
  { path: paths.adminCareerApplications.path, page: () => <AdminCareerApplicationsRoute />, layout: desk, roles: ADMINS, nav: { label: 'Career applications' } },
  { path: paths.adminSowingReminders.path, page: () => <AdminSowingRemindersRoute />, layout: desk, roles: ADMINS, nav: { label: 'Sowing reminders' } },
  // Records, and the staff member's own sign-in
  { path: paths.adminAudit.path, page: () => <AdminAuditLogRoute />, layout: desk, roles: ADMINS, nav: { label: 'Audit log' } },
  { path: paths.adminDataRights.path, page: () => <AdminErasureRequestsRoute />, layout: desk, roles: STAFF, nav: { label: 'Data erasure requests' } },
  { path: paths.adminMembershipChanges.path, page: () => <AdminMembershipChangesRoute />, layout: desk, roles: ADMINS, nav: { label: 'Membership changes' } },
  { path: paths.adminSecurity.path, page: () => <AdminSecurityRoute />, layout: form, roles: ADMINS, nav: { label: 'Sign-in security' } },
]

/** An /admin path no row matches: page not found, in the working layout, for admins. */
export const adminNotFound = { page: () => <NotFoundRoute />, layout: desk, roles: ADMINS } as const satisfies Omit<AdminRoute, 'path'>

/** The row whose pattern matches a concrete path, as the router would pick it (first match). */
export function adminRouteAt(path: string): AdminRoute | undefined {
  const p = normalisePath(path)
  return adminRoutes.find((route) => patternRegExp(route.path).test(p))
}

/**
 * Who may open a concrete path: its row's roles; for a path no row matches, those of the deepest
 * tree entry above it (a patch manager may open anything under Process offers), else admins.
 */
export function adminRolesFor(path: string): AdminRoute['roles'] {
  const row = adminRouteAt(path)
  if (row) return row.roles
  const p = normalisePath(path)
  const owners = adminRoutes.filter((route) => route.nav?.tree && patternRegExp(`${route.path}/*`).test(p))
  const owner = owners.sort((a, b) => b.path.length - a.path.length)[0]
  return owner ? owner.roles : adminNotFound.roles
}

export const mayOpen = (roles: AdminRoute['roles'], role: StaffRole) => roles === 'anyone' || roles.includes(role)

/** Where a role starts: its first menu entry (admins the dashboard, a patch manager the waiting list). */
export function adminHomeFor(role: StaffRole): string {
  return adminRoutes.find((route) => route.nav && mayOpen(route.roles, role))?.path ?? paths.admin.path
}
