// Tiny shape checks for the few JSON answers the first load reads (redirect table, build info,
// runtime config). zod checks everything else; it is left out here because it would be the
// largest library in the home page's first load.

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0

export const isIntegerIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
