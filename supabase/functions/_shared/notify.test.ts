// Sending many e-mails: a batch call per 100 messages, a refused batch sent again one by one, a
// batch that failed otherwise not sent again, and every message logged in message_log.
import assert from 'node:assert/strict'
import { type Outgoing, sendManyAndLog } from './notify.ts'
import type { EmailMessage, EmailProvider } from './providers/email.ts'
import { ProviderError } from './providers/record.ts'
import { sql, test } from './testing.ts'

/** A provider that records its calls and fails the batches and addresses it is told to. */
class FakeEmail implements EmailProvider {
  readonly name = 'fake'
  batches: { size: number; key?: string }[] = []
  singles: string[] = []
  constructor(
    private opts: { refuseBatchWith?: number; badAddress?: string; failBatches?: number[] } = {},
  ) {}
  send(m: EmailMessage) {
    this.singles.push(m.to)
    if (m.to === this.opts.badAddress) {
      return Promise.reject(new ProviderError('fake', 422, `${m.to} is not an address we take`))
    }
    return Promise.resolve({ id: `single-${m.to}` })
  }
  sendBatch(ms: EmailMessage[], key?: string) {
    const n = this.batches.push({ size: ms.length, key }) - 1
    if (this.opts.failBatches?.includes(n)) {
      return Promise.reject(new ProviderError('fake', 503, 'busy'))
    }
    if (this.opts.refuseBatchWith && ms.some((m) => m.to === this.opts.badAddress)) {
      return Promise.reject(new ProviderError('fake', this.opts.refuseBatchWith, 'one bad address'))
    }
    return Promise.resolve(ms.map((m) => ({ id: `batch-${m.to}` })))
  }
}

function outgoing(n: number, tag: string, keyed = true): Outgoing[] {
  return Array.from({ length: n }, (_, i) => ({
    message: {
      to: `many${i}.${tag}@example.com`,
      subject: `Batch test ${tag}`,
      html: '<p>Hi</p>',
      text: 'Hi',
      tag: 'batch-test',
      ...(keyed ? { idempotencyKey: `batch-test-${tag}-${i}` } : {}),
    },
    ctx: { site_id: 3 },
  }))
}

const logged = (tag: string) =>
  sql()`select recipient, status, provider_ref from public.message_log
    where subject = ${`Batch test ${tag}`} order by recipient`

test('250 messages go in three batch calls (100, 100, 50) and each is logged as sent', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const fake = new FakeEmail()
  const { sent } = await sendManyAndLog(outgoing(250, tag), fake)
  assert.equal(sent.length, 250)
  assert.ok(sent.every(Boolean))
  assert.deepEqual(fake.batches.map((b) => b.size), [100, 100, 50])
  assert.deepEqual(fake.singles, [])
  // Each batch carries a key made from its messages' keys: the same batch again, the same key.
  const again = new FakeEmail()
  await sendManyAndLog(outgoing(250, tag), again)
  assert.deepEqual(again.batches.map((b) => b.key), fake.batches.map((b) => b.key))
  assert.equal(new Set(fake.batches.map((b) => b.key)).size, 3)
  assert.match(fake.batches[0]!.key!, /^batch-[0-9a-f]{32}$/)
  const rows = await logged(tag)
  assert.equal(rows.length, 500)
  assert.ok(rows.every((r) => r.status === 'sent' && String(r.provider_ref).startsWith('batch-')))
})

test('messages without keys of their own are batched without a key', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const fake = new FakeEmail()
  await sendManyAndLog(outgoing(3, tag, false), fake)
  assert.deepEqual(fake.batches, [{ size: 3, key: undefined }])
})

test('a batch refused for one address goes again one by one: only that message fails', async () => {
  for (const status of [400, 422]) {
    const tag = crypto.randomUUID().slice(0, 8)
    const items = outgoing(120, tag)
    const bad = items[105]!.message.to
    const fake = new FakeEmail({ refuseBatchWith: status, badAddress: bad })
    const { sent } = await sendManyAndLog(items, fake)
    assert.deepEqual(fake.batches.map((b) => b.size), [100, 20])
    // The first batch went whole; the second, refused, went one message at a time.
    assert.equal(fake.singles.length, 20)
    assert.deepEqual(sent.map((s, i) => s ? null : i).filter((i) => i !== null), [105])
    const rows = await logged(tag)
    assert.deepEqual(rows.filter((r) => r.status === 'failed').map((r) => r.recipient), [bad])
    assert.equal(rows.filter((r) => String(r.provider_ref).startsWith('single-')).length, 19)
  }
})

test('a batch that failed otherwise is not sent again here: logged as failed, the rest go', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const fake = new FakeEmail({ failBatches: [0] })
  const { sent } = await sendManyAndLog(outgoing(150, tag), fake)
  assert.deepEqual(fake.singles, [], 'a batch that may have gone is not sent again')
  assert.equal(sent.filter((s) => !s).length, 100)
  assert.ok(sent.slice(100).every(Boolean))
  const rows = await logged(tag)
  assert.equal(rows.filter((r) => r.status === 'failed').length, 100)
  assert.equal(rows.filter((r) => r.status === 'sent').length, 50)
})
