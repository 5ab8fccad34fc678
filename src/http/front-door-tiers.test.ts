import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../test/support/fixture-app.ts'
import { rawRequest } from '../../test/support/raw-request.ts'
import { TIER_NAMES, tiersWithout } from './front-door-tiers.ts'

// Each tier is a shorter way to the same answer: with any one of them off (as the benchmark
// measures it), every answer keeps its status, headers and bytes.
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

// Columns: method, url, body (POSTs are JSON).
const REQUESTS: ReadonlyArray<readonly [string, string, string?]> = [
  ['GET', '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12'],
  ['GET', '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.13.1'],
  ['GET', '/api/v1/check?project=nope&version=1&dependency=x&dependencyVersion=1'],
  ['GET', '/api/v1/projects'],
  ['GET', '/api/v1/projects/webapp'],
  [
    'POST',
    '/api/v1/check',
    '{"project":"webapp","version":"2.0","dependencies":{"python":"3.12","postgresql":"16.1","x":"1"}}',
  ],
  ['POST', '/api/v1/check', '{"project":"webapp","version":"2.0","dependencies":{"python":1}}'],
  ['POST', '/api/v1/stack', '{"components":{"dbo":"v1.27.1","pgdb":"17.2"}}'],
]

const apps = new Map<string, { app: FastifyInstance; base: string }>()
before(async () => {
  for (const name of ['', ...Object.keys(TIER_NAMES)]) {
    const tiers = tiersWithout(name === '' ? [] : [name])
    assert.ok(!('unknown' in tiers))
    const app = await buildFixtureApp({ tiers })
    apps.set(name, { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) })
  }
})
after(async () => {
  for (const { app } of apps.values()) await app.close()
})

async function answers(base: string): Promise<unknown[]> {
  const seen: unknown[] = []
  // Twice each: the second is answered from what the first made.
  for (const round of [1, 2]) {
    for (const [method, url, body] of REQUESTS) {
      const headers: Record<string, string> =
        body === undefined ? {} : { 'content-type': 'application/json' }
      const answer = await rawRequest(`${base}${url}`, method, headers, (outgoing) =>
        outgoing.end(body),
      )
      // The request id is the connection's count, not the answer's.
      const kept = Object.entries(answer.headers).filter(
        ([name]) => !TRANSPORT.has(name) && name !== 'x-request-id',
      )
      seen.push({ round, method, url, status: answer.status, kept, body: answer.body.toString() })
    }
  }
  return seen
}

test('with any one tier off, every answer keeps its status, headers and bytes', async () => {
  const every = apps.get('') as { base: string }
  const expected = (await answers(every.base)) as { status: number }[]
  assert.deepEqual(
    expected.map((answer) => answer.status),
    [200, 200, 200, 200, 200, 200, 400, 200, 200, 200, 200, 200, 200, 200, 400, 200],
  )
  for (const name of Object.keys(TIER_NAMES)) {
    const { base } = apps.get(name) as { base: string }
    assert.deepEqual(await answers(base), expected, `${name} off`)
  }
})

test('an unknown tier name is named back', () => {
  assert.deepEqual(tiersWithout(['cached', 'nope']), { unknown: 'nope' })
})
