// The query-string grammar of PostgREST: `select` trees, filters (`col=not.op.value`),
// logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`), `order` terms and limits, each possibly
// addressed to an embedded resource (`embed.col=eq.x`). Parsing only: names are checked
// against the schema cache when SQL is built.
import { parseError } from './errors.ts'

export interface JsonStep {
  arrow: '->' | '->>'
  key: string
}

export interface Field {
  name: string
  json: JsonStep[]
}

export type SelectItem =
  | { type: 'star' }
  /** `cast` is checked against the schema cache's types when SQL is built; `text` is the item as sent. */
  | { type: 'column'; field: Field; alias?: string; cast?: string; text: string }
  | {
    type: 'embed'
    name: string
    alias?: string
    hint?: string
    inner: boolean
    spread: boolean
    select: SelectItem[]
  }

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  is: 'is',
  isdistinct: 'is distinct from',
  in: 'in',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
  fts: '@@',
  plfts: '@@',
  phfts: '@@',
  wfts: '@@',
} as const
export type Operator = keyof typeof OPERATORS

export interface Filter {
  field: Field
  negate: boolean
  op: Operator
  modifier?: 'any' | 'all'
  ftsConfig?: string
  /** A string, or the list of `in.(...)` / `op(any).{...}` values. */
  value: string | string[]
}

export type Condition =
  | { type: 'filter'; filter: Filter }
  | { type: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] }

