// Reads through supabase-js and raw HTTP: select lists, renames, casts, JSON paths, every
// filter operator, logic trees, order, paging, Range, counts, HEAD and single objects.
import assert from 'node:assert/strict'
import { anon, assertPgrstError, rest, service, test } from './fixtures.ts'

const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id)
const books = () => anon.from('conformance_books')

// ---------------------------------------------------------------- select
test('select * returns every column of every row', async () => {
  const { data, error, status } = await books().select('*').order('id')
  assert.equal(error, null)
  assert.equal(status, 200)
  assert.deepEqual(ids(data), [1, 2, 3, 4, 5])
  assert.deepEqual(Object.keys(data![0]).sort(), [
    'author_id',
    'blurb',
    'editor_id',
    'id',
    'pages',
    'price',
    'published',
    'tags',
    'title',
  ])
})

test('select with a column list returns only those columns', async () => {
  const { data } = await books().select('id, title').eq('id', 1)
  assert.deepEqual(data, [{ id: 1, title: 'The Dispossessed' }])
})

test('select renames a column with alias:column', async () => {
  const { data } = await books().select('key:id,name:title').eq('id', 2)
  assert.deepEqual(data, [{ key: 2, name: 'Mort' }])
})

test('select casts a column with ::type', async () => {
  const { data } = await books().select('id::text,price::text').eq('id', 1)
  assert.deepEqual(data, [{ id: '1', price: '9.99' }])
})

test('select reads JSON paths with -> and ->>', async () => {
  const { data } = await anon.from('conformance_authors').select(
    'id,meta->genre,hugo:meta->awards->>hugo,first:meta->langs->0',
  ).eq('id', 2)
  assert.deepEqual(data, [{ id: 2, genre: 'fantasy', hugo: '0', first: 'en' }])
})

test('types come back as JSON: arrays, booleans, numerics, dates, json', async () => {
  const { data } = await anon.from('conformance_authors').select('born,meta').eq('id', 1).single()
  assert.equal(data!.born, '1929-10-21')
  assert.deepEqual(data!.meta.awards, { hugo: 5 })
  const b = await books().select('tags,published,price').eq('id', 1).single()
  assert.deepEqual(b.data, { tags: ['sf', 'anarchy'], published: true, price: 9.99 })
})

test('an empty result is an empty array with 200', async () => {
  const { data, error, status } = await books().select('id').eq('id', 999)
  assert.equal(error, null)
  assert.equal(status, 200)
  assert.deepEqual(data, [])
})

test('unknown column in select is 400 42703', async () => {
  const { error, status } = await books().select('id,nope')
  assert.equal(status, 400)
  assert.equal(error!.code, '42703')
})

// ---------------------------------------------------------------- filters
test('eq filters', async () =>
  assert.deepEqual(ids((await books().select('id').eq('title', 'Mort')).data), [2]))
test('neq filters', async () =>
  assert.deepEqual(ids((await books().select('id').neq('author_id', 2).order('id')).data), [1, 3]))
test('gt filters', async () =>
  assert.deepEqual(ids((await books().select('id').gt('pages', 280).order('id')).data), [1, 4]))
test('gte filters', async () =>
  assert.deepEqual(ids((await books().select('id').gte('pages', 288).order('id')).data), [1, 4]))
test('lt filters', async () =>
  assert.deepEqual(ids((await books().select('id').lt('pages', 270).order('id')).data), [3]))
test('lte filters', async () =>
  assert.deepEqual(ids((await books().select('id').lte('pages', 272).order('id')).data), [2, 3]))
