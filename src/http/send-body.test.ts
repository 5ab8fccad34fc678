import assert from 'node:assert/strict'
import { test } from 'node:test'
import { gunzipSync } from 'node:zlib'
import { apiBody } from './cached-body.ts'
import { type Answer, answerFor, isNotModified, preferredEncoding } from './send-body.ts'

/** The answer's headers as an object, to read one by name. */
function headersOf(answer: Answer): Record<string, string> {
  const headers: Record<string, string> = {}
  for (let index = 0; index < answer.headers.length; index += 2) {
    headers[answer.headers[index] as string] = answer.headers[index + 1] as string
  }
  return headers
}

// [Accept-Encoding, chosen encoding]
const ENCODINGS: ReadonlyArray<[string | undefined, string | null]> = [
  [undefined, null],
  ['', null],
  ['identity', null],
  ['gzip', 'gzip'],
  ['gzip, deflate, br', 'br'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0.0, gzip;q=0', null],
  ['*', 'gzip'],
  ['GZIP', 'gzip'],
]

for (const [header, encoding] of ENCODINGS) {
  test(`preferredEncoding(${JSON.stringify(header)}) is ${encoding}: brotli first, q=0 refuses`, () => {
    assert.equal(preferredEncoding(header), encoding)
  })
}

// [If-None-Match, ETag, not modified]
const CONDITIONS: ReadonlyArray<[string | undefined, string, boolean]> = [
  [undefined, 'W/"a"', false],
  ['W/"a"', 'W/"a"', true],
  ['"a"', 'W/"a"', true],
  ['W/"b", W/"a"', 'W/"a"', true],
  ['*', 'W/"a"', true],
  ['W/"b"', 'W/"a"', false],
]

for (const [ifNoneMatch, etag, notModified] of CONDITIONS) {
  test(`isNotModified(${JSON.stringify(ifNoneMatch)}, ${etag}) is ${notModified}: weak comparison`, () => {
    assert.equal(isNotModified(ifNoneMatch, etag), notModified)
  })
}

const CACHE = 'public, max-age=60'
const large = apiBody(JSON.stringify({ text: 'x'.repeat(4000) }), 'W/"large"')
const small = apiBody('{"a":1}', 'W/"small"')

test('a cacheable body: ETag, Cache-Control, CORS and Vary on every answer', () => {
  const answer = answerFor(small, CACHE, undefined, undefined)
  assert.equal(answer.status, 200)
  assert.equal(headersOf(answer).etag, 'W/"small"')
  assert.equal(headersOf(answer)['cache-control'], CACHE)
  assert.equal(headersOf(answer)['access-control-allow-origin'], '*')
  assert.equal(headersOf(answer).vary, 'accept-encoding')
  assert.equal(headersOf(answer)['content-length'], '7')
  assert.equal(answer.payload?.toString(), '{"a":1}')
})

test('a matching If-None-Match is 304 without a body or content type', () => {
  const answer = answerFor(large, CACHE, 'W/"large"', 'gzip')
  assert.equal(answer.status, 304)
  assert.equal(answer.payload, null)
  assert.equal(headersOf(answer)['content-type'], undefined)
  assert.equal(headersOf(answer).etag, 'W/"large"')
})

test('large bodies are compressed when accepted; small ones never', () => {
  const gzip = answerFor(large, CACHE, undefined, 'gzip')
  assert.equal(headersOf(gzip)['content-encoding'], 'gzip')
  assert.deepEqual(gunzipSync(gzip.payload as Buffer), large.identity)
  assert.equal(headersOf(answerFor(small, CACHE, undefined, 'gzip'))['content-encoding'], undefined)
})

test('a body without an ETag is no-store and never 304', () => {
  const body = apiBody('{"a":1}', null)
  const answer = answerFor(body, CACHE, '*', undefined)
  assert.equal(answer.status, 200)
  assert.equal(headersOf(answer)['cache-control'], 'no-store')
  assert.equal(headersOf(answer).etag, undefined)
})

test('each variant is worked out once and shared; another cache policy works it out anew', () => {
  const first = answerFor(large, CACHE, undefined, 'br')
  assert.equal(answerFor(large, CACHE, undefined, 'br'), first)
  const other = answerFor(large, 'no-cache', undefined, 'br')
  assert.notEqual(other, first)
  assert.equal(headersOf(other)['cache-control'], 'no-cache')
})

// [body text length, made to be sent once, kept later by the answer cache, sent as]
const PAYLOADS: ReadonlyArray<[number, boolean, boolean, 'text' | 'bytes']> = [
  [100, false, false, 'text'],
  [100, true, false, 'text'],
  [100, true, true, 'text'],
  [5000, false, false, 'bytes'],
  [5000, true, false, 'text'],
  [5000, true, true, 'bytes'],
]

for (const [length, once, keptLater, sentAs] of PAYLOADS) {
  test(`a ${length}-character body${once ? ' made to be sent once' : ''}${keptLater ? ', kept later,' : ''} goes out as ${sentAs}`, () => {
    const text = JSON.stringify({ text: 'y'.repeat(length - 11) })
    const body = apiBody(text, 'W/"payload"', !once)
    const first = answerFor(body, CACHE, undefined, undefined)
    if (keptLater) body.retain()
    const answer = answerFor(body, CACHE, undefined, undefined)
    assert.equal(typeof answer.payload === 'string' ? 'text' : 'bytes', sentAs)
    assert.equal(Buffer.from(answer.payload as string | Buffer).toString(), text)
    assert.equal(headersOf(answer)['content-length'], headersOf(first)['content-length'])
  })
}
