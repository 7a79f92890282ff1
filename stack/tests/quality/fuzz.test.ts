// Fuzzing with fast-check: random and hostile requests (wrong types, huge strings, odd unicode,
// SQL and HTML injection, prototype-pollution keys, broken JSON) against every public write
// endpoint — the edge functions anon can call, the REST tables anon may insert into, Supabase
// Auth's sign-up and sign-in endpoints — and random query strings against the REST filter
// parser. Properties: never a 5xx; every error in the documented shape; and since every payload
// is invalid by construction, nothing in the database changes (a checksum of every table before
// and after). Short in `npm test`; `--full` (TEST_FULL=1) runs many more cases. FUZZ_SEED
// replays a run; FUZZ_DEBUG=1 prints every error answer.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import fc from 'fast-check'
import postgres from 'postgres'
import { paths } from '../../config.ts'
import { OPERATORS } from '../../gateway/rest/parse.ts'
import {
  entries,
  hostileKey,
  hostileString,
  hostileValue,
  junkBody,
  structuredValue,
} from './hostile.ts'

const url = Deno.env.get('SUPABASE_URL')!
const anon = Deno.env.get('SUPABASE_ANON_KEY')!
const full = Deno.env.get('TEST_FULL') === '1'
const seed = Deno.env.get('FUZZ_SEED') ? Number(Deno.env.get('FUZZ_SEED')) : undefined
const runs = (short: number) => full ? short * 20 : short
const HANG_GUARD_MS = 60_000 // a harness guard against hung requests, not a speed assertion

const opts = { sanitizeOps: false, sanitizeResources: false }
const sql = postgres(Deno.env.get('SUPABASE_DB_URL')!, { max: 2, onnotice: () => {} })

// ------------------------------------------------------------------ the database must not change

/** A checksum of every table the API could reach, directly or through functions. */
async function snapshot(): Promise<Map<string, string>> {
  const tables = await sql<{ t: string }[]>`
    select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'auth') order by 1`
  const rows = await sql.unsafe(
    tables.map(({ t }) =>
      `select '${
        t.replace(/'/g, "''")
      }' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as sum from ${t} x`
    ).join(' union all '),
  )
  return new Map(rows.map((r) => [r.t as string, r.sum as string]))
}

/** A snapshot once the database is quiet (work left over from earlier test files has ended). */
async function settledSnapshot(): Promise<Map<string, string>> {
  let last = await snapshot()
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200))
    const next = await snapshot()
    if ([...next].every(([t, s]) => last.get(t) === s) && next.size === last.size) return next
    last = next
  }
  throw new Error('the database never stopped changing: something else is writing')
}

async function unchanged<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const before = await settledSnapshot()
  tally.clear()
  const result = await fn()
  const answers = [...tally].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ')
  console.log(
    `[fuzz] ${what}: ${
      [...tally.values()].reduce((a, b) => a + b, 0)
    } requests answered ${answers}`,
  )
  const after = await snapshot()
  const changed = [...after].filter(([t, s]) => before.get(t) !== s).map(([t]) => t)
  assert.deepEqual(changed, [], `${what}: invalid requests changed these tables`)
  return result
}

const check = <T>(property: fc.IAsyncProperty<[T]>, numRuns: number) =>
  fc.assert(property, { numRuns, seed })

// ------------------------------------------------------------------ sending and judging

interface Sent {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
}

/** What each property's requests were answered (status and error code), printed after it. */
const tally = new Map<string, number>()
function count(status: number, text: string) {
  const body = parsed(text)
  const code = (body?.error as { code?: string } | undefined)?.code ?? body?.code ??
    body?.error_code ?? ''
  const key = status >= 400 ? `${status} ${code}`.trim() : String(status)
  tally.set(key, (tally.get(key) ?? 0) + 1)
  if (Deno.env.get('FUZZ_DEBUG') && status >= 400) {
    console.log(`[fuzz] ${key}: ${text.slice(0, 200)}`)
  }
}

async function send(r: Sent): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(url + r.path, {
    method: r.method,
    headers: {
      apikey: anon,
      authorization: `Bearer ${anon}`,
      ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...r.headers,
    },
    body: r.body,
    signal: AbortSignal.timeout(HANG_GUARD_MS),
  })
  const text = await res.text()
  count(res.status, text)
  return { status: res.status, type: res.headers.get('content-type') ?? '', text }
}

