import assert from 'node:assert/strict'
import { appendFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp, FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { rawRequest } from '../../../test/support/raw-request.ts'
import { tempDataDir } from '../../../test/support/temp-data-dir.ts'
import { unescapeXml } from '../../../test/support/unescape-xml.ts'
import { loadDataset } from '../../data/load-dataset.ts'
import { DatasetHolder } from '../dataset-holder.ts'

/** URLs that reached Fastify (inject included), to tell them from the front door's. */
const seenByFastify: string[] = []
let app: FastifyInstance
let base: string
before(async () => {
  app = await buildFixtureApp()
  app.addHook('onRequest', (request, _reply, done) => {
    seenByFastify.push(request.url)
    done()
  })
  base = await app.listen({ port: 0, host: '127.0.0.1' })
})
after(() => app.close())

const GREEN = '#2e7d32'
const RED = '#c62828'
const GREY = '#6b6b6b'

/** The single check of the same four values, as GET /api/v1/check answers it. */
async function checkOf(path: string): Promise<{ compatible: string; reason: string }> {
  const [project, version, dependency, dependencyVersion] = path.split('/').map(decodeURIComponent)
  const query = new URLSearchParams({
    project: project as string,
    version: version as string,
    dependency: dependency as string,
    dependencyVersion: dependencyVersion as string,
  })
  return (await app.inject(`/api/v1/check?${query}`)).json()
}

// [path after /badge/ without the suffix, label, verdict, colour, words of the reason]
const BADGES: ReadonlyArray<[string, string, string, string, string]> = [
  ['webapp/2.0/python/3.12', 'python 3.12', 'compatible', GREEN, 'satisfies'],
  ['webapp/2.0/python/3.12.4', 'python 3.12.4', 'compatible', GREEN, 'satisfies'],
  ['webapp/2.0/python/3.9', 'python 3.9', 'incompatible', RED, '3.9'],
  ['webapp/2.0/redis/7', 'redis 7', 'unknown', GREY, 'redis'],
  ['nope/1.0/python/3.12', 'python 3.12', 'unknown', GREY, 'No project "nope" is known'],
  ['webapp/2.0/python/3.11', 'python 3.11', 'compatible', GREEN, '">=3.10 <3.13"'],
  ['webapp/9.9/python/3.12', 'python 3.12', 'unknown', GREY, '9.9'],
  ['webapp/2.0/ruby/3', 'ruby 3', 'unknown', GREY, 'ruby'],
  // Only the final suffix goes: this asks for the version "3.12.json".
  ['webapp/2.0/python/3.12.json', 'python 3.12.json', 'incompatible', RED, 'not a recognizable'],
  // Segments are percent-decoded, and shown as decoded.
  ['webapp/2.0/py%3Cthon%3E/3.12%2B1', 'py<thon> 3.12+1', 'unknown', GREY, 'py<thon>'],
  ['webapp/2.0/python/3%2F12', 'python 3/12', 'incompatible', RED, 'not a recognizable'],
]

test('badges: each verdict as SVG and as shields.io endpoint JSON, answering as the single check', async () => {
  for (const [path, label, verdict, color, reasonHolds] of BADGES) {
    const [project, version] = path.split('/').map(decodeURIComponent)
    const check = await checkOf(path)
    assert.equal(check.compatible, verdict, path)
    assert.ok(check.reason.includes(reasonHolds), `${path}: ${check.reason}`)

    const svg = await app.inject(`/badge/${path}.svg`)
    assert.equal(svg.statusCode, 200, path)
    assert.equal(svg.headers['content-type'], 'image/svg+xml; charset=utf-8', path)
    assert.match(svg.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img"/, path)
    const ariaLabel = /aria-label="([^"]*)"/.exec(svg.body)?.[1] ?? ''
    assert.equal(unescapeXml(ariaLabel), `${label}: ${verdict}`, path)
    const title = /<title>([^<]*)<\/title>/.exec(svg.body)?.[1] ?? ''
    assert.equal(
      unescapeXml(title),
      `${label} with ${project} ${version}: ${verdict} — ${check.reason}`,
      path,
    )
    assert.ok(svg.body.includes(`fill="${color}"`), path)

    const json = await app.inject(`/badge/${path}.json`)
    assert.equal(json.statusCode, 200, path)
    assert.equal(json.headers['content-type'], 'application/json; charset=utf-8', path)
    assert.equal(
      json.body,
      JSON.stringify({ schemaVersion: 1, label, message: verdict, color, cacheSeconds: 60 }),
      path,
    )
  }
})

