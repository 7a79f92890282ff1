// The admin route table: every /admin path with its page, its layout, who may open it and its
// menu entry. Routing (AdminApp.tsx), the menu (nav.ts), the layout (admin-layouts.ts) and the
// refusal of a page a role may not open read this table; nothing else lists admin pages.
// Rows are in menu order, grouped by area as config/paths-admin.ts is; a static path comes before
// a parameterised one that would also match it (/events/create before /events/:id), as wouter's
// Switch takes the first match. Roles decide navigation only: the database decides data (RLS).
import type { ComponentType, ReactNode } from 'react'
import { adminPaths } from '@/config/paths-admin'
import type { LayoutName } from '../layouts/layouts'
import { lazyPage, patternRegExp } from '../lazy-page'
import { NotFoundRoute } from '@/features/errors/routes/not-found'
import { ADMIN_ROLES, STAFF_ROLES, type StaffRole } from '@common/roles'
import { normalisePath } from '@/features/admin-auth/guard'
import { useAdminSession } from '@/features/admin-auth/components/AdminGuard'
import { AdminConfirmRoute } from '@/features/admin-auth/routes/confirm'
import { AdminLoginRoute } from '@/features/admin-auth/routes/login'
import { AdminUnauthorizedRoute } from '@/features/admin-auth/routes/unauthorized'

/**
 * A page of the admin area in its own chunk: a patch manager on a phone loads the login, the
 * shell and the page they open, not every admin screen. AdminApp shows the shell while it loads.
 */
function lazyRoute<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Props = M[K] extends ComponentType<infer P> ? P : never
  return lazyPage<Props & object>(() => load().then((m) => ({ default: m[name] as ComponentType<Props & object> })))
}

