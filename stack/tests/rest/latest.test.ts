// The schema cache's reloads (stack/gateway/rest/latest.ts): an older answer never replaces a newer.
import assert from 'node:assert/strict'
import { LatestLoad } from '../../gateway/rest/latest.ts'

/** Loads that finish when the test says, each answering its own number. */
function controlled() {
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = []
  let n = 0
  const load = () => {
    const mine = ++n
    return new Promise<number>((resolve, reject) =>
      pending.push({ resolve: () => resolve(mine), reject })
    )
  }
  return { load, pending }
}

Deno.test('a reload that finishes after a newer one does not replace it', async () => {
  const { load, pending } = controlled()
  const latest = new LatestLoad(load)
  const first = latest.current()
  pending[0].resolve()
  assert.equal(await first, 1)
  const older = latest.reload()
  const newer = latest.reload()
  pending[2].resolve()
  await newer
  assert.equal(await latest.current(), 3)
  pending[1].resolve()
  await older
  assert.equal(await latest.current(), 3, 'the load started first finished last and was dropped')
})

Deno.test('reloads that finish in order each replace the answer', async () => {
  const { load, pending } = controlled()
  const latest = new LatestLoad(load)
  const a = latest.reload()
  pending[0].resolve()
  await a
  assert.equal(await latest.current(), 1)
  const b = latest.reload()
  pending[1].resolve()
  await b
  assert.equal(await latest.current(), 2)
})

Deno.test('a reload finishing before the first load keeps its newer answer', async () => {
  const { load, pending } = controlled()
  const latest = new LatestLoad(load)
  const first = latest.current()
  const reload = latest.reload()
  pending[1].resolve()
  await reload
  pending[0].resolve()
  assert.equal(await first, 1)
  assert.equal(await latest.current(), 2)
})

Deno.test('a failed first load is tried again; a failed reload keeps the answer there is', async () => {
  const { load, pending } = controlled()
  const latest = new LatestLoad(load)
  const first = latest.current()
  pending[0].reject(new Error('down'))
  await assert.rejects(first, /down/)
  const second = latest.current()
  pending[1].resolve()
  assert.equal(await second, 2)
  const failing = latest.reload()
  pending[2].reject(new Error('down again'))
  await assert.rejects(failing, /down again/)
  assert.equal(await latest.current(), 2)
})
