// The community: votes for new land, the location map, growing experts and the courses they
// write (member sign-in, `/login`, is with the membership paths).
import { definePath } from './define-path'

export const communityPaths = {
  vote: definePath('/vote'),
  land: definePath('/land'),
  mapsTest: definePath('/maps/test'),
  businessInsightsLocationMap: definePath('/business-insights/location-map'),
  growingExperts: definePath('/growing-experts'),
  growingExpert: definePath('/growing-experts/:eid'),
  courseCreator: definePath('/course-creator'),
  courseSettings: definePath('/settings/:course_id'),
} as const
