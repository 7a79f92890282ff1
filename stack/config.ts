// The one place that knows the stack's ports, keys and paths.
// Values are the fixed interfaces of ARCHITECTURE.md; environment variables override them.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')

const env = (name: string, fallback: string) => Deno.env.get(name) ?? fallback
const port = (name: string, fallback: number) => Number(env(name, String(fallback)))

export const JWT_SECRET = env('JWT_SECRET', 'super-secret-jwt-token-with-at-least-32-characters-long')
export const ANON_KEY = env(
  'SUPABASE_ANON_KEY',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
)
export const SERVICE_ROLE_KEY = env(
  'SUPABASE_SERVICE_ROLE_KEY',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
)

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
  /** ROOTS_WEB_DIST lets parallel checkouts of work build and serve their own bundle. */
  webDist: Deno.env.get('ROOTS_WEB_DIST') || join(ROOT, 'web', 'dist'),
}
