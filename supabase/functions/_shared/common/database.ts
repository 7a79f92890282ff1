// The Database type the typed Supabase clients take (`createClient<Database>`, in the functions
// and the web app): the generated one (database.types.ts, `npm run gen:types`) with one thing the
// generator cannot say. It types an RPC argument without a default as never null, but PostgREST
// hands a JSON null to the function as SQL NULL, and no function of ours is STRICT (a platform
// test holds that), so null is a value every function takes and decides on: a guest's
// p_user_id, the general list's p_site_id, "either" arguments such as local_checkout_session's.
import type { Database as Generated, Json } from './database.types.ts'

export type { Json }

/** `{ p_a: string; p_b?: number }` → `{ p_a: string | null; p_b?: number | null }`; no arguments stay none. */
type NullableArgs<A> = A extends Record<PropertyKey, never> ? A : { [K in keyof A]: A[K] | null }

/** Per overload (a function's type is a union when it has several). */
type WithNullableArgs<F> = F extends { Args: infer A }
  ? { [K in keyof F]: K extends 'Args' ? NullableArgs<A> : F[K] }
  : F

type Schema<S> = {
  [K in keyof S]: K extends 'Functions' ? { [F in keyof S[K]]: WithNullableArgs<S[K][F]> } : S[K]
}

export type Database = {
  [S in keyof Generated]: S extends '__InternalSupabase' ? Generated[S] : Schema<Generated[S]>
}

/** A table's row as the API returns it: `Row<'orders'>`. */
export type Row<T extends keyof Database['public']['Tables']> =
  Database['public']['Tables'][T]['Row']

/** A jsonb object as an RPC argument takes it. */
export type JsonObject = { [key: string]: Json | undefined }
