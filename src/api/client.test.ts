import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp, FIXTURE_NOW } from '../../test/support/fixture-app.ts'
import { ApiError, type CompatClient, createClient } from './client.ts'

const FIXTURE_TODAY = FIXTURE_NOW.slice(0, 10)

let app: FastifyInstance
let client: CompatClient
before(async () => {
  app = await buildFixtureApp()
  client = createClient({ baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }) })
})
after(() => app.close())

test('client: versions keeps the dependencies in the order given', async () => {
  const { data } = await client.versions('dbo', [
    ['10', '1'],
    ['plat', '1.34.1'],
  ])
  assert.equal(data.project, 'dbo')
  assert.deepEqual(
    data.versions[0]?.checks.map((check) => check.dependency),
    ['10', 'plat'],
  )
})

test('client: versions on a day sends the date; each row carries its support then', async () => {
  const { data } = await client.versions('platform', [['etcd', '3.5.1']], { date: '2026-07-01' })
  assert.equal(data.date, '2026-07-01')
  assert.deepEqual(
    data.versions.map((row) => [row.version, row.status]),
    [
      ['1.34', 'supported'],
      ['1.33', 'end-of-life'],
    ],
  )
  assert.equal(data.newestSupportedCompatible, '1.34')
})

test('client: versions with a bare signal, as before dates, asks about the server’s today', async () => {
  const { data } = await client.versions('platform', [['etcd', '3.5.1']], AbortSignal.timeout(5000))
  assert.equal(data.date, FIXTURE_TODAY)
})

// [date sent (undefined: none), the date answered, the 1.34 line's status]
const LIFECYCLE_DAYS = [
  [undefined, FIXTURE_TODAY, 'end-of-life'],
  ['2026-09-01', '2026-09-01', 'security-only'],
] as const

for (const [date, answered, status] of LIFECYCLE_DAYS) {
  test(`client: lifecycle with date ${date ?? '(none)'} answers ${answered}, 1.34 ${status}`, async () => {
    const { data, text } = await client.lifecycle('plat', date === undefined ? {} : { date })
    assert.equal(data.project, 'plat')
    assert.equal(data.date, answered)
    assert.deepEqual(
      data.lines.map((line) => line.line),
      ['1.35', '1.34', '1.33', '1.20'],
    )
    assert.equal(data.lines.find((line) => line.line === '1.34')?.status, status)
    assert.ok(text.startsWith('{"project":"plat",'))
  })
}

test('client: lifecycle of an unknown project is a 404 ApiError; a bad date a 400 naming date', async () => {
  await assert.rejects(client.lifecycle('platfrom'), (error: unknown) => {
    assert.ok(error instanceof ApiError)
    assert.equal(error.status, 404)
    assert.match(error.message, /Did you mean "platform"\?/)
    return true
  })
  await assert.rejects(client.lifecycle('platform', { date: '2026-02-30' }), (error: unknown) => {
    assert.ok(error instanceof ApiError)
    assert.equal(error.status, 400)
    assert.equal(error.problem?.errors?.[0]?.name, 'date')
    return true
  })
})

test('client: the dependency index and one dependency, with and without a version', async () => {
  const index = await client.listDependencies()
  assert.ok(index.data.dependencies.some((row) => row.dependency === 'etcd'))
  const plain = await client.dependency('etcd')
  assert.equal(plain.data.version, null)
  const judged = await client.dependency('etcd', '3.6.1')
  assert.equal(judged.data.entries[0]?.compatible, 'compatible')
})

test('client: a stack, components in the order given, the text as sent', async () => {
  const answer = await client.stack([
    ['pgdb', '17.2'],
    ['dbo', 'v1.27.1'],
  ])
  assert.equal(answer.data.compatible, 'compatible')
  assert.ok(answer.text.startsWith('{"components":{"pgdb":"17.2","dbo":"v1.27.1"}'))
})

