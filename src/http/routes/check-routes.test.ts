import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

function query(parameters: Record<string, string | string[]>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(parameters)) {
    for (const item of [value].flat()) search.append(name, item)
  }
  return `/api/v1/check?${search}`
}

const single = (dependencyVersion: string, overrides: Record<string, string> = {}) =>
  query({
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion,
    ...overrides,
  })

test('single check: the single check result with its reason, echoing the request byte for byte', async () => {
  const response = await app.inject(single('3.11.4'))
  assert.equal(response.statusCode, 200)
  assert.match(String(response.headers['content-type']), /^application\/json/)
  assert.deepEqual(response.json(), {
    project: 'webapp',
    version: '2.0',
    dependency: 'python',
    dependencyVersion: '3.11.4',
    compatible: 'compatible',
    matchedRange: '>=3.10 <3.13',
    matchedConstraint: null,
    relationship: 'runtime',
    confidence: 'high',
    lastVerified: '2026-10-01',
    notes: ['Fixture: 2.0 runs on Python 3.10 to 3.13.'],
    sources: [
      {
        title: 'Web App installation guide',
        url: 'https://example.org/webapp/docs/install',
        accessedAt: '2026-01-15',
      },
    ],
    reason: '3.11.4 satisfies the documented range ">=3.10 <3.13".',
  })
})

test('echo is exact for unusual but legal values', async () => {
  const values = {
    project: 'Wéb App ✓',
    version: ' 2.0 ',
    dependency: 'py+thon&x=1',
    dependencyVersion: '16.4-alpine+b#1',
  }
  const response = await app.inject(query(values))
  assert.equal(response.statusCode, 200)
  const body = response.json()
  for (const [name, value] of Object.entries(values)) assert.equal(body[name], value, name)
  assert.equal(body.compatible, 'unknown')
  assert.equal(body.confidence, 'low')
  assert.equal(body.relationship, null)
})

// [dependencyVersion, expected compatible]
const VERDICTS: ReadonlyArray<[Record<string, string>, string]> = [
  [{ dependencyVersion: '3.12' }, 'compatible'],
  [{ dependencyVersion: '3.9' }, 'incompatible'],
  [{ dependencyVersion: '3.13.0rc1', version: '1.10' }, 'incompatible'],
  [{ dependencyVersion: 'not-a-version' }, 'incompatible'],
  [{ dependencyVersion: '7', dependency: 'redis' }, 'unknown'],
  [{ dependencyVersion: '3.12', project: 'nope' }, 'unknown'],
  [{ dependencyVersion: '3.12', version: '9.9' }, 'unknown'],
  [{ dependencyVersion: '3.12', dependency: 'ruby' }, 'unknown'],
  [{ dependencyVersion: '3.12', project: '__proto__' }, 'unknown'],
  [{ dependencyVersion: '3.12', version: 'constructor' }, 'unknown'],
  [{ dependencyVersion: '3.12', dependency: 'toString' }, 'unknown'],
  [{ dependencyVersion: '3.12', dependency: 'hasOwnProperty' }, 'unknown'],
]

test('unknown project, version or dependency is 200 unknown, never an error', async () => {
  for (const [overrides, compatible] of VERDICTS) {
    const response = await app.inject(single(overrides.dependencyVersion as string, overrides))
    assert.equal(response.statusCode, 200, JSON.stringify(overrides))
    assert.equal(response.json().compatible, compatible, JSON.stringify(overrides))
    assert.ok(['high', 'medium', 'low'].includes(response.json().confidence))
  }
})

