// Builds the SQL PostgREST would send: the JSON is aggregated in Postgres (json_agg,
// row_to_json, lateral subqueries for embeds) so the gateway passes the body through.
// Identifiers are quoted after they have been found in the schema cache; every value from
// the request is a bind parameter.
import { ApiError, notEmbeddedError, notToOneDetails, parseError } from './errors.ts'
import type { Condition, Field, Filter, NodeParams, OrderTerm, SelectItem } from './parse.ts'
import { OPERATORS } from './parse.ts'
import {
  closest,
  type Fn,
  type ForeignKey,
  normalTypeName,
  type Relation,
  relKey,
  type SchemaCache,
} from './schema.ts'

/**
 * A quoted identifier. Cut at a NUL, as PostgREST's escapeIdent does: the statement is a C string
 * to Postgres, which would otherwise read it only up to there.
 */
export const ident = (s: string) => `"${s.split('\0')[0].replace(/"/g, '""')}"`
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`

export class Params {
  readonly values: (string | null)[] = []
  add(v: string | null): string {
    this.values.push(v)
    return `$${this.values.length}`
  }
}

/** A PostgreSQL array literal of the given strings, every element quoted. */
export function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}

export function columnError(rel: Relation, name: string): ApiError {
  const near = closest(name, rel.columns.keys())
  return new ApiError(
    400,
    '42703',
    `column ${rel.name}.${name} does not exist`,
    null,
    near ? `Perhaps you meant to reference the column "${rel.name}.${near}".` : null,
  )
}

function column(rel: Relation, name: string) {
  const c = rel.columns.get(name)
  if (!c) throw columnError(rel, name)
  return c
}

/** `alias."col"->$1::text->>$2::text`, the column unchecked. */
function pathSql(alias: string, field: Field, p: Params): string {
  let s = `${alias}.${ident(field.name)}`
  for (const step of field.json) {
    s += /^-?\d+$/.test(step.key)
      ? `${step.arrow}${p.add(step.key)}::int`
      : `${step.arrow}${p.add(step.key)}::text`
  }
  return s
}

/** `alias."col"->$1::text->>$2::text`, after checking the column exists. */
function fieldSql(rel: Relation, alias: string, field: Field, p: Params): string {
  column(rel, field.name)
  return pathSql(alias, field, p)
}

/** The SQL naming the type of a `::cast`, from the schema cache (else 400 PGRST100): never the request's text. */
function castType(cache: SchemaCache, cast: string, text: string): string {
  const type = cache.types.get(normalTypeName(cast))
  if (!type) {
    throw parseError(
      `"failed to parse select parameter (${text})"`,
      `unexpected "${cast}" expecting the name of a type`,
    )
  }
  return type
}

const fieldLabel = (f: Field) => f.json.length ? f.json[f.json.length - 1].key : f.name

function filterSql(rel: Relation, alias: string, f: Filter, p: Params): string {
  const col = fieldSql(rel, alias, f.field, p)
  let s: string
  const value = f.value
  switch (f.op) {
    case 'is': {
      const v = value as string
      s = v === 'not_null' ? `${col} is not null` : `${col} is ${v}`
      break
    }
    case 'in':
      s = `${col} = any(${p.add(pgArray(value as string[]))})`
      break
    case 'like':
    case 'ilike':
      s = f.modifier
        ? `${col} ${OPERATORS[f.op]} ${f.modifier}(${
          p.add(pgArray((value as string[]).map((v) => v.replace(/\*/g, '%'))))
        })`
        : `${col} ${OPERATORS[f.op]} ${p.add((value as string).replace(/\*/g, '%'))}`
      break
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = {
        fts: 'to_tsquery',
        plfts: 'plainto_tsquery',
        phfts: 'phraseto_tsquery',
        wfts: 'websearch_to_tsquery',
      }[f.op]
      const cfg = () => f.ftsConfig ? `${p.add(f.ftsConfig)}::regconfig, ` : ''
      const type = rel.columns.get(f.field.name)!.type
      const doc = type === 'tsvector' && f.field.json.length === 0
        ? col
        : `to_tsvector(${cfg()}${col})`
      s = `${doc} @@ ${fn}(${cfg()}${p.add(value as string)})`
      break
    }
    case 'ov': {
      const v = value as string
      s = `${col} && ${p.add(v.startsWith('(') && v.endsWith(')') ? `{${v.slice(1, -1)}}` : v)}`
      break
    }
    default:
      s = f.modifier
        ? `${col} ${OPERATORS[f.op]} ${f.modifier}(${p.add(pgArray(value as string[]))})`
        : `${col} ${OPERATORS[f.op]} ${p.add(value as string)}`
  }
  return f.negate ? `not (${s})` : s
}

/** A node of the read tree: one relation (the root or an embed) with its alias in SQL. */
export interface ReadNode {
  rel: Relation
  alias: string
  items: SelectItem[]
  params: NodeParams
  /** Aliases of the embeds at this level, for `embed=not.is.null` filters. */
  embeds: Map<string, string>
}

function conditionSql(node: ReadNode, c: Condition, p: Params): string {
  if (c.type === 'filter') {
    const embedBody = node.embeds.get(c.filter.field.name)
    if (
      embedBody && !node.rel.columns.has(c.filter.field.name) && c.filter.op === 'is' &&
      c.filter.value === 'null'
    ) {
      return `${embedBody} is ${c.filter.negate ? 'not ' : ''}null`
    }
    return filterSql(node.rel, node.alias, c.filter, p)
  }
  const inner = c.children.map((ch) => conditionSql(node, ch, p)).join(` ${c.op} `)
  return `${c.negate ? 'not ' : ''}(${inner})`
}

/** `related` holds the SQL of the `embed(col)` terms, made while the node's embeds were built. */
function orderSql(
  node: ReadNode,
  terms: OrderTerm[],
  related: Map<OrderTerm, string>,
  p: Params,
): string {
  return terms.map((t) => {
    if (t.relation !== undefined && !related.has(t)) throw notEmbeddedError(t.relation)
    let s = related.get(t) ?? fieldSql(node.rel, node.alias, t.field, p)
    if (t.dir) s += ` ${t.dir}`
    if (t.nulls) s += ` nulls ${t.nulls}`
    return s
  }).join(', ')
}

// ---------------------------------------------------------------------------
// relationships
// ---------------------------------------------------------------------------

export interface Relationship {
  fk: ForeignKey
  /** many-to-one: the parent holds the FK; one-to-many: the embedded table does. */
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'
  target: Relation
  /** many-to-many: the junction table, `fk` (junction → parent) and `fk2` (junction → target). */
  junction?: Relation
  fk2?: ForeignKey
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))

function relationshipsBetween(
  cache: SchemaCache,
  parent: Relation,
  target: Relation,
): Relationship[] {
  const out: Relationship[] = []
  for (const fk of cache.fks) {
    if (
      fk.schema === parent.schema && fk.table === parent.name && fk.refSchema === target.schema &&
      fk.refTable === target.name
    ) {
      out.push({ fk, cardinality: 'many-to-one', target })
    }
    if (
      fk.schema === target.schema && fk.table === target.name && fk.refSchema === parent.schema &&
      fk.refTable === parent.name
    ) {
      out.push({
        fk,
        cardinality: sameSet(fk.columns, target.pk) ? 'one-to-one' : 'one-to-many',
        target,
      })
    }
  }
  // many-to-many through a junction whose primary key holds both foreign keys (PostgREST's rule).
  for (const fk of cache.fks) {
    if (fk.refSchema !== parent.schema || fk.refTable !== parent.name) continue
    const junction = cache.relations.get(relKey(fk.schema, fk.table))
    if (!junction || junction === parent || junction === target) continue
    for (const fk2 of cache.fks) {
      if (
        fk2 === fk || fk2.schema !== fk.schema || fk2.table !== fk.table ||
        fk2.refSchema !== target.schema || fk2.refTable !== target.name
      ) continue
      if ([...fk.columns, ...fk2.columns].every((c) => junction.pk.includes(c))) {
        out.push({ fk, fk2, junction, cardinality: 'many-to-many', target })
      }
    }
  }
  return out
}

function describe(r: Relationship, parent: Relation) {
  const fk = r.fk
  return {
    cardinality: r.cardinality,
    embedding: `${parent.name} with ${r.target.name}`,
    relationship: r.junction
      ? `${r.junction.name} using ${fk.name}(${fk.columns.join(', ')}) and ${r.fk2!.name}(${
        r.fk2!.columns.join(', ')
      })`
      : `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.refTable}(${
        fk.refColumns.join(', ')
      })`,
  }
}

/** Finds the one relationship an embed means, as PostgREST does (PGRST200 / PGRST201). */
export function resolveEmbed(
  cache: SchemaCache,
  parent: Relation,
  name: string,
  hint?: string,
): Relationship {
  let candidates: Relationship[] = []
  const target = cache.relations.get(relKey(parent.schema, name))
  if (target) candidates = relationshipsBetween(cache, parent, target)
  else {
    // `fk_column(*)`: embedding through a many-to-one foreign-key column of the parent.
    for (const fk of cache.fks) {
      if (
        fk.schema === parent.schema && fk.table === parent.name && fk.columns.length === 1 &&
        fk.columns[0] === name
      ) {
        const t = cache.relations.get(relKey(fk.refSchema, fk.refTable))
        if (t) candidates.push({ fk, cardinality: 'many-to-one', target: t })
      }
    }
  }
  if (hint) {
    const single = (cols: string[]) => cols.length === 1 && cols[0] === hint
    candidates = candidates.filter((r) =>
      r.junction
        ? r.junction.name === hint || r.fk.name === hint || r.fk2!.name === hint
        : r.fk.name === hint || single(r.fk.columns) || single(r.fk.refColumns)
    )
  }
  if (candidates.length === 0) {
    const full = hint ? `${name}!${hint}` : name
    return notFound(parent, full)
  }
  if (candidates.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      JSON.stringify(candidates.map((c) => describe(c, parent))),
      `Try changing '${name}' to one of the following: ${
        candidates.map((c) => `'${name}!${c.fk.name}'`).join(', ')
      }. Find the desired relationship in the 'details' key.`,
    )
  }
  return candidates[0]
}

function notFound(parent: Relation, name: string): never {
  throw new ApiError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent.name}' and '${name}' in the schema '${parent.schema}', but no matches were found.`,
    null,
  )
}

