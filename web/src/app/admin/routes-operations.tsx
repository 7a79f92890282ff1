// Admin area, part 2 (issue 9): promo bars, marketing, events, tasks, courses and the location map;
// career applications and sowing-reminder sign-ups; course reviews and the audit log (issue 18)
// (admins only, as RLS and the RPCs allow them: the guard's canVisit keeps a patch manager out,
// and the navigation with it).
// Routes are relative to /admin (see rel in AdminApp); the array is spread into AdminApp's Switch.
// Static paths come before the parameterised ones they overlap (/events/create before /events/:id).
import type { ReactElement } from 'react'
import { Route } from 'wouter'
import { paths } from '@/config/paths'
import { AdminAuditLogRoute } from '@/features/admin-audit/routes/audit-log'
import { AdminCareerApplicationsRoute } from '@/features/admin-careers/routes/applications'
import { AdminCourseReviewsRoute } from '@/features/admin-course-reviews/routes/course-reviews'
import { AdminCourseBuilderRoute } from '@/features/admin-courses/routes/course-builder'
import { AdminCourseManagerRoute } from '@/features/admin-courses/routes/course-manager'
import { AdminEventCreateRoute, AdminEventRoute, AdminEventsRoute } from '@/features/admin-events/routes/events'
import { AdminLocationMapRoute } from '@/features/admin-location-map/routes/location-map'
import { AdminMarketingExpensesRoute } from '@/features/admin-marketing/routes/expenses'
import { AdminMarketingRoute } from '@/features/admin-marketing/routes/marketing'
import { AdminPromoBarsRoute } from '@/features/admin-promo-bars/routes/promo-bars'
import { AdminSowingRemindersRoute } from '@/features/admin-sowing-reminders/routes/sowing-reminders'
import { AdminTaskBoardRoute, AdminTasksRoute } from '@/features/admin-tasks/routes/tasks'
import { rel } from './admin-paths'
import type { NavItem } from './nav-types'

export const adminOperationsNav: NavItem[] = [
  { label: 'Promo bars', href: paths.adminPromoBars.getHref() },
  { label: 'Marketing', href: paths.adminMarketing.getHref(), tree: true },
  { label: 'Events', href: paths.adminEvents.getHref(), tree: true },
  { label: 'Tasks', href: paths.adminTasks.getHref() },
  { label: 'Task board', href: paths.adminTasksDashboard.getHref() },
  { label: 'Courses', href: paths.adminCourseManager.getHref(), tree: true },
  { label: 'Course reviews', href: paths.adminCourseReviews.getHref() },
  { label: 'Location map', href: paths.adminLocationMap.getHref() },
  { label: 'Career applications', href: paths.adminCareerApplications.getHref() },
  { label: 'Sowing reminders', href: paths.adminSowingReminders.getHref() },
  { label: 'Audit log', href: paths.adminAudit.getHref() },
]

export function adminOperationsRoutes(): ReactElement[] {
  return [
    <Route key='promo-bars' path={rel(paths.adminPromoBars.path)}><AdminPromoBarsRoute /></Route>,
    <Route key='marketing' path={rel(paths.adminMarketing.path)}><AdminMarketingRoute /></Route>,
    <Route key='marketing-expenses' path={rel(paths.adminMarketingExpenses.path)}><AdminMarketingExpensesRoute /></Route>,
    <Route key='events' path={rel(paths.adminEvents.path)}><AdminEventsRoute /></Route>,
    <Route key='events-create' path={rel(paths.adminEventsCreate.path)}><AdminEventCreateRoute /></Route>,
    <Route key='event' path={rel(paths.adminEvent.path)}>{(p: { id: string }) => <AdminEventRoute key={p.id} id={p.id} />}</Route>,
    <Route key='tasks' path={rel(paths.adminTasks.path)}><AdminTasksRoute /></Route>,
    <Route key='tasks-dashboard' path={rel(paths.adminTasksDashboard.path)}><AdminTaskBoardRoute /></Route>,
    <Route key='course-manager' path={rel(paths.adminCourseManager.path)}><AdminCourseManagerRoute /></Route>,
    <Route key='course-builder' path={rel(paths.adminCourseBuilder.path)}><AdminCourseBuilderRoute /></Route>,
    <Route key='location-map' path={rel(paths.adminLocationMap.path)}><AdminLocationMapRoute /></Route>,
    <Route key='career-applications' path={rel(paths.adminCareerApplications.path)}><AdminCareerApplicationsRoute /></Route>,
    <Route key='sowing-reminders' path={rel(paths.adminSowingReminders.path)}><AdminSowingRemindersRoute /></Route>,
    <Route key='course-reviews' path={rel(paths.adminCourseReviews.path)}><AdminCourseReviewsRoute /></Route>,
    <Route key='audit' path={rel(paths.adminAudit.path)}><AdminAuditLogRoute /></Route>,
  ]
}
