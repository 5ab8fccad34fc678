/**
 * `npm run bench`: the service against nginx serving the same bytes, one core each, the load
 * generator (wrk) on the other core. Alternates the two, keeps the best of several short rounds.
 * `--scale` adds the 200,000-entry mode. Needs Debian's wrk and nginx-light, and taskset.
 *
 *   npm run bench -- [--rounds 3] [--duration 5] [--connections 32] [--scale] [--scale-only]
 */
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { generateScaleDataset } from './generate-scale-dataset.ts'
import {
  type Endpoint,
  fetchBody,
  type StartedServer,
  startNginx,
  startService,
} from './servers.ts'
import { runWrk, type WrkResult } from './wrk.ts'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    scale: { type: 'boolean', default: false },
    'scale-only': { type: 'boolean', default: false },
  },
})
const rounds = Number(values.rounds)
const duration = Number(values.duration)
const connections = Number(values.connections)
const SERVICE_CORE = '0'
const LOAD_CORE = '1'
const SERVICE_PORT = 18_181
const NGINX_PORT = 18_182

requireTools()
const work = await mkdtemp(join(tmpdir(), 'compat-bench-'))
try {
  console.log(`# compat benchmark, ${new Date().toISOString()}`)
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  )
  console.log(
    `rounds: ${rounds} × ${duration}s per endpoint and server, ${connections} connections, best round kept\n`,
  )
  if (!values['scale-only']) await compareWithNginx()
  if (values.scale || values['scale-only']) await scaleMode()
} finally {
  await rm(work, { recursive: true, force: true })
}

async function compareWithNginx(): Promise<void> {
  const dataDir = join(process.cwd(), 'data/projects')
  const service = await startService({ dataDir, port: SERVICE_PORT, core: SERVICE_CORE })
  let nginx: StartedServer | null = null
  try {
    const endpoints = benchEndpoints()
    const root = join(work, 'nginx-root')
    for (const endpoint of endpoints) {
      const body = await fetchBody(service.url, endpoint)
      const file = join(root, endpoint.staticPath)
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, body)
      endpoint.bytes = body.length
    }
    nginx = await startNginx({ root, endpoints, port: NGINX_PORT, core: SERVICE_CORE, work })
    const rows: string[] = []
    for (const endpoint of endpoints) {
      let bestService: WrkResult | null = null
      let bestNginx: WrkResult | null = null
      for (let round = 0; round < rounds; round++) {
        const s = runWrk({
          base: service.url,
          endpoint,
          duration,
          connections,
          core: LOAD_CORE,
          work,
        })
        const n = runWrk({
          base: nginx.url,
          endpoint,
          duration,
          connections,
          core: LOAD_CORE,
          work,
          nginx: true,
        })
        if (bestService === null || s.requestsPerSecond > bestService.requestsPerSecond)
          bestService = s
        if (bestNginx === null || n.requestsPerSecond > bestNginx.requestsPerSecond) bestNginx = n
      }
      const s = bestService as WrkResult
      const n = bestNginx as WrkResult
      const ratio = s.requestsPerSecond / n.requestsPerSecond
      rows.push(
        `| ${endpoint.name} | ${endpoint.bytes} | ${fmt(s.requestsPerSecond)} | ${s.p50} | ${s.p99} | ${fmt(n.requestsPerSecond)} | ${n.p50} | ${n.p99} | **${ratio.toFixed(2)}** | ${endpoint.target === 0 ? '(no target)' : `≥ ${endpoint.target.toFixed(2)} ${ratio >= endpoint.target ? '✓' : '✗'}`} |`,
      )
      if (s.errors > 0 || n.errors > 0)
        rows.push(`|  | non-2xx or socket errors: service ${s.errors}, nginx ${n.errors} |`)
    }
    console.log(
      '| endpoint | bytes | service req/s | p50 | p99 | nginx req/s | p50 | p99 | service/nginx | target |',
    )
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|')
    for (const row of rows) console.log(row)
    console.log()
  } finally {
    await service.stop()
    await nginx?.stop()
  }
}