export interface OrderTerm {
  field: Field
  /** `embed(col)`: the label (alias, else name) of a to-one embed whose column orders the rows. */
  relation?: string
  dir?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** Splits on commas outside parentheses, braces and double quotes. */
export function splitTopLevel(s: string, sep = ','): string[] {
  const out: string[] = []
  let depth = 0
  let quoted = false
  let cur = ''
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]
    if (quoted) {
      cur += ch
      if (ch === '\\' && i + 1 < s.length) cur += s[++i]
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(' || ch === '{') depth++
    else if (ch === ')' || ch === '}') {
      depth--
      if (depth < 0) {
        throw parseError(
          `"failed to parse" (line 1, column ${i + 1})`,
          `unexpected "${ch}" expecting end of input`,
        )
      }
    } else if (ch === sep && depth === 0) {
      out.push(cur)
      cur = ''
      continue
    }
    cur += ch
  }
  if (quoted || depth !== 0) {
    throw parseError(`"failed to parse" (line 1, column ${s.length})`, 'unexpected end of input')
  }
  out.push(cur)
  return out
}

const unquote = (s: string) =>
  s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1).replace(/\\(.)/g, '$1') : s

/** `name->a->>b` (name possibly double-quoted). */
export function parseField(s: string, context: string): Field {
  let rest = s
  let name: string
  if (rest.startsWith('"')) {
    const end = rest.indexOf('"', 1)
    if (end < 0) {
      throw parseError(
        `"failed to parse ${context} (${s})"`,
        "unexpected end of input expecting '\"'",
      )
    }
    name = rest.slice(1, end)
    rest = rest.slice(end + 1)
  } else {
    const i = rest.indexOf('->')
    name = i < 0 ? rest : rest.slice(0, i)
    rest = i < 0 ? '' : rest.slice(i)
  }
  const json: JsonStep[] = []
  while (rest.length) {
    const arrow = rest.startsWith('->>') ? '->>' : rest.startsWith('->') ? '->' : null
    if (!arrow) {
      throw parseError(
        `"failed to parse ${context} (${s})" (line 1, column ${s.length - rest.length + 1})`,
        `unexpected "${rest[0]}"`,
      )
    }
    rest = rest.slice(arrow.length)
    const next = rest.indexOf('->')
    const key = next < 0 ? rest : rest.slice(0, next)
    if (!key) {
      throw parseError(
        `"failed to parse ${context} (${s})"`,
        'unexpected end of input expecting a JSON key',
      )
    }
    json.push({ arrow, key: unquote(key) })
    rest = next < 0 ? '' : rest.slice(next)
  }
  if (!name || /[(),:!]/.test(name) && !s.startsWith('"')) {
    throw parseError(
      `"failed to parse ${context} (${s})" (line 1, column 1)`,
      'unexpected input expecting field name',
    )
  }
  return { name, json }
}

/**
 * A cast as PostgREST's grammar reads it (pIdentifier): letters, digits, `_`, `$` and spaces, so
 * `double precision` but no schema, no `[]`, nothing else. Only a type of the schema cache passes.
 */
const CAST = /^[\p{L}0-9_ $]+$/u

/** Embeds and logic trees nest at most this deep (the parsers recurse). */
const MAX_DEPTH = 32
const tooDeep = (what: string) =>
  parseError(`"failed to parse ${what}"`, `nesting deeper than ${MAX_DEPTH} levels`)

/** PostgREST's `select` parameter. */
export function parseSelect(s: string, depth = 0): SelectItem[] {
  if (depth > MAX_DEPTH) throw tooDeep('select parameter')
  if (s.trim() === '') return [{ type: 'star' }]
  return splitTopLevel(s).map((raw) => parseSelectItem(raw.trim(), s, depth))
}

function parseSelectItem(item: string, whole: string, depth: number): SelectItem {
  const fail = () =>
    parseError(`"failed to parse select parameter (${whole})"`, `unexpected "${item}"`)
  if (item === '*') return { type: 'star' }
  if (item === '') throw fail()
  const paren = item.indexOf('(')
  if (paren >= 0) {
    if (!item.endsWith(')')) throw fail()
    let head = item.slice(0, paren)
    const inner = item.slice(paren + 1, -1)
    let spread = false
    if (head.startsWith('...')) [spread, head] = [true, head.slice(3)]
    let alias: string | undefined
    const colon = head.indexOf(':')
    if (colon >= 0) [alias, head] = [unquote(head.slice(0, colon)), head.slice(colon + 1)]
    const parts = head.split('!')
    const name = unquote(parts[0])
    let hint: string | undefined
    let innerJoin = false
    for (const p of parts.slice(1)) {
      if (p === 'inner') innerJoin = true
      else if (p === 'left') innerJoin = false
      else if (p && !hint) hint = unquote(p)
      else throw fail()
    }
    if (!name || alias === '') throw fail()
    return {
      type: 'embed',
      name,
      alias,
      hint,
      inner: innerJoin,
      spread,
      select: parseSelect(inner, depth + 1),
    }
  }
  let body = item
  let alias: string | undefined
  const colon = body.search(/:(?!:)/)
  if (colon > 0 && body[colon - 1] !== ':') {
    alias = unquote(body.slice(0, colon))
    body = body.slice(colon + 1)
  }
  let cast: string | undefined
  const castAt = body.lastIndexOf('::')
  if (castAt >= 0) {
    cast = body.slice(castAt + 2).trim()
    body = body.slice(0, castAt)
    if (!CAST.test(cast)) throw fail()
  }
  if (alias === '') throw fail()
  return { type: 'column', field: parseField(body, 'select parameter'), alias, cast, text: item }
}

/** Parses `a,"b,c",d` (the inside of `in.(...)` or `{...}`) honouring quotes and backslashes. */
export function parseList(s: string): string[] {
  if (s.trim() === '') return []
  const out: string[] = []
  let cur = ''
  let quoted = false
  let wasQuoted = false
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]
    if (quoted) {
      if (ch === '\\' && i + 1 < s.length) cur += s[++i]
      else if (ch === '"') quoted = false
      else cur += ch
    } else if (ch === '"') {
      quoted = true
      wasQuoted = true
    } else if (ch === '\\' && i + 1 < s.length) {
      cur += s[++i]
    } else if (ch === ',') {
      out.push(wasQuoted ? cur : cur.trim())
      cur = ''
      wasQuoted = false
    } else cur += ch
  }
  if (quoted) {
    throw parseError('"failed to parse filter list"', "unexpected end of input expecting '\"'")
  }
  out.push(wasQuoted ? cur : cur.trim())
  return out
}

