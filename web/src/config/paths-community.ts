// Public website, part 2 (issue 8): community pages, experts and courses, the location map, member sign-in.

export const communityPaths = {
} as const
