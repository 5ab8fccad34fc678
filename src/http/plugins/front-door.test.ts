import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'
import { rawRequest } from '../../../test/support/raw-request.ts'

const logLines: string[] = []
/** URLs that reached Fastify (inject included), to tell them from the front door's. */
const seenByFastify: string[] = []
let app: FastifyInstance
let base: string

before(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk))
      callback()
    },
  })
  app = await buildFixtureApp({
    logger: { level: 'info', stream },
    // Pinned: answers about today carry a max-age cut at the day's end.
    clock: () => new Date('2026-11-28T12:00:00Z'),
  })
  app.addHook('onRequest', (request, _reply, done) => {
    seenByFastify.push(request.url)
    done()
  })
  base = await app.listen({ port: 0, host: '127.0.0.1' })
})
after(() => app.close())

const URLS = [
  '/api/v1/projects',
  '/api/v1/projects/webapp',
  '/api/v1/projects/dashboard',
  '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12',
  '/api/v1/check?project=nope&version=1&dependency=x&dependencyVersion=1',
  '/api/v1/check?project=webapp&version=2.0&dependencies=%7B%22python%22%3A%223.12%22%7D',
  '/api/v1/projects/dbo/versions?dependencies=%7B%22plat%22%3A%221.34.1%22%7D',
  '/api/v1/dependencies',
  '/api/v1/dependencies/platform',
  '/api/v1/dependencies/plat?version=1.33.2',
  '/api/v1/stack?components=%7B%22dbo%22%3A%22v1.27.1%22%2C%22pgdb%22%3A%2217.2%22%7D',
  '/api/v1/stack?components=%7B%22plat%22%3A%221.34.2%22%7D&date=2026-09-01',
  '/api/v1/projects/plat/lifecycle',
  '/api/v1/projects/platform/lifecycle?date=2026-09-01',
  '/api/v1/projects/webapp/lifecycle',
]
const HEADER_VARIANTS: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'br, gzip' },
  { 'accept-encoding': 'br;q=0, gzip;q=0' },
]
// Set by the connection, not by the answer.
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

function answerHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !TRANSPORT.has(name))
      .map(([name, value]) => [name, String(value)]),
  )
}

test('an answer from the front door is the same answer Fastify gives: status, headers, bytes', async () => {
  for (const url of URLS) {
    for (const headers of HEADER_VARIANTS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const label = `${method} ${url} ${JSON.stringify(headers)}`
        const fromFastify = await app.inject({ method, url, headers })
        const atFrontDoor = await rawRequest(`${base}${url}`, method, headers)
        assert.equal(atFrontDoor.status, fromFastify.statusCode, label)
        assert.deepEqual(
          answerHeaders(atFrontDoor.headers),
          answerHeaders(fromFastify.headers),
          label,
        )
        assert.ok(atFrontDoor.body.equals(fromFastify.rawPayload), label)
        const etag = String(fromFastify.headers.etag)
        const notModified = await fetch(`${base}${url}`, {
          method,
          headers: { 'if-none-match': etag },
        })
        assert.equal(notModified.status, 304, label)
      }
    }
  }
  assert.ok(
    logLines.some((line) => line.includes('"reqId":"front-door-')),
    'the front door answered',
  )
})

test('every log line names its request once', async () => {
  await app.inject({ method: 'GET', url: '/api/v1/projects/nope' })
  await rawRequest(`${base}/api/v1/projects?unknown=1`, 'GET', {})
  const requestLines = logLines.filter((line) => line.includes('"msg":"request"'))
  assert.ok(requestLines.length > 0)
  for (const line of requestLines) {
    assert.equal(line.split('"reqId":').length - 1, 1, line)
  }
})