const long = 'x'.repeat(129)
// [query string parameters, offending names]
const BAD_QUERIES: ReadonlyArray<[Record<string, string | string[]>, string[]]> = [
  [{}, ['project', 'version', 'dependency', 'dependencyVersion']],
  [{ project: 'webapp', version: '2.0', dependency: 'python' }, ['dependencyVersion']],
  [{ project: '', version: '2.0', dependency: 'python', dependencyVersion: '3' }, ['project']],
  [{ project: long, version: '2.0', dependency: 'python', dependencyVersion: '3' }, ['project']],
  [
    { project: 'webapp', version: 'a\u0000b', dependency: 'python', dependencyVersion: '3' },
    ['version'],
  ],
  [
    { project: 'webapp', version: '2.0', dependency: 'py\nthon', dependencyVersion: '3' },
    ['dependency'],
  ],
  [
    { project: 'webapp', version: '2.0', dependency: 'python', dependencyVersion: '3\u007f' },
    ['dependencyVersion'],
  ],
  [
    { project: ['webapp', 'webapp'], version: '2.0', dependency: 'python', dependencyVersion: '3' },
    ['project'],
  ],
  [
    { project: 'webapp', version: '2.0', dependency: 'python', dependencyVersion: '3', extra: '1' },
    ['extra'],
  ],
  [
    { project: '', version: '', dependency: '', dependencyVersion: '' },
    ['project', 'version', 'dependency', 'dependencyVersion'],
  ],
  [
    { project: 'webapp', version: '2.0', dependencies: '{"python":"3"}', dependency: 'python' },
    ['dependency'],
  ],
  [{ project: 'webapp', dependencies: '{"python":"3"}' }, ['version']],
  [{ project: 'webapp', version: '2.0', dependencies: '{"python":' }, ['dependencies']],
  [{ project: 'webapp', version: '2.0', dependencies: '["python"]' }, ['dependencies']],
  [{ project: 'webapp', version: '2.0', dependencies: '{}' }, ['dependencies']],
  [{ project: 'webapp', version: '2.0', dependencies: '{"python":3}' }, ['dependencies']],
  [
    { project: 'webapp', version: '2.0', dependencies: '{"python":"3","python":"4"}' },
    ['dependencies'],
  ],
  [
    { project: 'webapp', version: '2.0', dependencies: JSON.stringify({ [long]: '1' }) },
    ['dependencies'],
  ],
  [
    {
      project: 'webapp',
      version: '2.0',
      dependencies: JSON.stringify(
        Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`d${i}`, '1'])),
      ),
    },
    ['dependencies'],
  ],
]

test('400 problem+json names every offending query parameter', async () => {
  for (const [parameters, names] of BAD_QUERIES) {
    const response = await app.inject(query(parameters))
    const label = JSON.stringify(parameters).slice(0, 120)
    assert.equal(response.statusCode, 400, label)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/, label)
    const body = response.json()
    assert.equal(body.status, 400)
    assert.equal(body.type, 'about:blank')
    assert.equal(typeof body.detail, 'string')
    const offending = [...new Set(body.errors.map((error: { name: string }) => error.name))].sort()
    assert.deepEqual(offending, [...names].sort(), `${label}: ${JSON.stringify(body.errors)}`)
    for (const error of body.errors) assert.equal(error.in, 'query')
  }
})

test('a value given twice is named as such', async () => {
  const response = await app.inject(
    single('3.12', { version: '2.0' }).replace('version=2.0', 'version=2.0&version=2.0'),
  )
  assert.equal(response.json().errors[0].reason, 'is given more than once')
})

test('GET combination form: dependencies as URL-encoded JSON', async () => {
  const response = await app.inject(
    query({
      project: 'webapp',
      version: '2.0',
      dependencies: '{"python":"3.12","10":"1","postgresql":"16"}',
    }),
  )
  assert.equal(response.statusCode, 200)
  const body = response.json()
  assert.equal(body.compatible, 'unknown')
  assert.deepEqual(
    body.checks.map((check: { dependency: string }) => check.dependency),
    ['python', '10', 'postgresql'],
  )
  assert.deepEqual(body.dependencies, { python: '3.12', 10: '1', postgresql: '16' })
  assert.ok(response.headers.etag)
})