const show = (r: Sent, text: string) =>
  `${r.method} ${r.path.slice(0, 300)} ${r.body?.slice(0, 300) ?? ''} → ${text.slice(0, 400)}`

function parsed(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null
  } catch {
    return null
  }
}

/** PostgREST: `{ code, message, details, hint }`, nothing else. */
function assertPostgrestError(r: Sent, res: { status: number; text: string }) {
  assert.ok(res.status < 500, `no 5xx: ${res.status} ${show(r, res.text)}`)
  if (res.status < 400) return
  const body = parsed(res.text)
  assert.ok(body, `error is JSON: ${show(r, res.text)}`)
  assert.deepEqual(
    Object.keys(body).sort(),
    ['code', 'details', 'hint', 'message'],
    `PostgREST error shape: ${show(r, res.text)}`,
  )
  assert.ok(
    typeof body.code === 'string' && typeof body.message === 'string',
    `code and message are strings: ${show(r, res.text)}`,
  )
}

/** The edge runtime's (and stack/gateway/functions.ts's) `{ code, message }` before a function runs. */
const PLATFORM_CODES = [
  'NOT_FOUND',
  'UNAUTHORIZED_NO_AUTH_HEADER',
  'UNAUTHORIZED_INVALID_JWT_FORMAT',
]

/** Functions: `{ error: { code, message, details } }` (supabase/functions/_shared/errors.ts). */
function assertFunctionError(r: Sent, res: { status: number; type: string; text: string }) {
  assert.ok(res.status < 500, `no 5xx: ${res.status} ${show(r, res.text)}`)
  if (res.status < 400) return
  if (res.type.startsWith('text/html')) return // the local hosted checkout page answers as a page
  const body = parsed(res.text)
  // The platform's own answers (no such function, a missing or bad JWT) come before the function.
  if (body && PLATFORM_CODES.includes(body.code as string)) {
    return assert.equal(typeof body.message, 'string')
  }
  const error = body?.error as Record<string, unknown> | undefined
  assert.ok(
    error && typeof error.code === 'string' && typeof error.message === 'string' &&
      'details' in error,
    `function error shape: ${show(r, res.text)}`,
  )
}

/** Supabase Auth: `{ code, message }` for API version 2024-01-01, else `{ code, error_code, msg }`. */
function assertAuthError(r: Sent, res: { status: number; text: string }) {
  assert.ok(res.status < 500, `no 5xx: ${res.status} ${show(r, res.text)}`)
  if (res.status < 400) return
  const body = parsed(res.text)
  assert.ok(body, `error is JSON: ${show(r, res.text)}`)
  if (r.headers?.['x-supabase-api-version']) {
    assert.ok(
      typeof body.code === 'string' && typeof body.message === 'string',
      `auth error shape: ${show(r, res.text)}`,
    )
  } else {assert.ok(
      body.code === res.status && typeof body.error_code === 'string' &&
        typeof body.msg === 'string',
      `auth error shape (old): ${show(r, res.text)}`,
    )}
}

/** Percent-encodes any string (a lone surrogate cannot travel in a URL: it becomes U+FFFD). */
const enc = (s: string) => encodeURIComponent(s.toWellFormed())

/** JSON text of an object whose own keys are exactly these (duplicates and `__proto__` kept). */
const objectText = (pairs: [string, unknown][]) =>
  `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`

// ------------------------------------------------------------------ edge functions

type FieldKind = 'text' | 'email' | 'slug' | 'id' | 'bool' | 'token'
interface Template {
  path?: string
  base: Record<string, unknown>
  fields: Record<string, FieldKind>
}

const person: Record<string, FieldKind> = {
  first_name: 'text',
  last_name: 'text',
  email: 'email',
  consent_privacy: 'bool',
}

/**
 * Bodies close to what each function accepts, so the fuzzing reaches past the first check. One
 * field is always given a value of the wrong JSON type, so none of them is valid.
 */
