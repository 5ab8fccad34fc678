import assert from 'node:assert/strict'
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
    url: '/api/v1/plan',
    headers: { 'content-type': contentType },
    payload,
  })

const PLAN = {
  components: { platform: '1.33.2', dbo: 'v1.27.1', pgdb: '17.2' },
  target: { platform: '1.34' },
}

test('plan: the fewest moves for the target, the resulting stack and its pairs', async () => {
  const response = await post(JSON.stringify(PLAN))
  assert.equal(response.statusCode, 200)
  assert.equal(response.headers['cache-control'], 'no-store')
  const body = response.json()
  assert.deepEqual(Object.keys(body), [
    'components',
    'target',
    'unknown',
    'feasible',
    'reason',
    'changes',
    'result',
    'pairs',
    'date',
    'support',
  ])
  assert.deepEqual(body.components, PLAN.components)
  assert.deepEqual(body.target, PLAN.target)
  assert.equal(body.unknown, 'block')
  assert.equal(body.feasible, true)
  assert.deepEqual(
    body.changes.map((change: { component: string; from: string; to: string }) => [
      change.component,
      change.from,
      change.to,
    ]),
    [['dbo', 'v1.27.1', '1.27.3']],
  )
  assert.deepEqual(body.result, { platform: '1.34', dbo: '1.27.3', pgdb: '17.2' })
  assert.ok(body.pairs.every((pair: { compatible: string }) => pair.compatible === 'compatible'))
  // Where it lands today (the app's clock): the support of every component of result.
  assert.equal(body.date, '2026-11-28')
  assert.deepEqual(
    body.support.map((item: { component: string; version: string; status: string }) => [
      item.component,
      item.version,
      item.status,
    ]),
    [
      ['platform', '1.34', 'end-of-life'],
      ['dbo', '1.27.3', 'unknown'],
      ['pgdb', '17.2', 'unknown'],
    ],
  )
})

test('plan: date and support are those of supportedOn when it is sent, with and without path', async () => {
  for (const path of [false, true]) {
    const body = (
      await post(
        JSON.stringify({ ...PLAN, target: { platform: '1.35' }, supportedOn: '2027-01-15', path }),
      )
    ).json()
    assert.equal(body.date, '2027-01-15')
    assert.deepEqual(
      body.support.map((item: { component: string; status: string }) => [
        item.component,
        item.status,
      ]),
      [
        ['platform', 'security-only'],
        ['dbo', 'unknown'],
        ['pgdb', 'unknown'],
      ],
    )
  }
})

test('plan: prefer newest lands a moved component on its newest key that fits, and is echoed', async () => {
  const lowest = (await post(JSON.stringify(PLAN))).json()
  const newest = (await post(JSON.stringify({ ...PLAN, prefer: 'newest' }))).json()
  assert.equal(lowest.prefer, undefined)
  assert.equal(newest.prefer, 'newest')
  assert.equal(newest.feasible, true)
  assert.deepEqual(Object.keys(newest.result), Object.keys(lowest.result))
  assert.equal(newest.result.platform, '1.34')
  assert.equal(newest.result.pgdb, '17.2', 'what may stay, stays')
  assert.notEqual(newest.result.dbo, lowest.result.dbo)
  assert.match(newest.changes[0].reason, /is the newest documented version/)
})

test('plan: a target that names no catalogued project and no component is 400 naming target, with the nearest names', async () => {
  for (const path of [false, true]) {
    const payload = JSON.stringify({
      components: PLAN.components,
      target: { platfrom: '1.34' },
      path,
    })
    // Twice: the second is not answered from anything kept.
    for (const response of [await post(payload), await post(payload)]) {
      assert.equal(response.statusCode, 400, response.body)
      const [error] = response.json().errors
      assert.equal(error.name, 'target')
      assert.match(
        error.reason,
        /"platfrom" names no catalogued project and no component of the stack; did you mean "platform"\?/,
      )
    }
  }
  // A name of the stack that no project answers to may be a target: it pairs as it can.
  const named = await post(
    JSON.stringify({ components: { ...PLAN.components, redis: '7' }, target: { redis: '8' } }),
  )
  assert.equal(named.statusCode, 200, named.body)
})

test('plan: no plan says what blocks it; the same body answers the same', async () => {
  const payload = JSON.stringify({ components: { dbo: '1.28' }, target: { platform: '9.9' } })
  const first = await post(payload)
  const body = first.json()
  assert.equal(body.feasible, false)
  assert.ok(Array.isArray(body.blocking))
  assert.match(body.reason, /platform 9\.9 is covered by nothing documented/)
  assert.equal((await post(payload)).body, first.body)
})

const names = (count: number, prefix: string) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, '1']))

