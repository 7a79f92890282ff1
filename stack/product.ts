// What the stand-in platform takes from the product, in one place. stack/ stands in for Supabase
// (Postgres, the gateway, the CLI's commands); the product is web/, supabase/, e2e/ and bench/.
// This is the only file in stack/ allowed to import from those folders
// (stack/tests/platform/boundary.test.ts fails otherwise), so everything the platform knows of the
// product is listed here, each with the reason it is needed. Paths the platform reads as data
// (migrations, seeds, config.toml) are in config.ts and are not imports.
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { paths } from './config.ts'

// -- The gateway ----------------------------------------------------------------------------------

/**
 * A function's handler, as the edge runtime loads supabase/functions/<name>/index.ts: the
 * functions gateway (gateway/functions.ts) runs the product's functions in this process, so it
 * must load their code. `handler.ts` exports the handler that index.ts hands to Deno.serve.
 */
export function loadFunctionHandler(name: string): Promise<Record<string, unknown>> {
  return import(pathToFileURL(join(paths.functions, name, 'handler.ts')).href)
}

/**
 * The bounded body reader of the functions (supabase/functions/_shared/http.ts), which the
 * gateway's APIs use too (gateway/body.ts): one reader that refuses an oversized body while it
 * streams, rather than two copies of it. It has no product logic and imports nothing.
 */
export {
  type BodyErrors,
  readBoundedBytes,
} from '../supabase/functions/_shared/common/bounded-body.ts'

// -- The CLI's commands (`npm start`, `npm test`, `npm run bench`) ---------------------------------

/**
 * The web app's build and its server. Supabase does not serve the app; the local stack does, so
 * that `npm start` and the browser journeys of `npm test` reach the app as a deployment serves it
 * (web/server/, README "Deploying to Supabase").
 */
export { buildWeb, WEB_DIST } from '../web/server/build.ts'
export { startWebServer } from '../web/server/server.ts'

/**
 * How `npm test` spreads the browser journeys over lanes: the files that share seeded data are
 * the journeys' knowledge, kept beside them (e2e/support/lanes.ts).
 */
export { planLanes } from '../e2e/support/lanes.ts'

/** `npm run bench`: the benchmarks' runner, loaded only for that command. */
export async function runBench(args: string[]): Promise<number> {
  return (await import('../bench/run.ts')).runBench(args)
}

// -- The stand-in's tests ---------------------------------------------------------------------------

/**
 * The web app's retrying fetch: the faults test (tests/quality/faults.test.ts) checks that the
 * gateway's answers during a database outage are ones the browser's client retries through.
 */
export { createFetchWithRetry, MAX_RETRIES, retryDelay } from '../web/src/lib/fetch-with-retry.ts'
