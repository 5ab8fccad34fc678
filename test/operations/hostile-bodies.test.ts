/**
 * What a careless or hostile client sends in a body, against a real listening server (the front
 * door included): bodies in a content coding the server does not read, bytes that are not UTF-8,
 * a file of millions of faults, and `nosniff` on every kind of answer.
 */
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, test } from 'node:test'
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../support/fixture-app.ts'
import { rawRequest } from '../support/raw-request.ts'

let app: FastifyInstance
let base: string
before(async () => {
  app = await buildFixtureApp()
  await app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
})
after(() => app.close())

const JSON_TYPE = 'application/json'
const CYCLONEDX = 'application/vnd.cyclonedx+json'
const FORM = 'application/x-www-form-urlencoded'

const post = (path: string, contentType: string, body: Buffer, headers = {}) =>
  rawRequest(
    `${base}${path}`,
    'POST',
    { 'content-type': contentType, 'content-length': String(body.length), ...headers },
    (outgoing) => outgoing.end(body),
  )

const CHECK = JSON.stringify({
  project: 'webapp',
  version: '2.0',
  dependencies: { python: '3.12' },
})
const STACK = JSON.stringify({ components: { webapp: '2.0', python: '3.12' } })
const PLAN = JSON.stringify({ components: { webapp: '2.0' }, target: { webapp: '2.0' } })
const SBOM = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', components: [] })

// Columns: the route, its content type, a body it answers, whether the answer is a page.
const BODY_ROUTES: readonly (readonly [string, string, string, boolean])[] = [
  ['/api/v1/check', JSON_TYPE, CHECK, false],
  ['/api/v1/stack', JSON_TYPE, STACK, false],
  ['/api/v1/stack', CYCLONEDX, SBOM, false],
  ['/api/v1/plan', JSON_TYPE, PLAN, false],
  ['/stack', FORM, new URLSearchParams({ file: SBOM }).toString(), true],
]

// Columns: the coding as sent, how the body is encoded in it.
const CODINGS: readonly (readonly [string, (body: Buffer) => Buffer])[] = [
  ['gzip', (body) => gzipSync(body)],
  ['br', (body) => brotliCompressSync(body)],
  ['x-unknown', (body) => body],
  ['gzip, identity', (body) => gzipSync(body)],
]

test('a body in a content coding the server does not read is 415 on every route, saying what it reads', async () => {
  for (const [path, contentType, body, page] of BODY_ROUTES) {
    const plain = await post(path, contentType, Buffer.from(body))
    assert.equal(plain.status, 200, `${path} ${contentType} answers the body plain`)
    for (const [coding, encode] of CODINGS) {
      const what = `${path} ${contentType} in ${coding}`
      const response = await post(path, contentType, encode(Buffer.from(body)), {
        'content-encoding': coding,
      })
      assert.equal(response.status, 415, what)
      assert.equal(response.headers['accept-encoding'], 'identity', what)
      const text = response.body.toString()
      if (page) assert.match(text, /which this server does not read; send it uncompressed/, what)
      else
        assert.match(
          (JSON.parse(text) as { detail: string }).detail,
          /^The body is sent with content-encoding ".+", which this server does not read; send it uncompressed\.$/,
          what,
        )
    }
    const identity = await post(path, contentType, Buffer.from(body), {
      'content-encoding': 'identity',
    })
    assert.equal(identity.status, 200, `${path} ${contentType}: identity is read`)
  }
})

test('a JSON body that is not UTF-8 is 400 on every JSON route, never read with U+FFFD', async () => {
  for (const [path, contentType, body] of BODY_ROUTES) {
    if (contentType === FORM) continue
    // Valid JSON but for one byte in a name: read as U+FFFD it would be answered and echoed.
    const bytes = Buffer.from(
      body
        .replace('webapp', 'web\u0000app')
        .replace('"components":[]', '"components":[{"name":"a\u0000"}]'),
    )
    const broken = Buffer.from(bytes.map((byte) => (byte === 0 ? 0xff : byte)))
    const response = await post(path, contentType, broken)
    assert.equal(response.status, 400, `${path} ${contentType}`)
    const problem = JSON.parse(response.body.toString()) as { errors: { reason: string }[] }
    assert.equal(problem.errors[0]?.reason, 'is not UTF-8 text', `${path} ${contentType}`)
    assert.ok(!response.body.includes(Buffer.from('\ufffd')), 'no U+FFFD echoed')
  }
  const form = await post('/stack', FORM, Buffer.from('file=%FF%FEflask%3D%3D1'))
  assert.equal(form.status, 400)
  assert.match(form.body.toString(), /The file is not UTF-8 text/)
})

