import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  // The fixture clock: 2026-11-28, noon UTC.
  app = await buildFixtureApp()
})
after(() => app.close())

test('lifecycle: every line newest first with its status on the day; today by default', async () => {
  const response = await app.inject('/api/v1/projects/plat/lifecycle')
  assert.equal(response.statusCode, 200)
  // An answer about today is cached downstream no later than the day's end (12 hours away).
  assert.equal(response.headers['cache-control'], 'public, max-age=60')
  const body = response.json()
  assert.equal(body.project, 'plat')
  assert.equal(body.date, '2026-11-28')
  assert.deepEqual(Object.keys(body), [
    'project',
    'date',
    'confidence',
    'lastVerified',
    'notes',
    'sources',
    'lines',
  ])
  assert.deepEqual(
    body.lines.map((line: { line: string; status: string }) => [line.line, line.status]),
    [
      ['1.35', 'supported'],
      ['1.34', 'end-of-life'],
      ['1.33', 'end-of-life'],
      ['1.20', 'end-of-life'],
    ],
  )
  assert.equal(body.lines[0].daysLeft, 92)
})

// [date asked, the 1.34 line's status, its days left]
const DAYS = [
  ['2025-08-26', 'unreleased', 427],
  ['2026-05-01', 'supported', 179],
  ['2026-09-01', 'security-only', 56],
  ['2026-10-27', 'security-only', 0],
  ['2026-10-28', 'end-of-life', null],
] as const

for (const [date, status, daysLeft] of DAYS) {
  test(`lifecycle on ${date}: the 1.34 line is ${status}`, async () => {
    const response = await app.inject(`/api/v1/projects/platform/lifecycle?date=${date}`)
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.date, date)
    const line = body.lines.find((candidate: { line: string }) => candidate.line === '1.34')
    assert.deepEqual([line.status, line.daysLeft], [status, daysLeft])
  })
}

test('lifecycle: a project without lifecycle data answers 200 with no lines', async () => {
  const response = await app.inject('/api/v1/projects/webapp/lifecycle')
  assert.equal(response.statusCode, 200)
  assert.deepEqual(response.json().lines, [])
})

// [what, URL, status, offending parameter or part of the detail]
const BAD = [
  [
    'a day that is no calendar date',
    '/api/v1/projects/plat/lifecycle?date=2026-02-30',
    400,
    'date',
  ],
  ['a date in another form', '/api/v1/projects/plat/lifecycle?date=28.11.2026', 400, 'date'],
  ['an empty date', '/api/v1/projects/plat/lifecycle?date=', 400, 'date'],
  [
    'a date given twice',
    '/api/v1/projects/plat/lifecycle?date=2026-01-01&date=2026-01-02',
    400,
    'date',
  ],
  ['an unknown parameter', '/api/v1/projects/plat/lifecycle?when=2026-01-01', 400, 'when'],
  ['an unknown project', '/api/v1/projects/nope/lifecycle', 404, 'nope'],
] as const

for (const [what, url, status, named] of BAD) {
  test(`lifecycle with ${what}: ${status} problem+json naming ${named}`, async () => {
    const response = await app.inject(url)
    assert.equal(response.statusCode, status)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    const body = response.json()
    if (status === 400) {
      assert.ok(
        body.errors.some((error: { name: string }) => error.name === named),
        JSON.stringify(body.errors),
      )
    } else assert.match(body.detail, new RegExp(named))
  })
}

test('versions and stacks take date too; the stack’s verdict never changes with it', async () => {
  const stack = (date: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/stack',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ components: { plat: '1.34.2', dbo: 'v1.27.1' }, date }),
    })
  const [early, late] = [(await stack('2026-05-01')).json(), (await stack('2026-11-28')).json()]
  assert.deepEqual([early.support[0].status, late.support[0].status], ['supported', 'end-of-life'])
  assert.equal(early.compatible, late.compatible)
  const bad = await stack('2026-13-01')
  assert.equal(bad.statusCode, 400)
  assert.equal(bad.json().errors[0].name, 'date')
  const versions = await app.inject(
    `/api/v1/projects/plat/versions?dependencies=${encodeURIComponent('{"etcd":"3.5.1"}')}&date=2026-05-01`,
  )
  assert.equal(versions.json().newestSupportedCompatible, '1.34')
  const badVersions = await app.inject(
    `/api/v1/projects/plat/versions?dependencies=${encodeURIComponent('{"etcd":"3.5.1"}')}&date=tomorrow`,
  )
  assert.equal(badVersions.statusCode, 400)
})
