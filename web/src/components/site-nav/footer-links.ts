// The footer's link groups: everything the header does not carry, so every public page of the
// paths table is a click or two from anywhere (e2e/navigation.e2e.ts crawls them). Loaded after
// the first paint with the footer's links (SiteFooterLinks.tsx), never in the first load.
import { paths } from '@/config/paths'
import type { NavLink } from './nav-links'

export interface LinkGroup {
  title: string
  links: readonly NavLink[]
}

export const FOOTER_GROUPS: readonly LinkGroup[] = [
  {
    title: 'Allotments',
    links: [
      { label: 'Find a site', href: paths.sites.getHref() },
      { label: 'All locations', href: paths.locations.getHref() },
      { label: 'Sites coming soon', href: paths.preRegister.getHref() },
      { label: 'New sites opening', href: paths.newSiteLanding.getHref() },
      { label: 'Map of our sites', href: paths.businessInsightsLocationMap.getHref() },
      { label: 'Book a guided tour', href: paths.guidedTour.getHref() },
      { label: 'Your place in the queue', href: paths.queueReady.getHref() },
      { label: 'Vote for a new site', href: paths.vote.getHref() },
      { label: 'Offer us your land', href: paths.land.getHref() },
    ],
  },
  {
    title: 'Membership',
    links: [
      { label: 'Become a member', href: paths.becomeMember.getHref() },
      { label: 'Membership schemes', href: paths.schemes.getHref() },
      { label: 'Book a welcome slot', href: paths.welcomeSlot.getHref() },
      { label: 'Member sign-in', href: paths.login.getHref() },
      { label: 'My membership', href: paths.members.getHref() },
      { label: 'Cancel a membership', href: paths.membersCancellation.getHref() },
      { label: 'Pay a deposit', href: paths.depositCheckout.getHref() },
      { label: 'Gift vouchers', href: paths.giftVouchers.getHref() },
      { label: 'Shop', href: paths.checkoutNew.getHref() },
    ],
  },
  {
    title: 'Grow and learn',
    links: [
      { label: 'Guides', href: paths.kbHome.getHref() },
      { label: 'What to sow when', href: paths.seedSowing.getHref() },
      { label: 'Sowing timeline', href: paths.seedSowingTimeline.getHref() },
      { label: 'Growing experts', href: paths.growingExperts.getHref() },
      { label: 'Course creator for experts', href: paths.courseCreator.getHref() },
      { label: 'Events', href: paths.events.getHref() },
      { label: 'Blog', href: paths.blogs.getHref() },
    ],
  },
  {
    title: 'About Roots',
    links: [
      { label: 'The Roots pledge', href: paths.pledge.getHref() },
      { label: 'Good vibes projects', href: paths.goodVibes.getHref() },
      { label: 'Careers', href: paths.careers.getHref() },
      { label: 'Subscription agreement', href: paths.subscriptionAgreement.getHref() },
      { label: 'Privacy notice', href: paths.privacy.getHref() },
      { label: 'Cookie policy', href: paths.cookies.getHref() },
    ],
  },
]
