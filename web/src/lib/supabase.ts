// The one Supabase client of the browser: the anon key only (the service key never reaches
// the browser), every request through the retrying fetch.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import { fetchWithRetry } from '@/lib/fetch-with-retry'
import type { Database } from '@common/database'

/** The browser's client, typed by the schema (@common/database.ts over the generated types). */
export type Client = SupabaseClient<Database>

let client: Client | undefined

export function supabase(): Client {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = env()
    client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
      global: { fetch: fetchWithRetry },
    })
  }
  return client
}
