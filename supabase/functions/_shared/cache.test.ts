import assert from 'node:assert/strict'
import { MicroCache } from './cache.ts'

/** A load the test settles by hand, counting how many were started. */
function loads<T>() {
  const started: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = []
  const load = () =>
    new Promise<T>((resolve, reject) => {
      started.push({ resolve, reject })
    })
  return { started, load }
}

Deno.test('callers within the time to live share one load and its answer', async () => {
  let t = 0
  const cache = new MicroCache<string>(5_000, 10_000, () => t)
  const { started, load } = loads<string>()
  const a = cache.get(load)
  const b = cache.get(load)
  assert.equal(started.length, 1)
  started[0]!.resolve('table')
  assert.equal(await a, 'table')
  assert.equal(await b, 'table')
  t = 4_999
  assert.equal(await cache.get(load), 'table')
  assert.equal(started.length, 1)
  t = 5_000
  const c = cache.get(load)
  assert.equal(started.length, 2)
  started[1]!.resolve('newer')
  assert.equal(await c, 'newer')
})

Deno.test('a load that never answers is shared only up to the join limit', async () => {
  let t = 0
  const cache = new MicroCache<string>(5_000, 10_000, () => t)
  const { started, load } = loads<string>()
  void cache.get(load) // never settles
  t = 9_999
  void cache.get(load)
  assert.equal(started.length, 1, 'joined while young')
  t = 10_000
  const late = cache.get(load)
  assert.equal(started.length, 2, 'a stuck load is not joined any more')
  started[1]!.resolve('answered')
  assert.equal(await late, 'answered')
  // The answer is cached for the callers after it.
  assert.equal(await cache.get(load), 'answered')
  assert.equal(started.length, 2)
  // The stuck load settling at last does not replace the newer answer.
  started[0]!.resolve('stale')
  await new Promise((r) => setTimeout(r, 0))
  t = 10_001
  assert.equal(await cache.get(load), 'answered')
})

Deno.test('a failed load is not cached: the next caller loads again', async () => {
  const cache = new MicroCache<string>(5_000, 10_000, () => 0)
  const { started, load } = loads<string>()
  const first = cache.get(load)
  started[0]!.reject(new Error('database down'))
  await assert.rejects(first, /database down/)
  const second = cache.get(load)
  assert.equal(started.length, 2)
  started[1]!.resolve('back')
  assert.equal(await second, 'back')
})

Deno.test('a fresh read skips the cache and the shared load, and its answer is kept', async () => {
  const cache = new MicroCache<string>(5_000, 10_000, () => 0)
  const { started, load } = loads<string>()
  const shared = cache.get(load)
  const fresh = cache.get(load, true)
  assert.equal(started.length, 2)
  started[1]!.resolve('fresh')
  assert.equal(await fresh, 'fresh')
  assert.equal(await cache.get(load), 'fresh')
  started[0]!.resolve('older')
  assert.equal(await shared, 'older')
  assert.equal(await cache.get(load), 'fresh', 'an older load does not replace a newer answer')
})