const AdminSecurityRoute = lazyRoute(() => import('@/features/admin-auth/routes/security'), 'AdminSecurityRoute')
const AdminDashboardRoute = lazyRoute(
  () => import('@/features/admin-dashboard/routes/dashboard'),
  'AdminDashboardRoute',
)
const AdminLocationAddRoute = lazyRoute(
  () => import('@/features/admin-locations/routes/location-add'),
  'AdminLocationAddRoute',
)
const AdminLocationEditRoute = lazyRoute(
  () => import('@/features/admin-locations/routes/location-edit'),
  'AdminLocationEditRoute',
)
const AdminLocationsRoute = lazyRoute(
  () => import('@/features/admin-locations/routes/locations-list'),
  'AdminLocationsRoute',
)
const AdminSiteAccessRoute = lazyRoute(
  () => import('@/features/admin-locations/routes/site-access'),
  'AdminSiteAccessRoute',
)
const AdminPlotsRoute = lazyRoute(() => import('@/features/admin-plots/routes/plots'), 'AdminPlotsRoute')
const AdminSitePlotsRoute = lazyRoute(() => import('@/features/admin-plots/routes/plots'), 'AdminSitePlotsRoute')
const AdminInspectionsRoute = lazyRoute(
  () => import('@/features/admin-inspections/routes/inspections'),
  'AdminInspectionsRoute',
)
const AdminManageCategoriesRoute = lazyRoute(
  () => import('@/features/admin-waiting-list/routes/manage-categories'),
  'AdminManageCategoriesRoute',
)
const AdminProcessRoute = lazyRoute(() => import('@/features/admin-waiting-list/routes/process'), 'AdminProcessRoute')
const AdminWaitingListRoute = lazyRoute(
  () => import('@/features/admin-waiting-list/routes/waiting-list'),
  'AdminWaitingListRoute',
)
const AdminImportRoute = lazyRoute(() => import('@/features/admin-import/routes/import'), 'AdminImportRoute')
const AdminAcSyncRoute = lazyRoute(() => import('@/features/admin-tools/routes/tools'), 'AdminAcSyncRoute')
const AdminConsolidatorRoute = lazyRoute(() => import('@/features/admin-tools/routes/tools'), 'AdminConsolidatorRoute')
const AdminLocationMigratorRoute = lazyRoute(
  () => import('@/features/admin-tools/routes/tools'),
  'AdminLocationMigratorRoute',
)
const AdminToolsRoute = lazyRoute(() => import('@/features/admin-tools/routes/tools'), 'AdminToolsRoute')
const AdminCommsCreateRoute = lazyRoute(() => import('@/features/admin-comms/routes/comms'), 'AdminCommsCreateRoute')
const AdminCommsEditRoute = lazyRoute(() => import('@/features/admin-comms/routes/comms'), 'AdminCommsEditRoute')
const AdminCommsRoute = lazyRoute(() => import('@/features/admin-comms/routes/comms'), 'AdminCommsRoute')
const AdminCommunicationsRoute = lazyRoute(
  () => import('@/features/admin-comms/routes/communications'),
  'AdminCommunicationsRoute',
)
const AdminCommsSendRoute = lazyRoute(
  () => import('@/features/admin-comms/routes/template-send'),
  'AdminCommsSendRoute',
)
const AdminWelcomeSlotCreateRoute = lazyRoute(
  () => import('@/features/admin-welcome-slots/routes/welcome-slots'),
  'AdminWelcomeSlotCreateRoute',
)
const AdminWelcomeSlotEditRoute = lazyRoute(
  () => import('@/features/admin-welcome-slots/routes/welcome-slots'),
  'AdminWelcomeSlotEditRoute',
)
const AdminWelcomeSlotRoute = lazyRoute(
  () => import('@/features/admin-welcome-slots/routes/welcome-slots'),
  'AdminWelcomeSlotRoute',
)
const AdminWelcomeSlotsRoute = lazyRoute(
  () => import('@/features/admin-welcome-slots/routes/welcome-slots'),
  'AdminWelcomeSlotsRoute',
)
const AdminPatchManagersRoute = lazyRoute(
  () => import('@/features/admin-users/routes/patch-managers'),
  'AdminPatchManagersRoute',
)
const AdminUsersRoute = lazyRoute(() => import('@/features/admin-users/routes/users'), 'AdminUsersRoute')
const AdminCheckoutRoute = lazyRoute(() => import('@/features/admin-checkout/routes/checkout'), 'AdminCheckoutRoute')
const AdminOrderRoute = lazyRoute(() => import('@/features/admin-orders/routes/orders'), 'AdminOrderRoute')
const AdminOrdersRoute = lazyRoute(() => import('@/features/admin-orders/routes/orders'), 'AdminOrdersRoute')
const AdminPaymentsRoute = lazyRoute(() => import('@/features/admin-payments/routes/payments'), 'AdminPaymentsRoute')
const AdminArrearsRoute = lazyRoute(() => import('@/features/admin-arrears/routes/arrears'), 'AdminArrearsRoute')
const AdminMemberRoute = lazyRoute(() => import('@/features/admin-members/routes/member'), 'AdminMemberRoute')
const AdminJoiningFeeRoute = lazyRoute(() => import('@/features/admin-plans/routes/plans'), 'AdminJoiningFeeRoute')
const AdminPlansRoute = lazyRoute(() => import('@/features/admin-plans/routes/plans'), 'AdminPlansRoute')
const AdminProductCategoriesRoute = lazyRoute(
  () => import('@/features/admin-products/routes/categories'),
  'AdminProductCategoriesRoute',
)
const AdminProductRoute = lazyRoute(() => import('@/features/admin-products/routes/products'), 'AdminProductRoute')
const AdminProductsRoute = lazyRoute(() => import('@/features/admin-products/routes/products'), 'AdminProductsRoute')
const AdminSalesRoute = lazyRoute(() => import('@/features/admin-sales/routes/sales'), 'AdminSalesRoute')
const AdminStoreDashboardRoute = lazyRoute(
  () => import('@/features/admin-store/routes/store-dashboard'),
  'AdminStoreDashboardRoute',
)
const AdminPromoBarsRoute = lazyRoute(
  () => import('@/features/admin-promo-bars/routes/promo-bars'),
  'AdminPromoBarsRoute',
)
const AdminMarketingExpensesRoute = lazyRoute(
  () => import('@/features/admin-marketing/routes/expenses'),
  'AdminMarketingExpensesRoute',
)
const AdminMarketingRoute = lazyRoute(
  () => import('@/features/admin-marketing/routes/marketing'),
  'AdminMarketingRoute',
)
const AdminEventCreateRoute = lazyRoute(() => import('@/features/admin-events/routes/events'), 'AdminEventCreateRoute')
const AdminEventRoute = lazyRoute(() => import('@/features/admin-events/routes/events'), 'AdminEventRoute')
const AdminEventsRoute = lazyRoute(() => import('@/features/admin-events/routes/events'), 'AdminEventsRoute')
const AdminBlogCreateRoute = lazyRoute(() => import('@/features/admin-blogs/routes/blogs'), 'AdminBlogCreateRoute')
const AdminBlogEditRoute = lazyRoute(() => import('@/features/admin-blogs/routes/blogs'), 'AdminBlogEditRoute')
const AdminBlogsRoute = lazyRoute(() => import('@/features/admin-blogs/routes/blogs'), 'AdminBlogsRoute')
const AdminTaskBoardRoute = lazyRoute(() => import('@/features/admin-tasks/routes/tasks'), 'AdminTaskBoardRoute')
const AdminTasksRoute = lazyRoute(() => import('@/features/admin-tasks/routes/tasks'), 'AdminTasksRoute')
const AdminLocationMapRoute = lazyRoute(
  () => import('@/features/admin-location-map/routes/location-map'),
  'AdminLocationMapRoute',
)
const AdminCourseBuilderRoute = lazyRoute(
  () => import('@/features/admin-courses/routes/course-builder'),
  'AdminCourseBuilderRoute',
)
const AdminCourseManagerRoute = lazyRoute(
  () => import('@/features/admin-courses/routes/course-manager'),
  'AdminCourseManagerRoute',
)
const AdminCourseReviewsRoute = lazyRoute(
  () => import('@/features/admin-course-reviews/routes/course-reviews'),
  'AdminCourseReviewsRoute',
)
const AdminCareerApplicationsRoute = lazyRoute(
  () => import('@/features/admin-careers/routes/applications'),
  'AdminCareerApplicationsRoute',
)
const AdminSowingRemindersRoute = lazyRoute(
  () => import('@/features/admin-sowing-reminders/routes/sowing-reminders'),
  'AdminSowingRemindersRoute',
)
const AdminAuditLogRoute = lazyRoute(() => import('@/features/admin-audit/routes/audit-log'), 'AdminAuditLogRoute')
const AdminErasureRequestsRoute = lazyRoute(
  () => import('@/features/admin-data-rights/routes/erasure-requests'),
  'AdminErasureRequestsRoute',
)
const AdminMembershipChangesRoute = lazyRoute(
  () => import('@/features/admin-membership-changes/routes/membership-changes'),
  'AdminMembershipChangesRoute',
)