// ---------------------------------------------------------------------------
// read queries
// ---------------------------------------------------------------------------

interface Built {
  columns: string[]
  joins: string[]
  /** Output column names, for hoisting a spread embed's columns into its parent. */
  names: string[]
  /** The node's `order=embed(col)` terms, each with the SQL of its value (PostgREST's related order). */
  related: Map<OrderTerm, string>
}

class AliasGen {
  n = 0
  next() {
    return `"pgrst_${++this.n}"`
  }
}

/** The select list and lateral joins of one node (recursively for its embeds). */
function buildNode(
  cache: SchemaCache,
  node: ReadNode,
  nodes: Map<string, NodeParams>,
  path: string,
  p: Params,
  aliases: AliasGen,
): Built {
  const columns: string[] = []
  const joins: string[] = []
  const names: string[] = []
  const related = new Map<OrderTerm, string>()
  for (const item of node.items) {
    if (item.type === 'star') {
      columns.push(`${node.alias}.*`)
      names.push(...node.rel.columns.keys())
    } else if (item.type === 'column') {
      let s = fieldSql(node.rel, node.alias, item.field, p)
      if (item.cast) s = `(${s})::${castType(cache, item.cast, item.text)}`
      const name = item.alias ?? fieldLabel(item.field)
      columns.push(`${s} as ${ident(name)}`)
      names.push(name)
    } else {
      const r = resolveEmbed(cache, node.rel, item.name, item.hint)
      const toMany = r.cardinality === 'one-to-many' || r.cardinality === 'many-to-many'
      if (item.spread && toMany) {
        throw new ApiError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          notToOneDetails(node.rel.name, item.name),
        )
      }
      const label = item.alias ?? item.name
      // `order=label(col)` sorts the parent by a column of this embed: one value per parent only.
      const orderTerms = (node.params.order ?? []).filter((t) => t.relation === label)
      if (orderTerms.length && toMany) {
        throw new ApiError(
          400,
          'PGRST118',
          `A related order on '${label}' is not possible`,
          notToOneDetails(node.rel.name, label),
        )
      }
      const childPath = path ? `${path}.${label}` : label
      const child: ReadNode = {
        rel: r.target,
        alias: aliases.next(),
        items: item.select,
        params: nodes.get(childPath) ?? { conditions: [] },
        embeds: new Map(),
      }
      const joinAlias = aliases.next()
      const built = buildNode(cache, child, nodes, childPath, p, aliases)
      let on: string[]
      let through = ''
      if (r.junction) {
        const j = aliases.next()
        through = ` join ${qualified(r.junction.schema, r.junction.name)} as ${j} on ${
          r.fk2!.columns.map((c, i) =>
            `${j}.${ident(c)} = ${child.alias}.${ident(r.fk2!.refColumns[i])}`
          ).join(' and ')
        }`
        on = r.fk.columns.map((c, i) =>
          `${j}.${ident(c)} = ${node.alias}.${ident(r.fk.refColumns[i])}`
        )
      } else {
        const [outerCols, innerCols] = r.cardinality === 'many-to-one'
          ? [r.fk.columns, r.fk.refColumns]
          : [r.fk.refColumns, r.fk.columns]
        on = outerCols.map((c, i) =>
          `${child.alias}.${ident(innerCols[i])} = ${node.alias}.${ident(c)}`
        )
      }
      const where = [...on, ...child.params.conditions.map((c) => conditionSql(child, c, p))]
      const order = child.params.order
        ? ` order by ${orderSql(child, child.params.order, built.related, p)}`
        : ''
      const page = toMany && (child.params.limit !== undefined || child.params.offset !== undefined)
        ? pageSql(child.params.limit, child.params.offset, p)
        : ''
      const innerSql = `select ${built.columns.join(', ') || 'null'} from ${
        qualified(r.target.schema, r.target.name)
      } as ${child.alias}${through}${built.joins.join('')} where ${
        where.join(' and ')
      }${order}${page}`
      // As in PostgREST, a related order names one of the embed's output columns (its select).
      const orderValue = (t: OrderTerm, alias: string) => {
        if (!built.names.includes(t.field.name)) {
          const near = closest(t.field.name, built.names)
          throw new ApiError(
            400,
            '42703',
            `column ${label}.${t.field.name} does not exist`,
            null,
            near ? `Perhaps you meant to reference the column "${label}.${near}".` : null,
          )
        }
        return pathSql(alias, t.field, p)
      }
      if (item.spread) {
        // `...embed(cols)`: the to-one embed's columns join the parent's own.
        joins.push(
          ` ${item.inner ? 'inner' : 'left'} join lateral (${innerSql}) as ${joinAlias} on true`,
        )
        for (const t of orderTerms) related.set(t, orderValue(t, joinAlias))
        for (const name of built.names) {
          columns.push(`${joinAlias}.${ident(name)} as ${ident(name)}`)
        }
        names.push(...built.names)
        continue
      }
      // A to-one embed also yields the values its parent is ordered by, beside the body.
      const orderColumns = orderTerms.map((t, i) => {
        related.set(t, `${joinAlias}."pgrst_order_${i}"`)
        return `, ${orderValue(t, '_t')} as "pgrst_order_${i}"`
      })
      const agg = toMany
        ? `select coalesce(json_agg(_t), '[]') as body from (${innerSql}) _t${
          item.inner ? ' having count(*) > 0' : ''
        }`
        : `select row_to_json(_t) as body${orderColumns.join('')} from (${innerSql}) _t`
      joins.push(` ${item.inner ? 'inner' : 'left'} join lateral (${agg}) as ${joinAlias} on true`)
      columns.push(`${joinAlias}.body as ${ident(label)}`)
      names.push(label)
      node.embeds.set(label, `${joinAlias}.body`)
    }
  }
  return { columns, joins, names, related }
}

