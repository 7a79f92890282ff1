// Accessibility and the Content-Security-Policy over every public route of web/src/config/paths.ts
// (the part-2 path files included, so a route added there is visited here), signed out, at 1280
// and 360 px; one test per route. The admin routes are in e2e/a11y-admin-routes.e2e.ts (a file of
// its own, so the two halves can run in different lanes); the sweep itself, with the sample
// parameters of routes that have them, is e2e/support/a11y-sweep.ts.
import { describe, expect, it } from 'vitest'
import { isAdmin, ROUTES, sweepRoutes } from './support/a11y-sweep'

describe('every route', () => {
  it('finds the routes of every paths file', () => {
    expect(ROUTES.filter((r) => !isAdmin(r.pattern)).length).toBeGreaterThan(30)
    expect(ROUTES.filter((r) => isAdmin(r.pattern)).length).toBeGreaterThan(15)
  })
})

sweepRoutes('public')