const TEMPLATES: Record<string, Template[]> = {
  'waiting-list': [
    { base: { kind: 'waiting_list' }, fields: { site: 'slug', ...person } },
    { base: { kind: 'pre_registration' }, fields: { site: 'slug', ...person } },
    { base: { kind: 'general' }, fields: { location: 'text', ...person } },
    { base: { action: 'withdraw' }, fields: { reference: 'token' } },
  ],
  'bookings': [
    { base: { type: 'welcome_slot' }, fields: { slot_id: 'id', name: 'text', email: 'email' } },
    {
      base: { type: 'guided_tour' },
      fields: { tour_id: 'id', name: 'text', email: 'email', party_size: 'id' },
    },
    { base: { action: 'cancel', type: 'welcome_slot' }, fields: { reference: 'token' } },
  ],
  'waiting-list-process': [
    { base: { action: 'respond' }, fields: { token: 'token', accept: 'bool' } },
    { base: { action: 'confirm' }, fields: { token: 'token' } },
    { base: { action: 'offer' }, fields: { site_id: 'id', count: 'id', idempotency_key: 'token' } },
    { base: { action: 'expire' }, fields: { site_id: 'id' } },
  ],
  'payments': [
    { path: '/checkout', base: { kind: 'deposit' }, fields: { site: 'slug', email: 'email' } },
    {
      path: '/checkout',
      base: { kind: 'gift_voucher' },
      fields: { email: 'email', value_pence: 'id' },
    },
    { path: '/checkout', base: { kind: 'shop' }, fields: { email: 'email', items: 'id' } },
    { path: '/webhook', base: { type: 'checkout.session.completed' }, fields: { id: 'token' } },
  ],
  'waiting-list-tools': [{ base: { tool: 'consolidator' }, fields: { dry_run: 'bool' } }],
  'communications': [{ base: {}, fields: { template_id: 'id', site_id: 'id' } }],
}
const SUBPATHS: Record<string, string[]> = {
  payments: [
    '/checkout',
    '/webhook',
    '/status',
    '/local-checkout/cs_local_nope',
    '/local-checkout/',
  ],
}

const plausible: Record<FieldKind, fc.Arbitrary<unknown>> = {
  text: fc.oneof(hostileString, fc.constant('Ada')),
  email: fc.oneof(hostileString, fc.constant('fuzz@example.com')),
  slug: fc.oneof(hostileString, fc.constantFrom('darenth-fields', 'no-such-site')),
  id: fc.oneof(fc.integer({ min: -5, max: 1e6 }), hostileString),
  bool: fc.oneof(fc.boolean(), hostileString),
  token: fc.oneof(
    hostileString,
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
  ),
}

function templateBody(t: Template): fc.Arbitrary<string> {
  const names = Object.keys(t.fields)
  return fc.record({
    values: fc.tuple(...names.map((n) => plausible[t.fields[n]])),
    broken: fc.constantFrom(...names, ...Object.keys(t.base)),
    wrong: structuredValue,
    extra: fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 2 }),
  }).map(({ values, broken, wrong, extra }) => {
    const pairs: [string, unknown][] = [
      ...Object.entries(t.base),
      ...names.map((n, i) => [n, values[i]] as [string, unknown]),
    ]
    return objectText([
      ...pairs.map(([k, v]) => [k, k === broken ? wrong : v] as [string, unknown]),
      ...extra,
    ])
  })
}

function functionRequest(name: string): fc.Arbitrary<Sent> {
  const base = `/functions/v1/${name}`
  const templates = TEMPLATES[name] ?? []
  const subpath = fc.constantFrom(
    '',
    ...(SUBPATHS[name] ?? []),
    '/../sites',
    '/%2e%2e/',
    `/${'x'.repeat(3000)}`,
  )
  const randomObject = fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 6 }).map(
    objectText,
  )
  const post = fc.record({ sub: subpath, body: fc.oneof(junkBody, randomObject) })
    .map(({ sub, body }) => ({ method: 'POST', path: base + sub, body }))
  const query = fc.array(fc.tuple(hostileKey, hostileString.filter((s) => s.length < 2000)), {
    maxLength: 3,
  })
    .map((q) => q.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'))
  const get = fc.record({ sub: subpath, q: query }).map(({ sub, q }) => ({
    method: 'GET',
    path: `${base}${sub}?${q}`,
  }))
  const other = fc.record({ method: fc.constantFrom('PUT', 'PATCH', 'DELETE'), body: junkBody })
    .map(({ method, body }) => ({ method, path: base, body }))
  const templated = templates.map((t) =>
    templateBody(t).map((body) => ({ method: 'POST', path: base + (t.path ?? ''), body }))
  )
  return fc.oneof({ weight: 2, arbitrary: post }, { weight: 1, arbitrary: get }, {
    weight: 1,
    arbitrary: other,
  }, ...templated.map((arbitrary) => ({ weight: 2, arbitrary })))
}