test('a plain single check never asked before is answered by the front door, as Fastify would answer it', async () => {
  for (const version of ['3.12.1', '3.9', 'latest', '16.4-alpine']) {
    const url = `/api/v1/check?dependencyVersion=${version}&project=webapp&dependency=python&version=2.0`
    const first = await rawRequest(`${base}${url}`, 'GET', {})
    assert.equal(
      seenByFastify.includes(url),
      false,
      'the front door answered it; Fastify never saw it',
    )
    const fromFastify = await app.inject({ method: 'GET', url })
    assert.equal(first.status, 200)
    assert.deepEqual(answerHeaders(first.headers), answerHeaders(fromFastify.headers), url)
    assert.ok(first.body.equals(fromFastify.rawPayload), url)
  }
})

test('what the front door does not know goes to Fastify', async () => {
  for (const url of [
    '/api/v1/projects/nope',
    '/api/v1/projects/WEBAPP',
    '/api/v1/projects/web%61pp',
  ]) {
    const response = await fetch(`${base}${url}`)
    const viaFastify = await app.inject(url)
    assert.equal(response.status, viaFastify.statusCode, url)
  }
})

/** A POST over a real socket; `chunked` leaves out the length and sends the body in two parts. */
function rawPost(contentType: string, body: string, chunked = false, path = '/api/v1/check') {
  const headers: Record<string, string> = { 'content-type': contentType }
  if (!chunked) headers['content-length'] = String(Buffer.byteLength(body))
  return rawRequest(`${base}${path}`, 'POST', headers, (outgoing) => {
    if (chunked) outgoing.write(body.slice(0, 5))
    outgoing.end(chunked ? body.slice(5) : body)
  })
}

const POSTS_SEEN_BY_FASTIFY = () => seenByFastify.filter((url) => url === '/api/v1/check').length

const usualBody = (version: string) =>
  JSON.stringify({ project: 'webapp', version: '2.0', dependencies: { python: version } })

// [what, content type, body, chunked, answered before Fastify]
const POSTS: ReadonlyArray<[string, string, string, boolean, boolean]> = [
  ['the usual body', 'application/json', usualBody('3.12.7'), false, true],
  ['the same body again', 'application/json', usualBody('3.12.7'), false, true],
  ['with charset', 'application/json; charset=utf-8', usualBody('3.11.2'), false, true],
  [
    'an unknown project',
    'application/json',
    '{"project":"nope","version":"1","dependencies":{"a":"1"}}',
    false,
    true,
  ],
  [
    'escapes',
    'application/json',
    usualBody('3.12.8').replace('python', 'pyth\\u006fn'),
    false,
    false,
  ],
  [
    'integer-like keys',
    'application/json',
    '{"project":"webapp","version":"2.0","dependencies":{"10":"1","python":"3.12"}}',
    false,
    false,
  ],
  [
    'a repeated key',
    'application/json',
    '{"project":"webapp","project":"webapp","version":"2.0","dependencies":{"python":"3.12"}}',
    false,
    false,
  ],
  [
    'invalid values',
    'application/json',
    '{"project":"","version":2,"dependencies":{}}',
    false,
    false,
  ],
  ['broken JSON', 'application/json', '{"project":', false, false],
  ['an empty body', 'application/json', '', false, false],
  ['too large', 'application/json', `{"project":"${'x'.repeat(17_000)}"}`, false, false],
  ['chunked', 'application/json', usualBody('3.12.9'), true, false],
  ['another content type', 'text/plain', usualBody('3.12.7'), false, false],
  ['an unusual spelling', 'Application/JSON', usualBody('3.12.10'), false, false],
]

for (const [what, contentType, body, chunked, atFrontDoor] of POSTS) {
  test(`POST with ${what}: ${atFrontDoor ? 'answered by the front door' : 'answered by Fastify'}, as Fastify answers it`, async () => {
    const before = POSTS_SEEN_BY_FASTIFY()
    const sent = await rawPost(contentType, body, chunked)
    assert.equal(POSTS_SEEN_BY_FASTIFY() - before, atFrontDoor ? 0 : 1)
    const fromFastify = await app.inject({
      method: 'POST',
      url: '/api/v1/check',
      headers: { 'content-type': contentType },
      payload: body,
    })
    assert.equal(sent.status, fromFastify.statusCode)
    assert.deepEqual(answerHeaders(sent.headers), answerHeaders(fromFastify.headers))
    assert.ok(sent.body.equals(fromFastify.rawPayload), sent.body.toString().slice(0, 200))
  })
}

