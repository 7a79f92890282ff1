// Embedded resources over foreign keys: many-to-one, one-to-many, one-to-one, nesting,
// !inner, hints by constraint and by column, aliases, ambiguity, and filters/order/limit
// addressed to the embed.
import assert from 'node:assert/strict'
import { anon, assertPgrstError, rest, test } from './fixtures.ts'

type Row = Record<string, unknown>

test('many-to-one embeds an object (hinted by column)', async () => {
  const { data, error } = await anon.from('conformance_books').select(
    'id,conformance_authors!author_id(name)',
  ).eq('id', 1).single()
  assert.equal(error, null)
  assert.deepEqual(data, { id: 1, conformance_authors: { name: 'Ursula' } })
})

test('many-to-one with a null foreign key embeds null', async () => {
  const { data } = await anon.from('conformance_books').select(
    'id,author:conformance_authors!author_id(name)',
  ).eq('id', 5).single()
  assert.deepEqual(data, { id: 5, author: null })
})

test('hint by constraint name picks the relationship', async () => {
  const { data } = await anon.from('conformance_books').select(
    'id,editor:conformance_authors!conformance_books_editor_fk(name)',
  ).eq('id', 1).single()
  assert.deepEqual(data, { id: 1, editor: { name: 'Terry' } })
})

test('embedding through the foreign-key column name', async () => {
  const { data } = await anon.from('conformance_books').select('id,editor_id(name)').eq('id', 2)
    .single()
  assert.deepEqual(data, { id: 2, editor_id: { name: 'Ursula' } })
})

test('an ambiguous embed is 300 PGRST201 with the candidates', async () => {
  const { error, status } = await anon.from('conformance_books').select(
    'id,conformance_authors(name)',
  )
  assert.equal(status, 300)
  assert.equal(error!.code, 'PGRST201')
  const details = JSON.parse(error!.details) as Row[]
  assert.equal(details.length, 2)
  assert.deepEqual(details.map((d) => d.cardinality), ['many-to-one', 'many-to-one'])
  assert.match(error!.hint!, /conformance_authors!conformance_books_author_fk/)
})

test('an embed with no relationship is 400 PGRST200', async () => {
  const r = await rest('/conformance_reviews?select=id,conformance_authors(name)')
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), 'PGRST200')
})

test('a hint that matches nothing is 400 PGRST200', async () => {
  const { error, status } = await anon.from('conformance_books').select(
    'id,conformance_authors!nope(name)',
  )
  assert.equal(status, 400)
  assert.equal(error!.code, 'PGRST200')
})

test('one-to-many embeds an array', async () => {
  const { data } = await anon.from('conformance_books').select('id,conformance_reviews(stars)').eq(
    'id',
    1,
  ).single()
  assert.deepEqual(data, { id: 1, conformance_reviews: [{ stars: 5 }, { stars: 4 }] })
})

test('one-to-many with no children embeds an empty array', async () => {
  const { data } = await anon.from('conformance_books').select('id,conformance_reviews(stars)').eq(
    'id',
    4,
  ).single()
  assert.deepEqual(data, { id: 4, conformance_reviews: [] })
})

test('one-to-many through one of two foreign keys needs a hint', async () => {
  const { data } = await anon.from('conformance_authors').select(
    'id,written:conformance_books!author_id(id)',
  ).eq('id', 2).single()
  assert.deepEqual(data, { id: 2, written: [{ id: 2 }, { id: 4 }] })
  const edited = await anon.from('conformance_authors').select(
    'id,edited:conformance_books!conformance_books_editor_fk(id)',
  ).eq('id', 2).single()
  assert.deepEqual(edited.data, { id: 2, edited: [{ id: 1 }] })
})

test('one-to-one (foreign key is the primary key) embeds an object', async () => {
  const { data } = await anon.from('conformance_authors').select('id,conformance_profiles(bio)').in(
    'id',
    [1, 2],
  ).order('id')
  assert.deepEqual(data, [{ id: 1, conformance_profiles: { bio: 'Earthsea and more' } }, {
    id: 2,
    conformance_profiles: null,
  }])
})

