// The HTTP status of a Postgres error: PostgREST's table (mapSQLtoHTTP in its
// src/library/PostgREST/Error.hs), checked row by row, and over HTTP the cases clients meet:
// no_data_found (P0002) is 500 as in PostgREST, so the app's functions raise PT404 (404); a statement that
// runs into anon's statement_timeout (3 s, stack/bootstrap.sql) is cancelled, answered 500 57014
// as PostgREST answers it, and gives its connection back; `raise sqlstate 'PT402'` and
// `raise sqlstate 'PGRST'` choose their own status. Bodies are PostgREST's {code, message, details, hint}.
import assert from 'node:assert/strict'
import { pgStatus, toApiError } from '../../gateway/rest/errors.ts'
import { anon, assertPgrstError, db, onceInSchema, rest, test } from './fixtures.ts'

const FUNCTIONS_SQL = `
create or replace function issue16_find(n int) returns int language plpgsql stable as
  $$ begin raise exception 'There is no thing %', n using errcode = 'P0002', hint = 'Check the id'; end $$;
create or replace function issue16_sleep(s float) returns int language sql stable as $$ select 1 from pg_sleep(s) $$;
create or replace function issue16_teapot() returns int language plpgsql stable as
  $$ begin raise sqlstate 'PT418' using message = 'I am a teapot'; end $$;
create or replace function issue16_pgrst(good boolean) returns int language plpgsql stable as $$
begin
  if good then
    raise sqlstate 'PGRST' using
      message = '{"code": "123", "message": "Payment Required", "details": "Quota exceeded", "hint": "Upgrade your plan"}',
      detail = '{"status": 402, "headers": {"X-Powered-By": "Nerd Rage"}}';
  end if;
  raise sqlstate 'PGRST' using message = 'not json', detail = '{}';
end $$;
grant execute on function issue16_find(int), issue16_sleep(float), issue16_teapot(), issue16_pgrst(boolean) to anon, authenticated;
create or replace function issue16_version() returns int language sql immutable as $$ select 1 $$;
grant execute on function issue16_version() to anon, authenticated, service_role;
`

const functions = onceInSchema(FUNCTIONS_SQL, '/rpc/issue16_version')

// ------------------------------------------------------------------ PostgREST's table

// [SQLSTATE, message, authenticated, status], in the order of PostgREST's mapSQLtoHTTP.
const TABLE: [string, string, boolean, number][] = [
  ['08006', 'connection failure', false, 503],
  ['09000', 'triggered action exception', false, 500],
  ['0L000', 'invalid grantor', false, 403],
  ['0P000', 'invalid role specification', false, 403],
  ['23503', 'foreign key violation', false, 409],
  ['23505', 'duplicate key value', false, 409],
  ['25006', 'cannot execute INSERT in a read-only transaction', false, 405],
  ['25P02', 'current transaction is aborted', false, 500],
  ['21000', 'UPDATE requires a WHERE clause', false, 400],
  ['21000', 'more than one row returned by a subquery used as an expression', false, 500],
  ['22023', 'role "nobody" does not exist', false, 401],
  ['22023', 'invalid value for parameter', false, 400],
  ['28000', 'invalid authorization', false, 403],
  ['2D000', 'invalid transaction termination', false, 500],
  ['38000', 'external routine exception', false, 500],
  ['39000', 'external routine invocation', false, 500],
  ['3B000', 'savepoint exception', false, 500],
  ['40001', 'could not serialize access', false, 500],
  ['40P01', 'deadlock detected', false, 500],
  ['53400', 'configuration limit exceeded', false, 500],
  ['53300', 'too many connections', false, 503],
  ['54001', 'stack depth limit exceeded', false, 500],
  ['55P03', 'could not obtain lock', false, 500],
  ['57P01', 'terminating connection due to administrator command', false, 503],
  ['57014', 'canceling statement due to statement timeout', false, 500],
  ['58030', 'io error', false, 500],
  ['F0000', 'config file error', false, 500],
  ['HV000', 'fdw error', false, 500],
  ['P0001', 'raised', false, 400],
  ['P0002', 'no data found', false, 500],
  ['P0003', 'too many rows', false, 500],
  ['P0004', 'assert failure', false, 500],
  ['XX000', 'internal error', false, 500],
  ['42883', 'function nope() does not exist', false, 404],
  ['42883', 'function xmlagg(record) does not exist', false, 406],
  ['42P01', 'relation "nope" does not exist', false, 404],
  ['42P17', 'infinite recursion detected in policy', false, 500],
  ['42501', 'permission denied', false, 401],
  ['42501', 'permission denied', true, 403],
  ['PT402', 'payment required', false, 402],
  ['PT4xx', 'not a status', false, 500],
  ['PT999', 'no such status', false, 500],
  ['22P02', 'invalid input syntax', false, 400],
  ['42703', 'column does not exist', false, 400],
  ['23514', 'check violation', false, 400],
]

test('every SQLSTATE maps to the status PostgREST gives it', () => {
  for (const [code, message, authed, status] of TABLE) {
    assert.equal(pgStatus(code, message, authed), status, `${code} ${message} (authed: ${authed})`)
  }
  return Promise.resolve()
})

test('a Postgres error keeps its code, message, details and hint in the body', () => {
  const e = toApiError(
    Object.assign(new Error('There is no thing 7'), {
      name: 'PostgresError',
      code: 'PT404',
      detail: 'd',
      hint: 'h',
    }),
    false,
  )
  assert.equal(e.status, 404)
  assert.deepEqual(e.body(), {
    code: 'PT404',
    message: 'There is no thing 7',
    details: 'd',
    hint: 'h',
  })
  return Promise.resolve()
})