test('like filters with * and % wildcards', async () => {
  assert.deepEqual(ids((await books().select('id').like('title', '*Guards*')).data), [4])
  assert.deepEqual(ids((await books().select('id').like('title', 'M%')).data), [2])
})
test('like is case-sensitive, ilike is not', async () => {
  assert.deepEqual(ids((await books().select('id').like('title', 'mort')).data), [])
  assert.deepEqual(ids((await books().select('id').ilike('title', 'mort')).data), [2])
})
test('match and imatch use POSIX regular expressions', async () => {
  assert.deepEqual(ids((await books().select('id').filter('title', 'match', '^K.*d$')).data), [3])
  assert.deepEqual(ids((await books().select('id').filter('title', 'imatch', '^kindred$')).data), [
    3,
  ])
})
test('is null and not.is.null', async () => {
  assert.deepEqual(ids((await books().select('id').is('editor_id', null).order('id')).data), [
    3,
    4,
    5,
  ])
  assert.deepEqual(
    ids((await books().select('id').not('editor_id', 'is', null).order('id')).data),
    [1, 2],
  )
})
test('is true / is false on booleans', async () => {
  assert.deepEqual(ids((await books().select('id').is('published', false).order('id')).data), [
    4,
    5,
  ])
  assert.deepEqual(ids((await books().select('id').is('published', true).order('id')).data), [
    1,
    2,
    3,
  ])
})
test('in filters with a list', async () => {
  assert.deepEqual(ids((await books().select('id').in('id', [1, 3, 5]).order('id')).data), [
    1,
    3,
    5,
  ])
})
test('in accepts quoted values holding commas and quotes', async () => {
  const r = await rest(
    '/conformance_authors?select=id&name=in.(%22Anon,%20%5C%22the%5C%22%20author%22,Terry)&order=id',
  )
  assert.equal(r.status, 200)
  assert.deepEqual(r.json(), [{ id: 2 }, { id: 4 }])
  const { data } = await anon.from('conformance_books').select('id').in('title', [
    'Guards! Guards!',
    'Mort',
  ]).order('id')
  assert.deepEqual(ids(data), [2, 4])
})
test('in with an empty list matches nothing', async () => {
  const r = await rest('/conformance_books?select=id&id=in.()')
  assert.deepEqual(r.json(), [])
})
test('cs (contains) and cd (contained by) on arrays', async () => {
  assert.deepEqual(ids((await books().select('id').contains('tags', ['sf']).order('id')).data), [
    1,
    3,
  ])
  assert.deepEqual(
    ids(
      (await books().select('id').containedBy('tags', ['fantasy', 'death', 'city']).order('id'))
        .data,
    ),
    [2, 4, 5],
  )
})
test('cs on jsonb', async () => {
  const { data } = await anon.from('conformance_authors').select('id').contains('meta', {
    genre: 'sf',
  }).order('id')
  assert.deepEqual(ids(data), [1, 3])
})
test('ov (overlaps) on arrays, with {} and () forms', async () => {
  assert.deepEqual(
    ids((await books().select('id').overlaps('tags', ['history', 'city']).order('id')).data),
    [3, 4],
  )
  assert.deepEqual(
    (await rest('/conformance_books?select=id&tags=ov.(death,anarchy)&order=id')).json(),
    [{ id: 1 }, { id: 2 }],
  )
})
test('fts on a text column, with a configuration', async () => {
  assert.deepEqual(ids((await books().select('id').textSearch('blurb', 'dragon & city')).data), [4])
  assert.deepEqual(
    ids(
      (await books().select('id').textSearch('blurb', 'apprentices', { config: 'english' })).data,
    ),
    [2],
  )
})
test('plfts, phfts and wfts', async () => {
  assert.deepEqual(
    ids((await books().select('id').textSearch('blurb', 'barren moon', { type: 'plain' })).data),
    [1],
  )
  assert.deepEqual(
    ids(
      (await books().select('id').textSearch('blurb', 'through time', {
        type: 'phrase',
        config: 'english',
      })).data,
    ),
    [3],
  )
  assert.deepEqual(
    ids(
      (await books().select('id').textSearch('blurb', 'city -dragon', { type: 'websearch' })).data,
    ),
    [],
  )
  assert.deepEqual(
    ids(
      (await books().select('id').textSearch('blurb', '"takes an apprentice"', {
        type: 'websearch',
        config: 'english',
      })).data,
    ),
    [2],
  )
})
test('not. negates any operator', async () => {
  assert.deepEqual(ids((await books().select('id').not('id', 'in', '(1,2,3)').order('id')).data), [
    4,
    5,
  ])
  assert.deepEqual(ids((await books().select('id').not('title', 'like', '*s*').order('id')).data), [
    2,
    3,
  ])
})
test('filters on JSON paths', async () => {
  assert.deepEqual(
    ids(
      (await anon.from('conformance_authors').select('id').eq('meta->>genre', 'sf').order('id'))
        .data,
    ),
    [1, 3],
  )
  assert.deepEqual(
    ids(
      (await anon.from('conformance_authors').select('id').gt('meta->awards->hugo', 1).order('id'))
        .data,
    ),
    [1, 3],
  )
})
test('eq(any) and like(all) modifiers', async () => {
  assert.deepEqual((await rest('/conformance_books?select=id&id=eq(any).{2,4}&order=id')).json(), [{
    id: 2,
  }, { id: 4 }])
  assert.deepEqual(
    (await rest('/conformance_books?select=id&title=like(all).{*u*,*s*}&order=id')).json(),
    [{ id: 4 }],
  )
})
test('isdistinct treats null as a value', async () => {
  assert.deepEqual(
    (await rest('/conformance_books?select=id&editor_id=isdistinct.1&order=id')).json(),
    [{ id: 1 }, { id: 3 }, { id: 4 }, { id: 5 }],
  )
})
test('several filters are combined with and', async () => {
  assert.deepEqual(
    ids((await books().select('id').eq('author_id', 2).eq('published', true)).data),
    [2],
  )
})

