// The one table of route paths. The router registers `path`; links and redirects call
// `getHref`, so renaming a route cannot leave a dead link behind.

import { definePath } from './define-path'
import { contentPaths } from './paths-content'
import { communityPaths } from './paths-community'
import { adminCommercePaths } from './paths-admin-commerce'
import { adminOperationsPaths } from './paths-admin-operations'
import { legalPaths } from './paths-legal'

export { definePath, type PathEntry } from './define-path'

export const paths = {
  home: definePath('/'),
  notFound: definePath('/404'),
  login: definePath('/login'),
  sites: definePath('/sites'),
  site: definePath('/sites/:cityslug/:slug'),
  siteSetup: definePath('/sites/:cityslug/:slug/setup'),
  landingSite: definePath('/landing/:site'),
  landingSiteJoin: definePath('/landing/:site/join'),
  preRegister: definePath('/pre-register'),
  preregSite: definePath('/prereg/:site'),
  preregSiteSignup: definePath('/prereg/:site/signup'),
  // Public website, part 1 (issue 6)
  locations: definePath('/locations'),
  siteOld: definePath('/sites/:cityslug/:slug/old'),
  siteSetupOld: definePath('/sites/:cityslug/:slug/setup/old'),
  prereg: definePath('/prereg'),
  preregHome: definePath('/prereg/Home'),
  preregSuccess: definePath('/prereg/success'),
  preregSiteLanding: definePath('/prereg/:site/landing'),
  preregSiteThankyou: definePath('/prereg/:site/thankyou'),
  landingSpecialJoin: definePath('/landing/special/:site/join'),
  landingSpecialJoinSuccess: definePath('/landing/special/:site/join/success'),
  landingSugarLoafFields: definePath('/landing/special/sugar-loaf-fields'),
  newSiteLanding: definePath('/new-site-landing'),
  queueReady: definePath('/queue/ready'),
  welcomeSlot: definePath('/welcome-slot'),
  welcomeSlotSuccess: definePath('/welcome-slot/success'),
  guidedTour: definePath('/guided-tour'),
  guidedTourLocation: definePath('/guided-tour/:location'),
  guidedTourBecomeMember: definePath('/guided-tour/become-member'),
  guidedTourThankYou: definePath('/guided-tour/thank-you'),
  giftVouchers: definePath('/gift-vouchers'),
  giftVouchersSuccess: definePath('/gift-vouchers/success'),
  checkout: definePath('/checkout'),
  checkoutNew: definePath('/checkout/new'),
  checkoutSuccess: definePath('/checkout/success'),
  depositCheckout: definePath('/deposit-checkout'),
  becomeMember: definePath('/become-member'),
  members: definePath('/members'),
  membersCancellation: definePath('/members/cancellation'),
  schemes: definePath('/schemes'),
  subscriptionAgreement: definePath('/subscription-agreement'),
  kb: definePath('/kb/:link*'),
  admin: definePath('/admin'),
  adminLogin: definePath('/admin/login'),
  adminConfirm: definePath('/admin/confirm'),
  adminUnauthorized: definePath('/admin/unauthorized'),
  adminWaitingList: definePath('/admin/waiting-list'),
  // Admin area, part 1 (issue 7)
  adminSecurity: definePath('/admin/security'),
  adminLocations: definePath('/admin/locations'),
  adminLocationsAdd: definePath('/admin/locations/add'),
  adminLocationsEdit: definePath('/admin/locations/edit/:id'),
  adminWaitingListProcess: definePath('/admin/waiting-list/process'),
  adminWaitingListCategories: definePath('/admin/waiting-list/manage-categories'),
  adminUsers: definePath('/admin/users'),
  adminPatchManagers: definePath('/admin/patch-managers'),
  adminTools: definePath('/admin/waiting-list/tools'),
  adminToolsConsolidator: definePath('/admin/waiting-list/tools/consolidator'),
  adminToolsLocationMigrator: definePath('/admin/waiting-list/tools/location-migrator'),
  adminToolsAcSync: definePath('/admin/waiting-list/tools/ac-sync'),
  adminComms: definePath('/admin/waiting-list/comms'),
  adminCommsCreate: definePath('/admin/waiting-list/comms/create'),
  adminCommsTemplates: definePath('/admin/waiting-list/comms/templates'),
  adminCommsTemplate: definePath('/admin/waiting-list/comms/:id'),
  adminCommsTemplateEdit: definePath('/admin/waiting-list/comms/:id/edit'),
  adminCommunications: definePath('/admin/waiting-list/communications'),
  adminWelcomeSlots: definePath('/admin/welcome-slots'),
  adminWelcomeSlotsCreate: definePath('/admin/welcome-slots/create'),
  adminWelcomeSlot: definePath('/admin/welcome-slots/:id'),
  adminWelcomeSlotEdit: definePath('/admin/welcome-slots/:id/edit'),
  // Public website, part 2 (issue 8) and admin area, part 2 (issue 9), kept in their own files.
  ...contentPaths,
  ...communityPaths,
  ...adminCommercePaths,
  ...adminOperationsPaths,
  ...legalPaths,
} as const

/** Spec §2's named routes, for call-to-action settings that store a route name. */
export const namedRoutes = {
  'landing-site-join': paths.landingSiteJoin,
  'sites-cityslug-slug-setup': paths.siteSetup,
} as const
