// What we publish: the blog, careers, events, the knowledge base, seed sowing, offers, the pledge
// and good-vibes projects. The knowledge base's nested pages use `paths.kb` (`/kb/:link*`, slashes
// kept) for links; the router registers `/kb` with wouter's optional wildcard
// (see app/routes-content.tsx).
import { definePath } from './define-path'

export const contentPaths = {
  blogs: definePath('/blogs'),
  blog: definePath('/blogs/:slug'),
  careers: definePath('/careers'),
  career: definePath('/careers/:slug'),
  events: definePath('/events'),
  kbHome: definePath('/kb'),
  kb: definePath('/kb/:link*'),
  seedSowing: definePath('/seed-sowing'),
  seedSowingTimeline: definePath('/seed-sowing/timeline'),
  seedSowingThankYou: definePath('/seed-sowing/thank-you'),
  offer: definePath('/offers/:slug'),
  pledge: definePath('/the-roots-pledge'),
  pledgePage: definePath('/the-roots-pledge/:slug'),
  goodVibes: definePath('/good-vibes-projects'),
  goodVibesProject: definePath('/good-vibes-projects/:pid'),
} as const