// ---------------------------------------------------------------- logic trees
test('or=(...) combines alternatives', async () => {
  assert.deepEqual(ids((await books().select('id').or('id.eq.1,pages.lt.270').order('id')).data), [
    1,
    3,
  ])
})
test('nested and() inside or()', async () => {
  const { data } = await books().select('id').or('id.eq.5,and(author_id.eq.2,published.is.false)')
    .order('id')
  assert.deepEqual(ids(data), [4, 5])
})
test('not.or negates the whole tree', async () => {
  const r = await rest('/conformance_books?select=id&not.or=(id.eq.1,id.eq.2)&order=id')
  assert.deepEqual(r.json(), [{ id: 3 }, { id: 4 }, { id: 5 }])
})
test('and=(...) with negated members and in lists', async () => {
  const r = await rest(
    '/conformance_books?select=id&and=(id.not.in.(1,2),pages.not.is.null)&order=id',
  )
  assert.deepEqual(r.json(), [{ id: 3 }, { id: 4 }])
})
test('or with quoted values containing commas and parentheses', async () => {
  const r = await rest(
    `/conformance_authors?select=id&or=(name.eq.${
      encodeURIComponent('"Anon, \\"the\\" author"')
    },id.eq.1)&order=id`,
  )
  assert.equal(r.status, 200)
  assert.deepEqual(r.json(), [{ id: 1 }, { id: 4 }])
  const t = await rest(
    `/conformance_books?select=id&or=(title.eq.${
      encodeURIComponent('"Guards! Guards!"')
    },title.like.${encodeURIComponent('"*(x)*"')})`,
  )
  assert.deepEqual(t.json(), [{ id: 4 }])
})
test('or combined with other filters', async () => {
  const { data } = await books().select('id').eq('published', true).or(
    'author_id.eq.1,author_id.eq.3',
  ).order('id')
  assert.deepEqual(ids(data), [1, 3])
})

// ---------------------------------------------------------------- order and paging
test('order ascending and descending', async () => {
  assert.deepEqual(
    ids(
      (await books().select('id').order('pages', { ascending: false }).not('pages', 'is', null))
        .data,
    ),
    [1, 4, 2, 3],
  )
  assert.deepEqual(ids((await books().select('id').order('title')).data), [4, 3, 2, 1, 5])
})
test('order nullsfirst / nullslast', async () => {
  assert.deepEqual(
    ids((await books().select('id').order('pages', { ascending: true, nullsFirst: true })).data),
    [5, 3, 2, 4, 1],
  )
  assert.deepEqual(
    ids((await books().select('id').order('pages', { ascending: false, nullsFirst: false })).data),
    [1, 4, 2, 3, 5],
  )
})
test('order by several columns', async () => {
  assert.deepEqual(
    ids((await books().select('id').order('published').order('id', { ascending: false })).data),
    [5, 4, 3, 2, 1],
  )
})
test('order by a JSON path', async () => {
  const r = await rest('/conformance_authors?select=id&order=meta->awards->hugo.desc.nullslast,id')
  assert.deepEqual(r.json(), [{ id: 1 }, { id: 3 }, { id: 2 }, { id: 4 }])
})
test('limit and offset', async () => {
  assert.deepEqual(ids((await books().select('id').order('id').limit(2)).data), [1, 2])
  assert.deepEqual((await rest('/conformance_books?select=id&order=id&limit=2&offset=3')).json(), [{
    id: 4,
  }, { id: 5 }])
})
test('range() through supabase-js', async () => {
  assert.deepEqual(ids((await books().select('id').order('id').range(1, 3)).data), [2, 3, 4])
})
test('Range header pages the result and Content-Range reports it', async () => {
  const r = await rest('/conformance_books?select=id&order=id', {
    headers: { range: '1-2', 'range-unit': 'items' },
  })
  assert.equal(r.status, 200)
  assert.deepEqual(r.json(), [{ id: 2 }, { id: 3 }])
  assert.equal(r.headers.get('content-range'), '1-2/*')
})
test('Content-Range without a count is lower-upper/*', async () => {
  const r = await rest('/conformance_books?select=id&order=id&limit=3')
  assert.equal(r.headers.get('content-range'), '0-2/*')
  assert.equal(r.status, 200)
})