const stackBody = (version: string) =>
  JSON.stringify({ components: { dbo: version, platform: '1.33.2', pgdb: '18.1' } })

// [what, body, answered before Fastify]
const STACK_POSTS: ReadonlyArray<[string, string, boolean]> = [
  ['a stack', stackBody('v1.27.1'), true],
  ['the same stack again', stackBody('v1.27.1'), true],
  ['escapes and integer-like names', '{"components":{"10":"1","db\\u006f":"1.28"}}', true],
  ['no components', '{"components":{}}', false],
  ['an unknown field', '{"components":{"a":"1"},"extra":true}', false],
  ['a repeated name', '{"components":{"a":"1","a":"2"}}', false],
  ['broken JSON', '{"components":', false],
  [
    '33 components',
    JSON.stringify({
      components: Object.fromEntries(Array.from({ length: 33 }, (_, index) => [`c${index}`, '1'])),
    }),
    false,
  ],
]

for (const [what, body, atFrontDoor] of STACK_POSTS) {
  test(`stack POST with ${what}: ${atFrontDoor ? 'answered by the front door' : 'answered by Fastify'}, as Fastify answers it`, async () => {
    const seen = () => seenByFastify.filter((url) => url === '/api/v1/stack').length
    const before = seen()
    const sent = await rawPost('application/json', body, false, '/api/v1/stack')
    assert.equal(seen() - before, atFrontDoor ? 0 : 1)
    const fromFastify = await app.inject({
      method: 'POST',
      url: '/api/v1/stack',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    assert.equal(sent.status, fromFastify.statusCode)
    assert.deepEqual(answerHeaders(sent.headers), answerHeaders(fromFastify.headers))
    assert.ok(sent.body.equals(fromFastify.rawPayload), sent.body.toString().slice(0, 200))
  })
}

test('a POST whose body is still arriving when shutdown begins is answered, not turned away', async () => {
  const closing = await buildFixtureApp()
  const address = await closing.listen({ port: 0, host: '127.0.0.1' })
  const body = usualBody('3.12.11')
  const socket = connect(Number(new URL(address).port), '127.0.0.1')
  const received: Buffer[] = []
  socket.on('data', (chunk: Buffer) => received.push(chunk))
  const ended = new Promise((resolve) => socket.on('close', resolve))
  // The server has the request (its headers) before shutdown begins, however busy the machine.
  const admitted = new Promise((resolve) => closing.server.once('request', resolve))
  socket.write(
    `POST /api/v1/check HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body.slice(0, 10)}`,
  )
  await admitted
  const closed = closing.close()
  socket.end(body.slice(10))
  await ended
  await closed
  const answer = Buffer.concat(received).toString()
  assert.match(answer, /^HTTP\/1\.1 200 /)
  assert.match(answer, /"compatible":"compatible"/)
})

test('plan POSTs: a valid body is answered by the front door, an invalid one by Fastify, alike', async () => {
  const seen = () => seenByFastify.filter((url) => url === '/api/v1/plan').length
  for (const [body, atFrontDoor] of [
    ['{"components":{"platform":"1.33.2","dbo":"v1.27.1"},"target":{"platform":"1.34"}}', true],
    ['{"components":{"platform":"1.33.2"},"target":{}}', false],
  ] as const) {
    const before = seen()
    const sent = await rawPost('application/json', body, false, '/api/v1/plan')
    assert.equal(seen() - before, atFrontDoor ? 0 : 1)
    const fromFastify = await app.inject({
      method: 'POST',
      url: '/api/v1/plan',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    assert.equal(sent.status, fromFastify.statusCode)
    assert.ok(sent.body.equals(fromFastify.rawPayload), sent.body.toString().slice(0, 200))
  }
})
