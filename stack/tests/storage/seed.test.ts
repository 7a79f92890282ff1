// Storage seeded from config.toml as the Supabase CLI seeds it (stack/storage-seed.ts): the test
// stack was started on a new database, so supabase/images/ is in the `images` bucket, served at
// its public URL; and seedStorage on its own creates or updates buckets and upserts objects.
import assert from 'node:assert/strict'
import { join, relative, sep } from 'node:path'
import { configuredBuckets, detectContentType, seedStorage } from '../../storage-seed.ts'
import { ROOT } from '../../config.ts'
import { adminClient, client, db, env, opts, signedUpClient, storageUrl } from './helpers.ts'

const IMAGES = join(ROOT, 'supabase', 'images')

async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = []
  for await (const e of Deno.readDir(dir)) {
    const full = join(dir, e.name)
    if (e.isDirectory) out.push(...await filesBelow(full))
    else if (e.isFile) out.push(full)
  }
  return out
}

Deno.test(
  'after migrate and seed, every file under supabase/images is served at /storage/v1/object/public/images/<path>',
  opts,
  async () => {
    const files = await filesBelow(IMAGES)
    assert.ok(
      files.some((f) => f.endsWith(join('sites', 'darenth-fields', '1.png'))),
      'the seed photos are in the folder',
    )
    for (const file of files) {
      const name = relative(IMAGES, file).split(sep).join('/')
      const res = await fetch(`${storageUrl()}/object/public/images/${name}`)
      const body = new Uint8Array(await res.arrayBuffer())
      assert.equal(res.status, 200, name)
      assert.equal(res.headers.get('content-type'), 'image/png', name)
      assert.equal(res.headers.get('cache-control'), 'max-age=3600', name)
      assert.deepEqual(body, await Deno.readFile(file), name)
    }
    // The bucket has config.toml's settings.
    const want = configuredBuckets().images
    const { data, error } = await adminClient().storage.getBucket('images')
    assert.equal(error, null)
    assert.equal(data!.public, want.public)
    assert.equal(data!.file_size_limit, 5 * 1024 * 1024)
    assert.deepEqual(data!.allowed_mime_types, want.allowed_mime_types)
  },
)

Deno.test(
  'every seeded site has a patch manager photo and three gallery photos with small copies and thumbnails, each an object the bucket serves',
  opts,
  async () => {
    const sites =
      await db()`select slug, pm_photo_1 from public.global_sites where id < 100 order by id`
    const photos =
      await db()`select s.slug, p.path, p.small_path, p.thumb_path, p.alt from public.site_photos p join public.global_sites s on s.id = p.site_id where s.id < 100 order by s.id, p.sort_order`
    assert.equal(sites.length, 22)
    assert.equal(photos.length, 66)
    for (const site of sites) {
      assert.equal(site.pm_photo_1, `sites/${site.slug}/patch-manager.png`)
      assert.deepEqual(
        photos.filter((p) => p.slug === site.slug).map((p) => p.path),
        [1, 2, 3].map((n) => `sites/${site.slug}/${n}.png`),
      )
    }
    for (
      const name of [
        ...sites.map((s) => s.pm_photo_1 as string),
        ...photos.map((p) => p.path as string),
      ]
    ) {
      const res = await fetch(`${storageUrl()}/object/public/images/${name}`, { method: 'HEAD' })
      assert.equal(res.status, 200, name)
    }
    // Each small copy is the same scene 800 px wide (3:2), and each thumbnail 264 px wide, each
    // smaller in bytes than the one before.
    const image = async (name: string) => {
      const bytes = new Uint8Array(
        await (await fetch(`${storageUrl()}/object/public/images/${name}`)).arrayBuffer(),
      )
      const view = new DataView(bytes.buffer)
      return { size: bytes.length, width: view.getUint32(16), height: view.getUint32(20) }
    }
    for (const p of photos) {
      assert.equal(p.small_path, (p.path as string).replace(/\.png$/, '-small.png'))
      assert.equal(p.thumb_path, (p.path as string).replace(/\.png$/, '-thumb.png'))
      const [full, small, thumb] = await Promise.all(
        [p.path, p.small_path, p.thumb_path].map(image),
      )
      assert.deepEqual([small.width, small.height], [800, 533], p.small_path)
      assert.deepEqual([thumb.width, thumb.height], [264, 176], p.thumb_path)
      assert.ok(thumb.size < small.size && small.size < full.size, p.thumb_path)
    }
  },
)

