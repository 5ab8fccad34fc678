import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const post = (payload: string, contentType = 'application/json') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/stack',
    headers: { 'content-type': contentType },
    payload,
  })

const STACK = { components: { platform: '1.33.2', dbo: 'v1.27.1', pgdb: '17.2' } }

test('stack POST: the verdict, each component resolved, the pairs and what nothing pairs', async () => {
  const response = await post(JSON.stringify(STACK))
  assert.equal(response.statusCode, 200)
  assert.equal(response.headers['cache-control'], 'no-store')
  const body = response.json()
  assert.deepEqual(body.components, STACK.components)
  assert.equal(body.compatible, 'compatible')
  assert.deepEqual(Object.keys(body), [
    'components',
    'compatible',
    'reason',
    'resolved',
    'pairs',
    'unpaired',
    'date',
    'support',
  ])
  assert.equal(body.resolved.dbo.key, '1.27.1')
  assert.deepEqual(
    body.support.map((item: { component: string; line: string | null }) => [
      item.component,
      item.line,
    ]),
    [
      ['platform', '1.33'],
      ['dbo', null],
      ['pgdb', null],
    ],
  )
  assert.deepEqual(
    body.pairs.map(
      (pair: { project: string; dependency: string }) => `${pair.project}→${pair.dependency}`,
    ),
    ['dbo→platform', 'dbo→pgdb'],
  )
  assert.deepEqual(body.unpaired, [])
})

test('stack GET form: the same answer, cacheable with an ETag', async () => {
  const url = `/api/v1/stack?components=${encodeURIComponent(JSON.stringify(STACK.components))}`
  const response = await app.inject(url)
  assert.equal(response.statusCode, 200)
  assert.equal(response.body, (await post(JSON.stringify(STACK))).body)
  const etag = String(response.headers.etag)
  assert.equal((await app.inject({ url, headers: { 'if-none-match': etag } })).statusCode, 304)
})

test('a stack naming nothing catalogued is unknown with empty pairs, not an error', async () => {
  const response = await post('{"components":{"redis":"7.2","nginx":"1.27"}}')
  assert.equal(response.statusCode, 200)
  const body = response.json()
  assert.equal(body.compatible, 'unknown')
  assert.deepEqual(body.pairs, [])
  assert.deepEqual(body.resolved, { redis: null, nginx: null })
  assert.deepEqual(body.unpaired, ['redis', 'nginx'])
})

const components = (count: number) =>
  JSON.stringify({
    components: Object.fromEntries(Array.from({ length: count }, (_, i) => [`c${i}`, '1'])),
  })

// [what, body, content type, status, offending parameter]
const BAD: readonly (readonly [string, string, string, number, string])[] = [
  ['33 components', components(33), 'application/json', 400, 'components'],
  ['no components', '{"components":{}}', 'application/json', 400, 'components'],
  ['no components field', '{}', 'application/json', 400, 'components'],
  ['an unknown field', '{"components":{"a":"1"},"target":{}}', 'application/json', 400, 'target'],
  ['a number version', '{"components":{"a":1}}', 'application/json', 400, 'components'],
  ['an empty name', '{"components":{"":"1"}}', 'application/json', 400, 'components'],
  ['a repeated name', '{"components":{"a":"1","a":"2"}}', 'application/json', 400, 'body'],
  ['broken JSON', '{"components":', 'application/json', 400, 'body'],
  ['an array', '[]', 'application/json', 400, 'body'],
  ['an empty body', '', 'application/json', 400, 'body'],
  ['another content type', JSON.stringify(STACK), 'text/plain', 415, ''],
  ['too large', `{"components":{"a":"${'x'.repeat(17_000)}"}}`, 'application/json', 413, ''],
]

for (const [what, payload, contentType, status, named] of BAD) {
  test(`stack POST with ${what}: ${status} problem+json`, async () => {
    const response = await post(payload, contentType)
    assert.equal(response.statusCode, status, response.body)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    if (named !== '') {
      assert.ok(
        response.json().errors.some((error: { name: string }) => error.name === named),
        response.body,
      )
    }
  })
}

test('stack POST sent chunked over the limit is 413', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/stack',
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    payload: Readable.from([`{"components":{"a":"${'x'.repeat(17_000)}"}}`]),
  })
  assert.equal(response.statusCode, 413)
})

test('stack GET form: components required, validated, alone', async () => {
  for (const [url, name] of [
    ['/api/v1/stack', 'components'],
    ['/api/v1/stack?components=%7B%7D', 'components'],
    ['/api/v1/stack?components=%7B%22a%22%3A%221%22%7D&x=1', 'x'],
  ] as const) {
    const response = await app.inject(url)
    assert.equal(response.statusCode, 400, url)
    assert.ok(
      response.json().errors.some((error: { name: string }) => error.name === name),
      url,
    )
  }
  assert.equal((await app.inject({ method: 'PUT', url: '/api/v1/stack' })).statusCode, 405)
})