const functionNames = [...Deno.readDirSync(paths.functions)]
  .filter((e) => e.isDirectory && !e.name.startsWith('_') && !e.name.startsWith('.'))
  .map((e) => e.name).filter((n) =>
    Deno.statSync(join(paths.functions, n)).isDirectory &&
    exists(join(paths.functions, n, 'handler.ts'))
  ).sort()

function exists(p: string) {
  try {
    Deno.statSync(p)
    return true
  } catch {
    return false
  }
}

Deno.test('fuzz: the template list covers every public write function', () => {
  // A function added later is fuzzed with random bodies anyway; this keeps the templates honest.
  for (const name of Object.keys(TEMPLATES)) {
    assert.ok(functionNames.includes(name), `supabase/functions/${name} exists`)
  }
  assert.ok(functionNames.length >= 8, `found the functions: ${functionNames.join(', ')}`)
})

for (const name of functionNames) {
  Deno.test(
    `fuzz: /functions/v1/${name} answers hostile requests with 4xx in the documented shape and writes nothing`,
    opts,
    async () => {
      await unchanged(name, () =>
        check(
          fc.asyncProperty(functionRequest(name), async (r) => {
            const res = await send(r)
            assertFunctionError(r, res)
          }),
          runs(50),
        ))
    },
  )
}

// ------------------------------------------------------------------ REST writes

interface Column {
  name: string
  type: string
}
async function publicTables(): Promise<
  { name: string; columns: Column[]; anonSelect: boolean; anonInsert: boolean }[]
> {
  const rows = await sql<
    { t: string; columns: Column[]; anon_select: boolean; anon_insert: boolean }[]
  >`
    select c.relname as t,
      (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
         from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
      has_any_column_privilege('anon', c.oid, 'select') as anon_select,
      has_any_column_privilege('anon', c.oid, 'insert') and exists (
        select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
        and p.cmd in ('INSERT', 'ALL') and (p.roles && array['anon', 'public']::name[])) as anon_insert
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v')
    order by 1`
  return rows.map((r) => ({
    name: r.t,
    columns: r.columns,
    anonSelect: r.anon_select,
    anonInsert: r.anon_insert,
  }))
}

Deno.test(
  "fuzz: REST inserts, updates and deletes as anon with invalid bodies: 4xx in PostgREST's shape, nothing written",
  opts,
  async () => {
    const tables = await publicTables()
    const writable = tables.filter((t) => t.anonInsert)
    // Public forms with a guard of their own write through functions; anon inserts over REST are left
    // only where the form has no queue, vote or booking to protect.
    assert.deepEqual(writable.map((t) => t.name), [
      'career_applications',
      'land_offers',
      'sowing_reminder_signups',
    ])
    const table = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...writable) }, {
      weight: 1,
      arbitrary: fc.constantFrom(...tables),
    })
    const row = (t: { columns: Column[] }) =>
      fc.record({
        known: fc.subarray(t.columns).chain((cols) =>
          fc.tuple(...cols.map((c) => fc.tuple(fc.constant(c.name), hostileValue)))
        ),
        // a key that is no column of the table: PostgREST refuses the whole body (PGRST204)
        unknown: hostileKey.filter((k) => !t.columns.some((c) => c.name === k)),
        junk: hostileValue,
      }).map(({ known, unknown, junk }) => [...known, [unknown, junk]] as [string, unknown][])
    const request = table.chain((t) =>
      fc.oneof(
        {
          weight: 3,
          arbitrary: row(t).map((pairs) => ({
            method: 'POST',
            path: `/rest/v1/${t.name}`,
            body: objectText(pairs),
          })),
        },
        {
          weight: 1,
          arbitrary: fc.array(row(t), { minLength: 1, maxLength: 3 }).map((rows) => ({
            method: 'POST',
            path: `/rest/v1/${t.name}`,
            body: `[${rows.map(objectText).join(',')}]`,
          })),
        },
        {
          weight: 1,
          arbitrary: junkBody.map((body) => ({ method: 'POST', path: `/rest/v1/${t.name}`, body })),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(row(t), filterParam(t.columns)).map(([pairs, f]) => ({
            method: 'PATCH',
            path: `/rest/v1/${t.name}?${f}`,
            body: objectText(pairs),
          })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom('', ...t.columns.map((c) => `${c.name}=not.is.null`)).map((
            f,
          ) => ({ method: 'DELETE', path: `/rest/v1/${t.name}?${f}` })),
        },
      ).chain((r) =>
        fc.constantFrom<Record<string, string>>({}, { prefer: 'return=representation' }, {
          prefer: 'resolution=merge-duplicates',
        }, { prefer: 'missing=default' }).map((headers) => ({ ...r, headers }))
      )
    )
    await unchanged('REST writes', () =>
      check(
        fc.asyncProperty(request, async (r) => {
          const res = await send(r)
          assertPostgrestError(r, res)
          // DELETE and PATCH as anon reach no row (RLS); the snapshot proves it.
        }),
        runs(150),
      ))
  },
)

