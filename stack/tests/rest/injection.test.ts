// SQL injection through the query string. A property-based proof, on the gateway's
// parser and SQL builder called directly: query strings generated from PostgREST's grammar (select
// trees with aliases, JSON paths, casts and embeds; filters with operators, modifiers, lists and
// logic trees; order terms; limit, offset; on_conflict and columns) with hostile tokens in every
// place text goes (quotes, semicolons, comments, `union select`, `::` casts with junk, NUL) either
// fail with a 4xx ApiError or build SQL in which, once the double-quoted identifiers, the bind
// parameters and the builder's own few string literals are taken out, every token is one the
// builder itself writes. The statements that build are also planned by Postgres (EXPLAIN), which
// must find no syntax error in them. Then the issue's payload over HTTP, with fetch and supabase-js.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { ApiError } from '../../gateway/rest/errors.ts'
import { OPERATORS, parseQuery } from '../../gateway/rest/parse.ts'
import { planRead } from '../../gateway/rest/plan.ts'
import {
  loadSchemaCache,
  type Relation,
  relKey,
  type SchemaCache,
} from '../../gateway/rest/schema.ts'
import { deleteSql, insertSql, Params, updateSql, writeWhere } from '../../gateway/rest/sql.ts'
import { anon, assertPgrstError, db, rest, test } from './fixtures.ts'

const seed = Deno.env.get('FUZZ_SEED') ? Number(Deno.env.get('FUZZ_SEED')) : undefined
const runs = (n: number) => Deno.env.get('TEST_FULL') === '1' ? n * 20 : n

// ------------------------------------------------------------------ what the builder writes

/** Every word the builder writes outside quotes: SQL keywords, functions, its own short aliases. */
const BUILDER_WORDS = new Set(
  `
  select from as where and or not is null true false unknown distinct any all like ilike order by asc desc nulls first last
  limit offset left inner join lateral on coalesce json_agg row_to_json json_strip_nulls having count text int regconfig
  to_tsvector to_tsquery plainto_tsquery phraseto_tsquery websearch_to_tsquery body _t _j _r j
  insert into update set delete returning excluded conflict do nothing json jsonb json_array_elements case when then else end
  json_typeof json_build_array cross json_populate_record
`.trim().split(/\s+/),
)

/** The operators and punctuation it writes (PostgREST's operators included). */
const BUILDER_SYMBOLS = new Set([
  '(',
  ')',
  ',',
  '.',
  '*',
  '=',
  '::',
  '->',
  '->>',
  ...Object.values(OPERATORS).filter((o) => !/^[a-z ]+$/.test(o)),
])

/** The string literals it writes itself. */
const BUILDER_LITERALS = new Set([`'[]'`, `'array'`])

/** The tokens an injection would need; none may be something the builder writes itself. */
const FORBIDDEN = [
  'union',
  'drop',
  'pg_sleep',
  'pg_proc',
  'prosrc',
  'global_sites',
  ';',
  '--',
  '/*',
  '$$',
]
for (const f of FORBIDDEN) {
  assert.ok(!BUILDER_WORDS.has(f) && !BUILDER_SYMBOLS.has(f), `${f} must not be a builder token`)
}

const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|\d+|->>|->|::|<>|>=|<=|~\*|@>|<@|&&|<<|>>|&<|&>|-\|-|@@|\S/g

/**
 * Checks that `sql` holds no text of the request outside bind parameters and quoted identifiers.
 * `nParams` placeholders must each appear, none beyond; with `once`, each exactly once, so a
 * `$1` written by the client instead of the builder would show.
 */
