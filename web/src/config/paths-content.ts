// Public website, part 2 (issue 8): content, community and map pages.

export const contentPaths = {
} as const