// ------------------------------------------------------------------ REST filter parser

const OPS = Object.keys(OPERATORS)

function filterValue(): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '1',
        '42',
        'darenth-fields',
        'open',
        'a%',
        '2025-06-01T10:00:00Z',
        '(1,2,3)',
        '{a}',
      ),
    },
    hostileString.filter((s) => s.length < 1000),
    fc.constantFrom(
      'null',
      'true',
      'false',
      'unknown',
      '1',
      '-1',
      '1.5',
      '2024-01-01',
      'now',
      '*',
      '%',
      '"a,b"',
      '{}',
    ),
    fc.array(hostileString.filter((s) => s.length < 50), { maxLength: 4 }).map((xs) =>
      `(${xs.join(',')})`
    ),
    fc.array(hostileString.filter((s) => s.length < 50), { maxLength: 4 }).map((xs) =>
      `{${xs.join(',')}}`
    ),
  )
}

function columnRef(columns: Column[]): fc.Arbitrary<string> {
  const col = fc.constantFrom(...columns.map((c) => c.name))
  return fc.oneof(
    { weight: 10, arbitrary: col },
    { weight: 1, arbitrary: hostileKey.filter((k) => k.length < 100) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        col,
        fc.constantFrom('->', '->>'),
        fc.oneof(hostileKey, fc.nat(5).map(String)),
      ).map(([c, a, k]) => `${c}${a}${k}`),
    },
  )
}

function condition(columns: Column[]): fc.Arbitrary<string> {
  const op = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...OPS) }, {
    weight: 1,
    arbitrary: hostileKey.filter((k) => k.length < 30),
  })
  const mod = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, {
    weight: 1,
    arbitrary: fc.constantFrom('(any)', '(all)', '(english)', '('),
  })
  return fc.tuple(columnRef(columns), fc.constantFrom('', 'not.'), op, mod, filterValue()).map((
    [c, n, o, m, v],
  ) => `${c}.${n}${o}${m}.${v}`)
}

function logicTree(columns: Column[]): fc.Arbitrary<string> {
  return fc.letrec((tie) => ({
    tree: fc.tuple(
      fc.constantFrom('or', 'and', 'not.or', 'not.and', 'xor'),
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
    )
      .map(([op, xs]) => `${op}(${(xs as string[]).join(',')})`),
    node: fc.oneof({ depthSize: 'small' }, condition(columns), tie('tree')),
  })).tree as fc.Arbitrary<string>
}

function filterParam(columns: Column[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(
      columnRef(columns),
      fc.constantFrom('', 'not.'),
      fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...OPS) }, {
        weight: 1,
        arbitrary: hostileKey,
      }),
      fc.oneof({ weight: 6, arbitrary: fc.constant('') }, {
        weight: 1,
        arbitrary: fc.constantFrom('(any)', '(all)', '(english)'),
      }),
      filterValue(),
    )
      .map(([c, n, o, m, v]) => `${enc(c)}=${n}${o}${m}.${enc(v)}`),
    logicTree(columns).map((t) => {
      const [op, rest] = [t.slice(0, t.indexOf('(')), t.slice(t.indexOf('('))]
      return `${op}=${enc(rest)}`
    }),
  )
}

