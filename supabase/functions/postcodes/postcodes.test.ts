// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// The postcodes function and its geocoder: the UK format is checked and spelled one way before
// any lookup; postcodes.io's answers map to a place, "not found" or a 502; the fixture runs only
// in the local stack; a deployment without POSTCODES_PROVIDER answers 503 not_configured.
import assert from 'node:assert/strict'
import {
  distanceMiles,
  milesAway,
  normalisePostcode,
  parseCoordinates,
  POSTCODE_INVALID_MESSAGE,
} from '../_shared/common/geo.ts'
import { HttpError } from '../_shared/errors.ts'
import { geocodeProvider, LocalPostcodes, PostcodesIo } from '../_shared/providers/postcodes.ts'
import { POSTCODE_FIXTURE } from '../_shared/providers/postcodes-fixture.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import { asDeployed, call, errorCode, invoke, test, withEnv } from '../_shared/testing.ts'
import { handler } from './handler.ts'

Deno.test('postcodes: full UK postcodes are accepted in any spacing and case and written one way', () => {
  const cases: [string, string | null][] = [
    ['SW1A 1AA', 'SW1A 1AA'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['  sw1a   1aa ', 'SW1A 1AA'],
    ['ec1a1bb', 'EC1A 1BB'],
    ['W1A 1AA', 'W1A 1AA'],
    ['m11ae', 'M1 1AE'],
    ['bn111ha', 'BN11 1HA'],
    ['CR0 1EA', 'CR0 1EA'],
    ['gir0aa', 'GIR 0AA'],
    // Not full postcodes: an outward code alone, a missing unit, letters where digits go, inward
    // letters a postcode never uses (C I K M O V), junk, nothing.
    ['SW1A', null],
    ['SW1A 1A', null],
    ['SW1A 1AAA', null],
    ['1AA SW1', null],
    ['SW1A 1CA', null],
    ['SW1A 1AV', null],
    ['ABC 1AA', null],
    ['hello', null],
    ['', null],
    ['SW1A-1AA', null],
    ['<script>', null],
  ]
  for (const [input, expected] of cases) {
    assert.equal(normalisePostcode(input), expected, JSON.stringify(input))
  }
})

Deno.test('distances: haversine in miles, shown to one decimal', () => {
  const london = { latitude: 51.5074, longitude: -0.1278 }
  const bath = parseCoordinates('51.3814,-2.3590')!
  // One degree along a meridian is 69.09 miles; equator to pole a quarter of the circumference.
  assert.equal(
    distanceMiles({ latitude: 51, longitude: -1 }, { latitude: 52, longitude: -1 }).toFixed(2),
    '69.09',
  )
  assert.equal(
    distanceMiles({ latitude: 0, longitude: 30 }, { latitude: 90, longitude: 0 }).toFixed(1),
    '6218.4',
  )
  // London to Bath: about 96 miles as the crow flies.
  assert.equal(Math.round(distanceMiles(london, bath)), 96)
  assert.equal(distanceMiles(london, london), 0)
  assert.equal(distanceMiles(london, bath).toFixed(6), distanceMiles(bath, london).toFixed(6))
  assert.equal(milesAway(0.04), '0.0 miles away')
  assert.equal(milesAway(1.02), '1.0 mile away')
  assert.equal(milesAway(12.345), '12.3 miles away')
  assert.equal(parseCoordinates(null), null)
  assert.equal(parseCoordinates('51.3,'), null)
  assert.equal(parseCoordinates('north,south'), null)
  assert.equal(parseCoordinates('91,0'), null)
})

/** A stand-in for fetch that answers `status` with `body` and remembers the URL asked. */
function stubFetch(status: number, body: unknown) {
  const asked: string[] = []
  const fetchStub = ((input: string | URL | Request) => {
    asked.push(String(input))
    return Promise.resolve(
      new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    )
  }) as typeof fetch
  return { asked, fetchStub }
}

Deno.test('postcodes.io client: 200 → the place, 404 → unknown, no place → unknown, other failures → ProviderError', async () => {
  const ok = stubFetch(200, {
    status: 200,
    result: { postcode: 'SW1A 1AA', latitude: 51.501009, longitude: -0.141588 },
  })
  assert.deepEqual(
    await new PostcodesIo({ fetch: ok.fetchStub, baseUrl: 'https://pc.example/' }).locate(
      'SW1A 1AA',
    ),
    { latitude: 51.501009, longitude: -0.141588 },
  )
  assert.deepEqual(ok.asked, ['https://pc.example/postcodes/SW1A%201AA'])

  const missing = stubFetch(404, { status: 404, error: 'Postcode not found' })
  assert.equal(await new PostcodesIo({ fetch: missing.fetchStub }).locate('ZZ9 9ZZ'), null)
  assert.deepEqual(missing.asked, ['https://api.postcodes.io/postcodes/ZZ9%209ZZ'])

  const noPlace = stubFetch(200, {
    status: 200,
    result: { postcode: 'GIR 0AA', latitude: null, longitude: null },
  })
  assert.equal(await new PostcodesIo({ fetch: noPlace.fetchStub }).locate('GIR 0AA'), null)

  for (const status of [400, 429, 500, 503]) {
    const failing = stubFetch(status, { status, error: 'nope' })
    await assert.rejects(
      new PostcodesIo({ fetch: failing.fetchStub }).locate('SW1A 1AA'),
      (e) => e instanceof ProviderError && e.status === status,
    )
  }
  const down = (() => Promise.reject(new TypeError('connection refused'))) as typeof fetch
  await assert.rejects(
    new PostcodesIo({ fetch: down }).locate('SW1A 1AA'),
    (e) => e instanceof ProviderError && e.status === 0,
  )
})

Deno.test('the local geocoder: fixture postcodes, then the outward code, else unknown', async () => {
  const local = new LocalPostcodes()
  assert.deepEqual(await local.locate('SW1A 1AA'), POSTCODE_FIXTURE['SW1A 1AA'])
  const outward = await local.locate('BA1 9ZZ')
  assert.ok(
    outward && Math.abs(outward.latitude - 51.39) < 0.05,
    "BA1 9ZZ answers with BA1's centre",
  )
  assert.equal(await local.locate('ZE2 9ZZ'), null)
})

Deno.test('the geocoder: the fixture only in the local stack; postcodes.io when chosen; else 503 not_configured', async () => {
  await asDeployed(() => {
    try {
      geocodeProvider()
      assert.fail('a deployment without POSTCODES_PROVIDER must not fall back to the fixture')
    } catch (e) {
      assert.ok(e instanceof HttpError)
      assert.equal(e.status, 503)
      assert.equal(e.code, 'not_configured')
      assert.deepEqual(e.details, { service: 'postcodes', missing: ['POSTCODES_PROVIDER'] })
      assert.match(e.message, /POSTCODES_PROVIDER=postcodes\.io/)
    }
  })
  await asDeployed(() => assert.equal(geocodeProvider().name, 'postcodes.io'), {
    POSTCODES_PROVIDER: 'postcodes.io',
  })
  await asDeployed(() => assert.equal(geocodeProvider().name, 'local'), { ROOTS_LOCAL_STACK: '1' })
  // A copied local env file on a hosted project changes nothing.
  await asDeployed(async () => {
    await withEnv(
      { SUPABASE_URL: 'https://abcdefgh.supabase.co' },
      () => assert.throws(geocodeProvider, (e) => e instanceof HttpError && e.status === 503),
    )
  }, { ROOTS_LOCAL_STACK: '1' })
})

test('POST /postcodes: a fixture postcode in any spelling → its place, written one way', async () => {
  const r = await call('postcodes', { body: { postcode: ' sw1a1aa ' } })
  assert.equal(r.status, 200, r.text)
  assert.deepEqual(r.json, { postcode: 'SW1A 1AA', ...POSTCODE_FIXTURE['SW1A 1AA'] })
})

test('POST /postcodes: malformed → 400 with the message; unknown → 404; wrong method or body refused', async () => {
  const bad = await call('postcodes', { body: { postcode: 'SW1A' } })
  assert.equal(bad.status, 400, bad.text)
  assert.equal(errorCode(bad), 'invalid_postcode')
  assert.equal(bad.json.error.message, POSTCODE_INVALID_MESSAGE)
  assert.equal(bad.json.error.message, 'Enter a full UK postcode, like SW1A 1AA.')
  assert.deepEqual(bad.json.error.details, [{
    path: 'postcode',
    message: POSTCODE_INVALID_MESSAGE,
  }])
  const unknown = await call('postcodes', { body: { postcode: 'ZE2 9ZZ' } })
  assert.equal(unknown.status, 404, unknown.text)
  assert.equal(errorCode(unknown), 'postcode_not_found')
  assert.equal(unknown.json.error.message, 'We could not find that postcode.')
  assert.equal((await call('postcodes', { method: 'GET' })).status, 405)
  assert.equal(errorCode(await call('postcodes', { body: { postcode: 12 } })), 'validation_failed')
  assert.equal(
    errorCode(await call('postcodes', { body: { postcode: 'SW1A 1AA', extra: 1 } })),
    'validation_failed',
  )
})

test('POST /postcodes: deployed without a geocoder → 503 not_configured; with postcodes.io → its answers, 502 when it fails', async () => {
  await asDeployed(async () => {
    const r = await invoke(handler, 'postcodes', { body: { postcode: 'SW1A 1AA' } })
    assert.equal(r.status, 503, r.text)
    assert.equal(errorCode(r), 'not_configured')
    // A malformed postcode is still told so: the format needs no geocoder.
    assert.equal((await invoke(handler, 'postcodes', { body: { postcode: 'nope' } })).status, 400)
  })
  // A fake postcodes.io: one postcode known, one failing.
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, (req) => {
    const code = decodeURIComponent(new URL(req.url).pathname.split('/').pop()!)
    if (code === 'LS1 1UR') {
      return Response.json({ status: 200, result: { latitude: 53.8, longitude: -1.55 } })
    }
    if (code === 'S1 2HH') return Response.json({ status: 500, error: 'boom' }, { status: 500 })
    return Response.json({ status: 404, error: 'Postcode not found' }, { status: 404 })
  })
  try {
    await asDeployed(async () => {
      const found = await invoke(handler, 'postcodes', { body: { postcode: 'ls11ur' } })
      assert.equal(found.status, 200, found.text)
      assert.deepEqual(found.json, { postcode: 'LS1 1UR', latitude: 53.8, longitude: -1.55 })
      const unknown = await invoke(handler, 'postcodes', { body: { postcode: 'SW1A 1AA' } })
      assert.equal(unknown.status, 404, 'the real service decides, not the fixture')
      const failing = await invoke(handler, 'postcodes', { body: { postcode: 'S1 2HH' } })
      assert.equal(failing.status, 502, failing.text)
      assert.equal(errorCode(failing), 'upstream_failed')
    }, {
      POSTCODES_PROVIDER: 'postcodes.io',
      POSTCODES_API_URL: `http://127.0.0.1:${server.addr.port}`,
    })
  } finally {
    await server.shutdown()
  }
})

test('POST /postcodes: one connection may look up 60 postcodes an hour', async () => {
  await withEnv({ PUBLIC_FORM_LIMIT_SCALE: undefined, ROOTS_LOCAL_STACK: '1' }, async () => {
    const from = { 'x-forwarded-for': `192.0.2.${50 + Math.floor(Math.random() * 100)}` }
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (await invoke(handler, 'postcodes', { body: { postcode: 'SW1A 1AA' }, headers: from }))
          .status,
      )
    }
    assert.deepEqual(statuses, [...Array(60).fill(200), 429])
    const r: any = await invoke(handler, 'postcodes', {
      body: { postcode: 'SW1A 1AA' },
      headers: from,
    })
    assert.equal(errorCode(r), 'rate_limited')
  })
})
