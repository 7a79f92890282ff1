// The admin area's entry, in its own lazily loaded chunk so the public first load does not
// carry it. Every /admin path goes through the guard of spec §6 first; the open three (login,
// confirm, unauthorized) render without it. Routes are relative to /admin (a nested router).
import { useCallback, useEffect } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { paths } from '@/config/paths'
import { NotFoundRoute } from '@/features/errors/routes/not-found'
import { AdminGuard } from '@/features/admin-auth/components/AdminGuard'
import { startAuthListener } from '@/features/admin-auth/stores/auth-store'
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
import { AdminAcSyncRoute, AdminConsolidatorRoute, AdminLocationMigratorRoute, AdminToolsRoute } from '@/features/admin-tools/routes/tools'
import { AdminCommsCreateRoute, AdminCommsEditRoute, AdminCommsRoute } from '@/features/admin-comms/routes/comms'
import { AdminCommunicationsRoute } from '@/features/admin-comms/routes/communications'
import { AdminCommsSendRoute } from '@/features/admin-comms/routes/template-send'
import { AdminWelcomeSlotCreateRoute, AdminWelcomeSlotEditRoute, AdminWelcomeSlotRoute, AdminWelcomeSlotsRoute } from '@/features/admin-welcome-slots/routes/welcome-slots'
import { AdminPatchManagersRoute } from '@/features/admin-users/routes/patch-managers'
import { AdminUsersRoute } from '@/features/admin-users/routes/users'
import { AdminWaitingListRoute } from '@/features/admin-waiting-list/routes/waiting-list'
import { useAdminSession } from '@/features/admin-auth/components/AdminGuard'
import { adminLayoutFor } from './admin-layouts'
import { adminLayouts } from './AdminLayout'
import { adminCommerceRoutes } from './routes-commerce'
import { adminOperationsRoutes } from './routes-operations'

import { full, rel } from './admin-paths'

export { full, rel } from './admin-paths'

function UsersPage() {
  return <AdminUsersRoute currentUserId={useAdminSession().session.user.id} />
}

export default function AdminApp() {
  const [location, navigate] = useLocation()
  const path = full(location)
  const go = useCallback((to: string) => navigate(`~${to}`, { replace: true }), [navigate])
  const push = useCallback((to: string) => navigate(`~${to}`), [navigate])
  useEffect(() => startAuthListener(), [])

  const open = (
    <Switch>
      <Route path={rel(paths.adminLogin.path)}><AdminLoginRoute navigate={push} /></Route>
      <Route path={rel(paths.adminConfirm.path)}><AdminConfirmRoute navigate={push} /></Route>
      <Route path={rel(paths.adminUnauthorized.path)}><AdminUnauthorizedRoute navigate={push} /></Route>
    </Switch>
  )

  const Layout = adminLayouts[adminLayoutFor(path)]
  return (
    <AdminGuard path={path} redirect={go} open={open}>
      <Layout path={path}>
        <Switch>
          <Route path='/'><AdminDashboardRoute /></Route>
          <Route path={rel(paths.adminSecurity.path)}><AdminSecurityRoute /></Route>
          <Route path={rel(paths.adminLocations.path)}><AdminLocationsRoute /></Route>
          <Route path={rel(paths.adminLocationsAdd.path)}><AdminLocationAddRoute /></Route>
          <Route path={rel(paths.adminLocationsEdit.path)}>{(params: { id: string }) => <AdminLocationEditRoute id={params.id} />}</Route>
          <Route path={rel(paths.adminWaitingList.path)}><AdminWaitingListRoute /></Route>
          <Route path={rel(paths.adminWaitingListProcess.path)}><AdminProcessRoute /></Route>
          <Route path={rel(paths.adminWaitingListCategories.path)}><AdminManageCategoriesRoute /></Route>
          <Route path={rel(paths.adminTools.path)}><AdminToolsRoute /></Route>
          <Route path={rel(paths.adminToolsConsolidator.path)}><AdminConsolidatorRoute /></Route>
          <Route path={rel(paths.adminToolsLocationMigrator.path)}><AdminLocationMigratorRoute /></Route>
          <Route path={rel(paths.adminToolsAcSync.path)}><AdminAcSyncRoute /></Route>
          <Route path={rel(paths.adminComms.path)}><AdminCommsRoute /></Route>
          <Route path={rel(paths.adminCommsTemplates.path)}><AdminCommsRoute /></Route>
          <Route path={rel(paths.adminCommsCreate.path)}><AdminCommsCreateRoute /></Route>
          <Route path={rel(paths.adminCommsTemplateEdit.path)}>{(p: { id: string }) => <AdminCommsEditRoute id={p.id} />}</Route>
          <Route path={rel(paths.adminCommsTemplate.path)}>{(p: { id: string }) => <AdminCommsSendRoute id={p.id} />}</Route>
          <Route path={rel(paths.adminCommunications.path)}><AdminCommunicationsRoute /></Route>
          <Route path={rel(paths.adminWelcomeSlots.path)}><AdminWelcomeSlotsRoute /></Route>
          <Route path={rel(paths.adminWelcomeSlotsCreate.path)}><AdminWelcomeSlotCreateRoute /></Route>
          <Route path={rel(paths.adminWelcomeSlotEdit.path)}>{(p: { id: string }) => <AdminWelcomeSlotEditRoute id={p.id} />}</Route>
          <Route path={rel(paths.adminWelcomeSlot.path)}>{(p: { id: string }) => <AdminWelcomeSlotRoute id={p.id} />}</Route>
          <Route path={rel(paths.adminUsers.path)}><UsersPage /></Route>
          <Route path={rel(paths.adminPatchManagers.path)}><AdminPatchManagersRoute /></Route>
          {adminCommerceRoutes()}
          {adminOperationsRoutes()}
          <Route><NotFoundRoute /></Route>
        </Switch>
      </Layout>
    </AdminGuard>
  )
}
