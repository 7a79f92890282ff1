// Route parameter values are strings and an array value takes its first item; a value
// that fails validation gives 404 'Page Not Found: {path}'.
import { routeValidationError } from '@/lib/errors/http-error'

export type RawParam = string | readonly string[] | undefined | null

export function paramString(value: RawParam): string {
  if (Array.isArray(value)) return value.length > 0 ? String(value[0]) : ''
  return value === undefined || value === null ? '' : String(value)
}

/** A slug segment: letters, digits, hyphens and underscores (any case). */
export const SLUG_PARAM = /^[A-Za-z0-9][A-Za-z0-9_-]{0,119}$/

/** The parameter as a string, or a 404 'Page Not Found: {path}' thrown for the error boundary. */
export function slugParam(value: RawParam, path: string): string {
  const s = paramString(value)
  if (!SLUG_PARAM.test(s)) throw routeValidationError(path)
  return s
}
