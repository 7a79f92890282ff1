// The files behind storage.objects, on disk as Supabase Storage's file backend keeps them:
// <root>/<bucket>/<object name>/<version>. Each upload writes a new version (to a temporary
// file, then renamed into place, so a reader never sees half a file); the row names the version
// it serves, and the old version is removed once the row has moved on. The root is `storage`
// beside the cluster's data directory (.stack/db/storage for `npm start`), so a database reset
// takes its files with it.
import { dirname, join, resolve, sep } from 'node:path'
import postgres from 'postgres'
import { ERRORS } from './errors.ts'

export interface FileStore {
  /** Writes `bytes` as this version of the object, atomically. */
  write(bucket: string, name: string, version: string, bytes: Uint8Array): Promise<void>
  /** Copies a version to another object's version. */
  copy(
    from: { bucket: string; name: string; version: string },
    to: { bucket: string; name: string; version: string },
  ): Promise<void>
  /** The file of a version, or null when it is missing. */
  open(
    bucket: string,
    name: string,
    version: string,
  ): Promise<{ file: Deno.FsFile; size: number; mtime: Date | null } | null>
  /** Removes a version (nothing if it is gone) and the folders it leaves empty. */
  remove(bucket: string, name: string, version: string | null): Promise<void>
  /** Where the files are (resolved on first use). */
  root(): Promise<string>
}

/** The files' root: `storage` beside the data directory of the cluster the gateway uses. */
async function storageRoot(dbUrl: string): Promise<string> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql`select current_setting('data_directory') as dir`
    return join(dirname(row.dir as string), 'storage')
  } finally {
    await sql.end({ timeout: 1 })
  }
}

export function createFileStore(opts: { dbUrl: string; root?: string }): FileStore {
  let rootDir: Promise<string> | null = opts.root ? Promise.resolve(opts.root) : null
  const root = () => {
    if (!rootDir) {
      const resolving = storageRoot(opts.dbUrl)
      rootDir = resolving
      resolving.catch(() => {
        if (rootDir === resolving) rootDir = null
      })
    }
    return rootDir
  }

  /** The path of a version, refusing any name that would leave the bucket's folder. */
  const pathOf = async (bucket: string, name: string, version?: string) => {
    if (name.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw ERRORS.invalidKey(name)
    }
    const base = await root()
    const bucketDir = resolve(base, bucket)
    const p = resolve(bucketDir, name, ...(version ? [version] : []))
    if (!bucketDir.startsWith(base + sep) || !p.startsWith(bucketDir + sep)) {
      throw ERRORS.invalidKey(name)
    }
    return p
  }

  const removeEmptyParents = async (dir: string) => {
    const base = await root()
    let cur = dir
    while (cur.startsWith(base + sep)) {
      try {
        await Deno.remove(cur) // only succeeds when empty
      } catch {
        return
      }
      cur = dirname(cur)
    }
  }

  const place = async (target: string, write: (tmp: string) => Promise<void>) => {
    await Deno.mkdir(dirname(target), { recursive: true })
    const tmp = `${target}.${crypto.randomUUID()}.tmp`
    try {
      await write(tmp)
      await Deno.rename(tmp, target)
    } catch (e) {
      await Deno.remove(tmp).catch(() => {})
      throw e
    }
  }

  return {
    root,
    async write(bucket, name, version, bytes) {
      const target = await pathOf(bucket, name, version)
      await place(target, async (tmp) => {
        const f = await Deno.open(tmp, { write: true, createNew: true })
        try {
          let at = 0
          while (at < bytes.length) at += await f.write(bytes.subarray(at))
          await f.sync()
        } finally {
          f.close()
        }
      })
    },
    async copy(from, to) {
      const source = await pathOf(from.bucket, from.name, from.version)
      const target = await pathOf(to.bucket, to.name, to.version)
      await place(target, (tmp) => Deno.copyFile(source, tmp))
    },
    async open(bucket, name, version) {
      const p = await pathOf(bucket, name, version)
      try {
        const file = await Deno.open(p, { read: true })
        const info = await file.stat()
        if (!info.isFile) {
          file.close()
          return null
        }
        return { file, size: info.size, mtime: info.mtime }
      } catch (e) {
        if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.IsADirectory) return null
        throw e
      }
    },
    async remove(bucket, name, version) {
      if (!version) return
      const p = await pathOf(bucket, name, version)
      await Deno.remove(p).catch((e) => {
        if (!(e instanceof Deno.errors.NotFound)) throw e
      })
      await removeEmptyParents(dirname(p))
    },
  }
}
