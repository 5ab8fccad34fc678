/**
 * The per-client rate limit on a listening server: through the front door (the answer cache in
 * front of the router) and through Fastify alike, per client address, with a trusted proxy's X-Forwarded-For
 * believed and anyone else's ignored.
 */
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  parseTrustedProxies,
  type TrustedProxies,
} from '../../src/http/rate-limit/client-address.ts'
import { buildFixtureApp } from '../support/fixture-app.ts'

/** The fixture app with these options, listening for the tests of the suite that calls this. */
function listening(options: Parameters<typeof buildFixtureApp>[0]): { base: string } {
  const server = { base: '' }
  let app: FastifyInstance | undefined
  before(async () => {
    app = await buildFixtureApp({ logger: false, ...options })
    await app.listen({ port: 0, host: '127.0.0.1' })
    server.base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  after(() => app?.close())
  return server
}

const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers })

describe('rate limit: 4 per minute, no trusted proxy', () => {
  const server = listening({ rateLimit: { limit: 4, windowSeconds: 60 } })

  test('the fifth request is 429 problem+json with Retry-After and the RateLimit headers; answers from the front door and computed ones count alike', async () => {
    // The project list twice (the second from the front door), then a check
    // (computed by Fastify) twice: four requests.
    const statuses = []
    for (const path of [
      '/api/v1/projects',
      '/api/v1/projects',
      '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12',
      '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12',
    ]) {
      statuses.push((await get(server.base, path)).status)
    }
    assert.deepEqual(statuses, [200, 200, 200, 200])
    const refused = await get(server.base, '/api/v1/projects')
    assert.equal(refused.status, 429)
    assert.equal(refused.headers.get('content-type'), 'application/problem+json')
    assert.equal(refused.headers.get('cache-control'), 'no-store')
    const retryAfter = Number(refused.headers.get('retry-after'))
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter))
    assert.equal(refused.headers.get('ratelimit-policy'), '"default";q=4;w=60')
    assert.equal(refused.headers.get('ratelimit'), `"default";r=0;t=${retryAfter}`)
    assert.equal(refused.headers.get('access-control-allow-origin'), '*')
    const body = (await refused.json()) as { status: number; title: string; detail: string }
    assert.equal(body.status, 429)
    assert.equal(body.title, 'Too Many Requests')
    assert.match(
      body.detail,
      /^Too many requests from this client: at most 4 per minute\. Retry in \d+ s\.$/,
    )
    // Every path counts, the web page and unknown ones too…
    assert.equal((await get(server.base, '/')).status, 429)
    assert.equal((await get(server.base, '/nowhere')).status, 429)
    // …but not the platform's probes and scrapes.
    assert.equal((await get(server.base, '/healthz')).status, 200)
    assert.equal((await get(server.base, '/readyz')).status, 200)
    assert.equal((await get(server.base, '/metrics')).status, 200)
  })
})

describe('rate limit: 1 per minute, no trusted proxy', () => {
  const server = listening({ rateLimit: { limit: 1, windowSeconds: 60 } })

  test('a spoofed X-Forwarded-For from an untrusted peer is ignored: still the same client', async () => {
    assert.equal((await get(server.base, '/api/v1/projects')).status, 200)
    const refused = await get(server.base, '/api/v1/projects', {
      'x-forwarded-for': '198.51.100.200',
    })
    assert.equal(refused.status, 429)
  })
})

describe('rate limit behind a trusted proxy', () => {
  const server = listening({
    rateLimit: { limit: 2, windowSeconds: 60 },
    trustProxy: parseTrustedProxies('127.0.0.1') as TrustedProxies,
  })

  test('two clients behind the proxy are counted apart', async () => {
    const as = (client: string) =>
      get(server.base, '/api/v1/projects', { 'x-forwarded-for': client })
    assert.deepEqual(
      [
        (await as('198.51.100.1')).status,
        (await as('198.51.100.1')).status,
        (await as('198.51.100.1')).status,
      ],
      [200, 200, 429],
    )
    assert.equal((await as('198.51.100.2')).status, 200)
    // What the client itself put in front of the proxy's entry is not believed.
    assert.equal((await as('198.51.100.2, 198.51.100.1')).status, 429)
  })
})

describe('rate limit: a client recovers after the window', () => {
  // The app's clock, which the limiter reads: held still (100 ms into a second) and moved by the
  // test itself, so no request depends on when the wall-clock second turns.
  const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 0, 100) }
  const server = listening({
    rateLimit: { limit: 1, windowSeconds: 1 },
    clock: () => new Date(clock.now),
  })

  test('refused within the second, served again in the next', async () => {
    assert.equal((await get(server.base, '/api/v1/projects')).status, 200)
    // The last millisecond of the same second: still refused.
    clock.now += 899
    const refused = await get(server.base, '/api/v1/projects')
    assert.equal(refused.status, 429)
    assert.equal(refused.headers.get('retry-after'), '1')
    // The next second.
    clock.now += 1
    assert.equal((await get(server.base, '/api/v1/projects')).status, 200)
  })
})
