// Buckets through supabase-js's storage client: what the service role may do, what RLS refuses
// everyone else, and the server's answers for duplicates, missing and non-empty buckets.
import assert from 'node:assert/strict'
import { adminClient, bucket, client, opts, png, signedUpClient } from './helpers.ts'

Deno.test(
  'the service role creates, reads, updates, empties and deletes a bucket',
  opts,
  async () => {
    const admin = adminClient().storage
    const id = `photos-${crypto.randomUUID().slice(0, 8)}`
    const created = await admin.createBucket(id, {
      public: true,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/*'],
    })
    assert.equal(created.error, null)
    assert.deepEqual(created.data, { name: id })

    const got = await admin.getBucket(id)
    assert.equal(got.error, null)
    assert.equal(got.data!.id, id)
    assert.equal(got.data!.public, true)
    assert.equal(got.data!.file_size_limit, 1_000_000)
    assert.deepEqual(got.data!.allowed_mime_types, ['image/*'])

    const listed = await admin.listBuckets()
    assert.ok(listed.data!.some((b) => b.id === id && b.public))

    const updated = await admin.updateBucket(id, {
      public: false,
      fileSizeLimit: null,
      allowedMimeTypes: null,
    })
    assert.deepEqual(updated, { data: { message: 'Successfully updated' }, error: null })
    const after = (await admin.getBucket(id)).data!
    assert.equal(after.public, false)
    assert.equal(after.file_size_limit, null)
    assert.equal(after.allowed_mime_types, null)

    assert.equal((await admin.from(id).upload('a.png', png())).error, null)
    const notEmpty = await admin.deleteBucket(id)
    assert.equal(notEmpty.error?.message, 'The bucket you tried to delete is not empty')
    assert.equal((notEmpty.error as unknown as { statusCode: string }).statusCode, '409')

    assert.equal((await admin.emptyBucket(id)).error, null)
    assert.deepEqual((await admin.from(id).list()).data, [])
    assert.deepEqual(await admin.deleteBucket(id), {
      data: { message: 'Successfully deleted' },
      error: null,
    })
    const gone = await admin.getBucket(id)
    assert.equal(gone.error?.message, 'Bucket not found')
    assert.equal((gone.error as unknown as { status: number; statusCode: string }).status, 400)
    assert.equal((gone.error as unknown as { statusCode: string }).statusCode, '404')
  },
)

Deno.test(
  'a second bucket with the same id is 409 "The resource already exists"',
  opts,
  async () => {
    const id = await bucket('dup')
    const { error } = await adminClient().storage.createBucket(id)
    assert.equal(error?.message, 'The resource already exists')
    assert.equal((error as unknown as { statusCode: string }).statusCode, '409')
    assert.equal((error as unknown as { code: string }).code, 'BucketAlreadyExists')
  },
)

Deno.test(
  'without a policy on storage.buckets, anon and users cannot create or see buckets',
  opts,
  async () => {
    const id = await bucket('hidden')
    for (const c of [client(), (await signedUpClient('bucket')).c]) {
      const { error } = await c.storage.createBucket(`nope-${crypto.randomUUID().slice(0, 8)}`)
      assert.equal(error?.message, 'new row violates row-level security policy')
      assert.equal((error as unknown as { statusCode: string }).statusCode, '403')
      const listed = await c.storage.listBuckets()
      assert.equal(listed.error, null)
      assert.ok(!listed.data!.some((b) => b.id === id), 'RLS hides every bucket')
      assert.equal((await c.storage.getBucket(id)).error?.message, 'Bucket not found')
    }
  },
)

Deno.test('bucket names and limits are checked as the server checks them', opts, async () => {
  const admin = adminClient().storage
  assert.equal((await admin.createBucket('bad/name')).error?.message, 'Bucket name invalid')
  assert.equal((await admin.createBucket(' padded')).error?.message, 'Bucket name invalid')
  assert.equal(
    (await admin.createBucket(`big-${crypto.randomUUID().slice(0, 8)}`, {
      public: false,
      fileSizeLimit: '1GB',
    })).error?.message,
    'The object exceeded the maximum allowed size',
  )
  assert.equal(
    (await admin.createBucket(`mime-${crypto.randomUUID().slice(0, 8)}`, {
      public: false,
      allowedMimeTypes: ['not a type'],
    })).error?.message,
    'mime type not a type is not supported',
  )
})
