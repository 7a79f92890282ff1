// Public website, part 2 (issue 8): community pages, experts and courses, the location map,
// member sign-in (`/login` itself is `paths.login` in paths.ts).
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
