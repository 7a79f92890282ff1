// Finding a site and getting a plot there: the sites and their pages, landing pages, the waiting
// list's pre-registration, welcome slots and guided tours.
import { definePath } from './define-path'

export const sitePaths = {
  sites: definePath('/sites'),
  locations: definePath('/locations'),
  site: definePath('/sites/:cityslug/:slug'),
  siteOld: definePath('/sites/:cityslug/:slug/old'),
  siteSetup: definePath('/sites/:cityslug/:slug/setup'),
  siteSetupOld: definePath('/sites/:cityslug/:slug/setup/old'),
  landingSite: definePath('/landing/:site'),
  landingSiteJoin: definePath('/landing/:site/join'),
  landingSpecialJoin: definePath('/landing/special/:site/join'),
  landingSpecialJoinSuccess: definePath('/landing/special/:site/join/success'),
  landingSugarLoafFields: definePath('/landing/special/sugar-loaf-fields'),
  newSiteLanding: definePath('/new-site-landing'),
  preRegister: definePath('/pre-register'),
  prereg: definePath('/prereg'),
  preregHome: definePath('/prereg/Home'),
  preregSuccess: definePath('/prereg/success'),
  preregSite: definePath('/prereg/:site'),
  preregSiteSignup: definePath('/prereg/:site/signup'),
  preregSiteLanding: definePath('/prereg/:site/landing'),
  preregSiteThankyou: definePath('/prereg/:site/thankyou'),
  queueReady: definePath('/queue/ready'),
  queueKeepPlace: definePath('/queue/keep-place'),
  welcomeSlot: definePath('/welcome-slot'),
  welcomeSlotSuccess: definePath('/welcome-slot/success'),
  guidedTour: definePath('/guided-tour'),
  guidedTourLocation: definePath('/guided-tour/:location'),
  guidedTourBecomeMember: definePath('/guided-tour/become-member'),
  guidedTourThankYou: definePath('/guided-tour/thank-you'),
} as const
