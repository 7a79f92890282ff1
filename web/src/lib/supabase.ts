// The one Supabase client of the browser: the anon key only (the service key never reaches
// the browser), every request through the retrying fetch.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import { fetchWithRetry } from '@/lib/fetch-with-retry'

let client: SupabaseClient | undefined

export function supabase(): SupabaseClient {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = env()
    client = createClient(supabaseUrl, supabaseAnonKey, { global: { fetch: fetchWithRetry } })
  }
  return client
}