// ---------------------------------------------------------------- counts
test('count=exact with a partial page is 206 with the total', async () => {
  const r = await rest('/conformance_books?select=id&order=id&limit=2', {
    headers: { prefer: 'count=exact' },
  })
  assert.equal(r.status, 206)
  assert.equal(r.headers.get('content-range'), '0-1/5')
  assert.equal(r.headers.get('preference-applied'), 'count=exact')
})
test('count=exact covering every row is 200', async () => {
  const r = await rest('/conformance_books?select=id', { headers: { prefer: 'count=exact' } })
  assert.equal(r.status, 200)
  assert.equal(r.headers.get('content-range'), '0-4/5')
})
test('count=exact on an empty result is */0', async () => {
  const r = await rest('/conformance_books?select=id&id=eq.999', {
    headers: { prefer: 'count=exact' },
  })
  assert.equal(r.status, 200)
  assert.equal(r.headers.get('content-range'), '*/0')
})
test('count through supabase-js honours filters', async () => {
  const { count, data } = await books().select('id', { count: 'exact' }).eq('published', true)
    .limit(1)
  assert.equal(count, 3)
  assert.equal(data!.length, 1)
})
test('count planned and estimated give a number', async () => {
  const planned = await books().select('id', { count: 'planned' })
  assert.equal(typeof planned.count, 'number')
  const estimated = await books().select('id', { count: 'estimated' })
  assert.equal(estimated.count, 5)
})
test('an offset past the end with count=exact is 416 PGRST103', async () => {
  const r = await rest('/conformance_books?select=id&offset=10', {
    headers: { prefer: 'count=exact' },
  })
  assert.equal(r.status, 416)
  assertPgrstError(r.json(), 'PGRST103')
})
test('HEAD with count: no body, headers only', async () => {
  const r = await rest('/conformance_books?select=*', {
    method: 'HEAD',
    headers: { prefer: 'count=exact' },
  })
  assert.equal(r.status, 200)
  assert.equal(r.text, '')
  assert.equal(r.headers.get('content-range'), '0-4/5')
})
test('head: true through supabase-js returns the count only', async () => {
  const { count, data, error } = await books().select('*', { count: 'exact', head: true }).eq(
    'author_id',
    2,
  )
  assert.equal(error, null)
  assert.equal(count, 2)
  assert.equal(data, null)
})

// ---------------------------------------------------------------- single objects
test('single() returns one object', async () => {
  const { data, error } = await books().select('id,title').eq('id', 3).single()
  assert.equal(error, null)
  assert.deepEqual(data, { id: 3, title: 'Kindred' })
})
test('single() on zero rows is 406 PGRST116', async () => {
  const { data, error, status } = await books().select('id').eq('id', 999).single()
  assert.equal(status, 406)
  assert.equal(data, null)
  assert.equal(error!.code, 'PGRST116')
})
test('single() on many rows is 406 PGRST116', async () => {
  const { error, status } = await books().select('id').single()
  assert.equal(status, 406)
  assert.equal(error!.code, 'PGRST116')
})
test('maybeSingle() on zero rows is data null, error null', async () => {
  const { data, error } = await books().select('id').eq('id', 999).maybeSingle()
  assert.equal(error, null)
  assert.equal(data, null)
})
test('maybeSingle() on one row is the object', async () => {
  const { data, error } = await books().select('id').eq('id', 2).maybeSingle()
  assert.equal(error, null)
  assert.deepEqual(data, { id: 2 })
})
test('maybeSingle() on many rows is an error', async () => {
  const { data, error } = await books().select('id').maybeSingle()
  assert.equal(data, null)
  assert.equal(error!.code, 'PGRST116')
})
test('raw Accept: vnd.pgrst.object+json answers with that content type', async () => {
  const ok = await rest('/conformance_books?select=id&id=eq.1', {
    headers: { accept: 'application/vnd.pgrst.object+json' },
  })
  assert.equal(ok.status, 200)
  assert.match(ok.headers.get('content-type')!, /^application\/vnd\.pgrst\.object\+json/)
  assert.deepEqual(ok.json(), { id: 1 })
  const none = await rest('/conformance_books?select=id&id=eq.0', {
    headers: { accept: 'application/vnd.pgrst.object+json' },
  })
  assert.equal(none.status, 406)
  assertPgrstError(none.json(), 'PGRST116')
  assert.equal((none.json() as { details: string }).details, 'The result contains 0 rows')
})
test('an unsupported Accept type is 406 PGRST107', async () => {
  const r = await rest('/conformance_books', { headers: { accept: 'text/xml' } })
  assert.equal(r.status, 406)
  assertPgrstError(r.json(), 'PGRST107')
})

