/**
 * COMPAT_WORKERS=2: two worker processes behind one port act as one server — ready when both
 * are, one /metrics for both, reloaded together with no failed request, a failed reload
 * changing nothing anywhere, and stopped together.
 */
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eventually, type SpawnedServer, spawnServer } from '../support/spawn-server.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'

const CHECK = '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12'

/** The pids of the processes named in the JSON log lines (the workers log "Server listening"). */
function workerPids(output: string): Set<number> {
  return new Set(
    [...output.matchAll(/"pid":(\d+)[^\n]*"msg":"Server listening at/g)].map((match) =>
      Number(match[1]),
    ),
  )
}

describe('two workers', () => {
  let server: SpawnedServer
  let base: string
  let dataDir: string
  before(async () => {
    dataDir = await tempDataDir()
    server = spawnServer({ COMPAT_DATA_DIR: dataDir, COMPAT_WORKERS: '2', CACHE_MAX_AGE: '0' })
    base = await server.url()
    assert.ok(
      await eventually(async () => (await fetch(`${base}/readyz`)).status === 200, 200),
      server.output(),
    )
  })
  after(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
  })

  test('both workers serve, and /metrics counts the requests of both', async () => {
    assert.equal(workerPids(server.output()).size, 2, server.output())
    const before = await checksCounted(base)
    // Separate connections, so that both workers get some.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const response = await fetch(`${base}${CHECK}`, { headers: { connection: 'close' } })
        await response.arrayBuffer()
        return response.status
      }),
    )
    assert.deepEqual(new Set(statuses), new Set([200]))
    assert.equal((await checksCounted(base)) - before, 40)
  })

  test('a reload under load swaps both workers with no failed request; a faulty one changes nothing', async () => {
    const file = join(dataDir, 'webapp.yaml')
    const original = await readFile(file, 'utf8')
    let stop = false
    const failures: string[] = []
    const client = async () => {
      while (!stop) {
        const response = await fetch(`${base}/api/v1/projects/webapp`, {
          headers: { connection: 'close' },
        })
        await response.arrayBuffer()
        if (response.status !== 200) failures.push(String(response.status))
      }
    }
    const clients = Array.from({ length: 4 }, client)
    await writeFile(file, original.replace('Web App', 'Web App Reloaded'))
    server.child.kill('SIGHUP')
    assert.ok(
      await eventually(() => server.output().includes('swapped together'), 200),
      server.output(),
    )
    // Every worker answers with the new data: ask over many connections.
    const names = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${base}/api/v1/projects/webapp`, {
          headers: { connection: 'close' },
        })
        return ((await response.json()) as { name: string }).name
      }),
    )
    assert.deepEqual(new Set(names), new Set(['Web App Reloaded']))

    await writeFile(file, original.replace('confidence: high', 'confidence: mediun'))
    server.child.kill('SIGHUP')
    assert.ok(
      await eventually(
        () => server.output().includes('every worker keeps the last good dataset'),
        200,
      ),
    )
    stop = true
    await Promise.all(clients)
    assert.deepEqual(failures, [])
    assert.equal((await fetch(`${base}/readyz`)).status, 200)
    const still = await fetch(`${base}/api/v1/projects/webapp`)
    assert.equal(((await still.json()) as { name: string }).name, 'Web App Reloaded')
    await writeFile(file, original)
  })

  test('SIGTERM stops every worker and the primary exits 0', async () => {
    const pids = workerPids(server.output())
    server.child.kill('SIGTERM')
    assert.equal(await server.exited(), 0, server.output().slice(-2000))
    for (const pid of pids) {
      assert.throws(() => process.kill(pid, 0), /ESRCH/, `worker ${pid} still runs`)
    }
  })
})

test('a start-up error in the workers is reported once, and the primary exits 3', async () => {
  const server = spawnServer({ COMPAT_WORKERS: '2', COMPAT_DATA_DIR: '/nonexistent/compat-data' })
  assert.equal(await server.exited(), 3)
  assert.equal(server.output().match(/cannot start/g)?.length, 1, server.output())
})

// Columns: COMPAT_WORKERS, the message.
const BAD: ReadonlyArray<[string, RegExp]> = [
  [
    '0',
    /^compat: cannot start: COMPAT_WORKERS must be a whole number from 1 to 256, or auto \(one per core\); got '0'\n$/,
  ],
  ['many', /got 'many'/],
  ['1.5', /got '1\.5'/],
]
for (const [value, message] of BAD) {
  test(`COMPAT_WORKERS=${value} is a start-up error`, async () => {
    const server = spawnServer({ COMPAT_WORKERS: value })
    assert.equal(await server.exited(), 3)
    assert.match(server.output(), message)
  })
}

async function checksCounted(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text()
  const line =
    /^compat_http_requests_total\{route="\/api\/v1\/check",method="GET",status="200"\} (\d+)$/m.exec(
      text,
    )
  return Number(line?.[1] ?? 0)
}