test('nested embeds: reviews of books of an author', async () => {
  const { data } = await anon.from('conformance_authors')
    .select('name,books:conformance_books!author_id(title,conformance_reviews(stars))').eq('id', 3)
    .single()
  assert.deepEqual(data, {
    name: 'Octavia',
    books: [{ title: 'Kindred', conformance_reviews: [{ stars: 3 }] }],
  })
})

test('nested many-to-one inside one-to-many', async () => {
  const { data } = await anon.from('conformance_reviews').select(
    'id,conformance_books(title,author:conformance_authors!author_id(name))',
  ).eq('id', 3).single()
  assert.deepEqual(data, { id: 3, conformance_books: { title: 'Mort', author: { name: 'Terry' } } })
})

test('* and an embed together', async () => {
  const { data } = await anon.from('conformance_reviews').select('*,conformance_books(id)').eq(
    'id',
    1,
  ).single()
  assert.deepEqual(data, {
    id: 1,
    book_id: 1,
    stars: 5,
    body: 'superb',
    conformance_books: { id: 1 },
  })
})

test('filters on an embedded resource filter the embed, not the parent', async () => {
  const { data } = await anon.from('conformance_books').select('id,conformance_reviews(stars)').gte(
    'conformance_reviews.stars',
    5,
  ).in('id', [1, 4]).order('id')
  assert.deepEqual(data, [{ id: 1, conformance_reviews: [{ stars: 5 }] }, {
    id: 4,
    conformance_reviews: [],
  }])
})

test('!inner drops parents without a matching embed', async () => {
  const { data } = await anon.from('conformance_books').select(
    'id,conformance_reviews!inner(stars)',
  ).eq('conformance_reviews.stars', 5).order('id')
  assert.deepEqual(data, [{ id: 1, conformance_reviews: [{ stars: 5 }] }, {
    id: 2,
    conformance_reviews: [{ stars: 5 }],
  }])
})

test('!inner on many-to-one filters parents by the embedded column', async () => {
  const { data } = await anon.from('conformance_books').select(
    'id,author:conformance_authors!author_id!inner(country)',
  ).eq('author.country', 'US').order('id')
  assert.deepEqual(data!.map((r) => r.id), [1, 3])
})

test('!inner counts only matching parents', async () => {
  const r = await rest('/conformance_books?select=id,conformance_reviews!inner(id)', {
    headers: { prefer: 'count=exact' },
  })
  assert.equal(r.headers.get('content-range'), '0-2/3')
})

test('embed=not.is.null keeps only parents with an embed', async () => {
  const r = await rest(
    '/conformance_books?select=id,author:conformance_authors!author_id(name)&author.country=eq.UK&author=not.is.null&order=id',
  )
  assert.deepEqual(r.json(), [{ id: 2, author: { name: 'Terry' } }, {
    id: 4,
    author: { name: 'Terry' },
  }])
})

test('order and limit on an embedded resource', async () => {
  const { data } = await anon.from('conformance_books').select('id,conformance_reviews(stars)')
    .order('stars', { referencedTable: 'conformance_reviews', ascending: true }).limit(1, {
      referencedTable: 'conformance_reviews',
    }).in('id', [1, 2]).order('id')
  assert.deepEqual(data, [{ id: 1, conformance_reviews: [{ stars: 4 }] }, {
    id: 2,
    conformance_reviews: [{ stars: 2 }],
  }])
})

test('offset on an embedded resource (raw)', async () => {
  const r = await rest(
    '/conformance_books?select=id,conformance_reviews(id)&conformance_reviews.order=id&conformance_reviews.offset=1&id=eq.1',
  )
  assert.deepEqual(r.json(), [{ id: 1, conformance_reviews: [{ id: 2 }] }])
})

test('or on an embedded resource', async () => {
  const { data } = await anon.from('conformance_books').select('id,conformance_reviews(id)')
    .or('stars.eq.2,stars.eq.3', { referencedTable: 'conformance_reviews' }).in('id', [2, 3]).order(
      'id',
    )
  assert.deepEqual(data, [{ id: 2, conformance_reviews: [{ id: 5 }] }, {
    id: 3,
    conformance_reviews: [{ id: 4 }],
  }])
})

