// The schema cache: what PostgREST learns from pg_catalog about the exposed schemas —
// tables and views with their columns, primary keys, foreign keys (for embedding) and
// functions (for /rpc). Every identifier in a request is checked against it before SQL is built.
import type postgres from 'postgres'
import { ApiError } from './errors.ts'

export interface Column {
  name: string
  /** format_type(), e.g. `integer`, `text[]`, `timestamp with time zone`. */
  type: string
  nullable: boolean
  /** SQL of the column default (sequences and identities included), or null. */
  default: string | null
  generated: boolean
}

export interface ForeignKey {
  name: string
  schema: string
  table: string
  columns: string[]
  refSchema: string
  refTable: string
  refColumns: string[]
}

export interface Relation {
  schema: string
  name: string
  kind: 'table' | 'view'
  columns: Map<string, Column>
  pk: string[]
  insertable: boolean
}

export interface FnParam {
  name: string
  type: string
  hasDefault: boolean
}

export interface Fn {
  schema: string
  name: string
  params: FnParam[]
  /** format_type of the return type; `record` for RETURNS TABLE. */
  returnType: string
  returnsSet: boolean
  /** Returns rows (a table type, a composite type or RETURNS TABLE). */
  returnsComposite: boolean
  returnsVoid: boolean
  volatility: 'i' | 's' | 'v'
  /** The one unnamed json/jsonb parameter that takes the whole body. */
  singleUnnamedJson: boolean
  /** Columns of the rows it returns (composite or RETURNS TABLE / OUT parameters). */
  outColumns: { name: string; type: string }[]
}

export interface SchemaCache {
  schemas: string[]
  /**
   * A request's search_path, as PostgREST sets it: the request's schema (the one exposed here),
   * then config.toml's [api] extra_search_path (db-extra-search-path), repeats kept.
   */
  searchPath: string[]
  /** The most rows a read or a function's set answers (config.toml's max_rows); none: no limit. */
  maxRows?: number
  /** ALTER ROLE … SET settings per role (search_path excluded), applied on each switch to it. */
  roleSettings: Map<string, [string, string][]>
  relations: Map<string, Relation>
  fks: ForeignKey[]
  functions: Map<string, Fn[]>
  /**
   * The types a `select=col::type` cast may name, as a request spells them (lower case, single
   * spaces: `int4`, `integer`, `double precision`, a type of an exposed schema), each with the
   * SQL that names it: schema and name quoted, so no text of the request reaches the statement.
   */
  types: Map<string, string>
}

export const relKey = (schema: string, name: string) => `${schema}.${name}`

/** The table or view `schema.name`, else 404 PGRST205 with the nearest name as a hint. */
export function findRelation(cache: SchemaCache, schema: string, name: string): Relation {
  const rel = cache.relations.get(relKey(schema, name))
  if (rel) return rel
  const near = closest(
    name,
    [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name),
  )
  throw new ApiError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    near ? `Perhaps you meant the table '${schema}.${near}'` : null,
  )
}

const RELATIONS_SQL = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind, c.oid::int8 as oid,
  coalesce((select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = c.oid and i.indisprimary), '{}') as pk,
  (c.relkind in ('r','p') or (pg_relation_is_updatable(c.oid, true) & 8) = 8) as insertable
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r','v','m','f','p')`

const COLUMNS_SQL = `
select n.nspname as schema, c.relname as rel, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
  not a.attnotnull as nullable, a.attgenerated <> '' as generated,
  case when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname))
       when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as "default"
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = any($1) and c.relkind in ('r','v','m','f','p') and a.attnum > 0 and not a.attisdropped
order by c.oid, a.attnum`

const FKS_SQL = `
select con.conname as name, ns.nspname as schema, cs.relname as table, nr.nspname as ref_schema, cr.relname as ref_table,
  (select array_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
  (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns
from pg_constraint con
join pg_class cs on cs.oid = con.conrelid join pg_namespace ns on ns.oid = cs.relnamespace
join pg_class cr on cr.oid = con.confrelid join pg_namespace nr on nr.oid = cr.relnamespace
where con.contype = 'f' and ns.nspname = any($1) and nr.nspname = any($1)`

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
  format_type(p.prorettype, null) as return_type,
  (t.typtype = 'c' or (t.oid = 'record'::regtype and coalesce(p.proargmodes, '{}')::text[] && '{t,o,b}')) as returns_composite,
  p.prorettype = 'void'::regtype as returns_void,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[i], ''), 'type', format_type(p.proallargtypes_or[i], null),
       'mode', coalesce(p.proargmodes[i], 'i'), 'pos', i) order by i)
     from generate_subscripts(p.proallargtypes_or, 1) i), '[]') as args,
  p.pronargs as nargs, p.pronargdefaults as ndefaults,
  (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
     from pg_attribute a where t.typrelid <> 0 and a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) as type_columns
