// The site shapes are owned by supabase/functions/_shared/common/site-types.ts: the sites
// function answers with them and the web app renders them.
export type {
  CatalogueEntry,
  CountRow,
  Cta,
  CtaRoute,
  CtaSetting,
  Direction,
  Directions,
  DistancePoint,
  Offer,
  Site,
  SiteCatalogue,
  SiteState,
  SiteStatus,
  SiteWithOfferEntry,
  SocialMedia,
  WaitingListPlace,
} from '@common/site-types'
