// Deep equality of JSON values (what an API answers): the same keys with the same values, in any
// order. Stores use it to keep what they hold when a read answers what they already show, so a
// page shown from its server-rendered data does not render again for the same figures.
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bs = b as unknown[]
    return a.length === bs.length && a.every((v, i) => sameValue(v, bs[i]))
  }
  const ak = Object.keys(a)
  const bo = b as Record<string, unknown>
  const ao = a as Record<string, unknown>
  // An absent key and one holding undefined are the same in JSON.
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined)
  const defined = ak.filter((k) => ao[k] !== undefined)
  return defined.length === bk.length &&
    defined.every((k) => Object.hasOwn(bo, k) && sameValue(ao[k], bo[k]))
}