/** The right-hand side of a filter: `[not.]op[(mod)].value`. */
export function parseFilter(field: Field, rhs: string, inLogic = false): Filter {
  let rest = rhs
  let negate = false
  if (rest.startsWith('not.')) [negate, rest] = [true, rest.slice(4)]
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest)
  if (!m || !(m[1] in OPERATORS)) {
    throw parseError(
      `"failed to parse filter (${rhs})" (line 1, column ${negate ? 5 : 1})`,
      `unexpected "${rest.slice(0, 1)}" expecting operator (eq, gt, ...)`,
    )
  }
  const op = m[1] as Operator
  let value: string | string[] = inLogic ? unquote(m[3]) : m[3]
  let modifier: 'any' | 'all' | undefined
  let ftsConfig: string | undefined
  if (m[2] !== undefined) {
    if (op.endsWith('fts')) {
      if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(m[2])) {
        throw parseError(`"failed to parse filter (${rhs})"`, 'invalid text search configuration')
      }
      ftsConfig = m[2]
    } else if (
      (m[2] === 'any' || m[2] === 'all') &&
      ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'].includes(op)
    ) {
      modifier = m[2]
    } else {throw parseError(
        `"failed to parse filter (${rhs})"`,
        `unexpected "(" for operator ${op}`,
      )}
  }
  if (op === 'in') {
    const v = m[3]
    if (!v.startsWith('(') || !v.endsWith(')')) {
      throw parseError(`"failed to parse filter (${rhs})"`, 'unexpected end of input expecting "("')
    }
    value = parseList(v.slice(1, -1))
  } else if (modifier) {
    const v = m[3]
    if (!v.startsWith('{') || !v.endsWith('}')) {
      throw parseError(`"failed to parse filter (${rhs})"`, 'unexpected end of input expecting "{"')
    }
    value = parseList(v.slice(1, -1))
  } else if (op === 'is') {
    const v = String(value).toLowerCase()
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v)) {
      throw parseError(
        `"failed to parse filter (${rhs})"`,
        'unexpected value expecting null or trilean value (unknown, true, false)',
      )
    }
    value = v
  }
  return { field, negate, op, modifier, ftsConfig, value }
}

/** `(a.eq.1,b.gt.2,and(c.is.null))`, the value of `or=` / `and=`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, s: string, depth = 0): Condition {
  if (depth > MAX_DEPTH) throw tooDeep('logic tree')
  if (!s.startsWith('(') || !s.endsWith(')')) {
    throw parseError(
      `"failed to parse logic tree (${s})" (line 1, column 1)`,
      'unexpected end of input expecting "("',
    )
  }
  const inner = s.slice(1, -1)
  if (inner.trim() === '') {
    throw parseError(`"failed to parse logic tree (${s})"`, 'unexpected ")" expecting field name')
  }
  const children = splitTopLevel(inner).map((part): Condition => {
    const p = part.trim()
    const lm = /^(not\.)?(and|or)(\(.*\))$/s.exec(p)
    if (lm) return parseLogic(lm[2] as 'and' | 'or', !!lm[1], lm[3], depth + 1)
    // field.op.value, where the field may hold JSON arrows (which contain no dots).
    const dot = fieldEnd(p)
    if (dot < 0) {
      throw parseError(`"failed to parse logic tree (${s})"`, `unexpected "${p}" expecting filter`)
    }
    return {
      type: 'filter',
      filter: parseFilter(parseField(p.slice(0, dot), 'logic tree'), p.slice(dot + 1), true),
    }
  })
  return { type: 'logic', op, negate, children }
}

/** Index of the dot that ends the field part of `field.op.value` (quotes respected). */
function fieldEnd(s: string): number {
  let quoted = false
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '"') quoted = !quoted
    else if (s[i] === '.' && !quoted) return i
  }
  return -1
}

/** `embed(col)` at the start of an order term, the embed possibly double-quoted. */
const RELATED_ORDER = /^("(?:[^"\\]|\\.)+"|[^."()]+)\(([^()]*)\)(?=\.|$)/

