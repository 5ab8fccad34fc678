import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

test('the dependency index: every key, by key, linked, counted, cacheable', async () => {
  const response = await app.inject('/api/v1/dependencies')
  assert.equal(response.statusCode, 200)
  const { dependencies } = response.json()
  assert.deepEqual(
    dependencies.find((row: { dependency: string }) => row.dependency === 'plat'),
    {
      dependency: 'plat',
      project: 'platform',
      projects: 1,
      entries: 2,
    },
  )
  const etag = String(response.headers.etag)
  assert.equal(
    (await app.inject({ url: '/api/v1/dependencies', headers: { 'if-none-match': etag } }))
      .statusCode,
    304,
  )
  assert.equal((await app.inject('/api/v1/dependencies?q=x')).statusCode, 400)
})

test('one dependency: entries keyed by it or by another name of its project; no verdict without a version', async () => {
  const response = await app.inject('/api/v1/dependencies/plat')
  assert.equal(response.statusCode, 200)
  const view = response.json()
  assert.equal(view.dependency, 'plat')
  assert.equal(view.project, 'platform')
  assert.equal(view.version, null)
  assert.deepEqual(
    view.entries.map((row: { version: string; key: string }) => `${row.version} ${row.key}`),
    [
      '1.29.0-rc.1 platform',
      '1.28 platform',
      '1.27.4 platform',
      '1.27.3 plat',
      '1.27 plat',
      '1.26 platform',
    ],
  )
  for (const row of view.entries) assert.equal('compatible' in row, false)
})

test('one dependency at a version: each entry judged as a single check would', async () => {
  const response = await app.inject('/api/v1/dependencies/pgdb?version=18.1')
  assert.equal(response.statusCode, 200)
  const view = response.json()
  assert.equal(view.version, '18.1')
  const row = view.entries.find((entry: { version: string }) => entry.version === '1.27.1')
  assert.equal(row.since, true)
  assert.equal(row.compatible, 'compatible')
  assert.equal(row.matchedRange, '>=13 <19')
  const single = await app.inject(
    '/api/v1/check?project=db-operator&version=1.27.1&dependency=pgdb&dependencyVersion=18.1',
  )
  assert.equal(row.reason, single.json().reason)
})

// [what, URL, status, offending parameter or part of the detail]
const BAD: readonly (readonly [string, string, number, string])[] = [
  ['an unknown key', '/api/v1/dependencies/nothing-like-it', 404, 'No entry documents'],
  ['a near miss', '/api/v1/dependencies/etdc', 404, 'Did you mean "etcd"?'],
  ['toString', '/api/v1/dependencies/toString', 404, 'No entry documents'],
  ['an empty version', '/api/v1/dependencies/etcd?version=', 400, 'version'],
  ['a version given twice', '/api/v1/dependencies/etcd?version=1&version=2', 400, 'version'],
  ['an unknown parameter', '/api/v1/dependencies/etcd?project=x', 400, 'project'],
  ['a name too long', `/api/v1/dependencies/${'x'.repeat(129)}`, 400, 'dependency'],
  ['a control character', '/api/v1/dependencies/etcd%01', 400, 'dependency'],
]

for (const [what, url, status, named] of BAD) {
  test(`dependency with ${what}: ${status} problem+json`, async () => {
    const response = await app.inject(url)
    assert.equal(response.statusCode, status)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    const problem = response.json()
    if (status === 400) {
      assert.ok(
        problem.errors.some((error: { name: string }) => error.name === named),
        JSON.stringify(problem),
      )
    } else {
      assert.ok(problem.detail.includes(named), problem.detail)
    }
  })
}

test('the dependencies paths: other methods are 405', async () => {
  for (const url of ['/api/v1/dependencies', '/api/v1/dependencies/etcd']) {
    const response = await app.inject({ method: 'DELETE', url })
    assert.equal(response.statusCode, 405, url)
  }
})