test('headers: ETag, Cache-Control, CORS and nosniff on both forms; the SVG a CSP that runs nothing', async () => {
  for (const suffix of ['svg', 'json']) {
    const response = await app.inject(`/badge/webapp/2.0/python/3.12.${suffix}`)
    const { headers } = response
    assert.match(String(headers.etag), /^W\/"/, suffix)
    assert.equal(headers['cache-control'], 'public, max-age=60', suffix)
    assert.equal(headers['access-control-allow-origin'], '*', suffix)
    assert.equal(headers['x-content-type-options'], 'nosniff', suffix)
    assert.equal(
      headers['content-security-policy'],
      suffix === 'svg' ? "default-src 'none'" : undefined,
      suffix,
    )
  }
  const svg = await app.inject('/badge/webapp/2.0/python/3.12.svg')
  const json = await app.inject('/badge/webapp/2.0/python/3.12.json')
  assert.notEqual(svg.headers.etag, json.headers.etag, 'each form has its own tag')
})

test('304 to a matching If-None-Match, for both forms; another badge is 200', async () => {
  for (const suffix of ['svg', 'json']) {
    const url = `/badge/webapp/2.0/python/3.12.${suffix}`
    const etag = String((await app.inject(url)).headers.etag)
    const again = await app.inject({ url, headers: { 'if-none-match': etag } })
    assert.equal(again.statusCode, 304, suffix)
    assert.equal(again.body, '', suffix)
    assert.equal(again.headers.etag, etag, suffix)
    const other = await app.inject({
      url: `/badge/webapp/2.0/python/3.11.${suffix}`,
      headers: { 'if-none-match': etag },
    })
    assert.equal(other.statusCode, 200, suffix)
  }
})

test('HEAD answers the headers of GET without a body', async () => {
  for (const suffix of ['svg', 'json']) {
    const url = `/badge/webapp/2.0/python/3.9.${suffix}`
    const head = await app.inject({ method: 'HEAD', url })
    const get = await app.inject(url)
    assert.equal(head.statusCode, 200, suffix)
    assert.equal(head.body, '', suffix)
    assert.equal(head.headers.etag, get.headers.etag, suffix)
    assert.equal(head.headers['content-type'], get.headers['content-type'], suffix)
    assert.equal(head.headers['content-length'], get.headers['content-length'], suffix)
  }
})

const long = 'x'.repeat(129)
// [URL, status, offending parameter and where it was sent (null: none named)]
const BAD: ReadonlyArray<[string, number, [string, string] | null]> = [
  [`/badge/${long}/2.0/python/3.12.svg`, 400, ['project', 'path']],
  [`/badge/webapp/${long}/python/3.12.json`, 400, ['version', 'path']],
  ['/badge/webapp/2.0/py%00thon/3.12.svg', 400, ['dependency', 'path']],
  ['/badge/webapp/2.0/python/3%7F.json', 400, ['dependencyVersion', 'path']],
  ['/badge/webapp/2.0/python/.svg', 400, ['dependencyVersion', 'path']],
  ['/badge/webapp/2.0/python/3.12.svg?style=flat', 400, ['style', 'query']],
  ['/badge/webapp/2.0/python/3.12.json?v=1', 400, ['v', 'query']],
  ['/badge/webapp/2.0/python/3%ZZ.svg', 400, null],
  [`/badge/webapp/2.0/python/${'1'.repeat(257)}.svg`, 414, null],
  ['/badge/webapp/2.0/python/3.12.png', 404, null],
  ['/badge/webapp/2.0/python/3.12', 404, null],
  ['/badge/webapp/2.0/python/3.12.SVG', 404, null],
  ['/badge/webapp/2.0/3.12.svg', 404, null],
  ['/badge/webapp/2.0/python/3.12.svg/', 404, null],
]

test('invalid values are 400 problem+json naming them; other suffixes are unknown routes', async () => {
  for (const [url, status, offending] of BAD) {
    const response = await app.inject(url)
    const label = url.slice(0, 80)
    assert.equal(response.statusCode, status, `${label}: ${response.body}`)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/, label)
    assert.equal(response.headers['cache-control'], 'no-store', label)
    const body = response.json()
    assert.equal(body.status, status, label)
    if (offending !== null) {
      const named = body.errors.map((error: { name: string; in: string }) => [error.name, error.in])
      assert.deepEqual(named, [offending], label)
    }
  }
})

test('OPTIONS answers a preflight; other methods are 405', async () => {
  const url = '/badge/webapp/2.0/python/3.12.svg'
  const options = await app.inject({ method: 'OPTIONS', url })
  assert.equal(options.statusCode, 204)
  assert.match(String(options.headers.allow), /GET/)
  const post = await app.inject({ method: 'POST', url })
  assert.equal(post.statusCode, 405)
})

// Set by the connection, not by the answer.
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])
const answerHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !TRANSPORT.has(name))
      .map(([name, value]) => [name, String(value)]),
  )

// [request headers of the repeat]
const VARIANTS: ReadonlyArray<Record<string, string>> = [
  {},
  { 'accept-encoding': 'gzip' },
  { 'accept-encoding': 'br, gzip' },
]