function assertOnlyBuilderTokens(sql: string, nParams: number, once: boolean, where: string) {
  const fail = (why: string) => assert.fail(`${why}\n  query: ${where}\n  sql: ${sql}`)
  let rest = sql.replace(/"(?:[^"]|"")*"/g, ' ')
  rest = rest.replace(/'(?:[^']|'')*'/g, (lit) => {
    if (!BUILDER_LITERALS.has(lit)) fail(`a string literal the builder does not write: ${lit}`)
    return ' '
  })
  const seen = new Map<number, number>()
  rest = rest.replace(/\$(\d+)/g, (_, n) => {
    seen.set(Number(n), (seen.get(Number(n)) ?? 0) + 1)
    return ' '
  })
  for (const [n, times] of seen) {
    if (n < 1 || n > nParams) fail(`placeholder $${n} with ${nParams} parameters`)
    if (once && times !== 1) fail(`placeholder $${n} appears ${times} times`)
  }
  if (once && seen.size !== nParams) fail(`${nParams} parameters but ${seen.size} placeholders`)
  if (rest.includes('"') || rest.includes("'") || rest.includes('\0')) {
    fail('an unbalanced quote or a NUL')
  }
  // A page's limit is written into the SQL as a number (sql.ts pageSql: the parser let only a
  // non-negative integer through), always just before the offset's placeholder.
  rest = rest.replace(/\blimit (?:\d+|all) offset /g, ' offset ')
  for (const token of rest.match(TOKEN) ?? []) {
    const ok = BUILDER_SYMBOLS.has(token) || BUILDER_WORDS.has(token.toLowerCase()) ||
      token === '0' || token === '1'
    if (!ok) fail(`token ${JSON.stringify(token)} is not one the builder writes`)
  }
}

// ------------------------------------------------------------------ PostgREST's grammar, hostile

const UNION = 'text as a from global_sites where false union select prosrc from pg_proc'
const HOSTILE = [
  "'",
  '"',
  ';',
  ' ',
  '\\',
  '(',
  ')',
  ',',
  '.',
  ':',
  '::',
  '->',
  '!',
  '*',
  '{',
  '}',
  '$1',
  '$$',
  '--',
  '/*',
  '*/',
  '\0',
  'union',
  'union select prosrc from pg_proc',
  UNION,
  `x::${UNION}`,
  'pg_sleep(5)',
  "' or '1'='1",
  '" or 1=1 --',
  '1; drop table conformance_items; --',
  "e'\\x41'",
  'id"; drop table x; --',
  'text); select pg_sleep(5); --',
  'public.foo',
  'text[]',
  'int4 ',
  ' Double   Precision',
  'nosuchtype',
  'global_sites',
  'pg_catalog.pg_proc',
  'é',
  '🌱',
]
const COLUMNS = [
  'id',
  'title',
  'author_id',
  'pages',
  'tags',
  'published',
  'price',
  'meta',
  'name',
  'stars',
  'qty',
  'note',
  'code',
  'data',
]
const EMBEDS = [
  'conformance_authors',
  'conformance_reviews',
  'conformance_tags',
  'conformance_book_tags',
  'author_id',
  'nope',
]
const HINTS = [
  'conformance_books_author_fk',
  'conformance_books_editor_fk',
  'inner',
  'left',
  'author_id',
]
const TYPES = [
  'text',
  'int',
  'Int4',
  'bigint',
  'double precision',
  'numeric',
  'char',
  'varchar',
  'jsonb',
  'bool',
  'date',
  'timestamp with time zone',
]

const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
)
/** A PostgREST quoted value: `"…"` with `\` escaping `"` and `\`. */
const quoted = (s: string) => `"${s.replace(/[\\"]/g, '\\$&')}"`
/** Mostly one of `names` (so that queries get as far as the builder), else hostile, bare or quoted. */
const word = (names: string[]) =>
  fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: hostile }, {
    weight: 1,
    arbitrary: hostile.map(quoted),
  })
/** Free text (aliases, JSON keys, values): hostile half the time. */
const text = (plain: string[]) => fc.oneof(fc.constantFrom(...plain), hostile, hostile.map(quoted))
const column = word(COLUMNS)
const jsonPath = fc.array(
  fc.tuple(fc.constantFrom('->', '->>'), text(['a', 'genre', '0', '-1', 'awards'])),
  { maxLength: 2 },
)
  .map((steps) => steps.map(([arrow, key]) => arrow + key).join(''))
