import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'
import { type RecordedRegistry, recordedRegistry } from '../../../test/support/recorded-registry.ts'

const fixture = (path: string) =>
  readFileSync(new URL(`../../../test/fixtures/readiness/${path}`, import.meta.url))

let app: FastifyInstance
let online: FastifyInstance
let registry: RecordedRegistry
let home: string
before(async () => {
  registry = await recordedRegistry()
  home = await mkdtemp(join(tmpdir(), 'compat-readiness-route-'))
  app = await buildFixtureApp()
  online = await buildFixtureApp({
    registry: { env: { npm_config_registry: registry.npm, XDG_CACHE_HOME: home, HOME: home } },
  })
})
after(async () => {
  await Promise.all([app.close(), online.close(), registry.close()])
  await rm(home, { recursive: true, force: true })
})

const post = (
  server: FastifyInstance,
  query: string,
  payload: Buffer | string,
  contentType = 'application/json',
) =>
  server.inject({
    method: 'POST',
    url: `/api/v1/readiness?${query}`,
    headers: { 'content-type': contentType },
    payload,
  })

const LOCK = fixture('react18-app/package-lock.json')

test('POST /api/v1/readiness answers from the file alone when the server reads no registry', async () => {
  const response = await post(app, 'target=react@19.0.0&date=2026-12-07', LOCK)
  assert.equal(response.statusCode, 200, response.body)
  assert.equal(response.headers['cache-control'], 'no-store')
  const answer = response.json()
  assert.deepEqual(answer.target, { name: 'react', version: '19.0.0', project: null })
  assert.equal(answer.offline, true)
  assert.equal(answer.date, '2026-12-07')
  assert.equal(answer.verdict, 'blocked')
  assert.equal(answer.blocking.length, 13)
  assert.ok(
    answer.blocking.every((item: { lowestAdmitting: unknown }) => item.lowestAdmitting === null),
  )
})

test('with COMPAT_REGISTRY=on, the registry tells where each blocker could move', async () => {
  const response = await post(online, 'target=react@19.0.0', LOCK)
  assert.equal(response.statusCode, 200, response.body)
  const answer = response.json()
  assert.equal(answer.offline, false)
  const dom = answer.blocking.find((item: { name: string }) => item.name === 'react-dom')
  assert.equal(dom.lowestAdmitting, '19.0.0')
})

test('pnpm-lock.yaml and poetry.lock under text/plain, told from the content or named by format', async () => {
  for (const [query, file] of [
    ['target=nodejs@16.20.2', 'react18-app/pnpm-lock.yaml'],
    ['target=nodejs@16.20.2&format=pnpm-lock', 'react18-app/pnpm-lock.yaml'],
    ['target=python@3.7&format=poetry-lock', 'python/poetry.lock'],
  ] as const) {
    const response = await post(app, query, fixture(file), 'text/plain; charset=utf-8')
    assert.equal(response.statusCode, 200, `${query}: ${response.body}`)
    assert.equal(response.json().verdict, 'blocked', query)
  }
})

test('an SBOM under its own media type; without the registry, what only the registry tells is unjudged', async () => {
  const response = await post(
    app,
    'target=node@24',
    fixture('react18-app/sbom.cdx.json'),
    'application/vnd.cyclonedx+json',
  )
  assert.equal(response.statusCode, 200, response.body)
  const answer = response.json()
  assert.equal(answer.verdict, 'ready')
  assert.match(answer.components[0].fault, /not read offline/)
})

// [query, body, content type, status, the first fault]
const REFUSED: readonly (readonly [string, string | Buffer, string, number, RegExp])[] = [
  ['', LOCK, 'application/json', 400, /^target: is missing/],
  ['target=react', LOCK, 'application/json', 400, /^target: 'react' must be NAME@VERSION/],
  [
    'target=raect@19.0.0',
    LOCK,
    'application/json',
    400,
    /^target: 'raect' is neither a runtime .*; nearest: react$/,
  ],
  ['target=react@next', LOCK, 'application/json', 400, /^target: 'next' is not a semver version/],
  [
    'target=react@19&verbose=1',
    LOCK,
    'application/json',
    400,
    /^verbose: is not a parameter of readiness/,
  ],
  [
    'target=react@19&format=yarn',
    LOCK,
    'application/json',
    400,
    /^format: must be one of auto, cyclonedx/,
  ],
  ['target=react@19&date=2026-02-30', LOCK, 'application/json', 400, /^date: /],
  ['target=react@19&format=pnpm-lock', LOCK, 'application/json', 400, /lockfileVersion/],
  [
    'target=react@19',
    '{"lockfileVersion": 3',
    'application/json',
    400,
    /^line 1, column \d+: is not valid JSON/,
  ],
  [
    'target=react@19',
    Buffer.from([0xff, 0xfe, 0x00]),
    'text/plain',
    400,
    /^body: is not UTF-8 text/,
  ],
  ['target=react@19', LOCK, 'application/xml', 415, /./],
]

test('POST /api/v1/readiness refuses what it cannot answer, naming each fault', async () => {
  for (const [query, payload, contentType, status, fault] of REFUSED) {
    const response = await post(app, query, payload, contentType)
    assert.equal(response.statusCode, status, `${query}: ${response.body}`)
    const problem = response.json()
    const first = problem.errors?.[0]
    assert.match(
      first === undefined ? problem.detail : `${first.name}: ${first.reason}`,
      fault,
      query,
    )
  }
})

test('the readiness route is in the OpenAPI document, with its query and answer', async () => {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json()
  const operation = document.paths['/api/v1/readiness'].post
  assert.equal(operation.operationId, 'checkReadiness')
  assert.deepEqual(
    operation.parameters.map((parameter: { name: string }) => parameter.name),
    ['target', 'format', 'date'],
  )
  assert.ok(operation.responses['200'].content['application/json'].schema)
})
