// Accessibility and the Content-Security-Policy over every admin route of
// web/src/config/paths.ts, signed in as an admin, at 1280 and 360 px; one test per route. The
// public routes are in e2e/a11y-routes.e2e.ts; the sweep itself is e2e/support/a11y-sweep.ts.
import { sweepRoutes } from './support/a11y-sweep'

sweepRoutes('admin')
