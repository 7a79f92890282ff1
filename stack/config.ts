// The one place that knows the stack's ports, keys and paths.
// Values are the fixed interfaces of ARCHITECTURE.md; environment variables override them.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')

const env = (name: string, fallback: string) => Deno.env.get(name) ?? fallback
const port = (name: string, fallback: number) => Number(env(name, String(fallback)))

/** Set (to 1) by stack/cli.ts for the local stack only: npm start, dev, test, bench, db:reset. The
 *  demo secret and keys below, and the functions' local providers, are refused without it. */
export const LOCAL_STACK_FLAG = 'ROOTS_LOCAL_STACK'

/** Supabase's published demo JWT secret and the keys signed with it: anyone can mint tokens. */
export const DEMO_KEYS = {
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
} as const

export interface StackKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
}

/**
 * The JWT secret and API keys the stack signs and accepts: JWT_SECRET, SUPABASE_ANON_KEY and
 * SUPABASE_SERVICE_ROLE_KEY, else the demo ones, which only the local stack may use. Without
 * ROOTS_LOCAL_STACK=1, a missing or demo value throws (so the stack refuses to start) instead of
 * falling back silently.
 */
export function stackKeys(vars: Record<string, string | undefined>): StackKeys {
  const keys: StackKeys = {
    jwtSecret: vars.JWT_SECRET || DEMO_KEYS.jwtSecret,
    anonKey: vars.SUPABASE_ANON_KEY || DEMO_KEYS.anonKey,
    serviceRoleKey: vars.SUPABASE_SERVICE_ROLE_KEY || DEMO_KEYS.serviceRoleKey,
  }
  if (vars[LOCAL_STACK_FLAG] === '1') return keys
  const names = {
    jwtSecret: 'JWT_SECRET',
    anonKey: 'SUPABASE_ANON_KEY',
    serviceRoleKey: 'SUPABASE_SERVICE_ROLE_KEY',
  } as const
  const demo = (Object.keys(names) as (keyof StackKeys)[]).filter((k) => keys[k] === DEMO_KEYS[k])
    .map((k) => names[k])
  if (demo.length > 0) {
    throw new Error(
      `Refusing the demo ${
        demo.join(', ')
      } (published, so anyone could sign tokens): ${LOCAL_STACK_FLAG} is not set. ` +
        `The local stack's commands (npm start, npm run dev, npm test, npm run bench, npm run db:reset) set ${LOCAL_STACK_FLAG}=1 ` +
        `themselves; anywhere else set ${demo.join(', ')} to your own values.`,
    )
  }
  return keys
}

export const { jwtSecret: JWT_SECRET, anonKey: ANON_KEY, serviceRoleKey: SERVICE_ROLE_KEY } =
  stackKeys(Deno.env.toObject())

export interface StackPorts {
  api: number
  db: number
  web: number
}

export const defaultPorts = (): StackPorts => ({
  api: port('API_PORT', 54321),
  db: port('DB_PORT', 54322),
  web: port('WEB_PORT', 5173),
})

export const dbUrl = (dbPort: number, user = 'postgres', password = 'postgres') =>
  `postgresql://${user}:${password}@127.0.0.1:${dbPort}/postgres`

export const apiUrl = (apiPort: number) => `http://127.0.0.1:${apiPort}`

export const paths = {
  stackDir: join(ROOT, '.stack'),
  migrations: join(ROOT, 'supabase', 'migrations'),
  seed: join(ROOT, 'supabase', 'seed.sql'),
  functions: join(ROOT, 'supabase', 'functions'),
  configToml: join(ROOT, 'supabase', 'config.toml'),
  bootstrapSql: join(ROOT, 'stack', 'bootstrap.sql'),
}