/**
 * ` limit … offset …`: the limit written into the SQL (a non-negative integer the parser
 * checked), the offset a parameter. With the limit a parameter too, Postgres planned every
 * execution of the prepared statement afresh: its generic plan, not knowing the limit, costs
 * more than the custom ones, so it never took it. That was about 30 µs of Postgres's CPU per
 * read on this machine (a probe on 2026-11-30: 97 against 66 µs), and every read has a limit once
 * `max_rows` is set. A literal limit gives one statement, and one plan, per page size; the
 * offset as a parameter does not stop Postgres keeping that plan.
 */
function pageSql(limit: number | undefined, offset: number | undefined, p: Params): string {
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 0)) {
    throw new Error(`not a limit: ${limit}`)
  }
  return ` limit ${limit ?? 'all'} offset ${p.add(String(offset ?? 0))}`
}

/** `select … from <from> <joins> where … order by … limit … offset …` for the root node. */
export function buildSelect(
  cache: SchemaCache,
  root: ReadNode,
  nodes: Map<string, NodeParams>,
  p: Params,
  from: string,
  paged = true,
  limit?: number,
  offset?: number,
): { sql: string; where: string; joins: string } {
  const built = buildNode(cache, root, nodes, '', p, new AliasGen())
  const conds = root.params.conditions.map((c) => conditionSql(root, c, p))
  const where = conds.length ? ` where ${conds.join(' and ')}` : ''
  const order = root.params.order
    ? ` order by ${orderSql(root, root.params.order, built.related, p)}`
    : ''
  const page = paged ? pageSql(limit, offset, p) : ''
  const joins = built.joins.join('')
  return {
    sql: `select ${
      built.columns.join(', ') || 'null'
    } from ${from} as ${root.alias}${joins}${where}${order}${page}`,
    where,
    joins,
  }
}