test('client: a stack on a day sends the date in the body; support judged on it', async () => {
  const components = [
    ['plat', '1.33.2'],
    ['dbo', 'v1.27.1'],
  ] as const
  const early = await client.stack(components, { date: '2026-05-01' })
  assert.equal(early.data.date, '2026-05-01')
  assert.deepEqual(
    early.data.support.map((item) => [item.component, item.line, item.status]),
    [
      ['plat', '1.33', 'supported'],
      ['dbo', null, 'unknown'],
    ],
  )
  const today = await client.stack(components)
  assert.equal(today.data.date, FIXTURE_TODAY)
  assert.equal(today.data.support[0]?.status, 'end-of-life')
  assert.equal(today.data.compatible, early.data.compatible, 'support never changes the verdict')
})

const SBOM = new TextEncoder().encode(
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: [
      { type: 'platform', name: 'plat', version: '1.33.2' },
      { type: 'application', name: 'dbo', version: 'v1.27.1' },
      { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
    ],
  }),
)

// [date sent (undefined: none), the date answered, platform's status]
const SBOM_DAYS = [
  [undefined, FIXTURE_TODAY, 'end-of-life'],
  ['2026-05-01', '2026-05-01', 'supported'],
] as const

for (const [date, answered, status] of SBOM_DAYS) {
  test(`client: an SBOM as it is, on ${date ?? 'the server’s today'}: the stack derived and its answer`, async () => {
    const { data, text } = await client.stackFromSbom(
      SBOM,
      'application/vnd.cyclonedx+json',
      date === undefined ? {} : { date },
    )
    assert.deepEqual(data.components, { platform: '1.33.2', 'db-operator': 'v1.27.1' })
    assert.equal(data.compatible, 'compatible')
    assert.equal(data.date, answered)
    assert.equal(data.support[0]?.status, status)
    assert.deepEqual(data.derivedFrom, { format: 'cyclonedx', components: 3, matched: 2 })
    assert.deepEqual(
      data.matches.map((match) => [match.name, match.project, match.by]),
      [
        ['plat', 'platform', 'name'],
        ['dbo', 'db-operator', 'name'],
      ],
    )
    assert.deepEqual(
      data.unmatched.map((item) => [item.name, item.location]),
      [['left-pad', '/components/2']],
    )
    assert.ok(text.startsWith('{"components":{"platform":"1.33.2","db-operator":"v1.27.1"}'))
  })
}

test('client: an SBOM that breaks its format is a 400 ApiError naming each fault by JSON pointer', async () => {
  const broken = new TextEncoder().encode('{"spdxVersion": "SPDX-2.3", "packages": [{"name": 1}]}')
  await assert.rejects(client.stackFromSbom(broken, 'application/spdx+json'), (error: unknown) => {
    assert.ok(error instanceof ApiError)
    assert.equal(error.status, 400)
    assert.ok((error.problem?.errors ?? []).some((item) => String(item.name).startsWith('/')))
    return true
  })
})

test('client: a 404 is an ApiError carrying the problem', async () => {
  await assert.rejects(client.dependency('etdc'), (error: unknown) => {
    assert.ok(error instanceof ApiError)
    assert.equal(error.status, 404)
    assert.match(error.message, /Did you mean "etcd"\?/)
    return true
  })
})

test('client: readiness posts a file with its target, format and day', async () => {
  const poetry = `[[package]]\nname = "black"\nversion = "23.12.1"\npython-versions = ">=3.8"\n`
  const { data } = await client.readiness(poetry, {
    target: 'python@3.7',
    format: 'poetry-lock',
    date: '2026-12-07',
  })
  assert.equal(data.verdict, 'blocked')
  assert.equal(data.date, '2026-12-07')
  assert.deepEqual(data.blocking[0], {
    name: 'black',
    version: '23.12.1',
    declared: '>=3.8',
    lowestAdmitting: null,
    newestAdmitting: null,
  })
  await assert.rejects(client.readiness(poetry, { target: 'pyhton@3.7' }), (error: unknown) => {
    assert.ok(error instanceof ApiError)
    assert.match(error.problem?.errors?.[0]?.reason ?? '', /nearest: python/)
    return true
  })
})
