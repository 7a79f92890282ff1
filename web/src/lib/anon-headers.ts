// Headers for calling an edge function directly with the anon key (without pulling the
// Supabase client into the caller's chunk).
import { env } from '@/config/env'

export function anonHeaders(): Record<string, string> {
  const { supabaseAnonKey } = env()
  return { apikey: supabaseAnonKey, authorization: `Bearer ${supabaseAnonKey}` }
}