test('a PGRST raise with a status or header HTTP cannot carry still answers (500, or without that header)', () => {
  const raise = (detail: string) =>
    toApiError(
      Object.assign(new Error('{"code": "X1", "message": "m"}'), {
        name: 'PostgresError',
        code: 'PGRST',
        detail,
      }),
      false,
    )
  const e = raise(
    '{"status": 409, "headers": {"Bad Header": "x", "X-Ok": "1", "X-Newline": "a\\nb"}}',
  )
  assert.equal(e.status, 409)
  assert.deepEqual(e.headers, { 'x-ok': '1' })
  assert.equal(raise('{"status": 99, "headers": {}}').status, 500)
  assert.equal(raise('{"status": 1000, "headers": {}}').status, 500)
  return Promise.resolve()
})

// ------------------------------------------------------------------ over HTTP

test("no_data_found (P0002) is 500, as PostgREST answers every P0 but P0001, with PostgREST's body", async () => {
  await functions()
  const r = await rest('/rpc/issue16_find?n=7')
  assert.equal(r.status, 500, r.text)
  assert.deepEqual(r.json(), {
    code: 'P0002',
    message: 'There is no thing 7',
    details: null,
    hint: 'Check the id',
  })
  const { data, error, status } = await anon.rpc('issue16_find', { n: 8 })
  assert.equal(status, 500)
  assert.equal(data, null)
  assert.equal(error!.code, 'P0002')
})

test("a range operator on a text column answers 404 42883, never PostGIS's 500 (the API's search path)", async () => {
  // PostGIS (in `extensions`) casts text to geometry implicitly; were `extensions` on the API's
  // search path, `cover_alt >> '…'` would resolve to the geometry operator and its parse error
  // (XX000) answer 500. config.toml's extra_search_path keeps it off.
  for (const op of ['sr', 'sl', 'nxr', 'nxl', 'adj', 'ov']) {
    for (const method of ['GET', 'HEAD']) {
      const r = await rest(`/blogs?cover_alt=${op}.${encodeURIComponent("' or '1'='1")}`, {
        method,
      })
      assert.equal(r.status, 404, `${method} ${op}: ${r.text}`)
      if (method === 'GET') assertPgrstError(r.json(), '42883')
    }
  }
  // The hazard is there: PostGIS's implicit cast from text, which the search path keeps away.
  const [{ implicit }] = await db`select exists (select from pg_cast
    where castsource = 'text'::regtype and casttarget = 'extensions.geometry'::regtype
      and castcontext = 'i') as implicit`
  assert.equal(implicit, true)
})

test('an app function raises PT404 for an unknown token: 404 here and on PostgREST', async () => {
  const { error, status } = await anon.rpc('respond_to_plot_offer', {
    p_token: 'no-such-token',
    p_accept: true,
  })
  assert.equal(status, 404)
  assert.equal(error!.code, 'PT404')
  assert.equal(error!.message, 'Offer not found')
})

test("a statement past anon's statement_timeout is cancelled at 3 s: 500 57014, and its connection is free again", async () => {
  await functions()
  const started = performance.now()
  const r = await rest('/rpc/issue16_sleep?s=30')
  const seconds = (performance.now() - started) / 1000
  assert.equal(r.status, 500, r.text)
  assert.deepEqual(r.json(), {
    code: '57014',
    message: 'canceling statement due to statement timeout',
    details: null,
    hint: null,
  })
  assert.ok(seconds >= 2.5 && seconds < 6, `answered after ${seconds.toFixed(1)} s`)
  // Nothing of it runs on in Postgres, and the gateway serves the next request at once.
  const [{ n }] =
    await db`select count(*)::int as n from pg_stat_activity where query like '%issue16_sleep%' and state = 'active' and pid <> pg_backend_pid()`
  assert.equal(n, 0)
  const next = await rest('/rpc/issue16_version')
  assert.equal(next.status, 200, next.text)
})

test('many statements past the timeout at once do not exhaust the pool', async () => {
  await functions()
  // More than the gateway's pool (GATEWAY_POOL_SIZE, 20): the last ones wait for a connection
  // that the first ones give back when they are cancelled.
  const answers = await Promise.all(
    Array.from({ length: 24 }, () => anon.rpc('issue16_sleep', { s: 30 })),
  )
  for (const { status, error } of answers) {
    assert.equal(status, 500)
    assert.equal(error!.code, '57014')
  }
  const { data, error } = await anon.rpc('issue16_version')
  assert.equal(error, null)
  assert.equal(data, 1)
})

test("raise sqlstate 'PT418' answers 418 (PostgREST's custom status)", async () => {
  await functions()
  const r = await rest('/rpc/issue16_teapot')
  assert.equal(r.status, 418, r.text)
  assertPgrstError(r.json(), 'PT418')
})

test("raise sqlstate 'PGRST' answers the code, body and headers the function chose; bad JSON is 500 PGRST121", async () => {
  await functions()
  const good = await rest('/rpc/issue16_pgrst?good=true')
  assert.equal(good.status, 402, good.text)
  assert.deepEqual(good.json(), {
    code: '123',
    message: 'Payment Required',
    details: 'Quota exceeded',
    hint: 'Upgrade your plan',
  })
  assert.equal(good.headers.get('x-powered-by'), 'Nerd Rage')
  const bad = await rest('/rpc/issue16_pgrst?good=false')
  assert.equal(bad.status, 500, bad.text)
  assert.deepEqual(bad.json(), {
    code: 'PGRST121',
    message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
    details: "Invalid JSON value for MESSAGE: 'not json'",
    hint:
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
  })
})
