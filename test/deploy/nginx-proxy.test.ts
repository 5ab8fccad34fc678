/**
 * deploy/nginx/compat.conf.template in front of two real replicas, on loopback, with Debian's
 * nginx: cached GETs, failover when a replica dies under load, a reload seen within max-age,
 * POSTs never cached. Needs nginx and openssl (`.ci/run` installs both).
 *
 * Every test starts replicas and an nginx of its own, and no test measures time: each waits
 * for what it expects (a log line, an answer that changes), and checks how it came about.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:https'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, type TestContext, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { selfSigned } from '../support/self-signed.ts'
import { type SpawnedServer, spawnServer } from '../support/spawn-server.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'
import { waitUntil } from '../support/wait-until.ts'

const TEMPLATE = fileURLToPath(new URL('../../deploy/nginx/compat.conf.template', import.meta.url))
const CHECK = '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12'

interface Answer {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

/** An nginx running the template, and how to reach it. */
interface Proxy {
  readonly base: string
  readonly ca: Buffer
  stop(): Promise<void>
}

/** Two replicas on a data directory of their own, and nginx in front of them. */
interface Stack {
  readonly dataDir: string
  readonly replicas: readonly SpawnedServer[]
  readonly proxy: Proxy
}

const OPEN_RATE = { perSecond: '1000', burst: '1000' }

/** Two replicas serving a data directory of their own with this max-age. */
function spawnReplicas(maxAgeSeconds: number): {
  dataDir: Promise<string>
  replicas: SpawnedServer[]
} {
  const replicas: SpawnedServer[] = []
  const dataDir = tempDataDir().then((dir) => {
    for (let index = 0; index < 2; index++) {
      replicas.push(spawnServer({ COMPAT_DATA_DIR: dir, CACHE_MAX_AGE: String(maxAgeSeconds) }))
    }
    return dir
  })
  return { dataDir, replicas }
}

/**
 * A stack of its own for test `t` (which may change the data or kill a replica), at this
 * Cache-Control max-age; stopped after the test.
 */
async function startStack(t: TestContext, maxAgeSeconds: number): Promise<Stack> {
  const spawned = spawnReplicas(maxAgeSeconds)
  let proxy: Proxy | undefined
  t.after(async () => {
    await proxy?.stop()
    for (const replica of spawned.replicas) replica.child.kill('SIGKILL')
  })
  const dataDir = await spawned.dataDir
  const upstreams = await Promise.all(spawned.replicas.map((replica) => replica.url()))
  proxy = await startNginx(upstreams, OPEN_RATE)
  return { dataDir, replicas: spawned.replicas, proxy }
}

/**
 * Replicas that no test changes (max-age 60), started by the first test that asks, and shared:
 * each test puts an nginx of its own in front, so that no cache or rate is shared.
 */
let readOnly: { replicas: SpawnedServer[]; upstreams: Promise<string[]> } | undefined

