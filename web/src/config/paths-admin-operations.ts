// Admin area, part 2 (issue 9): promo bars, marketing, events, tasks, courses and the location map.

export const adminOperationsPaths = {
} as const
