// The web app's names for the schema's types, all derived from the Database type the client is
// typed by (@common/database over the generated database.types.ts, `npm run gen:types`): a
// feature writes `Row<'events'>` or `Pick<Row<'plans'>, 'id' | 'name'>` instead of an interface
// that repeats the columns, so a column that changes in a migration fails the types suite here.
import type { Database, Json, JsonObject, Row } from '@common/database'

export type { Database, Json, JsonObject, Row }

type Public = Database['public']

export type TableName = keyof Public['Tables']
/** What an insert into table T takes (columns with defaults optional). */
export type Insert<T extends TableName> = Public['Tables'][T]['Insert']
/** What an update of table T takes (every column optional). */
export type Update<T extends TableName> = Public['Tables'][T]['Update']
/** The tables whose rows have a numeric `id`: the ones saveRow and deleteRow(id) work on. */
export type IdTable = { [T in TableName]: Row<T> extends { id: number } ? T : never }[TableName]

export type FunctionName = keyof Public['Functions']
/** What RPC F returns as the client types it (an array for `returns table` / `setof`). */
export type Returns<F extends FunctionName> = Public['Functions'][F]['Returns']
/** One row of a `returns table` / `returns setof` RPC. */
export type ReturnRow<F extends FunctionName> = Returns<F> extends ReadonlyArray<infer R> ? R
  : never

/**
 * The row type a plain column list selects ('id, name, sort_order'): `Pick` of those columns.
 * Only bare column names (no renames, casts or embedded tables), which is what saveRow takes.
 */
export type Selected<T extends TableName, Q extends string> = Pick<
  Row<T>,
  ColumnsOf<Q> & keyof Row<T>
>

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R>
  : S extends `${infer L} ` ? Trim<L>
  : S
/** 'id, name' → 'id' | 'name'. */
export type ColumnsOf<Q extends string> = Q extends `${infer H},${infer R}` ? Trim<H> | ColumnsOf<R>
  : Trim<Q>
