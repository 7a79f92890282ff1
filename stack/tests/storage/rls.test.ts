// RLS on storage.objects decides, as on Supabase: policies created by postgres (as a migration
// would) let a signed-in member write and read their own folder only; everything else is refused
// with the server's message, and a refused upload leaves neither a row nor a file.
import assert from 'node:assert/strict'
import {
  adminClient,
  bucket,
  client,
  db,
  opts,
  png,
  raw,
  signedUpClient,
  versionsOnDisk,
} from './helpers.ts'

/** Own-folder policies on one bucket, named after it so that other tests are untouched. */
async function ownFolderPolicies(id: string) {
  const names = ['insert', 'select', 'update', 'delete'].map((op) =>
    [op, `storage conformance ${id} ${op}`] as const
  )
  for (const [op, name] of names) {
    const check =
      `bucket_id = '${id}' and (storage.foldername(name))[1] = (select auth.uid()::text)`
    const clause = op === 'insert'
      ? `with check (${check})`
      : op === 'update'
      ? `using (${check}) with check (${check})`
      : `using (${check})`
    await db().unsafe(
      `create policy "${name}" on storage.objects for ${op} to authenticated ${clause}`,
    )
  }
  return async () => {
    for (const [, name] of names) {
      await db().unsafe(`drop policy if exists "${name}" on storage.objects`)
    }
  }
}

Deno.test(
  'a member uploads to their own folder; elsewhere is 403 and nothing is written',
  opts,
  async () => {
    const id = await bucket('own')
    const drop = await ownFolderPolicies(id)
    try {
      const alice = await signedUpClient('alice')
      const bob = await signedUpClient('bob')
      const mine = `${alice.user.id}/avatar.png`
      const up = await alice.c.storage.from(id).upload(mine, png())
      assert.equal(up.error, null)
      const [row] =
        await db()`select owner, owner_id from storage.objects where bucket_id = ${id} and name = ${mine}`
      assert.equal(row.owner, alice.user.id)
      assert.equal(row.owner_id, alice.user.id)

      const theirs = `${bob.user.id}/avatar.png`
      const refused = await alice.c.storage.from(id).upload(theirs, png())
      assert.equal(refused.error?.message, 'new row violates row-level security policy')
      assert.equal((refused.error as unknown as { statusCode: string }).statusCode, '403')
      assert.equal((refused.error as unknown as { status: number }).status, 400)
      const [none] =
        await db()`select count(*)::int as n from storage.objects where bucket_id = ${id} and name = ${theirs}`
      assert.equal(none.n, 0)
      assert.deepEqual(await versionsOnDisk(id, theirs), [])

      // Reads follow the select policy: Bob sees neither the file nor the folder.
      assert.equal((await alice.c.storage.from(id).download(mine)).error, null)
      assert.equal((await bob.c.storage.from(id).download(mine)).error?.message, 'Object not found')
      assert.deepEqual((await bob.c.storage.from(id).list()).data, [])
      assert.deepEqual((await alice.c.storage.from(id).list()).data!.map((o) => o.name), [
        alice.user.id,
      ])

      // Bob's delete of Alice's file deletes nothing; hers does.
      assert.deepEqual((await bob.c.storage.from(id).remove([mine])).data, [])
      assert.equal((await versionsOnDisk(id, mine)).length, 1)
      const upsertOther = await bob.c.storage.from(id).upload(mine, png(), { upsert: true })
      assert.equal(upsertOther.error?.message, 'new row violates row-level security policy')
      assert.deepEqual((await alice.c.storage.from(id).remove([mine])).data!.map((o) => o.name), [
        mine,
      ])
      assert.deepEqual(await versionsOnDisk(id, mine), [])
    } finally {
      await drop()
    }
  },
)

Deno.test(
  'anon is refused by the same policies, and by a bucket with none at all',
  opts,
  async () => {
    const id = await bucket('anon')
    const drop = await ownFolderPolicies(id)
    try {
      const up = await client().storage.from(id).upload('anyone/file.png', png())
      assert.equal(up.error?.message, 'new row violates row-level security policy')
      assert.equal((up.error as unknown as { statusCode: string }).statusCode, '403')
      assert.equal((await adminClient().storage.from(id).upload('kept.png', png())).error, null)
      assert.equal(
        (await client().storage.from(id).download('kept.png')).error?.message,
        'Object not found',
      )
      // With no token at all, a private bucket is not even found.
      const bare = await raw(`/object/${id}/kept.png`)
      assert.deepEqual(bare.body, {
        statusCode: '404',
        code: 'NoSuchBucket',
        error: 'Bucket not found',
        message: 'Bucket not found',
      })
    } finally {
      await drop()
    }
  },
)

Deno.test('an invalid token is refused on routes that need one', opts, async () => {
  const id = await bucket('token')
  const res = await raw(`/object/list/${id}`, {
    method: 'POST',
    token: 'nonsense',
    headers: { 'content-type': 'application/json' },
    body: '{"prefix":""}',
  })
  assert.equal(res.status, 400)
  assert.deepEqual(res.body, {
    statusCode: '403',
    code: 'AccessDenied',
    error: 'Unauthorized',
    message: 'Invalid Compact JWS',
  })
})
