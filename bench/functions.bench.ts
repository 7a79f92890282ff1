// `sites` and `redirect-lookup` through the gateway next to the plain REST read of global_sites,
// in the same run, with autocannon at 10 and 50 connections: req/s, p50 and p99, and each
// function's p50 as a ratio of the REST read's. Goal: each within 1.5× the REST p50.
// Also the revalidation a warm client makes (If-None-Match → 304) and a single path lookup.
import { join } from 'node:path'
import type { Bench, BenchRow } from './run.ts'
import { ROOT } from '../stack/config.ts'

interface Figures {
  rps: number
  p50: number
  p99: number
  non2xx: number
}

async function autocannon(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<Figures> {
  const args = [
    join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'),
    '--json',
    '-c',
    String(connections),
    '-d',
    String(seconds),
  ]
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`)
  args.push(url)
  const out = await new Deno.Command('node', { args, stdout: 'piped', stderr: 'piped' }).output()
  const text = new TextDecoder().decode(out.stdout)
  if (out.code !== 0) throw new Error(`autocannon failed: ${new TextDecoder().decode(out.stderr)}`)
  const r = JSON.parse(text.slice(text.indexOf('{')))
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx ?? 0 }
}

const bench: Bench = async ({ env, quick }) => {
  const base = env.SUPABASE_URL!
  const anon = env.SUPABASE_ANON_KEY!
  const auth = { apikey: anon, authorization: `Bearer ${anon}` }
  const seconds = quick ? 3 : 10
  // warm up the functions (module load, first database read) and learn the tags
  const sites = await fetch(`${base}/functions/v1/sites`, { headers: auth })
  const sitesTag = sites.headers.get('etag') ?? ''
  await sites.body?.cancel()
  const targets: {
    name: string
    url: string
    headers?: Record<string, string>
    compare: boolean
  }[] = [
    {
      name: 'GET /rest/v1/global_sites?select=*&order=id',
      url: `${base}/rest/v1/global_sites?select=*&order=id`,
      compare: false,
    },
    { name: 'GET /functions/v1/sites', url: `${base}/functions/v1/sites`, compare: true },
    {
      name: 'GET /functions/v1/redirect-lookup',
      url: `${base}/functions/v1/redirect-lookup`,
      compare: true,
    },
    {
      name: 'GET /functions/v1/redirect-lookup?path=/s/tm',
      url: `${base}/functions/v1/redirect-lookup?path=/s/tm`,
      compare: true,
    },
    {
      name: 'GET /functions/v1/sites (If-None-Match → 304)',
      url: `${base}/functions/v1/sites`,
      headers: { 'if-none-match': sitesTag },
      compare: true,
    },
  ]
  const rows: BenchRow[] = []
  const notes: string[] = []
  for (const connections of [10, 50]) {
    let rest: Figures | null = null
    for (const t of targets) {
      const f = await autocannon(t.url, connections, seconds, { ...auth, ...t.headers })
      if (!t.compare) rest = f
      if (f.non2xx > 0 && !t.headers) {
        notes.push(`${t.name} at ${connections} connections: ${f.non2xx} non-2xx answers`)
      }
      rows.push({
        name: `${t.name} (${connections} conn)`,
        figures: { 'req/s': f.rps, 'p50 ms': f.p50, 'p99 ms': f.p99 },
        ratios: t.compare && rest
          ? {
            'p50 vs REST': rest.p50 > 0 ? f.p50 / rest.p50 : f.p50,
            'req/s vs REST': rest.rps > 0 ? f.rps / rest.rps : 0,
          }
          : undefined,
        goal: t.compare ? 'p50 vs REST ≤ 1.5' : 'baseline',
      })
    }
  }
  notes.push(
    'Navigations never wait on redirect-lookup once the client holds the table: web/src/lib/redirects.ts checks each path locally and refreshes in the background with If-None-Match.',
  )
  notes.push(
    'sites and redirect-lookup keep their answer for a short time in process (SITES_CACHE_MS 2000, REDIRECTS_CACHE_MS 5000), so a burst of loads costs one database read.',
  )
  return {
    title: 'Edge functions: sites and redirect-lookup vs the REST read of global_sites',
    rows,
    notes,
  }
}

export default bench
