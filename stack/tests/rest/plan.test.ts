// The REST gateway's plan stage on its own, against a hand-made schema cache and without a
// database: what a request is planned as (page, count, guard, answer, Preference-Applied), and
// what is refused before any SQL runs.
import assert from 'node:assert/strict'
import { apiRequest } from '../../gateway/rest/api-request.ts'
import { ApiError } from '../../gateway/rest/errors.ts'
import { type ActionPlan, actionPlan, type DbPlan } from '../../gateway/rest/plan.ts'
import type { Fn, Relation, SchemaCache } from '../../gateway/rest/schema.ts'

const table = (name: string, cols: string[], pk: string[]): Relation => ({
  schema: 'public',
  name,
  kind: 'table',
  pk,
  insertable: true,
  columns: new Map(
    cols.map((
      c,
    ) => [c, {
      name: c,
      type: c === 'id' ? 'integer' : 'text',
      nullable: c !== 'id',
      default: null,
      generated: false,
    }]),
  ),
})

const fn = (name: string, params: [string, string, boolean][], over: Partial<Fn> = {}): Fn => ({
  schema: 'public',
  name,
  params: params.map(([n, type, hasDefault]) => ({ name: n, type, hasDefault })),
  returnType: 'integer',
  returnsSet: false,
  returnsComposite: false,
  returnsVoid: false,
  volatility: 'i',
  singleUnnamedJson: false,
  outColumns: [],
  ...over,
})

const cache: SchemaCache = {
  schemas: ['public'],
  searchPath: ['public', 'public'],
  roleSettings: new Map(),
  relations: new Map([['public.books', table('books', ['id', 'title'], ['id'])], [
    'public.log',
    table('log', ['line'], []),
  ]]),
  fks: [],
  functions: new Map([
    ['public.add', [fn('add', [['a', 'integer', false], ['b', 'integer', true]])]],
    ['public.numbers', [fn('numbers', [['n', 'integer', false]], { returnsSet: true })]],
    ['public.bump', [fn('bump', [], { volatility: 'v' })]],
    ['public.over', [fn('over', [['x', 'integer', true]]), fn('over', [['y', 'text', true]])]],
  ]),
  types: new Map(),
}

async function plan(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<ActionPlan> {
  const url = new URL(`http://127.0.0.1/rest/v1${path}`)
  const req = new Request(url, { method, ...init })
  const api = await apiRequest(req, {
    path: url.pathname.slice('/rest/v1'.length),
    url,
    remoteAddr: '127.0.0.1',
  }, cache)
  return actionPlan(api, cache)
}

async function dbPlan(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<DbPlan> {
  const p = await plan(method, path, init)
  assert.equal(p.kind, 'db')
  return p as DbPlan
}

async function refused(p: Promise<unknown>, status: number, code: string, message?: string) {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof ApiError, String(e))
    assert.equal(e.status, status)
    assert.equal(e.code, code)
    if (message) assert.equal(e.message, message)
    return true
  })
}

Deno.test('a read pages by the Range header and offset/limit together, read-only, with no guard', async () => {
  const p = await dbPlan('GET', '/books?offset=2&limit=5', { headers: { range: '10-19' } })
  assert.deepEqual(p.answer, { kind: 'rows', status: 200, page: { offset: 12, limit: 5 } })
  assert.equal(p.readOnly, true)
  assert.equal(p.guard, undefined)
  assert.deepEqual(p.applied, [])
})

Deno.test('count=exact is counted in the statement; count=planned is left for the planner in the transaction', async () => {
  const exact = await dbPlan('GET', '/books', { headers: { prefer: 'count=exact' } })
  assert.ok(
    'sql' in exact.statement &&
      exact.statement.sql.includes('(select count(*) from (select 1 from "public"."books"'),
  )
  const planned = await dbPlan('GET', '/books?id=gt.1', { headers: { prefer: 'count=planned' } })
  assert.ok('countQuery' in planned.statement)
  assert.match(
    planned.statement.countQuery,
    /^select 1 from "public"\."books" as "books" where "books"\."id" > \$1$/,
  )
  assert.match(planned.statement.withTotal('42'), /42 as total_result_set/)
})

Deno.test('UPDATE and DELETE without a filter are refused before any SQL runs (pg-safeupdate)', async () => {
  await refused(
    plan('PATCH', '/books', { body: '{"title":"x"}' }),
    400,
    '21000',
    'UPDATE requires a WHERE clause',
  )
  await refused(plan('DELETE', '/books'), 400, '21000', 'DELETE requires a WHERE clause')
  const p = await dbPlan('DELETE', '/books?id=eq.1')
  assert.equal(p.readOnly, false)
  assert.ok('sql' in p.statement)
  assert.equal(p.statement.sql, 'delete from "public"."books" as "books" where "books"."id" = $1')
  assert.deepEqual(p.params.values, ['1'])
})