test('GET answers carry ETag and Cache-Control, and answer 304 to If-None-Match', async () => {
  const first = await app.inject(single('3.12'))
  assert.equal(first.headers['cache-control'], 'public, max-age=60')
  const etag = String(first.headers.etag)
  assert.match(etag, /^W\/"/)
  const second = await app.inject({ url: single('3.12'), headers: { 'if-none-match': etag } })
  assert.equal(second.statusCode, 304)
  assert.equal(second.body, '')
  const other = await app.inject({ url: single('3.11'), headers: { 'if-none-match': etag } })
  assert.equal(other.statusCode, 200)
})

test('HEAD on the check answers headers only', async () => {
  const response = await app.inject({ method: 'HEAD', url: single('3.12') })
  assert.equal(response.statusCode, 200)
  assert.equal(response.body, '')
  assert.ok(response.headers.etag)
})

function post(
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/check',
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

test('POST combination: echo, checks in request order, each with evidence and reason', async () => {
  const response = await post(
    '{"project":"webapp","version":"2.0","dependencies":{"python":"3.12","redis":"7","2":"x","__proto__":"1"}}',
  )
  assert.equal(response.statusCode, 200)
  assert.equal(response.headers['cache-control'], 'no-store')
  const body = response.json()
  assert.equal(body.project, 'webapp')
  assert.equal(body.version, '2.0')
  assert.deepEqual(
    JSON.parse(response.body).dependencies,
    JSON.parse('{"python":"3.12","redis":"7","2":"x","__proto__":"1"}'),
  )
  assert.deepEqual(
    body.checks.map((check: { dependency: string }) => check.dependency),
    ['python', 'redis', '2', '__proto__'],
  )
  assert.equal(body.compatible, 'unknown')
  for (const check of body.checks) {
    for (const field of [
      'compatible',
      'matchedRange',
      'matchedConstraint',
      'relationship',
      'confidence',
      'lastVerified',
      'notes',
      'sources',
      'reason',
    ]) {
      assert.ok(field in check, `${check.dependency}: ${field}`)
    }
  }
})

// [dependencies, aggregate]
const AGGREGATES: ReadonlyArray<[Record<string, string>, string]> = [
  [{ python: '3.12', postgresql: '16.4-alpine' }, 'compatible'],
  [{ python: '3.12', ruby: '3' }, 'unknown'],
  [{ python: '3.9', redis: '7' }, 'incompatible'],
]

test('POST aggregate: incompatible if any, else unknown if any, else compatible', async () => {
  for (const [dependencies, aggregate] of AGGREGATES) {
    const response = await post({ project: 'webapp', version: '2.0', dependencies })
    assert.equal(response.json().compatible, aggregate, JSON.stringify(dependencies))
  }
})

test('POST accepts charset parameters on application/json', async () => {
  const response = await post(
    { project: 'webapp', version: '2.0', dependencies: { python: '3.12' } },
    {
      'content-type': 'Application/JSON; charset=utf-8',
    },
  )
  assert.equal(response.statusCode, 200)
})

// [body text, status, offending names]
const BAD_BODIES: ReadonlyArray<[string, number, string[]]> = [
  ['{"project":"webapp","version":"2.0"', 400, ['body']],
  ['', 400, ['body']],
  ['[]', 400, ['body']],
  ['"text"', 400, ['body']],
  ['null', 400, ['body']],
  ['42', 400, ['body']],
  ['{}', 400, ['dependencies', 'project', 'version']],
  ['{"project":"webapp","version":"2.0","dependencies":{}}', 400, ['dependencies']],
  ['{"project":"webapp","version":"2.0","dependencies":[]}', 400, ['dependencies']],
  ['{"project":"webapp","version":"2.0","dependencies":{"python":3}}', 400, ['dependencies']],
  ['{"project":"webapp","version":"2.0","dependencies":{"":"3"}}', 400, ['dependencies']],
  ['{"project":1,"version":"","dependencies":{"python":"3"}}', 400, ['project', 'version']],
  [
    '{"project":"webapp","project":"webapp","version":"2.0","dependencies":{"python":"3"}}',
    400,
    ['body'],
  ],
  [
    '{"project":"webapp","version":"2.0","dependencies":{"python":"3","python":"4"}}',
    400,
    ['body'],
  ],
  [
    '{"project":"webapp","version":"2.0","dependencies":{"python":"3"},"extra":true}',
    400,
    ['extra'],
  ],
  [
    `{"project":"webapp","version":"2.0","dependencies":${JSON.stringify(Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`d${i}`, '1'])))}}`,
    400,
    ['dependencies'],
  ],
  [
    `{"project":"${'x'.repeat(129)}","version":"2.0","dependencies":{"python":"3"}}`,
    400,
    ['project'],
  ],
  ['{"project":"web\\u0000app","version":"2.0","dependencies":{"python":"3"}}', 400, ['project']],
]

test('POST errors: 400 problem+json naming each offending field', async () => {
  for (const [text, status, names] of BAD_BODIES) {
    const response = await post(text)
    const label = text.slice(0, 100)
    assert.equal(response.statusCode, status, `${label}: ${response.body}`)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    const body = response.json()
    assert.equal(body.status, status)
    const offending = [...new Set(body.errors.map((error: { name: string }) => error.name))].sort()
    assert.deepEqual(offending, names, `${label}: ${response.body}`)
  }
})

test('POST with exactly 32 dependencies is accepted', async () => {
  const dependencies = Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`d${i}`, '1']))
  const response = await post({ project: 'webapp', version: '2.0', dependencies })
  assert.equal(response.statusCode, 200)
  assert.equal(response.json().checks.length, 32)
})

