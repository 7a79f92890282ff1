// The admin area's entry, in its own lazily loaded chunk so the public first load does not
// carry it. Admin screens register their routes here (paths relative to /admin); the guard of
// spec §6 wraps this switch when sign-in lands.
import { Route, Switch } from 'wouter'
import { BlankLayout } from '../layouts/BlankLayout'
import { NotFoundRoute } from '@/features/errors/routes/not-found'

export default function AdminApp() {
  return (
    <BlankLayout>
      <Switch>
        <Route><NotFoundRoute /></Route>
      </Switch>
    </BlankLayout>
  )
}
