/** Reloads swap a validated dataset in atomically: no request fails, a bad reload changes nothing. */
import assert from 'node:assert/strict'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'node:test'
import { startFixtureServer } from '../support/fixture-server.ts'
import { getJson, type Named, type ServiceInfo, type Verdict } from '../support/get-json.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'
import { waitUntil } from '../support/wait-until.ts'

const CHECK = '/api/v1/check?project=webapp&version=2.0&dependency=python&dependencyVersion=3.12'

async function start(dataDir: string, watch = false) {
  return startFixtureServer({ dataDir, watch })
}

test('requests keep succeeding while the dataset is reloaded again and again', async () => {
  const dataDir = await tempDataDir()
  const server = await start(dataDir)
  try {
    const file = join(dataDir, 'webapp.yaml')
    const original = await readFile(file, 'utf8')
    let stop = false
    const failures: string[] = []
    let answered = 0
    const client = async () => {
      while (!stop) {
        for (const path of [CHECK, '/api/v1/projects/webapp', '/api/v1/projects']) {
          const response = await fetch(`${server.url}${path}`)
          await response.arrayBuffer()
          if (response.status !== 200) failures.push(`${path}: ${response.status}`)
          answered++
        }
      }
    }
    const clients = Array.from({ length: 4 }, client)
    const etags = new Set<string>()
    for (let round = 0; round < 10; round++) {
      await writeFile(file, original.replace('Web App', `Web App ${round}`))
      assert.equal(await server.reload(), true)
      const response = await fetch(`${server.url}/api/v1/projects/webapp`)
      assert.equal(((await response.json()) as Named).name, `Web App ${round}`)
      etags.add(String(response.headers.get('etag')))
    }
    stop = true
    await Promise.all(clients)
    assert.deepEqual(failures, [])
    assert.ok(answered > 30, `only ${answered} requests answered`)
    assert.equal(etags.size, 10, 'each dataset has its own ETags')
  } finally {
    await server.stop()
  }
})

test('a reload that finds faults keeps serving the last good dataset and counts the failure', async () => {
  const dataDir = await tempDataDir()
  const server = await start(dataDir)
  try {
    const before = await getJson<ServiceInfo>(`${server.url}/api/v1`)
    await writeFile(
      join(dataDir, 'webapp.yaml'),
      'id: webapp\nversions: {"2.0": {dependencies: {python: {ranges: ["^3"]}}}}\n',
    )
    assert.equal(await server.reload(), false)
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200)
    const after = await getJson<ServiceInfo>(`${server.url}/api/v1`)
    assert.equal(after.dataset.version, before.dataset.version)
    const check = await getJson<Verdict>(`${server.url}${CHECK}`)
    assert.equal(check.compatible, 'compatible')
    const metrics = await (await fetch(`${server.url}/metrics`)).text()
    assert.match(metrics, /compat_dataset_reloads_total\{outcome="failure"\} 1/)
    assert.match(metrics, /compat_dataset_reloads_total\{outcome="success"\} 0/)
    assert.match(
      metrics,
      new RegExp(`compat_dataset_info\\{content_hash="${before.dataset.version}"\\} 1`),
    )
  } finally {
    await server.stop()
  }
})

test('with watching on, an edited file is served without a signal', async () => {
  const dataDir = await tempDataDir()
  const server = await start(dataDir, true)
  try {
    const file = join(dataDir, 'webapp.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace('Web App', 'Watched App'))
    const name = await waitUntil(
      'the edited name served',
      async () => (await getJson<Named>(`${server.url}/api/v1/projects/webapp`)).name,
      (served) => served === 'Watched App',
    )
    assert.equal(name, 'Watched App')
  } finally {
    await server.stop()
  }
})

test('metrics count requests by route and status and describe the dataset', async () => {
  const dataDir = await tempDataDir()
  const server = await start(dataDir)
  try {
    await fetch(`${server.url}${CHECK}`)
    await fetch(`${server.url}/api/v1/projects/nope`)
    const metrics = await (await fetch(`${server.url}/metrics`)).text()
    assert.match(
      metrics,
      /compat_http_requests_total\{route="\/api\/v1\/check",method="GET",status="200"\} 1/,
    )
    assert.match(
      metrics,
      /compat_http_requests_total\{route="\/api\/v1\/projects\/:project",method="GET",status="404"\} 1/,
    )
    assert.match(
      metrics,
      /compat_http_request_duration_seconds_bucket\{le="0.001",route="\/api\/v1\/check"\}/,
    )
    assert.match(metrics, /compat_dataset_projects 6/)
    assert.match(metrics, /compat_dataset_entries 31/)
    assert.match(metrics, /process_resident_memory_bytes/)
  } finally {
    await server.stop()
  }
})

test('cached check answers belong to their dataset: a reload answers anew', async () => {
  const dataDir = await tempDataDir()
  const server = await start(dataDir)
  try {
    const post = () =>
      fetch(`${server.url}/api/v1/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"project":"webapp","version":"2.0","dependencies":{"python":"3.9"}}',
      }).then((response) => response.json() as Promise<Verdict>)
    const get = () => getJson<Verdict>(`${server.url}${CHECK}`)
    assert.equal((await get()).compatible, 'compatible')
    assert.equal((await get()).compatible, 'compatible')
    assert.equal((await post()).compatible, 'incompatible')
    assert.equal((await post()).compatible, 'incompatible')
    const file = join(dataDir, 'webapp.yaml')
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('[">=3.10 <3.13", "3.13"]', '[">=3.9 <3.12"]'),
    )
    assert.equal(await server.reload(), true)
    assert.equal((await get()).compatible, 'incompatible')
    assert.equal((await post()).compatible, 'compatible')
  } finally {
    await server.stop()
  }
})
