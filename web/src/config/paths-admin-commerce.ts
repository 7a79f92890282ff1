// Admin area, part 2 (issue 9): store, orders, payments, sales, staff checkout, plans and fees.

export const adminCommercePaths = {
} as const
