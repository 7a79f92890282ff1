// Shared by the platform tests: the throwaway stack's environment and a scratch database.
import postgres from 'postgres'

export const env = (name: string): string => {
  const v = Deno.env.get(name)
  if (!v) throw new Error(`${name} is not set: run through \`npm test\``)
  return v
}

/** Creates an empty database in the test cluster and returns its URL and a dropper. */
export async function scratchDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(env('SUPABASE_DB_URL'), { max: 1, onnotice: () => {} })
  const name = `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`
  await admin.unsafe(`create database ${name}`)
  const url = env('SUPABASE_DB_URL').replace(/\/postgres$/, `/${name}`)
  return {
    url,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
