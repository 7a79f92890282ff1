// The error shape both tiers share (function-error.ts): what a function answers is what the web
// app reads back, and an answer that is not the shape still gives a readable error.
import assert from 'node:assert/strict'
import { errorBody, fromAnswer, FunctionError } from './function-error.ts'

const test = (name: string, fn: () => void | Promise<void>) => Deno.test(name, fn)

test('a function error survives the trip: body out, the same error back', () => {
  const sent = new FunctionError(400, 'validation_failed', 'Some fields need attention.', [
    { path: 'email', message: 'Enter an e-mail address.' },
  ])
  const back = fromAnswer(400, JSON.parse(JSON.stringify(errorBody(sent))), 'fallback')
  assert.deepEqual(
    [back.status, back.code, back.message, back.details],
    [sent.status, sent.code, sent.message, sent.details],
  )
  assert.ok(back instanceof Error)
})

test('an answer that is not the shape reads as http_error with the given sentence', () => {
  for (const body of [null, 'oops', { error: 'x' }, { error: { message: '' } }]) {
    const e = fromAnswer(502, body, 'Please try again.')
    assert.deepEqual([e.status, e.code, e.message, e.details], [
      502,
      'http_error',
      'Please try again.',
      null,
    ])
  }
})
