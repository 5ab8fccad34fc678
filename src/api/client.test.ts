import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../test/support/fixture-app.ts'
import { ApiError, type CompatClient, createClient } from './client.ts'

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

test('client: a 404 is an ApiError carrying the problem', async () => {
  await assert.rejects(client.dependency('etdc'), (error: unknown) => {
    assert.ok(error instanceof ApiError)
    assert.equal(error.status, 404)
    assert.match(error.message, /Did you mean "etcd"\?/)
    return true
  })
})
