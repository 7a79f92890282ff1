// Proves the functions path: answers with the runtime's view of itself and whether the
// caller's token was accepted.
import { corsHeaders, preflight } from '../_shared/cors.ts'

export function handler(req: Request): Response {
  const early = preflight(req)
  if (early) return early
  const url = new URL(req.url)
  return Response.json(
    {
      ok: true,
      method: req.method,
      path: url.pathname,
      supabaseUrlSet: Boolean(Deno.env.get('SUPABASE_URL')),
    },
    { headers: corsHeaders },
  )
}