export function parseOrder(s: string): OrderTerm[] {
  return splitTopLevel(s).map((raw) => {
    const text = raw.trim()
    const related = RELATED_ORDER.exec(text)
    // `col.desc` or `embed(col).desc`: the field, then its modifiers.
    const after = related ? text.slice(related[0].length) : ''
    const [head, ...modifiers] = related
      ? [related[2], ...(after ? after.slice(1).split('.') : [])]
      : text.split('.')
    const field = parseField(head, 'order')
    const term: OrderTerm = related ? { field, relation: unquote(related[1]) } : { field }
    for (const p of modifiers) {
      if ((p === 'asc' || p === 'desc') && !term.dir && !term.nulls) term.dir = p
      else if ((p === 'nullsfirst' || p === 'nullslast') && !term.nulls) {
        term.nulls = p === 'nullsfirst' ? 'first' : 'last'
      } else {throw parseError(
          `"failed to parse order (${s})" (line 1, column ${raw.indexOf(p) + 1})`,
          `unexpected "${p}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        )}
    }
    return term
  })
}

export function parseNonNegative(s: string, what: string): number {
  if (!/^\d+$/.test(s)) {
    throw parseError(
      `"failed to parse ${what} parameter (${s})"`,
      'unexpected input expecting a non-negative integer',
    )
  }
  const n = Number(s)
  if (!Number.isSafeInteger(n)) {
    throw parseError(`"failed to parse ${what} parameter (${s})"`, 'number too large')
  }
  return n
}

/** Conditions, order and paging addressed to one resource (the root or an embed path). */
export interface NodeParams {
  conditions: Condition[]
  order?: OrderTerm[]
  limit?: number
  offset?: number
}

export interface ParsedQuery {
  select: SelectItem[]
  /** Keyed by embed path joined with '.', '' for the root. */
  nodes: Map<string, NodeParams>
  columns?: string[]
  onConflict?: string[]
  /** Query parameters left over (rpc GET arguments). */
  rest: [string, string][]
}

const RESERVED = new Set(['select', 'columns', 'on_conflict'])

/** Splits a query-string key `a.b.col` into embed path and last part. */
function splitKey(key: string): { path: string; last: string } {
  // JSON arrows may follow the column; dots inside them are part of keys.
  const arrow = key.indexOf('->')
  const head = arrow < 0 ? key : key.slice(0, arrow)
  const tail = arrow < 0 ? '' : key.slice(arrow)
  const dot = head.lastIndexOf('.')
  return dot < 0
    ? { path: '', last: key }
    : { path: head.slice(0, dot), last: head.slice(dot + 1) + tail }
}

/** Parses a request's query string; `isArg` names the parameters that are rpc arguments. */
export function parseQuery(
  params: URLSearchParams,
  isArg: (name: string) => boolean = () => false,
): ParsedQuery {
  const q: ParsedQuery = { select: [{ type: 'star' }], nodes: new Map(), rest: [] }
  const node = (path: string) => {
    let n = q.nodes.get(path)
    if (!n) q.nodes.set(path, n = { conditions: [] })
    return n
  }
  for (const [key, value] of params) {
    if (key === 'select') q.select = parseSelect(value)
    // A set, as PostgREST reads it: a column named twice is written once.
    else if (key === 'columns') {
      q.columns = [...new Set(splitTopLevel(value).map((c) => unquote(c.trim())))]
    } else if (key === 'on_conflict') {
      q.onConflict = splitTopLevel(value).map((c) => unquote(c.trim()))
    } else if (RESERVED.has(key)) continue
    else if (isArg(key)) q.rest.push([key, value])
    else {
      const lm = /^()(not\.)?(and|or)$/.exec(key) ?? /^(.+?)\.(not\.)?(and|or)$/.exec(key)
      if (lm) {
        node(lm[1]).conditions.push(parseLogic(lm[3] as 'and' | 'or', !!lm[2], value))
        continue
      }
      const { path, last } = splitKey(key)
      if (last === 'order') node(path).order = parseOrder(value)
      else if (last === 'limit') node(path).limit = parseNonNegative(value, 'limit')
      else if (last === 'offset') node(path).offset = parseNonNegative(value, 'offset')
      else {node(path).conditions.push({
          type: 'filter',
          filter: parseFilter(parseField(last, 'filter'), value),
        })}
    }
  }
  return q
}
