import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const versionsUrl = (project: string, dependencies: string) =>
  `/api/v1/projects/${project}/versions?dependencies=${encodeURIComponent(dependencies)}`

test('versions: every documented key newest first, the newest compatible, cacheable', async () => {
  const url = versionsUrl('dbo', '{"platform":"1.34.1","pgdb":"18.1"}')
  const response = await app.inject(url)
  assert.equal(response.statusCode, 200)
  assert.match(String(response.headers['content-type']), /^application\/json/)
  assert.equal(response.headers['cache-control'], 'public, max-age=60')
  const body = response.json()
  assert.equal(body.project, 'dbo')
  assert.deepEqual(body.dependencies, { platform: '1.34.1', pgdb: '18.1' })
  assert.equal(body.newestCompatible, '1.28')
  assert.deepEqual(
    body.versions.map((row: { version: string }) => row.version),
    ['1.29.0-rc.1', '1.28', '1.27.4', '1.27.3', '1.27.1', '1.27', '1.26'],
  )
  assert.deepEqual(Object.keys(body.versions[1].checks[0]), [
    'dependency',
    'dependencyVersion',
    'key',
    'compatible',
    'matchedRange',
    'matchedConstraint',
    'relationship',
    'confidence',
    'lastVerified',
    'reason',
  ])
  const etag = String(response.headers.etag)
  assert.match(etag, /^W\//)
  const again = await app.inject({ url, headers: { 'if-none-match': etag } })
  assert.equal(again.statusCode, 304)
  const head = await app.inject({ method: 'HEAD', url })
  assert.equal(head.statusCode, 200)
  assert.equal(head.body, '')
})

test('versions: the dependencies echo keeps the order written, integer-like names included', async () => {
  const response = await app.inject(versionsUrl('db-operator', '{"pgdb":"18","10":"1"}'))
  assert.equal(response.statusCode, 200)
  const body = response.json()
  assert.deepEqual(
    body.versions[0].checks.map((check: { dependency: string }) => check.dependency),
    ['pgdb', '10'],
  )
})

// [what, URL, status, offending parameter or part of the detail]
const BAD: readonly (readonly [string, string, number, string])[] = [
  ['no dependencies', '/api/v1/projects/dbo/versions', 400, 'dependencies'],
  ['an empty object', versionsUrl('dbo', '{}'), 400, 'dependencies'],
  ['not JSON', versionsUrl('dbo', '{"pgdb":'), 400, 'dependencies'],
  ['an array', versionsUrl('dbo', '["pgdb"]'), 400, 'dependencies'],
  ['a number value', versionsUrl('dbo', '{"pgdb":18}'), 400, 'dependencies'],
  ['a repeated name', versionsUrl('dbo', '{"pgdb":"1","pgdb":"2"}'), 400, 'dependencies'],
  [
    '33 dependencies',
    versionsUrl(
      'dbo',
      JSON.stringify(Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`d${i}`, '1']))),
    ),
    400,
    'dependencies',
  ],
  ['an unknown parameter', `${versionsUrl('dbo', '{"pgdb":"1"}')}&version=1`, 400, 'version'],
  ['given twice', `${versionsUrl('dbo', '{"pgdb":"1"}')}&dependencies=%7B%7D`, 400, 'dependencies'],
  ['an unknown project', versionsUrl('nope', '{"pgdb":"1"}'), 404, 'No project "nope"'],
  ['a near miss', versionsUrl('db-operater', '{"pgdb":"1"}'), 404, 'Did you mean "db-operator"?'],
  ['a prototype name', versionsUrl('__proto__', '{"pgdb":"1"}'), 404, 'No project "__proto__"'],
]

for (const [what, url, status, named] of BAD) {
  test(`versions with ${what}: ${status} problem+json`, async () => {
    const response = await app.inject(url)
    assert.equal(response.statusCode, status)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    assert.equal(response.headers['cache-control'], 'no-store')
    const problem = response.json()
    assert.equal(problem.status, status)
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

test('versions: other methods are 405 with Allow', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/v1/projects/dbo/versions' })
  assert.equal(response.statusCode, 405)
  assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS')
})
