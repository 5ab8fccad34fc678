import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../../test/support/fixture-app.ts'
import { buildDataset } from '../../core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../../core/dataset/schema.ts'
import { DatasetHolder } from '../dataset-holder.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

const CYCLONEDX = 'application/vnd.cyclonedx+json'
const SPDX = 'application/spdx+json'

const post = (payload: string | Buffer, contentType: string, query = '') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/stack${query}`,
    headers: { 'content-type': contentType },
    payload,
  })

// dbo is db-operator's alias: a derived stack names each project by its id.
const STACK = { components: { platform: '1.33.2', dbo: 'v1.27.1', pgdb: '17.2' } }
const DERIVED = { components: { platform: '1.33.2', 'db-operator': 'v1.27.1', pgdb: '17.2' } }

/** The fixture stack as a CycloneDX 1.6 SBOM, with one component nothing catalogues. */
const cyclonedx = (components: readonly Record<string, unknown>[]) =>
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components })

const STACK_SBOM = cyclonedx([
  { type: 'application', name: 'platform', version: '1.33.2' },
  { type: 'application', name: 'dbo', version: 'v1.27.1', purl: 'pkg:generic/dbo@v1.27.1' },
  { type: 'application', name: 'pgdb', version: '17.2' },
  { type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
])

const STACK_SPDX = JSON.stringify({
  spdxVersion: 'SPDX-2.3',
  dataLicense: 'CC0-1.0',
  SPDXID: 'SPDXRef-DOCUMENT',
  name: 'cluster',
  documentNamespace: 'https://spdx.example.org/cluster',
  creationInfo: { created: '2026-11-28T00:00:00Z', creators: ['Tool: hand-written'] },
  packages: Object.entries(STACK.components).map(([name, version]) => ({
    name,
    SPDXID: `SPDXRef-${name}`,
    versionInfo: version,
    downloadLocation: 'NOASSERTION',
  })),
})

test('stack POST of an SBOM: the same verdict as the stack it derives, and what it was derived from', async () => {
  const [sbom, json] = await Promise.all([
    post(STACK_SBOM, CYCLONEDX),
    post(JSON.stringify(DERIVED), 'application/json'),
  ])
  assert.equal(sbom.statusCode, 200)
  assert.equal(sbom.headers['cache-control'], 'no-store')
  const body = sbom.json()
  const { derivedFrom, matches, unmatched, duplicates, ...stack } = body
  assert.deepEqual(stack, json.json(), 'the stack part is the JSON stack’s answer')
  assert.deepEqual(Object.keys(body).slice(-4), [
    'derivedFrom',
    'matches',
    'unmatched',
    'duplicates',
  ])
  assert.deepEqual(derivedFrom, { format: 'cyclonedx', components: 4, matched: 3 })
  assert.deepEqual(
    matches.map((match: { project: string; by: string }) => [match.project, match.by]),
    [
      ['platform', 'name'],
      ['db-operator', 'name'],
      ['pgdb', 'name'],
    ],
  )
  assert.deepEqual(unmatched, [
    {
      name: 'left-pad',
      version: '1.3.0',
      purl: 'pkg:npm/left-pad@1.3.0',
      reason: 'no catalogued project has this package URL',
      nearest: [],
      location: '/components/3',
    },
  ])
  assert.deepEqual(duplicates, [])
})

test('stack POST of an SBOM: compressed when the client accepts it, as every answer', async () => {
  const { brotliDecompressSync } = await import('node:zlib')
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/stack',
    headers: { 'content-type': CYCLONEDX, 'accept-encoding': 'br' },
    payload: STACK_SBOM,
  })
  assert.equal(response.statusCode, 200)
  assert.equal(response.headers['content-encoding'], 'br')
  const body = JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))
  assert.deepEqual(body.components, DERIVED.components)
})

test('stack POST of an SPDX SBOM, with the day in the query', async () => {
  const response = await post(STACK_SPDX, `${SPDX}; charset=utf-8`, '?date=2026-05-01')
  assert.equal(response.statusCode, 200)
  const body = response.json()
  assert.deepEqual(body.components, DERIVED.components)
  assert.equal(body.date, '2026-05-01')
  assert.equal(body.derivedFrom.format, 'spdx')
})

// [what, body, content type, query, status, the first error's name, a fragment of its reason]
const REFUSED: readonly (readonly [
  string,
  string | Buffer,
  string,
  string,
  number,
  string,
  string,
])[] = [
  ['an SPDX document sent as CycloneDX', STACK_SPDX, CYCLONEDX, '', 400, '/bomFormat', 'missing'],
  [
    'a CycloneDX version not read',
    cyclonedx([]).replace('"1.6"', '"2.0"'),
    CYCLONEDX,
    '',
    400,
    '/specVersion',
    '2.0',
  ],
  [
    'components that are no list',
    JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: {} }),
    CYCLONEDX,
    '',
    400,
    '/components',
    'list',
  ],
  [
    'an SPDX document without spdxVersion',
    JSON.stringify({ SPDXID: 'SPDXRef-DOCUMENT', packages: [] }),
    SPDX,
    '',
    400,
    '/spdxVersion',
    '',
  ],
  ['malformed JSON', '{"bomFormat": "CycloneDX",', CYCLONEDX, '', 400, 'line 1, column 27', 'JSON'],
  [
    'bytes that are not UTF-8',
    Buffer.from([0x7b, 0xc3, 0x28, 0x7d]),
    CYCLONEDX,
    '',
    400,
    'body',
    'UTF-8',
  ],
  ['a day that is no date', STACK_SBOM, CYCLONEDX, '?date=2026-02-30', 400, 'date', ''],
  [
    'another query parameter',
    STACK_SBOM,
    CYCLONEDX,
    '?project=x',
    400,
    'project',
    'not a parameter',
  ],
  ['a format no reader has', STACK_SBOM, CYCLONEDX, '?format=xml', 400, 'format', 'one of'],
  [
    'a format other than its content type says',
    STACK_SBOM,
    CYCLONEDX,
    '?format=spdx',
    400,
    'format',
    'the content-type says cyclonedx',
  ],
]

for (const [what, body, contentType, query, status, name, reason] of REFUSED) {
  test(`stack POST of an SBOM: ${what} is ${status}, naming where`, async () => {
    const response = await post(body, contentType, query)
    assert.equal(response.statusCode, status, response.body)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    const errors = response.json().errors as { name: string; in: string; reason: string }[]
    const error = errors.find((candidate) => candidate.name === name)
    assert.ok(error !== undefined, `an error named ${name} in ${response.body}`)
    assert.match(error.reason, new RegExp(reason))
  })
}

test('stack POST of an SBOM: over 4 MiB is 413; a JSON stack keeps its 16 KiB', async () => {
  const padding = ' '.repeat(4 * 1024 * 1024)
  const large = await post(`${STACK_SBOM}${padding}`, CYCLONEDX)
  assert.equal(large.statusCode, 413)
  assert.match(large.json().detail, /file is larger than 4 MiB/)
  const json = await post(`${JSON.stringify(STACK)}${' '.repeat(16 * 1024)}`, 'application/json')
  assert.equal(json.statusCode, 413)
  assert.match(json.json().detail, /16 KiB/)
  const allowed = await post(`${STACK_SBOM}${' '.repeat(3 * 1024 * 1024)}`, CYCLONEDX)
  assert.equal(allowed.statusCode, 200)
})

test('stack POST: another content type is 415 naming the three it takes, and ?format=', async () => {
  const response = await post(STACK_SBOM, 'application/xml')
  assert.equal(response.statusCode, 415)
  assert.match(
    response.json().detail,
    /application\/json \(a stack\), application\/vnd\.cyclonedx\+json or application\/spdx\+json \(an SBOM\); any other stack file as JSON or text\/plain with \?format=auto\|cyclonedx\|spdx\|package-lock\|pnpm-lock\|poetry-lock\|uv-lock\|pylock\|requirements\|helm\|kubectl/,
  )
  // Text is a file: it needs its format.
  const text = await post('flask==3.0.3\n', 'text/plain')
  assert.equal(text.statusCode, 415)
  const withFormat = await post(STACK_SBOM, 'application/xml', '?format=cyclonedx')
  assert.equal(withFormat.statusCode, 415)
  assert.match(withFormat.json().detail, /With \?format=, the body must be sent as JSON/)
})

test('stack POST of an SBOM: more than 256 matched components is 400 naming the limit', async () => {
  const ids = Array.from({ length: 257 }, (_, index) => `p${index}`)
  const holder = new DatasetHolder()
  const documents: ProjectDocument[] = ids.map((id) => ({
    id,
    name: id,
    categories: [],
    website: 'https://example.org',
    versions: {},
  }))
  holder.replace({
    dataset: buildDataset(documents),
    contentHash: 'x'.repeat(64),
    loadedAt: new Date('2026-11-28T00:00:00Z'),
    files: [],
  })
  const many = await buildFixtureApp({ holder })
  try {
    const response = await many.inject({
      method: 'POST',
      url: '/api/v1/stack',
      headers: { 'content-type': CYCLONEDX },
      payload: cyclonedx(ids.map((name) => ({ type: 'library', name, version: '1.0.0' }))),
    })
    assert.equal(response.statusCode, 400)
    assert.match(
      response.json().errors[0].reason,
      /matches 257 catalogued projects; a derived stack holds at most 256/,
    )
  } finally {
    await many.close()
  }
})
