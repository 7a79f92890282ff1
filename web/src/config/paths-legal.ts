// The legal pages: the privacy notice and the cookie policy, linked from the footer and
// from every consent box.
import { definePath } from './define-path'

export const legalPaths = {
  privacy: definePath('/privacy'),
  cookies: definePath('/cookies'),
  // Your data rights: download everything held about you, or ask for it to be erased.
  yourData: definePath('/your-data'),
} as const
