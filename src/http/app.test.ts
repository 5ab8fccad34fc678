import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../../test/support/fixture-app.ts'
import { buildApp } from './app.ts'

let app: FastifyInstance
before(async () => {
  app = await buildFixtureApp()
})
after(() => app.close())

test('unknown routes are 404 problem+json', async () => {
  for (const url of [
    '/api',
    '/api/v2/projects',
    '/api/v1/projects/',
    '/api/v1/check/x',
    '/api/v1/nope?x=1',
  ]) {
    const response = await app.inject(url)
    assert.equal(response.statusCode, 404, url)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    assert.deepEqual(Object.keys(response.json()).sort(), ['detail', 'status', 'title', 'type'])
  }
})

// [method, url, Allow header]
const NOT_ALLOWED: ReadonlyArray<[string, string, string]> = [
  ['DELETE', '/api/v1/projects', 'GET, HEAD, OPTIONS'],
  ['POST', '/api/v1/projects', 'GET, HEAD, OPTIONS'],
  ['PUT', '/api/v1/projects/webapp', 'GET, HEAD, OPTIONS'],
  ['PATCH', '/api/v1/check', 'GET, HEAD, POST, OPTIONS'],
  ['DELETE', '/api/v1/check', 'GET, HEAD, POST, OPTIONS'],
  ['POST', '/healthz', 'GET, HEAD, OPTIONS'],
  ['PUT', '/api/v1', 'GET, HEAD, OPTIONS'],
]

test('405 with Allow for other methods on known paths, before any body is read', async () => {
  for (const [method, url, allow] of NOT_ALLOWED) {
    const response = await app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(20_000),
    })
    assert.equal(response.statusCode, 405, `${method} ${url}`)
    assert.equal(response.headers.allow, allow, `${method} ${url}`)
    assert.equal(response.json().status, 405)
  }
})

test('CORS: every answer allows any origin; OPTIONS answers preflights', async () => {
  for (const url of ['/api/v1/projects', '/api/v1/nope']) {
    const response = await app.inject(url)
    assert.equal(response.headers['access-control-allow-origin'], '*', url)
  }
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/v1/check',
    headers: {
      origin: 'https://example.org',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })
  assert.equal(preflight.statusCode, 204)
  assert.equal(preflight.headers['access-control-allow-origin'], '*')
  assert.match(String(preflight.headers['access-control-allow-methods']), /POST/)
  assert.equal(preflight.headers['access-control-allow-headers'], 'content-type')
  assert.equal(preflight.headers.allow, 'GET, HEAD, POST, OPTIONS')
})

test('responses are compressed when accepted and large enough', async () => {
  const plain = await app.inject('/api/v1/projects/webapp')
  assert.ok(plain.rawPayload.length > 1024)
  assert.equal(plain.headers['content-encoding'], undefined)
  assert.equal(plain.headers.vary, 'accept-encoding')
  const br = await app.inject({
    url: '/api/v1/projects/webapp',
    headers: { 'accept-encoding': 'gzip, br' },
  })
  assert.equal(br.headers['content-encoding'], 'br')
  assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body)
  const gzip = await app.inject({
    url: '/api/v1/projects/webapp',
    headers: { 'accept-encoding': 'gzip, br;q=0' },
  })
  assert.equal(gzip.headers['content-encoding'], 'gzip')
  assert.equal(gunzipSync(gzip.rawPayload).toString(), plain.body)
  const small = await app.inject({
    url: '/api/v1/check?project=webapp&version=2.0&dependency=redis&dependencyVersion=7',
    headers: { 'accept-encoding': 'gzip, br' },
  })
  assert.equal(small.headers['content-encoding'], undefined)
  const post = await app.inject({
    method: 'POST',
    url: '/api/v1/check',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    payload: {
      project: 'webapp',
      version: '2.0',
      dependencies: { python: '3.12', postgresql: '16', nodejs: '22', mariadb: '11.4' },
    },
  })
  assert.equal(post.headers['content-encoding'], 'gzip')
  assert.equal(JSON.parse(gunzipSync(post.rawPayload).toString()).compatible, 'compatible')
})

