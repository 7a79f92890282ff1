// The one table of route paths. The router registers `path`; links and redirects call
// `getHref`, so renaming a route cannot leave a dead link behind. The paths live by area, one
// file each; this file only joins them.

import { definePath } from './define-path'
import { sitePaths } from './paths-sites'
import { membershipPaths } from './paths-membership'
import { contentPaths } from './paths-content'
import { communityPaths } from './paths-community'
import { legalPaths } from './paths-legal'
import { adminPaths } from './paths-admin'

export { definePath, type PathEntry } from './define-path'

export const paths = {
  home: definePath('/'),
  notFound: definePath('/404'),
  ...sitePaths,
  ...membershipPaths,
  ...contentPaths,
  ...communityPaths,
  ...legalPaths,
  ...adminPaths,
} as const

/** Spec §2's named routes, for call-to-action settings that store a route name. */
export const namedRoutes = {
  'landing-site-join': paths.landingSiteJoin,
  'sites-cityslug-slug-setup': paths.siteSetup,
} as const
