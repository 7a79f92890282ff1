// A request whose body cannot be read (it ends before its Content-Length, the client having sent
// what it had and closed its side) is the client's doing: each API answers 400 in its own error
// shape, writes nothing, and logs no server error. It was a 500 PGRST000 with a stack trace.
import assert from 'node:assert/strict'
import net from 'node:net'
import { assertPgrstError, db, SERVICE_KEY, test, URL_ } from './fixtures.ts'

/** Sends the headers with `Content-Length: declared`, then `body` (shorter), then half-closes. */
function truncated(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  declared: number,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(URL_)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      const head = Object.entries({
        host: url.host,
        'content-length': String(declared),
        ...headers,
      }).map(([k, v]) => `${k}: ${v}\r\n`).join('')
      socket.end(`${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`)
    })
    let raw = ''
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => raw += d)
    socket.on('error', reject)
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1])
      const text = raw.slice(raw.indexOf('\r\n\r\n') + 4)
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: the assertion below shows it
      }
      resolve({ status, body: parsed })
    })
  })
}

const service = { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` }

test('a body shorter than its Content-Length is 400 on /rest/v1, and nothing is written', async () => {
  const before = await db`select count(*)::int as n from conformance_books`
  const r = await truncated(
    'POST',
    '/rest/v1/conformance_books',
    { ...service, 'content-type': 'application/json' },
    '{"id": 9001, "title": "Half',
    200,
  )
  assert.equal(r.status, 400, JSON.stringify(r.body))
  assertPgrstError(r.body, 'PGRST102')
  assert.equal((r.body as { message: string }).message, 'The request body could not be read')
  assert.deepEqual(await db`select count(*)::int as n from conformance_books`, before)
})

test('and 400 bad_json on /auth/v1, with no user made', async () => {
  const email = `truncated-${crypto.randomUUID()}@example.com`
  const r = await truncated(
    'POST',
    '/auth/v1/signup',
    { apikey: SERVICE_KEY, 'content-type': 'application/json' },
    `{"email": "${email}", "password": "correct-hor`,
    300,
  )
  assert.equal(r.status, 400, JSON.stringify(r.body))
  assert.equal((r.body as { error_code: string }).error_code, 'bad_json')
  assert.equal((r.body as { msg: string }).msg, 'Could not read request body')
  assert.equal((await db`select id from auth.users where email = ${email}`).length, 0)
})

test('and 400 InvalidRequest on /storage/v1, with no object stored', async () => {
  const name = `truncated/${crypto.randomUUID()}.png`
  const r = await truncated(
    'POST',
    `/storage/v1/object/images/${name}`,
    { ...service, 'content-type': 'image/png' },
    '\x89PNG\r\n\x1a\n',
    4096,
  )
  assert.equal(r.status, 400, JSON.stringify(r.body))
  assert.deepEqual(r.body, {
    statusCode: '400',
    code: 'InvalidRequest',
    error: 'Bad Request',
    message: 'Request body size did not match Content-Length',
  })
  assert.equal((await db`select id from storage.objects where name = ${name}`).length, 0)
})
