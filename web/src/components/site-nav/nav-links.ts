// The header's main sections of the public site, from the one paths table. The footer (lazy:
// footer-links.ts) reaches everything else; e2e/navigation.e2e.ts proves every public page is
// within three clicks of the home page.
import { paths } from '@/config/paths'

export interface NavLink {
  label: string
  href: string
}

export const MAIN_LINKS: readonly NavLink[] = [
  { label: 'Find a site', href: paths.sites.getHref() },
  { label: 'Coming soon', href: paths.preRegister.getHref() },
  { label: 'Become a member', href: paths.becomeMember.getHref() },
  { label: 'Guides', href: paths.kbHome.getHref() },
  { label: 'Events', href: paths.events.getHref() },
  { label: 'Gift vouchers', href: paths.giftVouchers.getHref() },
]

/** The members' entry point: sign in, or their own page once signed in. */
export const memberLink = (signedIn: boolean): NavLink =>
  signedIn
    ? { label: 'My membership', href: paths.members.getHref() }
    : { label: 'Member sign-in', href: paths.login.getHref() }

/** Whether a link is the current page or the section it is in ('/kb/a/b' is in '/kb'). */
export const isCurrentSection = (href: string, location: string) =>
  href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`)
