// The writes every admin screen makes, once: insert or update a row, delete rows, and a mutation
// hook that refreshes the lists it changed. RLS decides every write; a write it refuses touches
// no row and returns nothing, so "no row back" reads as a refusal (42501), and every failure
// becomes a DbError with a sentence staff can act on (db-error.ts). The toasts that follow a
// save or a delete belong to the screen (components/admin/list-screen.tsx).
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ColumnsOf, IdTable, Insert, Row, Selected, TableName, Update } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'
import { DbError } from './db-error'

/** What a write fails with: `failed` generally, `duplicate` for a unique violation (23505). */
export interface WriteMessages {
  failed: string
  duplicate?: string
}

type Answer<T> = PromiseLike<{ data: T | null; error: unknown }>

function fail(error: unknown, m: WriteMessages): never {
  const e = new DbError(error, m.failed)
  // describeDbError words every unique violation generally; the screen knows which field it was.
  if (m.duplicate && e.code === '23505') e.message = m.duplicate
  throw e
}

/** Awaits a write that must touch one row and returns that row (nothing back is a refusal). */
export async function writeOne<T>(run: Answer<T>, m: WriteMessages | string): Promise<T> {
  const messages = typeof m === 'string' ? { failed: m } : m
  const { data, error } = await run
  if (error) fail(error, messages)
  if (!data || (Array.isArray(data) && data.length === 0)) throw new DbError({ code: '42501' })
  return data
}

/** An insert (no id yet) takes the table's Insert type, an update of row id its Update type. */
export type RowFor<T extends TableName, I extends number | null> = [I] extends [number] ? Update<T>
  : Insert<T>

/** `columns` must name columns of T: a list that does not is a type error at the caller. */
type ColumnList<T extends TableName, Q extends string> = ColumnsOf<Q> extends keyof Row<T> ? Q
  : never

// The writes below are typed at their signatures (table names, row types, the selected columns);
// inside, the table is any of them, which the client's per-table overloads cannot follow.
const untyped = (): SupabaseClient => supabase()

/**
 * Inserts `row` into `table` (id null) or updates row `id`, and returns the saved row's `columns`
 * ('id' unless given: a plain list of column names, which types the result).
 */
export async function saveRow<
  T extends IdTable,
  Q extends string = 'id',
  I extends number | null = number | null,
>(
  table: T,
  id: I,
  row: RowFor<T, I>,
  m: WriteMessages & { columns?: ColumnList<T, Q> },
): Promise<Selected<T, Q>> {
  const t = untyped().from(table)
  const columns = m.columns ?? 'id'
  return await writeOne<Selected<T, Q>>(
    id === null
      ? t.insert(row).select(columns).single()
      : t.update(row).eq('id', id).select(columns).maybeSingle(),
    m,
  )
}

/** `saveRow` for the usual case: the saved row's id. */
export const saveRowId = async <T extends IdTable, I extends number | null>(
  table: T,
  id: I,
  row: RowFor<T, I>,
  m: WriteMessages,
): Promise<number> => (await saveRow<T, 'id', I>(table, id, row, m)).id

/** Deletes row `where` (an id, or column values that must all match) from `table`; nothing deleted is a refusal. */
export async function deleteRow<T extends TableName>(
  table: T,
  where: (T extends IdTable ? number : never) | Partial<Row<T>>,
  failed: string,
): Promise<void> {
  const match = typeof where === 'number' ? { id: where } : where
  await writeOne(untyped().from(table).delete().match(match).select(Object.keys(match)[0]!), failed)
}

/**
 * A mutation that refreshes the queries under `keys` once it succeeded, or, with
 * `{ settled: true }`, once it is over either way (a write that may have half-happened).
 */
export function useInvalidatingMutation<A, R>(
  fn: (a: A) => Promise<R>,
  keys: readonly QueryKey[],
  o: { settled?: boolean } = {},
) {
  const qc = useQueryClient()
  const refresh = async () => {
    await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })))
  }
  return useMutation({
    mutationFn: fn,
    ...(o.settled ? { onSettled: refresh } : { onSuccess: refresh }),
  })
}