function selectTree(columns: Column[], embeds: string[]): fc.Arbitrary<string> {
  return fc.letrec((tie) => ({
    list: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((xs) =>
      (xs as string[]).join(',')
    ),
    item: fc.oneof(
      { depthSize: 'small' },
      { weight: 4, arbitrary: fc.constantFrom('*', ...columns.map((c) => c.name)) },
      fc.tuple(
        hostileKey.filter((k) => k.length < 20),
        fc.constantFrom(...columns.map((c) => c.name)),
      ).map(([a, c]) => `${a}:${c}`),
      fc.tuple(
        fc.constantFrom(...columns.map((c) => c.name)),
        fc.constantFrom('text', 'int', 'json', 'xml', 'regclass', 'pg_catalog.text', 'int;drop'),
      ).map(([c, t]) => `${c}::${t}`),
      columnRef(columns),
      fc.tuple(
        fc.constantFrom('', '...', 'alias:'),
        fc.oneof(fc.constantFrom(...embeds), hostileKey),
        fc.constantFrom('', '!inner', '!left', '!fk', `!${'x'.repeat(70)}`),
        tie('list'),
      )
        .map(([pre, name, hint, inner]) => `${pre}${name}${hint}(${inner})`),
    ),
  })).list as fc.Arbitrary<string>
}

function orderParam(columns: Column[], embeds: string[]): fc.Arbitrary<string> {
  const term = fc.tuple(
    fc.oneof({ weight: 6, arbitrary: columnRef(columns) }, {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(...embeds),
        fc.constantFrom(...columns.map((c) => c.name)),
      ).map(([e, c]) => `${e}(${c})`),
    }),
    fc.constantFrom('', '.asc', '.desc', '.up', '.'),
    fc.constantFrom('', '.nullsfirst', '.nullslast', '.nulls'),
  ).map((xs) => xs.join(''))
  return fc.array(term, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(','))
}

/** Mostly absent: each optional part of a read is present in about one request in five. */
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
const rarely = <T>(a: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: a })

Deno.test(
  'fuzz: the REST filter parser: random filters, logic trees, nested selects and orders never give a 5xx',
  opts,
  async () => {
    const tables = (await publicTables()).filter((t) => t.anonSelect)
    const names = tables.map((t) => t.name)
    const request = fc.constantFrom(...tables).chain((t) =>
      fc.record({
        select: maybe(selectTree(t.columns, names)),
        filters: fc.array(filterParam(t.columns), { maxLength: 3 }),
        order: maybe(orderParam(t.columns, names)),
        limit: maybe(fc.oneof(fc.nat(100).map(String), hostileString.filter((s) => s.length < 30))),
        offset: maybe(
          fc.oneof(
            fc.integer({ min: -5, max: 50 }).map(String),
            hostileString.filter((s) => s.length < 30),
          ),
        ),
        embeddedFilter: rarely(
          fc.tuple(fc.constantFrom(...names), filterParam(t.columns)).map(([e, f]) => `${e}.${f}`),
        ),
        range: rarely(fc.constantFrom('0-9', '5-2', '-1', 'abc', '0-', `0-${2 ** 60}`)),
        prefer: rarely(
          fc.constantFrom('count=exact', 'count=planned', 'count=estimated', 'count=nonsense'),
        ),
        head: fc.nat(4).map((n) => n === 0),
        accept: rarely(
          fc.constantFrom(
            'application/vnd.pgrst.object+json',
            'text/csv',
            'application/geo+json',
            'application/vnd.pgrst.plan',
            '*/*',
            'x/y',
          ),
        ),
      }).map((q) => {
        const parts = [
          ...(q.select !== undefined ? [`select=${enc(q.select)}`] : []),
          ...q.filters,
          ...(q.order !== undefined ? [`order=${enc(q.order)}`] : []),
          ...(q.limit !== undefined ? [`limit=${enc(q.limit)}`] : []),
          ...(q.offset !== undefined ? [`offset=${enc(q.offset)}`] : []),
          ...(q.embeddedFilter !== undefined ? [q.embeddedFilter] : []),
        ]
        const headers: Record<string, string> = {}
        if (q.range) Object.assign(headers, { range: q.range, 'range-unit': 'items' })
        if (q.prefer) headers.prefer = q.prefer
        if (q.accept) headers.accept = q.accept
        return {
          method: q.head ? 'HEAD' : 'GET',
          path: `/rest/v1/${t.name}?${parts.join('&')}`,
          headers,
        }
      })
    )
    await unchanged('REST reads', () =>
      check(
        fc.asyncProperty(request, async (r) => {
          const res = await send(r)
          if (r.method === 'HEAD') {
            assert.ok(res.status < 500, `no 5xx: ${show(r, String(res.status))}`)
          } else assertPostgrestError(r, res)
        }),
        runs(300),
      ))
  },
)