test('filters addressed to an aliased embed use the alias', async () => {
  const { data } = await anon.from('conformance_books').select('id,revs:conformance_reviews(stars)')
    .lt('revs.stars', 3).eq('id', 2)
  assert.deepEqual(data, [{ id: 2, revs: [{ stars: 2 }] }])
})

test('a filter on an embed that is not selected is 400 PGRST108', async () => {
  const r = await rest('/conformance_books?select=id&conformance_reviews.stars=eq.5')
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), 'PGRST108')
})

test('columns, renames and casts inside an embed', async () => {
  const { data } = await anon.from('conformance_reviews').select(
    'id,book:conformance_books(name:title,pages::text)',
  ).eq('id', 4).single()
  assert.deepEqual(data, { id: 4, book: { name: 'Kindred', pages: '264' } })
})

test('an unknown column inside an embed is 400 42703', async () => {
  const { error, status } = await anon.from('conformance_reviews').select(
    'id,conformance_books(nope)',
  )
  assert.equal(status, 400)
  assert.equal(error!.code, '42703')
})

test('an embedded table the role cannot read is a permission error, not a leak', async () => {
  await (await import('./fixtures.ts')).db`
    create table if not exists conformance_book_secrets (book_id int primary key references conformance_books (id), secret text);
    revoke all on conformance_book_secrets from anon, authenticated;
    select pg_notify('pgrst', 'reload schema');`.simple()
  const { waitForSchema } = await import('./fixtures.ts')
  await waitForSchema('/conformance_book_secrets?select=book_id&limit=0')
  const r = await rest('/conformance_books?select=id,conformance_book_secrets(secret)&id=eq.1')
  assert.equal(r.status, 401)
  assertPgrstError(r.json(), '42501')
})

test("spread ...embed(cols) hoists a to-one embed's columns into the parent", async () => {
  const { data, error } = await anon.from('conformance_books').select(
    'id,...conformance_authors!author_id(author_name:name,country)',
  ).in('id', [1, 5]).order('id')
  assert.equal(error, null)
  assert.deepEqual(data, [{ id: 1, author_name: 'Ursula', country: 'US' }, {
    id: 5,
    author_name: null,
    country: null,
  }])
})

test('spread of a to-many embed is 400 PGRST119', async () => {
  const r = await rest('/conformance_books?select=id,...conformance_reviews(stars)')
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), 'PGRST119')
})

test('many-to-many through a junction table embeds an array', async () => {
  const { data, error } = await anon.from('conformance_books').select('id,conformance_tags(name)')
    .in('id', [1, 4]).order('id')
  assert.equal(error, null)
  const names = (data as { id: number; conformance_tags: { name: string }[] }[]).map((b) => ({
    id: b.id,
    tags: b.conformance_tags.map((t) => t.name).sort(),
  }))
  assert.deepEqual(names, [{ id: 1, tags: ['award', 'classic'] }, { id: 4, tags: [] }])
})

test('many-to-many the other way, with a filter on the embed and the junction as hint', async () => {
  const { data } = await anon.from('conformance_tags').select(
    'name,conformance_books!conformance_book_tags(id)',
  ).eq('conformance_books.published', true).eq('id', 1)
  assert.deepEqual(
    (data as { conformance_books: { id: number }[] }[])[0].conformance_books.map((b) => b.id)
      .sort(),
    [1, 3],
  )
})

// ---------------------------------------------------------------- related order: order=embed(col)
// Books and their authors: 1 Ursula, 2 Terry, 3 Octavia, 4 Terry, 5 no author.
const AUTHOR = 'id,author:conformance_authors!author_id(name)'
const bookIds = (r: { json: () => unknown }) => (r.json() as Row[]).map((b) => b.id)

