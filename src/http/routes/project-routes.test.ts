import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { parse } from 'yaml'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

test('the project list: index entries by id, versions newest first', async () => {
  const response = await app.inject('/api/v1/projects')
  assert.equal(response.statusCode, 200)
  const { projects } = response.json() as { projects: { id: string }[] }
  assert.deepEqual(
    projects.map((project) => project.id),
    ['cloud-operator', 'dashboard', 'db-operator', 'pgdb', 'platform', 'webapp'],
  )
  const older = ['cloud-operator', 'dashboard', 'webapp']
  assert.deepEqual(
    { projects: projects.filter((project) => older.includes(project.id)) },
    {
      projects: [
        {
          id: 'cloud-operator',
          name: 'Cloud Operator',
          description: 'A fixture operator that runs databases on a cluster.',
          aliases: ['cloudoperator', 'cop'],
          categories: ['kubernetes', 'operator'],
          website: 'https://example.org/operator',
          versions: ['1.28', '1.28.0-rc1', '1.27', '1'],
          verified: { oldest: null, newest: '2026-10-01' },
        },
        {
          id: 'dashboard',
          name: 'Dashboard',
          categories: ['observability'],
          website: 'https://example.org/dashboard',
          versions: ['16', '9.0.0-rc.1', '8.15.1', '8.15.0'],
          verified: { oldest: '2026-10-01', newest: '2026-10-01' },
        },
        {
          id: 'webapp',
          name: 'Web App',
          categories: ['web-framework', 'python'],
          website: 'https://example.org/webapp',
          versions: ['2.0', '1.10', '1.9'],
          verified: { oldest: null, newest: '2026-10-01' },
        },
      ],
    },
  )
})

test('a project document is the file, versions newest first', async () => {
  const response = await app.inject('/api/v1/projects/webapp')
  assert.equal(response.statusCode, 200)
  const file = parse(
    readFileSync(new URL('../../../test/fixtures/data/webapp.yaml', import.meta.url), 'utf8'),
  )
  assert.deepEqual(response.json(), file)
  assert.deepEqual(Object.keys(response.json().versions), ['2.0', '1.10', '1.9'])
  // Every field, support windows included.
  const platform = await app.inject('/api/v1/projects/platform')
  const platformFile = parse(
    readFileSync(new URL('../../../test/fixtures/data/platform.yaml', import.meta.url), 'utf8'),
  )
  assert.deepEqual(platform.json(), platformFile)
  assert.ok('lifecycle' in platform.json())
  const dashboard = await app.inject('/api/v1/projects/dashboard')
  // "16" would sort first in a plain object either way; the order is newest first by design
  assert.deepEqual(Object.keys(JSON.parse(dashboard.body).versions), [
    '16',
    '9.0.0-rc.1',
    '8.15.1',
    '8.15.0',
  ])
  assert.ok(dashboard.body.indexOf('"9.0.0-rc.1"') < dashboard.body.indexOf('"8.15.1"'))
})

test('an alias answers with the project document itself: canonical id, same ETag', async () => {
  const canonical = await app.inject('/api/v1/projects/cloud-operator')
  for (const alias of ['cop', 'cloudoperator']) {
    const response = await app.inject(`/api/v1/projects/${alias}`)
    assert.equal(response.statusCode, 200)
    assert.equal(response.body, canonical.body)
    assert.equal(response.headers.etag, canonical.headers.etag)
    assert.equal(response.json().id, 'cloud-operator')
  }
  const file = parse(
    readFileSync(
      new URL('../../../test/fixtures/data/cloud-operator.yaml', import.meta.url),
      'utf8',
    ),
  )
  assert.deepEqual(canonical.json(), file)
})

test('an unknown project document is 404 problem+json, hostile names included', async () => {
  for (const id of [
    'nope',
    '__proto__',
    'constructor',
    'toString',
    'WEBAPP',
    '%00',
    '..%2Fwebapp',
  ]) {
    const response = await app.inject(`/api/v1/projects/${id}`)
    assert.equal(response.statusCode, 404, id)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    assert.equal(response.json().status, 404)
  }
})

test('documents and the list carry ETags and answer 304', async () => {
  for (const url of ['/api/v1/projects', '/api/v1/projects/webapp']) {
    const first = await app.inject(url)
    const etag = String(first.headers.etag)
    assert.match(etag, /^W\/"[^"]+"$/)
    assert.equal(first.headers['cache-control'], 'public, max-age=60')
    const again = await app.inject({ url, headers: { 'if-none-match': `"other", ${etag}` } })
    assert.equal(again.statusCode, 304, url)
    const star = await app.inject({ url, headers: { 'if-none-match': '*' } })
    assert.equal(star.statusCode, 304, url)
  }
})

test('HEAD answers the headers of GET without a body', async () => {
  const get = await app.inject('/api/v1/projects/webapp')
  const head = await app.inject({ method: 'HEAD', url: '/api/v1/projects/webapp' })
  assert.equal(head.statusCode, 200)
  assert.equal(head.body, '')
  assert.equal(head.headers.etag, get.headers.etag)
  assert.equal(head.headers['content-length'], get.headers['content-length'])
})