// ------------------------------------------------------------------ paths

/** Raw path text: malformed and odd escapes among ordinary encoded text. */
const rawSegment = fc.array(
  fc.oneof(
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '%C0%AF', '%FF', '%25', '%', '%u0041'),
    fc.string({ maxLength: 8 }).map(encodeURIComponent),
  ),
  { minLength: 1, maxLength: 4 },
).map((parts) => parts.join(''))

Deno.test(
  'fuzz: malformed escapes anywhere in a path, on every API, never give a 5xx',
  opts,
  async () => {
    const prefixes = [
      '/rest/v1/',
      '/rest/v1/rpc/',
      '/storage/v1/object/public/images/',
      '/storage/v1/object/images/',
      '/storage/v1/object/list/',
      '/auth/v1/',
      '/auth/v1/factors/',
      '/functions/v1/',
      '/functions/v1/sites/',
      '/functions/v1/waiting-list/',
    ]
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'DELETE'),
      prefix: fc.constantFrom(...prefixes),
      segments: fc.array(rawSegment, { minLength: 1, maxLength: 2 }),
    }).map((r): Sent => ({
      method: r.method,
      path: r.prefix + r.segments.join('/'),
      ...(r.method === 'POST' ? { body: '{}' } : {}),
    }))
    await unchanged('paths', () =>
      check(
        fc.asyncProperty(request, async (r) => {
          const res = await send(r)
          assert.ok(res.status < 500, `no 5xx: ${res.status} ${show(r, res.text)}`)
        }),
        runs(200),
      ))
  },
)

// ------------------------------------------------------------------ Supabase Auth

Deno.test(
  "fuzz: Auth sign-up, sign-in, OTP, recovery and verify refuse hostile bodies in Supabase Auth's shape, creating nobody",
  opts,
  async () => {
    const endpoint = fc.constantFrom(
      '/auth/v1/signup',
      '/auth/v1/otp',
      '/auth/v1/magiclink',
      '/auth/v1/recover',
      '/auth/v1/verify',
      '/auth/v1/resend',
      '/auth/v1/token?grant_type=password',
      '/auth/v1/token?grant_type=refresh_token',
      '/auth/v1/token?grant_type=pkce',
      '/auth/v1/token?grant_type=id_token',
      '/auth/v1/token?grant_type=%27%3B--',
      '/auth/v1/token',
    )
    const templated = fc.record({
      email: fc.oneof(structuredValue, fc.integer()),
      password: fc.oneof(hostileString, structuredValue),
      phone: fc.oneof(structuredValue, fc.boolean()),
      extra: fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 3 }),
      options: fc.oneof(
        hostileValue,
        fc.constant({ data: entries([['__proto__', { role: 'founder' }], ['role', 'founder']]) }),
      ),
    }).map(({ email, password, phone, extra, options }) =>
      objectText([
        ['email', email],
        ['password', password],
        ['phone', phone],
        ['options', options],
        ...extra,
      ])
    )
    const body = fc.oneof(
      templated,
      junkBody,
      fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 5 }).map(objectText),
    )
    const request = fc.record({ path: endpoint, body, modern: fc.boolean() }).map((
      { path, body, modern },
    ): Sent => ({
      method: 'POST',
      path,
      body,
      headers: modern ? { 'x-supabase-api-version': '2024-01-01' } : {},
    }))
    await unchanged('auth', () =>
      check(
        fc.asyncProperty(request, async (r) => {
          const res = await send(r)
          assertAuthError(r, res)
          assert.ok(res.status >= 400, `a hostile body is refused: ${show(r, res.text)}`)
        }),
        runs(100),
      ))
  },
)

Deno.test({ name: 'fuzz: close the database pool', ...opts, fn: () => sql.end({ timeout: 2 }) })