test('GET /api/v1 describes the service and the dataset', async () => {
  const response = await app.inject('/api/v1')
  assert.equal(response.statusCode, 200)
  const body = response.json()
  assert.equal(body.apiVersion, 'v1')
  assert.equal(body.versionLookup, 'exact')
  assert.match(body.dataset.version, /^[0-9a-f]{64}$/)
  assert.equal(body.dataset.projects, 6)
  assert.equal(body.dataset.entries, 31)
  assert.ok(!Number.isNaN(Date.parse(body.dataset.loadedAt)))
  assert.equal(body.links.dependencies, '/api/v1/dependencies')
  assert.equal(body.links.stack, '/api/v1/stack')
  assert.ok(response.headers.etag)
})

test('health: /healthz alive; /readyz 200 with a dataset, 503 without', async () => {
  assert.equal((await app.inject('/healthz')).statusCode, 200)
  assert.equal((await app.inject('/readyz')).statusCode, 200)
  const empty = await buildApp()
  try {
    assert.equal((await empty.inject('/healthz')).statusCode, 200)
    const notReady = await empty.inject('/readyz')
    assert.equal(notReady.statusCode, 503)
    assert.match(String(notReady.headers['content-type']), /^application\/problem\+json/)
    assert.equal((await empty.inject('/api/v1/projects')).statusCode, 503)
  } finally {
    await empty.close()
  }
})