async function proxyToReadOnlyReplicas(t: TestContext, rate = OPEN_RATE): Promise<Proxy> {
  if (readOnly === undefined) {
    const spawned = spawnReplicas(60)
    readOnly = {
      replicas: spawned.replicas,
      upstreams: spawned.dataDir.then(() =>
        Promise.all(spawned.replicas.map((replica) => replica.url())),
      ),
    }
  }
  const proxy = await startNginx(await readOnly.upstreams, rate)
  t.after(() => proxy.stop())
  return proxy
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function send(
  to: Proxy,
  path: string,
  init: { method?: string; body?: string; contentType?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${to.base}${path}`,
      {
        ca: to.ca,
        method: init.method ?? 'GET',
        headers:
          init.body === undefined ? {} : { 'content-type': init.contentType ?? 'application/json' },
      },
      (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(init.body)
  })
}

/**
 * nginx on a free port with the template rendered for these replicas and this per-client
 * rate (the ${NAME} placeholders envsubst fills in deployment).
 */
async function startNginx(
  upstreams: readonly string[],
  rate: { readonly perSecond: string; readonly burst: string },
): Promise<Proxy> {
  const work = await mkdtemp(join(tmpdir(), 'compat-nginx-'))
  const certificate = selfSigned(work, 'proxy')
  const port = await freePort()
  const values: Record<string, string> = {
    COMPAT_UPSTREAMS: upstreams
      .map((url) => `server ${new URL(url).host} max_fails=2 fail_timeout=5s;`)
      .join('\n    '),
    COMPAT_LISTEN: `127.0.0.1:${port}`,
    COMPAT_SERVER_NAME: 'localhost',
    COMPAT_CACHE_DIR: join(work, 'cache'),
    COMPAT_TLS_CERT: certificate.certFile,
    COMPAT_TLS_KEY: certificate.keyFile,
    COMPAT_RATE_PER_SECOND: rate.perSecond,
    COMPAT_RATE_BURST: rate.burst,
  }
  const site = (await readFile(TEMPLATE, 'utf8')).replace(
    /\$\{(COMPAT_\w+)\}/g,
    (placeholder, name: string) => values[name] ?? placeholder,
  )
  assert.doesNotMatch(site, /\$\{COMPAT_/, 'every placeholder is rendered')
  await writeFile(join(work, 'compat.conf'), site)
  await mkdir(join(work, 'temp'))
  const temp = join(work, 'temp')
  // A proxied request holds two connections (client and replica): the load test below can
  // have all 300 of its requests open at once on a busy machine, more than 256 allows.
  await writeFile(
    join(work, 'nginx.conf'),
    `daemon off;\nmaster_process off;\nworker_processes 1;\npid ${join(work, 'nginx.pid')};\nerror_log ${join(work, 'error.log')} warn;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  client_body_temp_path ${temp}/body;\n  proxy_temp_path ${temp}/proxy;\n  fastcgi_temp_path ${temp}/fastcgi;\n  uwsgi_temp_path ${temp}/uwsgi;\n  scgi_temp_path ${temp}/scgi;\n  include ${join(work, 'compat.conf')};\n}\n`,
  )
  const nginx = spawn('nginx', ['-p', work, '-c', join(work, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let nginxOutput = ''
  nginx.stderr?.on('data', (chunk) => {
    nginxOutput += chunk
  })
  const started: Proxy = {
    base: `https://127.0.0.1:${port}`,
    ca: certificate.cert,
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        const exited = once(nginx, 'exit')
        nginx.kill('SIGTERM')
        await exited
      }
      await rm(work, { recursive: true, force: true })
    },
  }
  let last: unknown = null
  const state = await waitUntil(
    'nginx answers /healthz, or exits',
    async () => {
      if (nginx.exitCode !== null) return 'exited'
      const answer = await send(started, '/healthz').catch((error: unknown) => {
        last = error
        return null
      })
      return answer?.status === 200 ? 'answering' : null
    },
    (seen) => seen !== null,
    { everyMs: 100, attempts: 100 },
  ).catch(() => 'silent')
  if (state === 'answering') return started
  const log = await readFile(join(work, 'error.log'), 'utf8').catch(() => '')
  nginx.kill('SIGTERM')
  throw new Error(`nginx did not answer (${String(last)}): ${nginxOutput} ${log}`)
}