test('an SBOM of two million faults: 400 listing the first 100 and the count, compressed', async () => {
  const body = Buffer.from(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      components: Array(2_097_000).fill(1),
    }),
  )
  const response = await post('/api/v1/stack', CYCLONEDX, body, { 'accept-encoding': 'gzip' })
  assert.equal(response.status, 400)
  assert.equal(response.headers['content-encoding'], 'gzip')
  assert.ok(response.body.length < 16 * 1024, `${response.body.length} bytes sent`)
  const problem = JSON.parse(gunzipSync(response.body).toString()) as {
    detail: string
    errors: unknown[]
    errorCount: number
  }
  assert.equal(problem.errors.length, 100)
  assert.equal(problem.errorCount, 2_097_000)
  assert.match(problem.detail, /the first 100 of 2097000 errors are listed\.$/)
})

/** Every kind of answer: API JSON (fresh and kept), 304, problems, pages, badges, assets. */
const ANSWERS: readonly (readonly [string, () => Promise<{ headers: Record<string, unknown> }>])[] =
  [
    ['a project list', () => rawRequest(`${base}/api/v1/projects`, 'GET', {})],
    ['the same, from the front door', () => rawRequest(`${base}/api/v1/projects`, 'GET', {})],
    ['a HEAD', () => rawRequest(`${base}/api/v1/projects`, 'HEAD', {})],
    [
      'a 304',
      async () => {
        const first = await rawRequest(`${base}/api/v1/projects/webapp`, 'GET', {})
        const second = await rawRequest(`${base}/api/v1/projects/webapp`, 'GET', {
          'if-none-match': String(first.headers.etag),
        })
        assert.equal(second.status, 304)
        return second
      },
    ],
    ['a POST check', () => post('/api/v1/check', JSON_TYPE, Buffer.from(CHECK))],
    [
      'the same POST, from the front door',
      () => post('/api/v1/check', JSON_TYPE, Buffer.from(CHECK)),
    ],
    ['an SBOM', () => post('/api/v1/stack', CYCLONEDX, Buffer.from(SBOM))],
    ['a 404 problem', () => rawRequest(`${base}/api/v1/nope`, 'GET', {})],
    ['a 405 problem', () => rawRequest(`${base}/api/v1/projects`, 'DELETE', {})],
    ['a 400 problem', () => rawRequest(`${base}/api/v1/check?project=`, 'GET', {})],
    ['a 415 problem', () => post('/api/v1/check', 'text/plain', Buffer.from('x'))],
    ['a preflight', () => rawRequest(`${base}/api/v1/check`, 'OPTIONS', {})],
    ['a page', () => rawRequest(`${base}/`, 'GET', {})],
    ['a page, from the front door', () => rawRequest(`${base}/`, 'GET', {})],
    ['a 404 page', () => rawRequest(`${base}/projects/nope`, 'GET', {})],
    ['the form’s page', () => post('/stack', FORM, Buffer.from('file=x'))],
    ['a badge', () => rawRequest(`${base}/badge/webapp/2.0/python/3.12.svg`, 'GET', {})],
    ['a badge’s JSON', () => rawRequest(`${base}/badge/webapp/2.0/python/3.12.json`, 'GET', {})],
    ['a script', () => rawRequest(`${base}/assets/app.js`, 'GET', {})],
    ['the OpenAPI document', () => rawRequest(`${base}/api/v1/openapi.json`, 'GET', {})],
    ['the API docs', () => rawRequest(`${base}/api/v1/docs`, 'GET', {})],
    ['health', () => rawRequest(`${base}/healthz`, 'GET', {})],
    ['metrics', () => rawRequest(`${base}/metrics`, 'GET', {})],
    ['robots.txt', () => rawRequest(`${base}/robots.txt`, 'GET', {})],
  ]

test('every answer carries x-content-type-options: nosniff', async () => {
  for (const [what, ask] of ANSWERS) {
    const response = await ask()
    assert.equal(response.headers['x-content-type-options'], 'nosniff', what)
  }
})

test('so does an answer to bytes that are not HTTP, sent before any route is found', async () => {
  const port = (app.server.address() as { port: number }).port
  const received = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(text))
    socket.on('connect', () => socket.write('NOT HTTP AT ALL\r\n\r\n'))
  })
  assert.match(received, /^HTTP\/1\.1 400 /)
  assert.match(received, /x-content-type-options: nosniff/i)
})
