// The one table of route paths. The router registers `path`; links and redirects call
// `getHref`, so renaming a route cannot leave a dead link behind. The paths live by area, one
// file each; this file joins the public ones. The admin area's (paths-admin.ts, `adminPaths`)
// are imported by the admin code only: the public router needs just where the area starts, and
// the public first load (e2e/first-load.e2e.ts, 90 KB) does not carry the admin's URL table.

import { definePath } from './define-path'
import { sitePaths } from './paths-sites'
import { membershipPaths } from './paths-membership'
import { contentPaths } from './paths-content'
import { communityPaths } from './paths-community'
import { legalPaths } from './paths-legal'

export { definePath, type PathEntry } from './define-path'

export const paths = {
  home: definePath('/'),
  notFound: definePath('/404'),
  ...sitePaths,
  ...membershipPaths,
  ...contentPaths,
  ...communityPaths,
  ...legalPaths,
  /** Where the admin area starts (the public router nests it); its own paths are adminPaths. */
  admin: definePath('/admin'),
} as const

/** The named routes, for call-to-action settings that store a route name. */
export const namedRoutes = {
  'landing-site-join': paths.landingSiteJoin,
  'sites-cityslug-slug-setup': paths.siteSetup,
} as const
