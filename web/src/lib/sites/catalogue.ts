// The built-in site catalogue as the first paint shows it. The catalogue's one owner is
// supabase/functions/_shared/common/catalogue.ts (shared with the sites function and the seed);
// this file only names it for the web app. Stored sites override these by slug; when the
// backend cannot be read, the public site still renders from this list.
export { BUILT_IN_PLACES as WAITING_LIST_PLACES, BUILT_IN_SITES, slugify } from '@common/site-rules'