const field = fc.tuple(column, jsonPath).map(([c, j]) => c + j)
const alias = fc.option(text(['a', 'my alias']).map((a) => `${a}:`), { nil: '' })
const cast = fc.option(
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...TYPES) }, { weight: 2, arbitrary: hostile })
    .map((t) => `::${t}`),
  { nil: '' },
)

const { selectList } = fc.letrec<{ selectList: string; item: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: fc.constant('*') },
    { weight: 4, arbitrary: fc.tuple(alias, field, cast).map(([a, f, c]) => a + f + c) },
    {
      weight: 2,
      arbitrary: fc.tuple(
        alias,
        fc.boolean(),
        word(EMBEDS),
        fc.option(word(HINTS).map((h) => `!${h}`), { nil: '' }),
        fc.constantFrom('', '!inner', '!left'),
        tie('selectList'),
      )
        .map(([a, spread, name, hint, join, inner]) =>
          `${spread ? '...' : a}${name}${hint}${join}(${inner})`
        ),
    },
  ),
  selectList: fc.array(tie('item'), { minLength: 1, maxLength: 3 }).map((items) => items.join(',')),
}))

const op = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...Object.keys(OPERATORS)) }, {
  weight: 1,
  arbitrary: hostile,
})
const listValue = fc.array(
  fc.oneof(hostile, hostile.map(quoted), fc.constantFrom('1', 'sf', 'null')),
  { maxLength: 3 },
).map((xs) => xs.join(','))
const filterValue = fc.tuple(
  fc.constantFrom('', 'not.'),
  op,
  fc.constantFrom('', '', '', '(any)', '(all)', '(english)', `(${UNION})`, '(x;y)'),
  fc.oneof(
    hostile,
    listValue.map((l) => `(${l})`),
    listValue.map((l) => `{${l}}`),
    fc.constantFrom('null', 'true', 'not_null', '1', 'sf'),
  ),
).map(([not, o, mod, v]) => `${not}${o}${mod}.${v}`)
const embedPath = fc.oneof({ weight: 4, arbitrary: fc.constant('') }, {
  weight: 1,
  arbitrary: word(EMBEDS).map((e) => `${e}.`),
})

const { logic } = fc.letrec<{ logic: string; cond: string }>((tie) => ({
  cond: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(field, filterValue).map(([f, v]) => `${f}.${v}`),
    fc.tuple(fc.constantFrom('and', 'or', 'not.and', 'not.or'), tie('logic')).map(([o, l]) =>
      `${o}${l}`
    ),
  ),
  logic: fc.array(tie('cond'), { minLength: 1, maxLength: 3 }).map((cs) => `(${cs.join(',')})`),
}))

const orderTerm = fc.tuple(
  fc.oneof({ weight: 4, arbitrary: field }, {
    weight: 1,
    arbitrary: fc.tuple(word(EMBEDS), field).map(([e, f]) => `${e}(${f})`),
  }),
  fc.constantFrom('', '.asc', '.desc', '', '.sideways', `.${UNION}`),
  fc.constantFrom('', '.nullsfirst', '.nullslast', '', '.nulls first', '; --'),
).map(([f, d, n]) => f + d + n)

const param: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant('select'), selectList),
  fc.tuple(fc.tuple(embedPath, field).map(([p, f]) => p + f), filterValue),
  fc.tuple(
    fc.tuple(embedPath, fc.constantFrom('or', 'and', 'not.or')).map(([p, o]) => p + o),
    logic,
  ),
  fc.tuple(
    fc.tuple(embedPath, fc.constant('order')).map(([p, o]) => p + o),
    fc.array(orderTerm, { minLength: 1, maxLength: 2 }).map((t) => t.join(',')),
  ),
  fc.tuple(
    fc.tuple(embedPath, fc.constantFrom('limit', 'offset')).map(([p, o]) => p + o),
    fc.oneof(fc.constantFrom('0', '5', '100'), hostile),
  ),
  fc.tuple(
    fc.constantFrom('on_conflict', 'columns'),
    fc.array(column, { minLength: 1, maxLength: 2 }).map((cs) => cs.join(',')),
  ),
)
const queryString = fc.array(param, { minLength: 1, maxLength: 3 })

