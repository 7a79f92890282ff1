// supabase/functions/README.md lists every function: a row of its table for each folder here (the
// shared layer, `_shared`, aside), and no row for a function that is not here.
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const FUNCTIONS = fileURLToPath(new URL('..', import.meta.url))

Deno.test('the functions README has one row for each function folder', async () => {
  const folders = [...Deno.readDirSync(FUNCTIONS)]
    .filter((e) => e.isDirectory && !e.name.startsWith('_') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
  const readme = await Deno.readTextFile(join(FUNCTIONS, 'README.md'))
  // The functions table: from its header row to the first line that is not a row.
  const table = readme.slice(readme.indexOf('| function | verify_jwt |')).split(/\n(?!\|)/)[0]
  const rows = [...table.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]).sort()
  assert.deepEqual(rows, folders)
})
