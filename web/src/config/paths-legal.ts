// The legal pages: the privacy notice and the cookie policy (issue 17), linked from the footer and
// from every consent box.
import { definePath } from './define-path'

export const legalPaths = {
  privacy: definePath('/privacy'),
  cookies: definePath('/cookies'),
} as const
