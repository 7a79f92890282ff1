// The site rules are owned by
// supabase/functions/_shared/common/site-rules.ts, which the sites function uses too; the web app
// imports them from here. rules.test.ts checks that the routes they build are the path table's.
export {
  applyLinkRules,
  BUILT_IN_CTA_SETTINGS,
  CTA_LABEL,
  findSiteByName,
  fromStoredRow,
  isActive,
  isBookable,
  mergeSites,
  preregSignupHref,
  resolveCta,
  siteCta,
  siteHref,
  sitePageHref,
  siteRoutes,
  siteState,
  STATE_LABEL,
  stateLabel,
  STATUS_LABEL,
  statusOf,
  withCounts,
} from '@common/site-rules'
export type { StatefulSite } from '@common/site-rules'
export type { Cta } from '@common/site-types'
