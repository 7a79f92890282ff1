// The admin area, by area. Who may open each path, its layout and its menu entry are in the admin
// route table (app/admin/routes.tsx), which must list every path here (routes.test.ts).
import { definePath } from './define-path'
import { paths } from './paths'

export const adminPaths = {
  // Access: the dashboard, signing in, the MFA step, the refusal page, sign-in security.
  admin: paths.admin,
  adminLogin: definePath('/admin/login'),
  adminConfirm: definePath('/admin/confirm'),
  adminUnauthorized: definePath('/admin/unauthorized'),
  adminSecurity: definePath('/admin/security'),
  // Sites and the waiting list: locations, the list, offers, categories, its tools and messages,
  // welcome slots.
  adminLocations: definePath('/admin/locations'),
  adminLocationsAdd: definePath('/admin/locations/add'),
  adminLocationsEdit: definePath('/admin/locations/edit/:id'),
  adminWaitingList: definePath('/admin/waiting-list'),
  adminWaitingListProcess: definePath('/admin/waiting-list/process'),
  adminWaitingListCategories: definePath('/admin/waiting-list/manage-categories'),
  adminWaitingListImport: definePath('/admin/waiting-list/import'),
  adminSiteAccess: definePath('/admin/site-access'),
  adminTools: definePath('/admin/waiting-list/tools'),
  adminToolsConsolidator: definePath('/admin/waiting-list/tools/consolidator'),
  adminToolsLocationMigrator: definePath('/admin/waiting-list/tools/location-migrator'),
  adminToolsAcSync: definePath('/admin/waiting-list/tools/ac-sync'),
  adminComms: definePath('/admin/waiting-list/comms'),
  adminCommsCreate: definePath('/admin/waiting-list/comms/create'),
  adminCommsTemplates: definePath('/admin/waiting-list/comms/templates'),
  adminCommsTemplate: definePath('/admin/waiting-list/comms/:id'),
  adminCommsTemplateEdit: definePath('/admin/waiting-list/comms/:id/edit'),
  adminCommunications: definePath('/admin/waiting-list/communications'),
  adminWelcomeSlots: definePath('/admin/welcome-slots'),
  adminWelcomeSlotsCreate: definePath('/admin/welcome-slots/create'),
  adminWelcomeSlot: definePath('/admin/welcome-slots/:id'),
  adminWelcomeSlotEdit: definePath('/admin/welcome-slots/:id/edit'),
  // Staff.
  adminUsers: definePath('/admin/users'),
  adminPatchManagers: definePath('/admin/patch-managers'),
  // Money: the store, orders, payments, arrears, sales, staff checkout, plans and fees.
  adminStoreDashboard: definePath('/admin/store/dashboard'),
  adminProducts: definePath('/admin/products'),
  adminProductCategories: definePath('/admin/products/categories'),
  adminProduct: definePath('/admin/products/:id'),
  adminOrders: definePath('/admin/orders'),
  adminOrder: definePath('/admin/orders/:id'),
  adminPayments: definePath('/admin/payments'),
  adminArrears: definePath('/admin/arrears'),
  adminMember: definePath('/admin/members/:id'),
  adminSales: definePath('/admin/sales'),
  adminCheckout: definePath('/admin/checkout'),
  adminPlans: definePath('/admin/plans'),
  adminJoiningFee: definePath('/admin/joining-fee'),
  // Running the sites: promo bars, marketing, events, the blog, tasks.
  adminPromoBars: definePath('/admin/promo-bars'),
  adminMarketing: definePath('/admin/marketing'),
  adminMarketingExpenses: definePath('/admin/marketing/expenses'),
  adminEvents: definePath('/admin/events'),
  adminEventsCreate: definePath('/admin/events/create'),
  adminEvent: definePath('/admin/events/:id'),
  adminBlogs: definePath('/admin/blogs'),
  adminBlogsCreate: definePath('/admin/blogs/create'),
  adminBlogsEdit: definePath('/admin/blogs/edit/:id'),
  adminTasks: definePath('/admin/tasks'),
  adminTasksDashboard: definePath('/admin/tasks/dashboard'),
  // Courses and experts' edits waiting for review, the location map, and what the public forms
  // collect: career applications, sowing-reminder sign-ups.
  adminCourseManager: definePath('/admin/course-manager'),
  adminCourseBuilder: definePath('/admin/course-manager/course-builder'),
  adminCourseReviews: definePath('/admin/course-reviews'),
  adminLocationMap: definePath('/admin/location-map'),
  adminCareerApplications: definePath('/admin/career-applications'),
  adminSowingReminders: definePath('/admin/sowing-reminders'),
  // Records: who did what.
  adminAudit: definePath('/admin/audit'),
  adminDataRights: definePath('/admin/data-rights'),
  adminMembershipChanges: definePath('/admin/membership-changes'),
} as const