Deno.test('an upsert applies missing, resolution, return and count in that order; without a key it is 400', async () => {
  const p = await dbPlan('POST', '/books', {
    headers: {
      prefer: 'count=exact, return=representation, resolution=merge-duplicates, missing=default',
    },
    body: '{"id":1,"title":"x"}',
  })
  assert.deepEqual(p.applied, [
    'missing=default',
    'resolution=merge-duplicates',
    'return=representation',
    'count=exact',
  ])
  assert.deepEqual(p.answer, { kind: 'rows', status: 201, page: { offset: 0 } })
  assert.ok('sql' in p.statement && p.statement.sql.includes('on conflict ("id") do update'))
  await refused(
    plan('POST', '/log', {
      headers: { prefer: 'resolution=merge-duplicates' },
      body: '{"line":"x"}',
    }),
    400,
    'PGRST103',
  )
})

Deno.test('an empty insert or a PATCH of no columns is answered without a transaction', async () => {
  assert.deepEqual(await plan('POST', '/books', { body: '[]' }), {
    kind: 'empty',
    status: 201,
    applied: [],
  })
  assert.deepEqual(
    await plan('PATCH', '/books?id=eq.1', {
      headers: { prefer: 'return=representation' },
      body: '{}',
    }),
    {
      kind: 'empty',
      status: 204,
      applied: ['return=representation'],
    },
  )
})

Deno.test('headers-only insert returns the key for Location; max-affected guards updates and deletes, not inserts', async () => {
  const ins = await dbPlan('POST', '/books', {
    headers: { prefer: 'return=headers-only, handling=strict, max-affected=1' },
    body: '{"id":7,"title":"x"}',
  })
  assert.deepEqual(ins.answer, {
    kind: 'written',
    created: true,
    location: { table: 'books', pk: ['id'] },
  })
  assert.ok('sql' in ins.statement && ins.statement.sql.endsWith(' returning "books"."id"'))
  assert.deepEqual(ins.guard, { single: false, maxAffected: undefined, rowsFrom: 'count' })
  const upd = await dbPlan('PATCH', '/books?id=gt.0', {
    headers: {
      prefer: 'handling=strict, max-affected=2',
      accept: 'application/vnd.pgrst.object+json',
    },
    body: '{"title":"y"}',
  })
  assert.deepEqual(upd.guard, { single: true, maxAffected: 2, rowsFrom: 'count' })
  assert.deepEqual(upd.answer, { kind: 'written', created: false, location: null })
})

Deno.test("rpc: GET names arguments by the function's parameters and is read-only; POST to a volatile function is not", async () => {
  const get = await dbPlan('GET', '/rpc/numbers?n=3&numbers=gt.1')
  assert.equal(get.readOnly, true)
  assert.deepEqual(get.answer, { kind: 'rows', status: 200, page: { offset: 0, limit: undefined } })
  // The arguments, then the filter on the result; `numbers` is not an argument of numbers(n).
  assert.deepEqual(get.params.values.slice(0, 2), ['{"n":"3"}', '1'])
  assert.equal((await dbPlan('GET', '/rpc/bump')).readOnly, true)
  const post = await dbPlan('POST', '/rpc/bump', { body: '' })
  assert.equal(post.readOnly, false)
  assert.deepEqual(post.answer, { kind: 'scalar', void: false })
})

Deno.test('rpc: a Range header is read only for a function that returns rows', async () => {
  const scalar = await dbPlan('GET', '/rpc/add?a=1', { headers: { range: '5-2' } })
  assert.deepEqual(scalar.answer, { kind: 'scalar', void: false })
  await refused(plan('GET', '/rpc/numbers?n=3', { headers: { range: '5-2' } }), 416, 'PGRST103')
})

Deno.test('rpc: two overloads that fit are 300 PGRST203, the argument name picks one; no fit is 404 PGRST202 with the nearest name', async () => {
  await refused(plan('GET', '/rpc/over'), 300, 'PGRST203')
  const text = await dbPlan('GET', '/rpc/over?y=t')
  assert.ok('sql' in text.statement)
  assert.match(
    text.statement.sql,
    /^select to_json\("public"\."over"\("y" := _a\."y"\)\)::text as body, .* from json_to_record\(\$1::json\) as _a\("y" text\)$/,
  )
  assert.deepEqual(text.params.values, ['{"y":"t"}'])
  await assert.rejects(plan('GET', '/rpc/ad'), (e: unknown) => {
    assert.ok(e instanceof ApiError)
    assert.equal(e.status, 404)
    assert.equal(e.code, 'PGRST202')
    assert.equal(e.hint, 'Perhaps you meant to call the function public.add')
    return true
  })
})

Deno.test('a Prefer name that is a property of every object (toString, __proto__) is ignored, not a crash', async () => {
  const { parsePrefer } = await import('../../gateway/rest/api-request.ts')
  const prefer = (value: string) =>
    parsePrefer(new Request('http://x/rest/v1/t', { headers: { prefer: value } }))
  assert.deepEqual(prefer('toString=x, constructor=y, __proto__=z'), {})
  assert.deepEqual(prefer('toString=x, return=representation'), { return: 'representation' })
  assert.deepEqual(prefer('return=minimal, return=representation'), { return: 'minimal' })
})