test('a repeated badge is answered by the front door, exactly as Fastify answers it', async () => {
  for (const suffix of ['svg', 'json']) {
    const url = `/badge/webapp/2.0/postgresql/16.4-alpine.${suffix}`
    // Kept by the answer cache the second time it is asked for.
    await app.inject(url)
    await app.inject(url)
    for (const headers of VARIANTS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const label = `${method} ${url} ${JSON.stringify(headers)}`
        const seen = seenByFastify.length
        const atFrontDoor = await rawRequest(`${base}${url}`, method, headers)
        assert.equal(seenByFastify.length, seen, `${label}: Fastify never saw it`)
        const fromFastify = await app.inject({ method, url, headers })
        assert.equal(atFrontDoor.status, 200, label)
        assert.equal(atFrontDoor.status, fromFastify.statusCode, label)
        assert.deepEqual(
          answerHeaders(atFrontDoor.headers),
          answerHeaders(fromFastify.headers),
          label,
        )
        assert.ok(atFrontDoor.body.equals(fromFastify.rawPayload), label)
      }
    }
    const etag = String((await app.inject(url)).headers.etag)
    const seen = seenByFastify.length
    const notModified = await rawRequest(`${base}${url}`, 'GET', { 'if-none-match': etag })
    assert.equal(notModified.status, 304, suffix)
    assert.equal(seenByFastify.length, seen, `${suffix}: the front door answered the 304`)
  }
})

test('what the front door has not kept goes to Fastify: errors are never kept', async () => {
  const url = '/badge/webapp/2.0/python/3.12.svg?style=flat'
  for (let round = 0; round < 3; round++) {
    const seen = seenByFastify.length
    const response = await rawRequest(`${base}${url}`, 'GET', {})
    assert.equal(response.status, 400)
    assert.equal(seenByFastify.length, seen + 1)
  }
})

test('a new dataset is a new ETag: an old tag is not 304 any more', async () => {
  const dir = await tempDataDir()
  const holder = new DatasetHolder()
  const reloading = await buildFixtureApp({ holder })
  try {
    const first = await loadDataset(FIXTURE_DATA_DIR)
    assert.ok(first.ok)
    holder.replace(first.loaded)
    const url = '/badge/webapp/2.0/python/3.12.svg'
    const etag = String((await reloading.inject(url)).headers.etag)
    await appendFile(join(dir, 'webapp.yaml'), '# changed\n')
    const second = await loadDataset(dir)
    assert.ok(second.ok)
    holder.replace(second.loaded)
    const after = await reloading.inject({ url, headers: { 'if-none-match': etag } })
    assert.equal(after.statusCode, 200)
    assert.notEqual(after.headers.etag, etag)
  } finally {
    await reloading.close()
    await rm(dir, { recursive: true, force: true })
  }
})

test('OpenAPI describes both badge operations, the SVG one as image/svg+xml', async () => {
  const document = (await app.inject('/api/v1/openapi.json')).json()
  const prefix = '/badge/{project}/{version}/{dependency}/{dependencyVersion}'
  const svg = document.paths[`${prefix}.svg`]?.get
  const json = document.paths[`${prefix}.json`]?.get
  assert.ok(svg?.summary && json?.summary)
  assert.deepEqual(svg.tags, ['badges'])
  assert.ok(svg.responses['200'].content['image/svg+xml'])
  assert.ok(json.responses['200'].content['application/json'].schema.properties.schemaVersion)
  for (const operation of [svg, json]) {
    const names = operation.parameters.map((p: { name: string }) => p.name)
    assert.deepEqual(names, ['project', 'version', 'dependency', 'dependencyVersion'])
    for (const parameter of operation.parameters) assert.ok(parameter.description, parameter.name)
    assert.ok(operation.responses['400'])
  }
})

// [URL, status, message] on the fixture clock's day, 2026-11-28
const SUPPORT_BADGES = [
  ['/badge/plat/1.35.2/support.json', 200, 'supported until 2027-02-28'],
  ['/badge/platform/v1.34.2/support.json', 200, 'end of life since 2026-10-27'],
  ['/badge/platform/1.20.1/support.json', 200, 'end of life'],
  ['/badge/webapp/2.0/support.json', 200, 'unknown'],
  ['/badge/nope/1.0/support.json', 200, 'unknown'],
] as const

for (const [url, status, message] of SUPPORT_BADGES) {
  test(`support badge ${url}: ${message}`, async () => {
    const response = await app.inject(url)
    assert.equal(response.statusCode, status)
    const body = response.json()
    assert.equal(body.message, message)
    assert.equal(body.schemaVersion, 1)
    const svg = await app.inject(url.replace(/\.json$/, '.svg'))
    assert.equal(svg.statusCode, 200)
    assert.match(svg.body, new RegExp(`>${message}</text>`))
  })
}

test('a support badge is kept for the day: a repeat is the same bytes with the same ETag', async () => {
  const url = '/badge/plat/1.35.2/support.svg'
  const first = await app.inject(url)
  await app.inject(url)
  const again = await app.inject(url)
  assert.equal(again.body, first.body)
  assert.equal(again.headers.etag, first.headers.etag)
})
