/**
 * Every route reads or refuses its query (docs/api.md, "Errors and limits"): an unknown
 * parameter is 400 naming it on every API route, POST included, whichever way the request
 * would have been answered (the front door answers a POST only at its exact path).
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const CHECK = { project: 'platform', version: '1.34', dependencies: { etcd: '3.5' } }
const STACK = { components: { platform: '1.34.2', dbo: 'v1.27.1' } }
const PLAN = { components: { platform: '1.33.2', dbo: 'v1.27.1' }, target: { platform: '1.34' } }

// [method, url, body (POST), the parameter named, part of its reason]
const REFUSED: readonly (readonly [string, string, object | null, string, string])[] = [
  ['GET', '/api/v1?x=1', null, 'x', 'not a parameter'],
  ['GET', '/api/v1/projects?sort=name', null, 'sort', 'not a parameter'],
  ['GET', '/api/v1/projects/platform?x=1', null, 'x', 'not a parameter'],
  ['GET', '/api/v1/openapi.json?x=1', null, 'x', 'not a parameter'],
  ['GET', '/healthz?x=1', null, 'x', 'not a parameter'],
  ['GET', '/readyz?x=1', null, 'x', 'not a parameter'],
  ['GET', '/metrics?x=1', null, 'x', 'not a parameter'],
  ['POST', '/api/v1/check?x=1', CHECK, 'x', 'not a parameter'],
  ['POST', '/api/v1/check?project=django', CHECK, 'project', 'a field of the JSON body'],
  ['POST', '/api/v1/stack?foo=1', STACK, 'foo', 'not a parameter'],
  ['POST', '/api/v1/stack?components=%7B%7D', STACK, 'components', 'a field of the JSON body'],
  ['POST', '/api/v1/stack?date=2027-02-30', STACK, 'date', 'a real date'],
  ['POST', '/api/v1/stack?date=2027-06-30&date=2027-07-01', STACK, 'date', 'once'],
  ['POST', '/api/v1/plan?path=true', PLAN, 'path', 'a field of the JSON body'],
  ['POST', '/api/v1/plan?foo=1', PLAN, 'foo', 'not a parameter'],
]

for (const [method, url, body, named, reason] of REFUSED) {
  test(`${method} ${url}: 400 naming ${named}`, async () => {
    // Twice: a POST body answered once is kept, and must not be answered again past its query.
    for (let round = 0; round < 2; round++) {
      if (body !== null) {
        const plain = await app.inject({
          method,
          url: url.split('?')[0] as string,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
        assert.equal(plain.statusCode, 200, plain.body)
      }
      const response = await app.inject({
        method,
        url,
        ...(body === null
          ? {}
          : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
      })
      assert.equal(response.statusCode, 400, response.body)
      const error = response
        .json()
        .errors.find((candidate: { name: string }) => candidate.name === named)
      assert.equal(error?.in, 'query', response.body)
      assert.match(error.reason, new RegExp(reason))
    }
  })
}

test('a POST with faults in its query and its body lists them all', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/plan?path=true',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ ...PLAN, unknown: 'maybe' }),
  })
  assert.equal(response.statusCode, 400)
  assert.deepEqual(
    response
      .json()
      .errors.map((error: { name: string; in: string }) => `${error.in} ${error.name}`),
    ['query path', 'body unknown'],
  )
})

test('POST /api/v1/stack?date=D judges a JSON stack on D, as its body’s date would', async () => {
  const ask = (url: string, body: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  const today = (await ask('/api/v1/stack', STACK)).json()
  const byQuery = await ask('/api/v1/stack?date=2026-09-01', STACK)
  const byBody = await ask('/api/v1/stack', { ...STACK, date: '2026-09-01' })
  assert.equal(byQuery.statusCode, 200, byQuery.body)
  assert.equal(today.date, '2026-11-28')
  assert.equal(byQuery.json().date, '2026-09-01')
  assert.equal(byQuery.body, byBody.body)
  assert.equal(byQuery.json().support[0].status, 'security-only')
  // The day once: not in both.
  const both = await ask('/api/v1/stack?date=2026-09-01', { ...STACK, date: '2026-09-01' })
  assert.equal(both.statusCode, 400)
  assert.match(both.body, /give the day once/)
  // And the undated body is still answered for today, not for the day asked before.
  assert.equal((await ask('/api/v1/stack', STACK)).json().date, '2026-11-28')
})

test('pages of the site take any query: their script reads it', async () => {
  const response = await app.inject('/projects/platform?utm_source=x')
  assert.notEqual(response.statusCode, 400)
})