// ------------------------------------------------------------------ the properties

let cache: SchemaCache | null = null
async function schema(): Promise<SchemaCache> {
  return cache ??= await loadSchemaCache(db, ['public'])
}

/** Runs `build`: SQL, or a client error (4xx ApiError). Anything else fails the property. */
function attempt<T>(build: () => T, where: string): T | null {
  try {
    return build()
  } catch (e) {
    if (e instanceof ApiError && e.status >= 300 && e.status < 500) {
      refusals.set(`${e.status} ${e.code}`, (refusals.get(`${e.status} ${e.code}`) ?? 0) + 1)
      return null
    }
    throw new Error(
      `${where} threw ${e instanceof ApiError ? `${e.status} ${e.code} ${e.message}` : e}`,
    )
  }
}

/**
 * Postgres plans the statement: it must be well-formed SQL naming no table of the request's choosing.
 */
async function plans(sql: string, values: (string | null)[], where: string) {
  try {
    await db.unsafe(`explain ${sql}`, values as string[])
  } catch (e) {
    const { code, message } = e as { code?: string; message: string }
    // Value errors (a bad number; a bad tsquery, whose syntax error is 42601 too) and an empty
    // name (`"…"->""` labels a column ""; PostgREST writes the same) are the client's mistakes.
    const aboutValue = /tsquery|^zero-length delimited identifier/.test(message)
    if (!code || code === '42P01' || (code === '42601' && !aboutValue)) {
      throw new Error(`${where}: ${code} ${message}\n  sql: ${sql}`)
    }
  }
}

/** How the refused queries were answered, printed after the read property. */
const refusals = new Map<string, number>()

test('property: no text of a read query reaches the SQL outside parameters and quoted identifiers', async () => {
  const c = await schema()
  let built = 0
  const books = c.relations.get(relKey('public', 'conformance_books'))!
  await fc.assert(
    fc.asyncProperty(queryString, async (pairs) => {
      const search = new URLSearchParams(pairs)
      const where = `GET /conformance_books?${search}`
      const plan = attempt(() => planRead(c, books, parseQuery(search), null), where)
      if (!plan) return
      built++
      assertOnlyBuilderTokens(plan.sql, plan.params.values.length, true, where)
      assertOnlyBuilderTokens(plan.countQuery, plan.params.values.length, false, where)
      await plans(plan.sql, plan.params.values, where)
    }),
    { numRuns: runs(2000), seed },
  )
  const answers = [...refusals].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ')
  console.log(`[injection] reads: ${built} built and checked; refused: ${answers}`)
  assert.ok(
    built > 150,
    `too few queries built (${built}): the generator no longer reaches the builder`,
  )
})

test('property: nor of a write (insert with on_conflict and columns, update, delete)', async () => {
  const c = await schema()
  const items = c.relations.get(relKey('public', 'conformance_items'))!
  let writes = 0
  await fc.assert(
    fc.asyncProperty(
      queryString,
      fc.constantFrom('insert', 'update', 'delete'),
      async (pairs, kind) => {
        const search = new URLSearchParams(pairs)
        const where = `${kind} /conformance_items?${search}`
        const q = attempt(() => parseQuery(search), where)
        if (!q) return
        const p = new Params()
        const conditions = q.nodes.get('')?.conditions ?? []
        const sql = attempt(() => {
          if (kind === 'insert') {
            const conflict = q.onConflict ? { cols: q.onConflict, mode: 'merge' as const } : null
            return insertSql(
              items as Relation,
              q.columns ?? ['name'],
              p.add('{"name":"x"}'),
              false,
              conflict,
              ' returning "conformance_items".*',
            )
          }
          if (kind === 'update') {
            const body = p.add('{"name":"x"}')
            return updateSql(
              items,
              q.columns ?? ['name'],
              body,
              writeWhere(items, conditions, p),
              '',
            )
          }
          return deleteSql(items, writeWhere(items, conditions, p), '')
        }, where)
        if (sql === null) return
        writes++
        assertOnlyBuilderTokens(sql, p.values.length, false, where)
        await plans(sql, p.values, where)
      },
    ),
    { numRuns: runs(1000), seed },
  )
  console.log(`[injection] writes: ${writes} built and checked`)
  assert.ok(writes > 100, `too few writes built (${writes})`)
})

