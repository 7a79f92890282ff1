import { paths } from '@/config/paths'

const ADMIN_BASE = paths.admin.path
/** '/admin/locations/edit/:id' → '/locations/edit/:id' inside the nested router. */
export const rel = (path: string) => path.slice(ADMIN_BASE.length) || '/'
/** The full path of a location inside the nested router: '/' → '/admin'. */
export const full = (
  location: string,
) => (location === '/' ? ADMIN_BASE : `${ADMIN_BASE}${location}`)