test('OpenAPI 3.1 describes every operation, its errors as problem+json, and no security', async () => {
  const response = await app.inject('/api/v1/openapi.json')
  assert.equal(response.statusCode, 200)
  const document = response.json()
  assert.equal(document.openapi, '3.1.0')
  assert.deepEqual(document.security, [])
  assert.ok(document.servers.length > 0)
  const operations = [
    ['/api/v1/projects', 'get'],
    ['/api/v1/projects/{project}', 'get'],
    ['/api/v1/check', 'get'],
    ['/api/v1/check', 'post'],
    ['/api/v1/projects/{project}/versions', 'get'],
    ['/api/v1/dependencies', 'get'],
    ['/api/v1/dependencies/{dependency}', 'get'],
    ['/api/v1/stack', 'get'],
    ['/api/v1/stack', 'post'],
    ['/api/v1/plan', 'post'],
    ['/api/v1', 'get'],
    ['/healthz', 'get'],
    ['/readyz', 'get'],
  ] as const
  for (const [path, method] of operations) {
    const operation = document.paths[path]?.[method]
    assert.ok(operation, `${method} ${path}`)
    assert.ok(operation.summary && operation.operationId, `${method} ${path}: summary`)
    assert.ok(operation.responses['200'], `${method} ${path}: 200`)
  }
  for (const status of ['400', '413', '415']) {
    const response400 = document.paths['/api/v1/check'].post.responses[status]
    assert.ok(response400.content['application/problem+json'].schema, `POST ${status}`)
  }
  assert.ok(document.paths['/api/v1/projects/{project}'].get.responses['404'])
  for (const status of ['400', '413', '415']) {
    assert.ok(document.paths['/api/v1/stack'].post.responses[status], `stack POST ${status}`)
  }
  assert.ok(document.paths['/api/v1/projects/{project}/versions'].get.responses['404'])
  assert.ok(document.paths['/api/v1/dependencies/{dependency}'].get.responses['404'])
  const operationIds = Object.values(document.paths).flatMap((item) =>
    Object.values(item as Record<string, { operationId?: string }>).map((op) => op.operationId),
  )
  assert.equal(new Set(operationIds).size, operationIds.length, 'operation ids are unique')
  // Every field of every answer and request carries a description, for editors and clients.
  const undescribed: string[] = []
  const walk = (schema: unknown, at: string): void => {
    if (typeof schema !== 'object' || schema === null) return
    const { properties } = schema as { properties?: Record<string, { description?: string }> }
    for (const [name, property] of Object.entries(properties ?? {})) {
      if (property.description === undefined) undescribed.push(`${at}.${name}`)
    }
    for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`)
  }
  for (const path of [
    '/api/v1/projects/{project}/versions',
    '/api/v1/dependencies',
    '/api/v1/dependencies/{dependency}',
    '/api/v1/stack',
    '/api/v1/plan',
  ]) {
    walk(document.paths[path], path)
  }
  assert.deepEqual(undescribed, [])
  const parameters = document.paths['/api/v1/check'].get.parameters.map(
    (p: { name: string }) => p.name,
  )
  assert.deepEqual(parameters.sort(), [
    'dependencies',
    'dependency',
    'dependencyVersion',
    'project',
    'version',
  ])
  // POST /api/v1/stack documents its query (the day, and the format of a posted file) and text.
  const stackPost = document.paths['/api/v1/stack'].post
  const stackQuery = stackPost.parameters.map(
    (p: { name: string; in: string }) => `${p.in} ${p.name}`,
  )
  assert.deepEqual(stackQuery.sort(), ['query date', 'query format'])
  const format = stackPost.parameters.find((p: { name: string }) => p.name === 'format')
  assert.deepEqual(format.schema.enum, [
    'auto',
    'cyclonedx',
    'spdx',
    'package-lock',
    'pnpm-lock',
    'poetry-lock',
    'uv-lock',
    'pylock',
    'requirements',
    'helm',
    'kubectl',
  ])
  assert.ok(stackPost.requestBody.content['text/plain'])
  // A plan's prefer, and where it lands; a lifecycle line's own sources.
  const plan = document.paths['/api/v1/plan'].post
  const planBody = JSON.stringify(plan.requestBody.content['application/json'].schema)
  assert.match(planBody, /"prefer":\{[^}]*"enum":\["lowest","newest"\]/)
  const planAnswer = JSON.stringify(plan.responses['200'].content['application/json'].schema)
  for (const field of ['"date"', '"support"', '"prefer"'])
    assert.ok(planAnswer.includes(field), field)
  const lifecycle = JSON.stringify(
    document.paths['/api/v1/projects/{project}/lifecycle'].get.responses['200'],
  )
  assert.match(lifecycle, /"lines":\{.*"sources":\{"type":"array"/s)
})

test('the OpenAPI document keeps the recommended lint rules: real unions, 4XX on every operation', async () => {
  const document = (await app.inject('/api/v1/openapi.json')).json()
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${path}/${index}`)
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>
      for (const keyword of ['anyOf', 'oneOf']) {
        const options = record[keyword]
        if (Array.isArray(options)) assert.ok(options.length >= 2, `${path}/${keyword}: one option`)
      }
      for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`)
    }
  }
  walk(document, '#')
  for (const [path, operations] of Object.entries(
    document.paths as Record<string, Record<string, { responses: object }>>,
  )) {
    for (const [method, operation] of Object.entries(operations)) {
      const statuses = Object.keys(operation.responses)
      assert.ok(
        statuses.some((status) => status.startsWith('4')),
        `${method} ${path}: no 4XX`,
      )
    }
  }
})

test('the API documentation is a page of the site: every operation of the OpenAPI document, no script, nothing from elsewhere', async () => {
  const openapi = (await app.inject('/api/v1/openapi.json')).json() as {
    paths: Record<string, Record<string, { operationId: string; summary: string }>>
  }
  for (const path of ['/api/v1/docs', '/api/v1/docs/']) {
    const response = await app.inject(path)
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /text\/html/)
    // The site's own policy: no inline style or script allowed.
    assert.equal(
      response.headers['content-security-policy'],
      "default-src 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'; form-action 'self'",
    )
    assert.match(String(response.headers.etag), /^W\//)
    assert.doesNotMatch(response.body, /(src|href)="https?:\/\//)
    assert.match(response.body, /<main id="main"[^>]* data-page="docs">/)
    for (const [route, methods] of Object.entries(openapi.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        assert.ok(
          response.body.includes(`id="operation-${operation.operationId}"`),
          `${method} ${route}`,
        )
      }
    }
  }
  const again = await app.inject({
    url: '/api/v1/docs',
    headers: { 'if-none-match': String((await app.inject('/api/v1/docs')).headers.etag) },
  })
  assert.equal(again.statusCode, 304)
})