describe('nginx in front of two replicas', { timeout: 120_000 }, () => {
  after(() => {
    for (const replica of readOnly?.replicas ?? []) replica.child.kill('SIGKILL')
  })

  test('a repeated GET is answered from the proxy cache', async (t) => {
    const proxy = await proxyToReadOnlyReplicas(t)
    const first = await send(proxy, CHECK)
    const second = await send(proxy, CHECK)
    assert.equal(first.status, 200)
    assert.equal(first.headers['x-cache-status'], 'MISS')
    assert.equal(second.headers['x-cache-status'], 'HIT')
    assert.equal(second.body, first.body)
    assert.equal(second.headers.etag, first.headers.etag)
  })

  test('an expired copy is revalidated with the ETag (the replica answers 304)', async (t) => {
    const { proxy } = await startStack(t, 1)
    assert.equal((await send(proxy, CHECK)).headers['x-cache-status'], 'MISS')
    // The copy is served (HIT) until its max-age has passed by nginx's clock, which keeps whole
    // seconds; the first answer that is neither a HIT nor a MISS comes after revalidating it. (A
    // request right after the first, on a busy machine, can reach nginx before the copy is
    // stored: another MISS, not the answer this waits for.)
    const again = await waitUntil(
      'the cached copy expiring',
      () => send(proxy, CHECK),
      (answer) => !['HIT', 'MISS'].includes(String(answer.headers['x-cache-status'])),
      { everyMs: 100, attempts: 300 },
    )
    assert.equal(again.status, 200)
    assert.equal(again.headers['cache-control'], 'public, max-age=1')
    assert.equal(again.headers['x-cache-status'], 'REVALIDATED')
  })

  test('POST checks pass through, never cached', async (t) => {
    const proxy = await proxyToReadOnlyReplicas(t)
    const body = JSON.stringify({
      project: 'webapp',
      version: '2.0',
      dependencies: { python: '3.12' },
    })
    for (let index = 0; index < 2; index++) {
      const answer = await send(proxy, '/api/v1/check', { method: 'POST', body })
      assert.equal(answer.status, 200)
      assert.notEqual(answer.headers['x-cache-status'], 'HIT')
      assert.equal(answer.headers['cache-control'], 'no-store')
    }
  })

  test('an SBOM of megabytes reaches the stack route; a JSON body over 16 KiB is refused at the edge', async (t) => {
    const proxy = await proxyToReadOnlyReplicas(t)
    const padding = ' '.repeat(2 * 1024 * 1024)
    const sbom = `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"name":"webapp","version":"2.0"}]}${padding}`
    const derived = await send(proxy, '/api/v1/stack', {
      method: 'POST',
      body: sbom,
      contentType: 'application/vnd.cyclonedx+json',
    })
    assert.equal(derived.status, 200, derived.body.slice(0, 200))
    assert.deepEqual(JSON.parse(derived.body).components, { webapp: '2.0' })
    const large = await send(proxy, '/api/v1/check', {
      method: 'POST',
      body: `{"project":"webapp"}${' '.repeat(20 * 1024)}`,
    })
    assert.equal(large.status, 413)
    assert.equal(large.headers['content-type'], 'application/problem+json')
    assert.equal(JSON.parse(large.body).status, 413)
  })

  test('the stack page’s file form takes a percent-encoded file of megabytes; beyond it, a page says 413', async (t) => {
    const proxy = await proxyToReadOnlyReplicas(t)
    const FORM = 'application/x-www-form-urlencoded'
    const sbom = `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"name":"webapp","version":"2.0"}]}${' '.repeat(1024 * 1024)}`
    // Every space percent-encoded: three bytes in the form for each of the file's.
    const body = `file=${encodeURIComponent(sbom)}`
    assert.ok(body.length > 3 * 1024 * 1024, 'the form body is megabytes')
    const page = await send(proxy, '/stack', { method: 'POST', body, contentType: FORM })
    assert.equal(page.status, 200, page.body.slice(0, 300))
    assert.match(String(page.headers['content-type']), /^text\/html/)
    assert.equal(page.headers['cache-control'], 'no-store')
    assert.match(page.body, /webapp/)
    const huge = await send(proxy, '/stack', {
      method: 'POST',
      body: `file=${'%20'.repeat(5 * 1024 * 1024)}`,
      contentType: FORM,
    })
    assert.equal(huge.status, 413)
    assert.match(String(huge.headers['content-type']), /^text\/html/)
    assert.match(huge.body, /4 MiB/)
  })

  test('a client over its rate gets 429 problem+json from nginx; probes are never limited', async (t) => {
    // The template at one request a second with a burst of one.
    const strict = await proxyToReadOnlyReplicas(t, { perSecond: '1', burst: '1' })
    const answers: Answer[] = []
    for (let index = 0; index < 4; index++) answers.push(await send(strict, CHECK))
    assert.equal(answers[0]?.status, 200)
    const refused = answers.find((answer) => answer.status === 429)
    assert.ok(refused, `statuses ${answers.map((answer) => answer.status).join(', ')}`)
    assert.equal(refused.headers['content-type'], 'application/problem+json')
    assert.equal(refused.headers['retry-after'], '1')
    assert.equal(refused.headers['cache-control'], 'no-store')
    assert.equal(refused.headers['access-control-allow-origin'], '*')
    const problem = JSON.parse(refused.body)
    assert.deepEqual(
      { type: problem.type, title: problem.title, status: problem.status },
      { type: 'about:blank', title: 'Too Many Requests', status: 429 },
    )
    assert.match(problem.detail, /Retry in 1 s/)
    for (let index = 0; index < 3; index++) {
      assert.equal((await send(strict, '/healthz')).status, 200)
      assert.equal((await send(strict, '/readyz')).status, 200)
    }
  })

  test('a data change and SIGHUP to every replica shows through the proxy within max-age', async (t) => {
    const { proxy, replicas, dataDir } = await startStack(t, 1)
    const before = await send(proxy, CHECK)
    assert.equal(JSON.parse(before.body).compatible, 'compatible')
    assert.equal(before.headers['x-cache-status'], 'MISS')
    // The proxy keeps the old answer for at most this long.
    assert.equal(before.headers['cache-control'], 'public, max-age=1')
    const file = join(dataDir, 'webapp.yaml')
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'ranges: [">=3.10 <3.13", "3.13"]',
        'ranges: ["3.13"]',
      ),
    )
    const from = replicas.map((replica) => replica.outputLength())
    for (const replica of replicas) replica.child.kill('SIGHUP')
    // Each replica says so once it serves the changed data.
    await Promise.all(
      replicas.map((replica, index) => replica.logged(/"msg":"dataset reloaded"/, from[index])),
    )
    const seen: Answer[] = []
    const changed = await waitUntil(
      'the change shown through the proxy',
      async () => {
        const answer = await send(proxy, CHECK)
        seen.push(answer)
        return answer
      },
      (answer) => JSON.parse(answer.body).compatible === 'incompatible',
      { everyMs: 100, attempts: 300 },
    )
    // Until then the old answer came from the proxy's copy alone (HIT), never from a replica;
    // once the copy had expired, revalidating it with its ETag brought the new answer (EXPIRED:
    // the replica answered 200, not 304).
    assert.deepEqual(
      seen.slice(0, -1).map((answer) => answer.headers['x-cache-status']),
      seen.slice(0, -1).map(() => 'HIT'),
    )
    assert.equal(changed.status, 200)
    assert.equal(changed.headers['x-cache-status'], 'EXPIRED')
    assert.notEqual(changed.headers.etag, before.headers.etag)
  })

  test('killing one replica under load loses no request', async (t) => {
    const { proxy, replicas } = await startStack(t, 60)
    const paths = Array.from({ length: 300 }, (_, index) =>
      index % 3 === 0
        ? CHECK
        : `/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12.${index}`,
    )
    // Twenty requests in flight at any time; the first replica is killed when the hundredth
    // answer arrives, with requests on their way to it, and two hundred more to come.
    const answers: Answer[] = []
    let next = 0
    let killed = false
    const client = async (): Promise<void> => {
      while (next < paths.length) {
        const path = paths[next++] as string
        answers.push(await send(proxy, path))
        if (answers.length === 100 && !killed) {
          killed = true
          replicas[0]?.child.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: 20 }, client))
    const failed = answers.filter((answer) => answer.status !== 200)
    assert.deepEqual(
      failed.map((answer) => `${answer.status} ${answer.body.slice(0, 80)}`),
      [],
    )
    assert.equal(answers.length, paths.length)
    assert.ok(killed)
    assert.equal(await replicas[0]?.exited(), null, 'the first replica was killed')
  })
})