test('order=embed(col) sorts parents by a column of a many-to-one embed (by its alias)', async () => {
  assert.deepEqual(
    bookIds(await rest(`/conformance_books?select=${AUTHOR}&order=author(name),id`)),
    [3, 2, 4, 1, 5],
  )
  assert.deepEqual(
    bookIds(await rest(`/conformance_books?select=${AUTHOR}&order=author(name).desc,id`)),
    [5, 1, 2, 4, 3],
  )
  assert.deepEqual(
    bookIds(await rest(`/conformance_books?select=${AUTHOR}&order=author(name).desc.nullslast,id`)),
    [1, 2, 4, 3, 5],
  )
  const r = await rest(
    `/conformance_books?select=${AUTHOR}&order=author(name).asc.nullsfirst,id.desc`,
  )
  assert.deepEqual(r.json(), [
    { id: 5, author: null },
    { id: 3, author: { name: 'Octavia' } },
    { id: 4, author: { name: 'Terry' } },
    { id: 2, author: { name: 'Terry' } },
    { id: 1, author: { name: 'Ursula' } },
  ])
})

test('order=embed(col) mixes with plain terms in either position', async () => {
  assert.deepEqual(
    bookIds(
      await rest(`/conformance_books?select=${AUTHOR}&order=published.desc,author(name).desc,id`),
    ),
    [1, 2, 3, 5, 4],
  )
})

test('order=embed(col) through supabase-js, with filters, paging and an exact count', async () => {
  const { data, error, count } = await anon.from('conformance_books').select(AUTHOR, {
    count: 'exact',
  })
    .not('author_id', 'is', null).order('author(name)', { ascending: false }).order('id', {
      ascending: false,
    }).range(0, 2)
  assert.equal(error, null)
  assert.equal(count, 4)
  assert.deepEqual(data, [{ id: 1, author: { name: 'Ursula' } }, {
    id: 4,
    author: { name: 'Terry' },
  }, { id: 2, author: { name: 'Terry' } }])
})

test('order=embed(col) on a one-to-one embed named by its table', async () => {
  const r = await rest(
    '/conformance_authors?select=id,conformance_profiles(bio)&order=conformance_profiles(bio).desc.nullslast,id',
  )
  assert.deepEqual((r.json() as Row[]).map((a) => a.id), [3, 1, 2, 4])
})

test('order=embed(col) on a JSON path of the embed', async () => {
  const r = await rest(
    '/conformance_books?select=id,author:conformance_authors!author_id(meta)&order=author(meta->awards->hugo).desc.nullslast,id',
  )
  assert.deepEqual(bookIds(r), [1, 3, 2, 4, 5])
})

test('order=embed(col) on a spread embed uses its output column names', async () => {
  const r = await rest(
    '/conformance_books?select=id,...conformance_authors!author_id(writer:name)&order=conformance_authors(writer).desc.nullslast,id',
  )
  assert.deepEqual(r.json(), [
    { id: 1, writer: 'Ursula' },
    { id: 2, writer: 'Terry' },
    { id: 4, writer: 'Terry' },
    { id: 3, writer: 'Octavia' },
    { id: 5, writer: null },
  ])
})

test('order=embed(col) inside an embed orders the embedded rows (embed.order=inner(col))', async () => {
  const path =
    '/conformance_authors?select=id,written:conformance_books!author_id(id,editor:conformance_authors!editor_id(name))&id=eq.2'
  const first = await rest(`${path}&written.order=editor(name).asc.nullsfirst`)
  assert.deepEqual(first.json(), [{
    id: 2,
    written: [{ id: 4, editor: null }, { id: 2, editor: { name: 'Ursula' } }],
  }])
  const last = await rest(`${path}&written.order=editor(name).asc.nullslast`)
  assert.deepEqual((last.json() as { written: Row[] }[])[0].written.map((b) => b.id), [2, 4])
})

test('order=embed(col) on an rpc returning rows', async () => {
  const r = await rest(
    '/rpc/conformance_books_by?author=2&select=id,editor:conformance_authors!editor_id(name)&order=editor(name).nullsfirst',
  )
  assert.deepEqual(r.json(), [{ id: 4, editor: null }, { id: 2, editor: { name: 'Ursula' } }])
})