test('the checker itself catches text outside quotes and parameters', () => {
  const caught = (sql: string, n = 0) =>
    assert.throws(() => assertOnlyBuilderTokens(sql, n, true, 'self-test'))
  caught(
    `select ("t"."id")::text as a from global_sites where false union select prosrc from pg_proc`,
  )
  caught(`select "id" from "t"; drop table x`)
  caught(`select "id" from "t" where "id" = $1 -- x`, 1)
  caught(`select "id" from "t" where "id" = $1 or $1`, 1)
  caught(`select "id" from "t" where "id" = 'x'`)
  assertOnlyBuilderTokens(
    `select ("t"."id")::"pg_catalog"."int4" as "a; drop" from "t" where "id" = $1 limit $2`,
    2,
    true,
    'self-test',
  )
  return Promise.resolve()
})

// ------------------------------------------------------------------ over HTTP

const UNION_SELECT = `id::${UNION}`

test('the cast payload that once leaked rows is 400 PGRST100 and returns no data (fetch)', async () => {
  for (const table of ['global_sites', 'conformance_books']) {
    const r = await rest(`/${table}?select=${encodeURIComponent(UNION_SELECT)}`)
    assert.equal(r.status, 400, r.text)
    // An error object, exactly PostgREST's four keys: no rows of anything.
    assertPgrstError(r.json(), 'PGRST100')
  }
})

test('the cast payload that once leaked rows is an error, not data, through supabase-js', async () => {
  const { data, error, status } = await anon.from('global_sites').select(UNION_SELECT)
  assert.equal(status, 400)
  assert.equal(data, null)
  assert.equal(error!.code, 'PGRST100')
})

test('other junk in a cast is 400 PGRST100: a statement, a schema, an array, an unknown type', async () => {
  for (
    const c of [
      'text); select pg_sleep(5); --',
      'pg_catalog.text',
      'text[]',
      'nosuchtype',
      'text as x',
      'int4 --',
      '"text"',
      "text'",
    ]
  ) {
    const r = await rest(`/conformance_books?select=${encodeURIComponent(`id::${c}`)}`)
    assert.equal(r.status, 400, `${c}: ${r.text}`)
    assertPgrstError(r.json(), 'PGRST100')
  }
})

test('casts name types as Postgres spells them: keywords, several words, any case, types of the schema', async () => {
  const r = await rest(
    `/conformance_books?id=eq.1&select=${
      encodeURIComponent(
        'id::bigint,p:price:: Double  Precision ,t:title::char,v:title::varchar,pages::Int4,tags::text,b:published::text',
      )
    }`,
  )
  assert.equal(r.status, 200, r.text)
  // `char` is character(1), as in SQL: PostgREST passes the type through, so Postgres reads it so.
  assert.deepEqual(r.json(), [{
    id: 1,
    p: 9.99,
    t: 'T',
    v: 'The Dispossessed',
    pages: 387,
    tags: '{sf,anarchy}',
    b: 'true',
  }])
})

test('a NUL in an alias ends it, as in PostgREST, and never cuts the statement short', async () => {
  const r = await rest(
    `/conformance_authors?id=eq.1&select=${encodeURIComponent('a\0b; drop table x:id')}`,
  )
  assert.equal(r.status, 200, r.text)
  assert.deepEqual(r.json(), [{ a: 1 }])
  // In a JSON key it is a parameter's, which Postgres refuses as text: a 400, not a broken statement.
  const k = await rest(`/conformance_authors?select=${encodeURIComponent('meta->>a\0b')}`)
  assert.equal(k.status, 400, k.text)
  assertPgrstError(k.json(), '22021')
})