/** Wraps a row source into PostgREST's result row: (total, page_total, body, response GUCs). */
export function wrapResult(
  sourceSql: string,
  total: string,
  single: boolean,
  prefix = '',
  aggregated = '_postgrest_t',
  stripNulls = false,
): string {
  const agg = stripNulls ? `json_strip_nulls(json_agg(${aggregated}))` : `json_agg(${aggregated})`
  const body = single ? `(${agg} -> 0)::text` : `coalesce(${agg}, '[]')::text`
  return `${prefix ? prefix + ', ' : 'with '}pgrst_source as (${sourceSql}) ` +
    `select ${total} as total_result_set, count(_postgrest_t) as page_total, ${body} as body, ` +
    `nullif(current_setting('response.headers', true), '') as response_headers, nullif(current_setting('response.status', true), '') as response_status ` +
    `from pgrst_source as _postgrest_t`
}

// ---------------------------------------------------------------------------
// writes
// ---------------------------------------------------------------------------

export function unknownWriteColumn(rel: Relation, name: string): ApiError {
  return new ApiError(
    400,
    'PGRST204',
    `Could not find the '${name}' column of '${rel.name}' in the schema cache`,
  )
}

/** INSERT … SELECT from the JSON body (object or array) in bind parameter `bodyParam`. */
export function insertSql(
  rel: Relation,
  cols: string[],
  bodyParam: string,
  missingDefault: boolean,
  conflict: { cols: string[]; mode: 'merge' | 'ignore' } | null,
  returning: string,
): string {
  for (const c of cols) if (!rel.columns.has(c)) throw unknownWriteColumn(rel, c)
  const target = qualified(rel.schema, rel.name)
  const exprs = cols.map((c) => {
    const def = rel.columns.get(c)!.default
    return missingDefault && def
      ? `case when _j.j::jsonb ? ${literal(c)} then _r.${ident(c)} else ${def} end`
      : `_r.${ident(c)}`
  })
  const source =
    `from json_array_elements(case when json_typeof(${bodyParam}::json) = 'array' then ${bodyParam}::json else json_build_array(${bodyParam}::json) end) as _j(j) ` +
    `cross join lateral json_populate_record(null::${target}, _j.j) as _r`
  let sql = `insert into ${target} as ${ident(rel.name)}${
    cols.length ? ` (${cols.map(ident).join(', ')})` : ''
  } select ${exprs.join(', ')} ${source}`
  if (conflict) {
    for (const c of conflict.cols) if (!rel.columns.has(c)) throw unknownWriteColumn(rel, c)
    const updates = cols.filter((c) => !conflict.cols.includes(c)).map((c) =>
      `${ident(c)} = excluded.${ident(c)}`
    )
    sql += ` on conflict (${conflict.cols.map(ident).join(', ')}) ` +
      (conflict.mode === 'ignore' || updates.length === 0
        ? 'do nothing'
        : `do update set ${updates.join(', ')}`)
  }
  return sql + returning
}