test('embed.order=col orders the rows of a to-many embed (raw and supabase-js referencedTable)', async () => {
  const path = '/conformance_authors?select=id,written:conformance_books!author_id(title)&id=eq.2'
  const titles = (body: unknown) =>
    (body as { written: { title: string }[] }[])[0].written.map((b) => b.title)
  assert.deepEqual(titles((await rest(`${path}&written.order=title.desc`)).json()), [
    'Mort',
    'Guards! Guards!',
  ])
  assert.deepEqual(titles((await rest(`${path}&written.order=title.asc`)).json()), [
    'Guards! Guards!',
    'Mort',
  ])
  const { data, error } = await anon.from('conformance_authors').select(
    'id,written:conformance_books!author_id(title)',
  ).eq('id', 2)
    .order('title', { referencedTable: 'written', ascending: false })
  assert.equal(error, null)
  assert.deepEqual(titles(data), ['Mort', 'Guards! Guards!'])
})

test('supabase-js referencedTable order on a to-one embed orders its (single) row, not the parents', async () => {
  const { data, error } = await anon.from('conformance_books').select(AUTHOR).in('id', [1, 3])
    .order('name', { referencedTable: 'author', ascending: false }).order('id')
  assert.equal(error, null)
  assert.deepEqual(data, [{ id: 1, author: { name: 'Ursula' } }, {
    id: 3,
    author: { name: 'Octavia' },
  }])
})

test('order=embed(col) on a one-to-many embed is 400 PGRST118, named as the select names it', async () => {
  for (
    const [select, order, label] of [[
      'conformance_reviews(stars)',
      'conformance_reviews(stars)',
      'conformance_reviews',
    ], ['revs:conformance_reviews(stars)', 'id,revs(stars).desc', 'revs']]
  ) {
    const r = await rest(`/conformance_books?select=id,${select}&order=${order}`)
    assert.equal(r.status, 400)
    assert.deepEqual(r.json(), {
      code: 'PGRST118',
      details:
        `'conformance_books' and '${label}' do not form a many-to-one or one-to-one relationship`,
      hint: null,
      message: `A related order on '${label}' is not possible`,
    })
  }
})

test('order=embed(col) on a many-to-many embed is 400 PGRST118 (supabase-js)', async () => {
  const { error, status } = await anon.from('conformance_books').select('id,conformance_tags(name)')
    .order('conformance_tags(name)')
  assert.equal(status, 400)
  assert.equal(error!.code, 'PGRST118')
})

test('order=embed(col) naming no embed of the select is 400 PGRST108 (an aliased embed answers to its alias only)', async () => {
  for (const order of ['nope(name)', 'conformance_authors(name)', 'id,author(name)']) {
    const select = order.startsWith('id,') ? 'id' : AUTHOR
    const r = await rest(`/conformance_books?select=${select}&order=${order}`)
    assert.equal(r.status, 400, order)
    const name = order.replace(/^id,/, '').replace(/\(.*$/, '')
    assert.deepEqual(r.json(), {
      code: 'PGRST108',
      details: null,
      hint: `Verify that '${name}' is included in the 'select' query parameter.`,
      message: `'${name}' is not an embedded resource in this request`,
    })
  }
})

test('order=embed(col) with a column the embed does not select is 400 42703', async () => {
  for (
    const col of ['nope', 'country', encodeURIComponent('name; drop table conformance_books; --')]
  ) {
    const r = await rest(`/conformance_books?select=${AUTHOR}&order=author(${col})`)
    assert.equal(r.status, 400, col)
    assertPgrstError(r.json(), '42703')
  }
  const near = await rest(`/conformance_books?select=${AUTHOR}&order=author(nmae)`)
  assert.equal(
    (near.json() as Row).hint,
    'Perhaps you meant to reference the column "author.name".',
  )
})

test('a malformed order=embed(col) term is 400 PGRST100', async () => {
  for (
    const order of [
      'author(name).sideways',
      'author()',
      'author(name',
      'author(name)x',
      '(name)',
      'author(a,b)',
      'author(name).',
      'author((name))',
      'author(name" desc)',
    ]
  ) {
    const r = await rest(`/conformance_books?select=${AUTHOR}&order=${encodeURIComponent(order)}`)
    assert.equal(r.status, 400, `${order}: ${r.text}`)
    assertPgrstError(r.json(), 'PGRST100')
  }
})