from (select p.*, coalesce(p.proallargtypes, array(select unnest(p.proargtypes::oid[]))) as proallargtypes_or from pg_proc p) p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
where n.nspname = any($1) and p.prokind = 'f'`

// Types visible on a request's search_path (pg_catalog, then its schemas), pseudo-types
// aside. `format_type` adds the SQL-standard spellings of the built-in ones (`double precision`,
// `timestamp with time zone`, `character varying`…).
const TYPES_SQL = `
select n.nspname as schema, t.typname as name, format_type(t.oid, null) as sql_name
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where n.nspname = any($1) and t.typisdefined and t.typtype <> 'p'`

/**
 * Type names of the SQL grammar that are not in pg_type under that spelling, or that mean a
 * different type there (`char` is bpchar(1), not pg_catalog's one-byte "char"; `bit` is bit(1)).
 */
const GRAMMAR_TYPES: Record<string, [name: string, typmod?: number]> = {
  int: ['int4'],
  integer: ['int4'],
  smallint: ['int2'],
  bigint: ['int8'],
  real: ['float4'],
  float: ['float8'],
  'double precision': ['float8'],
  decimal: ['numeric'],
  dec: ['numeric'],
  boolean: ['bool'],
  char: ['bpchar', 1],
  character: ['bpchar', 1],
  nchar: ['bpchar', 1],
  'national char': ['bpchar', 1],
  'national character': ['bpchar', 1],
  'char varying': ['varchar'],
  'character varying': ['varchar'],
  'nchar varying': ['varchar'],
  'national char varying': ['varchar'],
  'national character varying': ['varchar'],
  bit: ['bit', 1],
  'bit varying': ['varbit'],
  'timestamp without time zone': ['timestamp'],
  'timestamp with time zone': ['timestamptz'],
  'time without time zone': ['time'],
  'time with time zone': ['timetz'],
}

/** A type name as Postgres reads it unquoted: ASCII letters folded to lower case, spaces single. */
export const normalTypeName = (s: string) =>
  s.trim().replace(/\s+/g, ' ').replace(/[A-Z]/g, (c) => c.toLowerCase())

function typeMap(
  rows: { schema: string; name: string; sql_name: string }[],
  searchPath: string[],
): Map<string, string> {
  const quote = (x: string) => `"${x.replace(/"/g, '""')}"`
  // Lowest precedence first: a later schema on the search path loses to an earlier one, and
  // pg_catalog (searched first) to none.
  const order = [...searchPath].reverse().concat('pg_catalog')
  const types = new Map<string, string>()
  for (const schema of order) {
    for (const r of rows) {
      if (r.schema !== schema) continue
      const sql = `${quote(r.schema)}.${quote(r.name)}`
      types.set(r.name, sql)
      if (schema === 'pg_catalog') types.set(r.sql_name, sql)
    }
  }
  for (const [name, [t, typmod]] of Object.entries(GRAMMAR_TYPES)) {
    types.set(name, `"pg_catalog".${quote(t)}${typmod ? `(${typmod})` : ''}`)
  }
  return types
}

// Only settings the switched-to role may set itself (context 'user', or custom ones).
const ROLE_SETTINGS_SQL = `
select r.rolname as role, array_agg(c.item order by c.ord) as config
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
cross join lateral unnest(s.setconfig) with ordinality as c(item, ord)
left join pg_settings ps on ps.name = split_part(c.item, '=', 1)
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and (ps.name is null or ps.context = 'user')
group by r.rolname, s.setdatabase
order by s.setdatabase`

interface FnRow {
  schema: string
  name: string
  volatility: 'i' | 's' | 'v'
  returns_set: boolean
  return_type: string
  returns_composite: boolean
  returns_void: boolean
  args: { name: string; type: string; mode: string; pos: number }[]
  nargs: number
  ndefaults: number
  type_columns: { name: string; type: string }[] | null
}