export function updateSql(
  rel: Relation,
  cols: string[],
  bodyParam: string,
  where: string,
  returning: string,
): string {
  for (const c of cols) if (!rel.columns.has(c)) throw unknownWriteColumn(rel, c)
  const target = qualified(rel.schema, rel.name)
  const sets = cols.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ')
  return `update ${target} as ${
    ident(rel.name)
  } set ${sets} from (select * from json_populate_record(null::${target}, ${bodyParam}::json)) as _r${where}${returning}`
}

export function deleteSql(rel: Relation, where: string, returning: string): string {
  return `delete from ${qualified(rel.schema, rel.name)} as ${ident(rel.name)}${where}${returning}`
}

/** Root-level conditions of a write, against the target table's alias. */
export function writeWhere(rel: Relation, conditions: Condition[], p: Params): string {
  const node: ReadNode = {
    rel,
    alias: ident(rel.name),
    items: [],
    params: { conditions },
    embeds: new Map(),
  }
  const conds = conditions.map((c) => conditionSql(node, c, p))
  return conds.length ? ` where ${conds.join(' and ')}` : ''
}

// ---------------------------------------------------------------------------
// rpc
// ---------------------------------------------------------------------------

/** `"schema"."fn"("a" := _a."a", …)` reading named arguments from json_to_record($n). */
export function callSql(
  fn: Fn,
  argNames: string[],
  argsParam: string,
  singleJson: boolean,
): { from: string; call: string } {
  const name = qualified(fn.schema, fn.name)
  if (singleJson) return { from: '', call: `${name}(${argsParam}::${fn.params[0].type})` }
  if (argNames.length === 0) return { from: '', call: `${name}()` }
  const params = argNames.map((a) => fn.params.find((x) => x.name === a)!)
  const coldef = params.map((x) => `${ident(x.name)} ${x.type}`).join(', ')
  return {
    from: `json_to_record(${argsParam}::json) as _a(${coldef})`,
    call: `${name}(${params.map((x) => `${ident(x.name)} := _a.${ident(x.name)}`).join(', ')})`,
  }
}
