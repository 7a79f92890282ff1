// Admin area, part 2 (issue 9): promo bars, marketing, events, tasks, courses and the location map;
// what the public content forms collect (career applications, sowing-reminder sign-ups); experts'
// edits waiting for review and the audit log (issue 18).
import { definePath } from './define-path'

export const adminOperationsPaths = {
  adminPromoBars: definePath('/admin/promo-bars'),
  adminMarketing: definePath('/admin/marketing'),
  adminMarketingExpenses: definePath('/admin/marketing/expenses'),
  adminEvents: definePath('/admin/events'),
  adminEventsCreate: definePath('/admin/events/create'),
  adminEvent: definePath('/admin/events/:id'),
  adminTasks: definePath('/admin/tasks'),
  adminTasksDashboard: definePath('/admin/tasks/dashboard'),
  adminCourseManager: definePath('/admin/course-manager'),
  adminCourseBuilder: definePath('/admin/course-manager/course-builder'),
  adminLocationMap: definePath('/admin/location-map'),
  adminCareerApplications: definePath('/admin/career-applications'),
  adminSowingReminders: definePath('/admin/sowing-reminders'),
  adminCourseReviews: definePath('/admin/course-reviews'),
  adminAudit: definePath('/admin/audit'),
} as const
