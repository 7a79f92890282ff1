// Wording for the queue page.
import { formatCount } from '@/lib/intl'

export function ordinal(n: number): string {
  const rem100 = n % 100
  const suffix = rem100 >= 11 && rem100 <= 13
    ? 'th'
    : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${formatCount(n)}${suffix}`
}

// Shared with the site pages (lib/sites/wait.ts).
export { describeWait } from '@/lib/sites/wait'

export const REFERENCE_PATTERN = /^[a-z0-9-]{8,100}$/