test('415 unless the body is declared application/json', async () => {
  const cases: Record<string, string>[] = [
    {},
    { 'content-type': 'text/plain' },
    { 'content-type': 'application/jsonx' },
    { 'content-type': 'application/x-www-form-urlencoded' },
  ]
  for (const headers of cases) {
    const response = await post(
      { project: 'webapp', version: '2.0', dependencies: { python: '3' } },
      headers,
    )
    assert.equal(response.statusCode, 415, JSON.stringify(headers))
    assert.equal(response.json().status, 415)
  }
})

test('413 for a body over 16 KiB', async () => {
  const padding = 'x'.repeat(17 * 1024)
  const response = await post(`{"project":"${padding}","version":"2.0","dependencies":{"a":"1"}}`)
  assert.equal(response.statusCode, 413)
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
})

test('413 also for a body sent without a length (chunked)', async () => {
  const chunks = Array.from({ length: 20 }, () => ' '.repeat(1024))
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/check',
    headers: { 'content-type': 'application/json' },
    payload: Readable.from(chunks),
  })
  assert.equal(response.statusCode, 413)
  assert.equal(response.json().status, 413)
})

test('with line lookup, every form answers a release from its documented line and echoes it', async () => {
  const lines = await buildFixtureApp({ versionLookup: 'line' })
  try {
    assert.equal((await lines.inject('/api/v1')).json().versionLookup, 'line')
    const get = await lines.inject(
      query({
        project: 'cop',
        version: 'v1.27.3',
        dependency: 'kubernetes',
        dependencyVersion: '1.31.1',
      }),
    )
    assert.equal(get.json().version, 'v1.27.3')
    assert.equal(get.json().project, 'cop')
    assert.equal(get.json().compatible, 'compatible')
    assert.match(get.json().reason, /answered from the documented Cloud Operator 1.27 line\.$/)
    const combination = {
      project: 'cloud-operator',
      version: '1.27.3',
      dependencies: { kubernetes: '1.31', postgresql: '18' },
    }
    const post = await lines.inject({ method: 'POST', url: '/api/v1/check', payload: combination })
    assert.equal(post.json().compatible, 'unknown')
    assert.match(post.json().reason, /1.27 line/)
    const getForm = await lines.inject(
      query({
        project: 'cloud-operator',
        version: '1.27.3',
        dependencies: JSON.stringify(combination.dependencies),
      }),
    )
    assert.equal(getForm.body, post.body)
  } finally {
    await lines.close()
  }
  const exact = await app.inject(
    query({
      project: 'cop',
      version: '1.27.3',
      dependency: 'kubernetes',
      dependencyVersion: '1.31',
    }),
  )
  assert.equal(exact.json().compatible, 'unknown')
  assert.match(exact.json().reason, /ask for "1.27"/)
})