/** A scratch supabase/ folder: a config.toml with one bucket and its objects. */
async function scratchConfig(
  bucket: string,
  toml: string,
  files: Record<string, Uint8Array | string>,
) {
  const dir = await Deno.makeTempDir({ prefix: 'storage-seed-' })
  await Deno.writeTextFile(join(dir, 'config.toml'), `[storage.buckets.${bucket}]\n${toml}`)
  for (const [name, content] of Object.entries(files)) {
    await Deno.mkdir(join(dir, 'objects', name, '..'), { recursive: true })
    await Deno.writeFile(
      join(dir, 'objects', name),
      typeof content === 'string' ? new TextEncoder().encode(content) : content,
    )
  }
  return dir
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const GIF = new TextEncoder().encode('GIF89a-not-really')

Deno.test(
  'seedStorage creates a bucket, uploads its folder by relative path, then updates and overwrites on a second run',
  opts,
  async () => {
    const bucket = `seeded-${crypto.randomUUID().slice(0, 8)}`
    const key = env('SUPABASE_SERVICE_ROLE_KEY')
    const admin = adminClient().storage
    const dir = await scratchConfig(
      bucket,
      'public = true\nfile_size_limit = "1MiB"\nobjects_path = "./objects"\n',
      {
        'a.png': PNG,
        'nested/deeper/b.gif': GIF,
        'notes.txt': 'hello',
        '.hidden.json': '{"a":1}',
      },
    )
    try {
      const first = await seedStorage(env('SUPABASE_URL'), key, {
        configToml: join(dir, 'config.toml'),
      })
      assert.deepEqual(first, {
        buckets: [bucket],
        objects: [
          `${bucket}/.hidden.json`,
          `${bucket}/a.png`,
          `${bucket}/nested/deeper/b.gif`,
          `${bucket}/notes.txt`,
        ],
      })
      const got = (await admin.getBucket(bucket)).data!
      assert.equal(got.public, true)
      assert.equal(got.file_size_limit, 1024 * 1024)
      const served = async (name: string) => {
        const res = await fetch(`${storageUrl()}/object/public/${bucket}/${name}`)
        return { type: res.headers.get('content-type'), body: await res.text() }
      }
      assert.equal((await served('nested/deeper/b.gif')).type, 'image/gif')
      assert.equal((await served('a.png')).type, 'image/png')
      assert.deepEqual(await served('notes.txt'), {
        type: 'text/plain; charset=utf-8',
        body: 'hello',
      })
      assert.equal((await served('.hidden.json')).type, 'application/json')

      // Second run: the bucket's properties follow config.toml, and a changed file replaces the old.
      await Deno.writeTextFile(
        join(dir, 'config.toml'),
        `[storage.buckets.${bucket}]\npublic = false\nallowed_mime_types = ["image/png", "image/gif", "text/plain", "application/json"]\nobjects_path = "./objects"\n`,
      )
      await Deno.writeTextFile(join(dir, 'objects', 'notes.txt'), 'hello again')
      await seedStorage(env('SUPABASE_URL'), key, { configToml: join(dir, 'config.toml') })
      const after = (await admin.getBucket(bucket)).data!
      assert.equal(after.public, false)
      assert.equal(
        after.file_size_limit,
        1024 * 1024,
        'a limit config.toml no longer sets is left as it was (not sent)',
      )
      assert.deepEqual(after.allowed_mime_types, [
        'image/png',
        'image/gif',
        'text/plain',
        'application/json',
      ])
      const { data: text } = await admin.from(bucket).download('notes.txt')
      assert.equal(await text!.text(), 'hello again')
      const { data: listed } = await admin.from(bucket).list()
      assert.deepEqual(listed!.map((o) => o.name), ['.hidden.json', 'a.png', 'nested', 'notes.txt'])
    } finally {
      await admin.emptyBucket(bucket)
      await admin.deleteBucket(bucket)
      await Deno.remove(dir, { recursive: true })
    }
  },
)

Deno.test(
  'the public bucket images is read by object URL and listed by nobody but the service role',
  opts,
  async () => {
    // Migration 20250120000100_advisor_clean.sql: no select policy lets anyone list it.
    const name = 'sites/darenth-fields/1.png'
    assert.equal(
      (await fetch(`${storageUrl()}/object/public/images/${name}`, { method: 'HEAD' })).status,
      200,
      'its public URL serves it',
    )
    for (const folder of ['', 'sites', 'sites/darenth-fields']) {
      const asAnon = await client().storage.from('images').list(folder)
      assert.deepEqual(
        [asAnon.error, asAnon.data],
        [null, []],
        `a visitor lists nothing in /${folder}`,
      )
    }
    const { c: member } = await signedUpClient('images-list')
    const asMember = await member.storage.from('images').list('sites/darenth-fields')
    assert.deepEqual([asMember.error, asMember.data], [null, []], 'a member lists nothing')
    const asAdmin = await adminClient().storage.from('images').list('sites/darenth-fields')
    assert.ok(asAdmin.data!.some((o) => o.name === '1.png'), 'the service role lists the folder')
  },
)

Deno.test(
  'seedStorage fails as the CLI does on a missing objects_path and on a file the bucket refuses',
  opts,
  async () => {
    const key = env('SUPABASE_SERVICE_ROLE_KEY')
    const admin = adminClient().storage
    const missing = `missing-${crypto.randomUUID().slice(0, 8)}`
    const strict = `strict-${crypto.randomUUID().slice(0, 8)}`
    const dirA = await scratchConfig(missing, 'objects_path = "./nowhere"\n', {})
    const dirB = await scratchConfig(
      strict,
      'allowed_mime_types = ["image/png"]\nobjects_path = "./objects"\n',
      { '.gitkeep': '' },
    )
    try {
      await assert.rejects(
        seedStorage(env('SUPABASE_URL'), key, { configToml: join(dirA, 'config.toml') }),
        /objects_path \.\/nowhere does not exist/,
      )
      await assert.rejects(
        seedStorage(env('SUPABASE_URL'), key, { configToml: join(dirB, 'config.toml') }),
        /\.gitkeep: 400 .*mime type text\/plain.* is not supported/,
      )
    } finally {
      for (const b of [missing, strict]) await admin.deleteBucket(b)
      for (const d of [dirA, dirB]) await Deno.remove(d, { recursive: true })
    }
  },
)

Deno.test('content types are sniffed as Go sniffs them, by extension only for text', () => {
  assert.equal(detectContentType(PNG, 'x.bin'), 'image/png')
  assert.equal(
    detectContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'photo.png'),
    'image/jpeg',
  )
  assert.equal(detectContentType(new TextEncoder().encode('BM....'), 'a'), 'image/bmp')
  assert.equal(detectContentType(new Uint8Array([0, 0, 1, 0, 1, 0]), 'favicon.ico'), 'image/x-icon')
  assert.equal(
    detectContentType(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.svg',
    ),
    'image/svg+xml',
  )
  assert.equal(
    detectContentType(new TextEncoder().encode('plain'), 'README'),
    'text/plain; charset=utf-8',
  )
  assert.equal(
    detectContentType(new Uint8Array([1, 2, 3, 0]), 'blob.png'),
    'application/octet-stream',
  )
})