// ---------------------------------------------------------------- profiles and views
test('Accept-Profile public is accepted, other schemas are 406 PGRST106', async () => {
  assert.equal(
    (await rest('/conformance_books?select=id&id=eq.1', {
      headers: { 'accept-profile': 'public' },
    })).status,
    200,
  )
  const r = await rest('/users', { headers: { 'accept-profile': 'auth' } })
  assert.equal(r.status, 406)
  assertPgrstError(r.json(), 'PGRST106')
})
test('internal schemas are not exposed: auth.users is not a table here', async () => {
  const r = await rest('/users', { key: (await import('./fixtures.ts')).SERVICE_KEY })
  assert.equal(r.status, 404)
  assertPgrstError(r.json(), 'PGRST205')
})
test('service_role reads the same rows through supabase-js', async () => {
  const { data } = await service.from('conformance_books').select('id').order('id')
  assert.deepEqual(ids(data), [1, 2, 3, 4, 5])
})

test('CORS: preflight is answered and Content-Range is exposed to browsers', async () => {
  const pre = await fetch(`${(await import('./fixtures.ts')).URL_}/rest/v1/conformance_books`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://127.0.0.1:5173',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'apikey, prefer, range',
    },
  })
  await pre.body?.cancel()
  assert.equal(pre.status, 200)
  assert.match(pre.headers.get('access-control-allow-headers')!, /prefer/)
  const r = await rest('/conformance_books?select=id&limit=1', {
    headers: { origin: 'http://127.0.0.1:5173' },
  })
  assert.match(r.headers.get('access-control-expose-headers')!, /Content-Range/)
})

test('stripNulls() drops null fields from the objects', async () => {
  const { data, error } = await anon.from('conformance_books').select('id,editor_id,price').in(
    'id',
    [3, 4],
  ).order('id').stripNulls()
  assert.equal(error, null)
  assert.deepEqual(data, [{ id: 3, price: 8.25 }, { id: 4 }])
})

// ---------------------------------------------------------------- max_rows (PostgREST's db-max-rows)
test("config.toml's max_rows holds every read to 1000 rows, whatever it asks for, as on Supabase", async () => {
  const all = await service.from('conformance_many').select('id', { count: 'exact' }).order('id')
  assert.equal(all.error, null)
  assert.equal(all.data!.length, 1000)
  assert.equal(all.data![999]!.id, 1000)
  // The count is the whole set's, so a client can see that it has a part and page on.
  assert.equal(all.count, 1205)
  assert.equal(all.status, 206)
  const asked = await rest('/conformance_many?select=id&order=id&limit=5000')
  assert.equal(asked.status, 200)
  assert.equal((asked.json() as unknown[]).length, 1000)
  assert.equal(asked.headers.get('content-range'), '0-999/*')
  // Pages after the first are held the same way; a smaller limit is kept.
  const next = await service.from('conformance_many').select('id').order('id').range(1000, 2999)
  assert.deepEqual([next.data!.length, next.data![0]!.id], [205, 1001])
  const few = await service.from('conformance_many').select('id').order('id').limit(3)
  assert.equal(few.data!.length, 3)
})

test("max_rows holds a function's set too", async () => {
  const { data, error } = await service.rpc('conformance_numbers')
  assert.equal(error, null)
  assert.equal((data as number[]).length, 1000)
})