// [what, body, status, offending parameter]
const BAD: readonly (readonly [string, string, number, string])[] = [
  ['an unknown policy', JSON.stringify({ ...PLAN, unknown: 'maybe' }), 400, 'unknown'],
  ['an empty target', JSON.stringify({ ...PLAN, target: {} }), 400, 'target'],
  ['no target', JSON.stringify({ components: PLAN.components }), 400, 'target'],
  [
    '33 names across components and target',
    JSON.stringify({ components: names(20, 'a'), target: names(13, 'b') }),
    400,
    'target',
  ],
  [
    'a number version',
    JSON.stringify({ components: { a: 1 }, target: { a: '2' } }),
    400,
    'components',
  ],
  ['an unknown field', JSON.stringify({ ...PLAN, goal: {} }), 400, 'goal'],
  ['path not a boolean', JSON.stringify({ ...PLAN, path: 'yes' }), 400, 'path'],
  ['path as a number', JSON.stringify({ ...PLAN, path: 1 }), 400, 'path'],
  [
    'prefer neither lowest nor newest',
    JSON.stringify({ ...PLAN, prefer: 'highest' }),
    400,
    'prefer',
  ],
  [
    'a target naming nothing known',
    JSON.stringify({ ...PLAN, target: { nothing: '1' } }),
    400,
    'target',
  ],
  [
    'supportedOn not a real date',
    JSON.stringify({ ...PLAN, supportedOn: '2027-02-30' }),
    400,
    'supportedOn',
  ],
  [
    'supportedOn not a date',
    JSON.stringify({ ...PLAN, supportedOn: 'next june' }),
    400,
    'supportedOn',
  ],
  ['supportedOn a number', JSON.stringify({ ...PLAN, supportedOn: 20270630 }), 400, 'supportedOn'],
  [
    'neither target nor supportedOn, with path',
    JSON.stringify({ components: PLAN.components, path: true }),
    400,
    'target',
  ],
  [
    'a target that is empty beside supportedOn',
    JSON.stringify({ ...PLAN, target: {}, supportedOn: '2027-06-30' }),
    400,
    'target',
  ],
  ['a repeated name', '{"components":{"a":"1","a":"2"},"target":{"a":"3"}}', 400, 'body'],
  ['broken JSON', '{"components":', 400, 'body'],
]

for (const [what, payload, status, named] of BAD) {
  test(`plan with ${what}: ${status} naming ${named}`, async () => {
    const response = await post(payload)
    assert.equal(response.statusCode, status, response.body)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    assert.ok(
      response.json().errors.some((error: { name: string }) => error.name === named),
      response.body,
    )
  })
}

test('plan: 32 names across components and target are fine; 415, 413 and 405 as for checks', async () => {
  const ok = await post(
    JSON.stringify({ components: names(31, 'a'), target: { platform: '1.34', a0: '2' } }),
  )
  assert.equal(ok.statusCode, 200, ok.body)
  assert.equal((await post(JSON.stringify(PLAN), 'text/plain')).statusCode, 415)
  assert.equal((await post(`{"components":{"a":"${'x'.repeat(17_000)}"}}`)).statusCode, 413)
  const get = await app.inject('/api/v1/plan')
  assert.equal(get.statusCode, 405)
  assert.equal(get.headers.allow, 'POST, OPTIONS')
})

test('plan with path: the steps, one hop of one component each, echoing path', async () => {
  const response = await post(JSON.stringify({ ...PLAN, path: true }))
  assert.equal(response.statusCode, 200, response.body)
  const body = response.json()
  assert.equal(body.path, true)
  assert.equal(body.feasible, true)
  assert.deepEqual(
    body.steps.map((step: { component: string; from: string; to: string }) => [
      step.component,
      step.from,
      step.to,
    ]),
    [
      ['dbo', 'v1.27.1', '1.27.3'],
      ['platform', '1.33.2', '1.34'],
    ],
  )
  const last = body.steps.at(-1)
  assert.deepEqual(last.stack, body.result)
  assert.equal(typeof last.reason, 'string')
  // path false answers as a plan does, echoing it.
  const plain = (await post(JSON.stringify({ ...PLAN, path: false }))).json()
  assert.equal(plain.path, false)
  assert.equal(plain.steps, undefined)
})

test('plan with supportedOn and no target: answered, the target echoed empty, supportedOn echoed', async () => {
  const payload = JSON.stringify({ components: PLAN.components, supportedOn: '2027-06-30' })
  const response = await post(payload)
  assert.equal(response.statusCode, 200, response.body)
  const body = response.json()
  assert.deepEqual(body.target, {})
  assert.equal(body.supportedOn, '2027-06-30')
  assert.equal(body.feasible, false)
  assert.ok(body.blocking.some((blocking: { support?: string }) => blocking.support !== undefined))
  assert.match(body.reason, /supported on 2027-06-30/)
})