/**
 * The two admin layouts. 'admin-desktop' is the working layout for lists, tables and
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
  /** The full pattern, always `adminPaths.<name>.path`. */
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
  {
    path: adminPaths.adminLogin.path,
    page: ({ navigate }) => <AdminLoginRoute navigate={navigate} />,
    layout: null,
    roles: 'anyone',
  },
  {
    path: adminPaths.adminConfirm.path,
    page: ({ navigate }) => <AdminConfirmRoute navigate={navigate} />,
    layout: null,
    roles: 'anyone',
  },
  {
    path: adminPaths.adminUnauthorized.path,
    page: ({ navigate }) => <AdminUnauthorizedRoute navigate={navigate} homeFor={adminHomeFor} />,
    layout: null,
    roles: 'anyone',
  },
  {
    path: adminPaths.admin.path,
    page: () => <AdminDashboardRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Dashboard' },
  },
  // Sites and the waiting list
  {
    path: adminPaths.adminLocations.path,
    page: () => <AdminLocationsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Locations', tree: true },
  },
  { path: adminPaths.adminLocationsAdd.path, page: () => <AdminLocationAddRoute />, layout: form, roles: ADMINS },
  {
    path: adminPaths.adminLocationsEdit.path,
    page: ({ params }) => <AdminLocationEditRoute id={params.id} />,
    layout: form,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminWaitingList.path,
    page: () => <AdminWaitingListRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Waiting list' },
  },
  // A site's plot register and plan: patch managers keep their own sites' (RLS and the plot
  // functions decide which), on a phone in a field as much as at a desk.
  {
    path: adminPaths.adminPlots.path,
    page: () => <AdminPlotsRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Plots', tree: true },
  },
  {
    path: adminPaths.adminSitePlots.path,
    page: ({ params }) => <AdminSitePlotsRoute key={params.siteId} siteId={params.siteId} />,
    layout: desk,
    roles: STAFF,
  },
  {
    path: adminPaths.adminWaitingListProcess.path,
    page: () => <AdminProcessRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Process offers', tree: true },
  },
  {
    path: adminPaths.adminWaitingListCategories.path,
    page: () => <AdminManageCategoriesRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Categories', tree: true },
  },
  {
    path: adminPaths.adminWaitingListImport.path,
    page: () => <AdminImportRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Import a waiting list' },
  },
  // Patch managers keep their sites' gate codes (staff_site_access decides which sites).
  {
    path: adminPaths.adminSiteAccess.path,
    page: () => <AdminSiteAccessRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Gate codes' },
  },
  // Patch managers inspect their sites' plots on a phone (inspection_sites decides which sites).
  {
    path: adminPaths.adminInspections.path,
    page: () => <AdminInspectionsRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Inspections' },
  },
  {
    path: adminPaths.adminComms.path,
    page: () => <AdminCommsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Communications', tree: true },
  },
  { path: adminPaths.adminCommsTemplates.path, page: () => <AdminCommsRoute />, layout: desk, roles: ADMINS },
  { path: adminPaths.adminCommsCreate.path, page: () => <AdminCommsCreateRoute />, layout: form, roles: ADMINS },
  {
    path: adminPaths.adminCommsTemplateEdit.path,
    page: ({ params }) => <AdminCommsEditRoute id={params.id} />,
    layout: form,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminCommsTemplate.path,
    page: ({ params }) => <AdminCommsSendRoute id={params.id} />,
    layout: desk,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminCommunications.path,
    page: () => <AdminCommunicationsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Message log' },
  },
  {
    path: adminPaths.adminTools.path,
    page: () => <AdminToolsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Tools', tree: true },
  },
  { path: adminPaths.adminToolsConsolidator.path, page: () => <AdminConsolidatorRoute />, layout: desk, roles: ADMINS },
  {
    path: adminPaths.adminToolsLocationMigrator.path,
    page: () => <AdminLocationMigratorRoute />,
    layout: desk,
    roles: ADMINS,
  },
  { path: adminPaths.adminToolsAcSync.path, page: () => <AdminAcSyncRoute />, layout: desk, roles: ADMINS },
  {
    path: adminPaths.adminWelcomeSlots.path,
    page: () => <AdminWelcomeSlotsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Welcome slots', tree: true },
  },
  {
    path: adminPaths.adminWelcomeSlotsCreate.path,
    page: () => <AdminWelcomeSlotCreateRoute />,
    layout: form,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminWelcomeSlotEdit.path,
    page: ({ params }) => <AdminWelcomeSlotEditRoute id={params.id} />,
    layout: form,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminWelcomeSlot.path,
    page: ({ params }) => <AdminWelcomeSlotRoute id={params.id} />,
    layout: desk,
    roles: ADMINS,
  },
  // Staff
  { path: adminPaths.adminUsers.path, page: () => <UsersPage />, layout: desk, roles: ADMINS, nav: { label: 'Users' } },
  {
    path: adminPaths.adminPatchManagers.path,
    page: () => <AdminPatchManagersRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Patch managers' },
  },
  // Money
  {
    path: adminPaths.adminStoreDashboard.path,
    page: () => <AdminStoreDashboardRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Store' },
  },
  {
    path: adminPaths.adminProducts.path,
    page: () => <AdminProductsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Products', tree: true },
  },
  {
    path: adminPaths.adminProductCategories.path,
    page: () => <AdminProductCategoriesRoute />,
    layout: desk,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminProduct.path,
    page: ({ params }) => <AdminProductRoute key={params.id} id={params.id} />,
    layout: desk,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminOrders.path,
    page: () => <AdminOrdersRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Orders', tree: true },
  },
  {
    path: adminPaths.adminOrder.path,
    page: ({ params }) => <AdminOrderRoute id={params.id} />,
    layout: desk,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminPayments.path,
    page: () => <AdminPaymentsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Payments' },
  },
  // Patch managers see the arrears of their own sites (site_arrears decides which).
  {
    path: adminPaths.adminArrears.path,
    page: () => <AdminArrearsRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Arrears' },
  },
  {
    path: adminPaths.adminMember.path,
    page: ({ params }) => <AdminMemberRoute id={params.id} />,
    layout: desk,
    roles: STAFF,
  },
  {
    path: adminPaths.adminSales.path,
    page: () => <AdminSalesRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Sales' },
  },
  {
    path: adminPaths.adminCheckout.path,
    page: () => <AdminCheckoutRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Checkout link' },
  },
  {
    path: adminPaths.adminPlans.path,
    page: () => <AdminPlansRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Plans' },
  },
  {
    path: adminPaths.adminJoiningFee.path,
    page: () => <AdminJoiningFeeRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Joining fee' },
  },
  // Running the sites, and what we publish (events, the blog)
  {
    path: adminPaths.adminPromoBars.path,
    page: () => <AdminPromoBarsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Promo bars' },
  },
  {
    path: adminPaths.adminMarketing.path,
    page: () => <AdminMarketingRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Marketing', tree: true },
  },
  {
    path: adminPaths.adminMarketingExpenses.path,
    page: () => <AdminMarketingExpensesRoute />,
    layout: desk,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminEvents.path,
    page: () => <AdminEventsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Events', tree: true },
  },
  { path: adminPaths.adminEventsCreate.path, page: () => <AdminEventCreateRoute />, layout: form, roles: ADMINS },
  {
    path: adminPaths.adminEvent.path,
    page: ({ params }) => <AdminEventRoute key={params.id} id={params.id} />,
    layout: desk,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminBlogs.path,
    page: () => <AdminBlogsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Blog posts', tree: true },
  },
  { path: adminPaths.adminBlogsCreate.path, page: () => <AdminBlogCreateRoute />, layout: form, roles: ADMINS },
  {
    path: adminPaths.adminBlogsEdit.path,
    page: ({ params }) => <AdminBlogEditRoute key={params.id} id={params.id} />,
    layout: form,
    roles: ADMINS,
  },
  {
    path: adminPaths.adminTasks.path,
    page: () => <AdminTasksRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Tasks' },
  },
  {
    path: adminPaths.adminTasksDashboard.path,
    page: () => <AdminTaskBoardRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Task board' },
  },
  // Courses, the location map and what the public forms collect (admins only, as RLS and the
  // RPCs allow them)
  {
    path: adminPaths.adminCourseManager.path,
    page: () => <AdminCourseManagerRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Courses', tree: true },
  },
  { path: adminPaths.adminCourseBuilder.path, page: () => <AdminCourseBuilderRoute />, layout: desk, roles: ADMINS },
  {
    path: adminPaths.adminCourseReviews.path,
    page: () => <AdminCourseReviewsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Course reviews' },
  },
  {
    path: adminPaths.adminLocationMap.path,
    page: () => <AdminLocationMapRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Location map' },
  },
  {
    path: adminPaths.adminCareerApplications.path,
    page: () => <AdminCareerApplicationsRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Career applications' },
  },
  {
    path: adminPaths.adminSowingReminders.path,
    page: () => <AdminSowingRemindersRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Sowing reminders' },
  },
  // Records, and the staff member's own sign-in
  {
    path: adminPaths.adminAudit.path,
    page: () => <AdminAuditLogRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Audit log' },
  },
  {
    path: adminPaths.adminDataRights.path,
    page: () => <AdminErasureRequestsRoute />,
    layout: desk,
    roles: STAFF,
    nav: { label: 'Data erasure requests' },
  },
  {
    path: adminPaths.adminMembershipChanges.path,
    page: () => <AdminMembershipChangesRoute />,
    layout: desk,
    roles: ADMINS,
    nav: { label: 'Membership changes' },
  },
  {
    path: adminPaths.adminSecurity.path,
    page: () => <AdminSecurityRoute />,
    layout: form,
    roles: ADMINS,
    nav: { label: 'Sign-in security' },
  },
]

/** An /admin path no row matches: page not found, in the working layout, for admins. */
export const adminNotFound = { page: () => <NotFoundRoute />, layout: desk, roles: ADMINS } as const satisfies Omit<
  AdminRoute,
  'path'
>

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
  return adminRoutes.find((route) => route.nav && mayOpen(route.roles, role))?.path ?? adminPaths.admin.path
}
