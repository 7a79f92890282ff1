// Recovery mode (stack/gateway/rest/recovery.ts): which failures start it, what requests get
// while it lasts, that waiting requests are released at once, and that a good probe ends it.
import assert from 'node:assert/strict'
import { isConnectionLoss, Recovery } from '../../gateway/rest/recovery.ts'
import { ApiError } from '../../gateway/rest/errors.ts'

const pgError = (code: string) => Object.assign(new Error(code), { name: 'PostgresError', code })

Deno.test('connection losses start recovery; request errors do not', () => {
  for (const e of [{ code: 'ECONNREFUSED' }, { code: 'CONNECTION_CLOSED' }, pgError('57P01')]) {
    assert.equal(isConnectionLoss(e), true, JSON.stringify(e))
  }
  for (const e of [pgError('42501'), pgError('23505'), pgError('57014'), new Error('x'), null]) {
    assert.equal(isConnectionLoss(e), false, String(e))
  }
  const r = new Recovery(() => Promise.resolve())
  r.noteFailure(pgError('23505'))
  assert.equal(r.recovering, false)
  r.check()
  r.close()
})

Deno.test('in recovery every request is refused at once, and waiting ones are released', async () => {
  let up = false
  let probes = 0
  let recovered!: () => void
  const back = new Promise<void>((resolve) => (recovered = resolve))
  const r = new Recovery(() => {
    probes++
    return up ? Promise.resolve() : Promise.reject(new Error('refused'))
  }, () => recovered())
  try {
    const waiting = r.whenLost()
    r.noteFailure({ code: 'ECONNRESET' })
    await assert.rejects(waiting, (e: unknown) => {
      assert.ok(e instanceof ApiError)
      assert.equal(e.status, 503)
      assert.equal(e.headers['retry-after'], '1')
      return true
    })
    assert.throws(() => r.check(), (e: unknown) => e instanceof ApiError && e.code === 'PGRST001')
    // While probes fail it stays in recovery; the first good probe ends it.
    while (probes < 2) await new Promise((res) => setTimeout(res, 50))
    assert.equal(r.recovering, true)
    up = true
    await back
    assert.equal(r.recovering, false)
    r.check()
    // A later outage is a new one: those waiting now are released by it, not by the old one.
    const next = r.whenLost()
    let settled = false
    next.catch(() => (settled = true))
    await new Promise((res) => setTimeout(res, 10))
    assert.equal(settled, false)
    r.noteFailure({ code: 'ECONNREFUSED' })
    await assert.rejects(next)
  } finally {
    r.close()
  }
})