/** Supabase's default db-extra-search-path (config.toml's [api] extra_search_path). */
export const DEFAULT_EXTRA_SEARCH_PATH = ['public', 'extensions']

export async function loadSchemaCache(
  sql: postgres.Sql,
  schemas: string[],
  extraSearchPath = DEFAULT_EXTRA_SEARCH_PATH,
): Promise<SchemaCache> {
  const searchPath = [schemas[0], ...extraSearchPath]
  // An array literal, not a JS array: postgres.js may not know text[] yet on a fresh connection.
  const arrayLiteral = (xs: string[]) =>
    `{${xs.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`
  const list = arrayLiteral(schemas)
  const typeSchemas = arrayLiteral(['pg_catalog', ...searchPath])
  const [rels, cols, fks, fns, roles, types] = await Promise.all([
    sql.unsafe(RELATIONS_SQL, [list]),
    sql.unsafe(COLUMNS_SQL, [list]),
    sql.unsafe(FKS_SQL, [list]),
    sql.unsafe(FUNCTIONS_SQL, [list]),
    sql.unsafe(ROLE_SETTINGS_SQL),
    sql.unsafe(TYPES_SQL, [typeSchemas]),
  ])
  const roleSettings = new Map<string, [string, string][]>()
  for (const r of roles) {
    // Database-specific settings come last and override the ones for every database.
    const settings = new Map(roleSettings.get(r.role) ?? [])
    for (const item of r.config as string[]) {
      const eq = item.indexOf('=')
      const name = item.slice(0, eq)
      if (eq > 0 && name !== 'search_path') settings.set(name, item.slice(eq + 1))
    }
    roleSettings.set(r.role, [...settings])
  }
  const relations = new Map<string, Relation>()
  for (const r of rels) {
    relations.set(relKey(r.schema, r.name), {
      schema: r.schema,
      name: r.name,
      kind: r.kind === 'r' || r.kind === 'p' || r.kind === 'f' ? 'table' : 'view',
      columns: new Map(),
      pk: r.pk,
      insertable: r.insertable,
    })
  }
  for (const c of cols) {
    relations.get(relKey(c.schema, c.rel))?.columns.set(c.name, {
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      default: c.default,
      generated: c.generated,
    })
  }
  const functions = new Map<string, Fn[]>()
  for (const f of fns as unknown as FnRow[]) {
    const inputs = f.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
    const firstDefault = f.nargs - f.ndefaults
    const params = inputs.map((a, i) => ({
      name: a.name,
      type: a.type,
      hasDefault: i >= firstDefault,
    }))
    const fn: Fn = {
      schema: f.schema,
      name: f.name,
      params,
      returnType: f.return_type,
      returnsSet: f.returns_set,
      returnsComposite: f.returns_composite,
      returnsVoid: f.returns_void,
      volatility: f.volatility,
      outColumns: f.type_columns ??
        f.args.filter((a) => a.mode === 't' || a.mode === 'o' || a.mode === 'b').map((a) => ({
          name: a.name,
          type: a.type,
        })),
      singleUnnamedJson: params.length === 1 && params[0].name === '' &&
        (params[0].type === 'json' || params[0].type === 'jsonb'),
    }
    const key = relKey(f.schema, f.name)
    functions.set(key, [...(functions.get(key) ?? []), fn])
  }
  return {
    schemas,
    searchPath,
    roleSettings,
    relations,
    functions,
    types: typeMap(
      types as unknown as { schema: string; name: string; sql_name: string }[],
      searchPath,
    ),
    fks: fks.map((f) => ({
      name: f.name,
      schema: f.schema,
      table: f.table,
      columns: f.columns,
      refSchema: f.ref_schema,
      refTable: f.ref_table,
      refColumns: f.ref_columns,
    })),
  }
}

/** Levenshtein distance, for PostgREST's "Perhaps you meant" hints. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0][j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        d[i][j - 1] + 1,
        d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    }
  }
  return d[a.length][b.length]
}

export function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null
  let bestD = Infinity
  for (const c of candidates) {
    const dd = distance(name, c)
    if (dd < bestD) [best, bestD] = [c, dd]
  }
  return best !== null && bestD <= Math.max(2, Math.floor(name.length / 2)) ? best : null
}
