/** Random requests at the app: never a 5xx, every error a well-formed problem, still answering. */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'QUERY',
] as const
const PATHS = [
  '/',
  '/api/v1',
  '/api/v1/projects',
  '/api/v1/projects/webapp',
  '/api/v1/projects/__proto__',
  '/api/v1/check',
  '/api/v1/openapi.json',
  '/healthz',
  '/readyz',
  '/metrics',
  '/projects/webapp',
]
const PARAMETERS = [
  'project',
  'version',
  'dependency',
  'dependencyVersion',
  'dependencies',
  '__proto__',
  'constructor',
  'x',
]

const text = fc.oneof(
  fc.constantFrom(
    'webapp',
    '2.0',
    'python',
    '3.12',
    '16.4-alpine',
    '{"python":"3.12"}',
    '{}',
    '[]',
    '',
    '%',
    '%ZZ',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 200 }).map((s) => s.repeat(3)),
)
const path = fc.oneof(
  fc.constantFrom(...PATHS),
  fc
    .tuple(fc.constantFrom(...PATHS), text)
    .map(([base, extra]) => `${base}/${encodeURIComponent(extra)}`),
  fc.constantFrom('/api/v1/projects/%', '/api/v1/%E0%A4%A', '//api/v1/projects', '/api/v1/check/'),
)
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMETERS), text), text), { maxLength: 6 })
  .map((pairs) =>
    pairs
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&'),
  )
const printable = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''))
const headers = fc.record(
  {
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/problem+json',
        '',
      ),
      printable,
    ),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', 'identity', '*', 'br;q=0'),
    'if-none-match': fc.oneof(fc.constantFrom('*', 'W/"x"'), printable),
    origin: fc.constantFrom('https://example.org', 'null'),
    'access-control-request-method': fc.constantFrom('POST', 'GET'),
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc
    .record({
      project: fc.oneof(text, fc.jsonValue()),
      version: fc.oneof(text, fc.jsonValue()),
      dependencies: fc.oneof(
        fc.dictionary(text, fc.oneof(text, fc.jsonValue()), { maxKeys: 40 }),
        fc.jsonValue(),
      ),
    })
    .map((value) => JSON.stringify(value)),
  text,
)

test('no request makes the app answer 5xx; every error is problem+json', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...METHODS),
      path,
      query,
      headers,
      body,
      async (method, url, search, head, payload) => {
        const response = await app.inject({
          method,
          url: search === '' ? url : `${url}?${search}`,
          headers: Object.fromEntries(Object.entries(head).filter(([, value]) => value !== '')),
          ...(payload === undefined || method === 'GET' || method === 'HEAD' ? {} : { payload }),
        })
        assert.ok(
          response.statusCode < 500,
          `${method} ${url}?${search} → ${response.statusCode} ${response.body}`,
        )
        if (response.statusCode >= 400 && method !== 'HEAD') {
          assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
          const problem = JSON.parse(response.body)
          assert.equal(problem.status, response.statusCode)
          assert.equal(typeof problem.title, 'string')
          assert.equal(typeof problem.detail, 'string')
          assert.equal(typeof problem.type, 'string')
        }
      },
    ),
    { numRuns: 1500 },
  )
  const health = await app.inject('/healthz')
  assert.equal(health.statusCode, 200)
  const check = await app.inject(
    '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12',
  )
  assert.equal(JSON.parse(check.body).compatible, 'compatible')
})