async function scaleMode(): Promise<void> {
  const dataDir = join(work, 'scale')
  const generated = await generateScaleDataset(dataDir, {
    projects: 2000,
    versions: 10,
    dependencies: 10,
  })
  const large = await startService({ dataDir, port: SERVICE_PORT + 10, core: SERVICE_CORE })
  const readyMs = large.readyMs
  const rss = large.rssBytes()
  const small = await startService({
    dataDir: join(process.cwd(), 'data/projects'),
    port: SERVICE_PORT,
    core: SERVICE_CORE,
  })
  try {
    const smallEndpoint = singleCheck('django', '4.2', 'python', '3.11.4')
    const largeEndpoint = singleCheck(
      generated.sampleProject,
      generated.sampleVersion,
      generated.sampleDependency,
      '3.11.4',
    )
    const smallVarying: Endpoint = {
      ...smallEndpoint,
      varyingPath: `${smallEndpoint.path.replace(/3\.11\.4$/, '3.11.')}`,
    }
    const largeVarying: Endpoint = {
      ...largeEndpoint,
      varyingPath: `${largeEndpoint.path.replace(/3\.11\.4$/, '3.11.')}`,
    }
    const best = { small: 0, large: 0, smallMiss: 0, largeMiss: 0 }
    const measure = (key: keyof typeof best, base: string, endpoint: Endpoint) => {
      const result = runWrk({ base, endpoint, duration, connections, core: LOAD_CORE, work })
      best[key] = Math.max(best[key], result.requestsPerSecond)
    }
    // Alternated, like the nginx comparison, so that a slow moment of the machine hits both.
    for (let round = 0; round < rounds; round++) {
      measure('small', small.url, smallEndpoint)
      measure('large', large.url, largeEndpoint)
      measure('smallMiss', small.url, smallVarying)
      measure('largeMiss', large.url, largeVarying)
    }
    const { small: smallBest, large: largeBest, smallMiss, largeMiss } = best
    const ratio = largeBest / smallBest
    console.log(
      `## scale: ${generated.projects} projects × ${generated.versions} versions × ${generated.dependencies} dependencies = ${generated.entries} entries (${generated.files} JSON files, ${(generated.bytes / 2 ** 20).toFixed(1)} MiB)\n`,
    )
    console.log('| measure | result | target |')
    console.log('|---|---:|---|')
    console.log(
      `| start to ready | ${(readyMs / 1000).toFixed(2)} s | ≤ 10 s ${readyMs <= 10_000 ? '✓' : '✗'} |`,
    )
    console.log(
      `| resident memory when ready | ${(rss / 2 ** 20).toFixed(0)} MiB | ≤ 1 GB ${rss <= 2 ** 30 ? '✓' : '✗'} |`,
    )
    console.log(
      `| single check req/s: large / small | ${fmt(largeBest)} / ${fmt(smallBest)} = **${ratio.toFixed(2)}** | ≥ 0.90 ${ratio >= 0.9 ? '✓' : '✗'} |`,
    )
    console.log(
      `| every URL new (no cached answer): large / small | ${fmt(largeMiss)} / ${fmt(smallMiss)} = **${(largeMiss / smallMiss).toFixed(2)}** | (no target) |`,
    )
    console.log(
      `| resident memory after the load | ${(large.rssBytes() / 2 ** 20).toFixed(0)} MiB | |`,
    )
    console.log()
  } finally {
    await small.stop()
    await large.stop()
  }
}

function benchEndpoints(): Endpoint[] {
  const dependencies = Object.fromEntries(
    Array.from({ length: 32 }, (_, index) => [
      index < 4
        ? (['python', 'postgresql', 'mysql', 'mariadb'][index] as string)
        : `dependency-${index}`,
      '3.11.4',
    ]),
  )
  return [
    {
      ...singleCheck('django', '4.2', 'python', '3.11.4'),
      name: 'single check GET /api/v1/check',
      target: 0.6,
    },
    {
      ...singleCheck('django', '4.2', 'python', '3.11.4'),
      name: 'single check, every URL new (never a cached answer)',
      varyingPath:
        '/api/v1/check?project=django&version=4.2&dependency=python&dependencyVersion=3.11.',
      target: 0,
    },
    {
      name: 'project document GET /api/v1/projects/django',
      method: 'GET',
      path: '/api/v1/projects/django',
      staticPath: 'api/v1/projects/django',
      target: 0.6,
      bytes: 0,
    },
    {
      name: 'project list GET /api/v1/projects',
      method: 'GET',
      path: '/api/v1/projects',
      staticPath: 'api/v1/projects.json',
      target: 0.6,
      bytes: 0,
    },
    {
      name: 'POST /api/v1/check, 32 dependencies',
      method: 'POST',
      path: '/api/v1/check',
      nginxPath: '/post/api/v1/check',
      staticPath: 'api/v1/check-post.json',
      body: JSON.stringify({ project: 'django', version: '4.2', dependencies }),
      target: 0.25,
      bytes: 0,
    },
  ]
}

function singleCheck(
  project: string,
  version: string,
  dependency: string,
  dependencyVersion: string,
): Endpoint {
  const query = new URLSearchParams({ project, version, dependency, dependencyVersion })
  return {
    name: 'single check',
    method: 'GET',
    path: `/api/v1/check?${query}`,
    staticPath: 'api/v1/check.json',
    target: 0.6,
    bytes: 0,
  }
}

function requireTools(): void {
  const missing = ['wrk', 'nginx', 'taskset'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' })
      return false
    } catch {
      return true
    }
  })
  if (missing.length > 0) {
    console.error(
      `bench: missing ${missing.join(', ')}; install with: apt-get install -y wrk nginx-light util-linux`,
    )
    process.exit(1)
  }
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}
