/**
 * `npm run bench`: the service against nginx serving the same bytes, one core each, the load
 * generator (wrk) on the other core. Alternates the two, keeps the best of several short rounds.
 * Needs Debian's wrk and nginx-light, and taskset.
 *
 *   npm run bench -- [--rounds 3] [--duration 5] [--connections 32]
 *   npm run bench -- --scale                 # … plus the 200,000-entry YAML scale mode and reload
 *   npm run bench -- --scale-factor 10       # only the scale mode, ten times larger
 *   npm run bench -- --soak [--soak-minutes 10]   # only the mixed-load soak
 *   npm run bench -- --plans [--plan-runs 50]     # only CPU time per plan answer
 *   npm run bench -- --workers                # 2 workers against nginx with 2 workers, both cores
 *   npm run bench -- --sbom                   # only a 4 MiB SBOM: its cost, and small checks meanwhile
 *   npm run bench -- --files                  # only four 4 MiB files posted back to back: small checks' p99 meanwhile
 *   npm run bench -- --readiness [--cli-runs 11]  # only compat readiness: 2,000 packages offline, registry cold and warm
 *   npm run bench -- --tiers                  # only what each front-door tier buys, on its own rows
 */
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { cliTimings } from './cli-timings.ts'
import { fileTimings } from './file-timings.ts'
import { generateScaleDataset } from './generate-scale-dataset.ts'
import { planTimings } from './plan-timings.ts'
import { readinessTimings } from './readiness-timings.ts'
import { sbomTimings } from './sbom-timings.ts'
import {
  type Endpoint,
  fetchBody,
  rssOfPid,
  type StartedServer,
  startBareNode,
  startNginx,
  startService,
} from './servers.ts'
import { tierCpuTimings } from './tier-cpu.ts'
import { tierRoot, tierTimings } from './tier-timings.ts'
import { runWrk, runWrkAsync, type WrkResult } from './wrk.ts'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    scale: { type: 'boolean', default: false },
    'scale-only': { type: 'boolean', default: false },
    'scale-factor': { type: 'string' },
    soak: { type: 'boolean', default: false },
    cli: { type: 'boolean', default: false },
    plans: { type: 'boolean', default: false },
    'plan-runs': { type: 'string', default: '50' },
    'cli-runs': { type: 'string', default: '11' },
    'soak-minutes': { type: 'string', default: '10' },
    only: { type: 'string' },
    workers: { type: 'boolean', default: false },
    sbom: { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
    readiness: { type: 'boolean', default: false },
    tiers: { type: 'boolean', default: false },
  },
})
const rounds = Number(values.rounds)
const duration = Number(values.duration)
const connections = Number(values.connections)
const scaleFactor = Number(values['scale-factor'] ?? '1')
const SERVICE_CORE = '0'
const LOAD_CORE = '1'
const SERVICE_PORT = 18_181
const NGINX_PORT = 18_182
const BARE_PORT = 18_183
const MIB = 2 ** 20
/** The head of a table of comparisonRow rows. */
const COMPARISON_HEADER = [
  '| endpoint | bytes | service req/s | p50 | p99 | nginx req/s | p50 | p99 | service/nginx | target |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
]

if (!values.cli && !values.plans && !values.readiness) requireTools()
// The server as it ships: `npm start` runs the same build.
execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
const work = await mkdtemp(join(tmpdir(), 'compat-bench-'))
try {
  console.log(`# compat benchmark, ${new Date().toISOString()}`)
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  )
  console.log(
    `rounds: ${rounds} × ${duration}s per endpoint and server, ${connections} connections, best round kept\n`,
  )
  const scaleOnly = values['scale-only'] || values['scale-factor'] !== undefined
  if (values.cli) console.log(cliTimings(Number(values['cli-runs'])).join('\n'))
  else if (values.readiness) {
    console.log((await readinessTimings(work, Number(values['cli-runs']))).join('\n'))
  } else if (values.plans) console.log((await planTimings(Number(values['plan-runs']))).join('\n'))
  else if (values.soak) await soakMode(Number(values['soak-minutes']))
  else if (values.workers) await workersMode()
  else if (values.tiers) await tiersMode()
  else if (values.sbom) {
    const timings = await sbomTimings({
      work,
      port: SERVICE_PORT,
      serviceCore: SERVICE_CORE,
      loadCore: LOAD_CORE,
      duration: duration * 2,
    })
    console.log(timings.join('\n'))
  } else if (values.files) {
    const timings = await fileTimings({
      port: SERVICE_PORT,
      serviceCore: SERVICE_CORE,
      loadCore: LOAD_CORE,
      duration: duration * 2,
    })
    console.log(timings.join('\n'))
  } else {
    if (!scaleOnly) await compareWithNginx()
    if (values.scale || scaleOnly) await scaleMode(scaleFactor)
  }
} finally {
  await rm(work, { recursive: true, force: true })
}

/**
 * Two workers against nginx with two worker processes, on the same two cores, with wrk
 * sharing them (so every number is lower than the one-core rows, where wrk has a core of its
 * own): the cached check and the check that needs a new answer every time.
 */
async function workersMode(): Promise<void> {
  const cores = '0,1'
  const dataDir = join(process.cwd(), 'data/projects')
  const endpoints = benchEndpoints().filter((endpoint) => endpoint.name.startsWith('single check'))
  const rows: string[] = []
  for (const workers of [1, 2]) {
    const service = await startService({ dataDir, port: SERVICE_PORT, core: cores, workers })
    let nginx: StartedServer | null = null
    try {
      const root = join(work, `nginx-root-${workers}`)
      await writeStaticRoot(service.url, endpoints, root)
      nginx = await startNginx({ root, endpoints, port: NGINX_PORT, core: cores, work, workers })
      for (const endpoint of endpoints) {
        const name = `${endpoint.name}, ${workers} worker${workers > 1 ? 's' : ''} each`
        rows.push(
          ...comparisonRow(
            { ...endpoint, name, target: 0 },
            ...bestRounds(service.url, nginx.url, endpoint, cores),
          ),
        )
      }
    } finally {
      await nginx?.stop()
      await service.stop()
    }
  }
  console.log(
    [
      '## Workers: the service and nginx on the same two cores, wrk sharing them',
      '',
      ...COMPARISON_HEADER,
      ...rows,
    ].join('\n'),
  )
}

/** Each tier on its own rows, against the same build with that tier off (tier-timings.ts). */
async function tiersMode(): Promise<void> {
  const dataDir = join(process.cwd(), 'data/projects')
  const endpoints = benchEndpoints()
  const root = tierRoot(work)
  // The bytes nginx serves, from a server with every tier on.
  const service = await startService({ dataDir, port: SERVICE_PORT, core: SERVICE_CORE })
  try {
    await writeStaticRoot(service.url, endpoints, root)
  } finally {
    await service.stop()
  }
  const lines = await tierTimings({
    dataDir,
    endpoints,
    root,
    ports: { service: SERVICE_PORT, nginx: NGINX_PORT },
    serviceCore: SERVICE_CORE,
    loadCore: LOAD_CORE,
    rounds,
    duration,
    connections,
    work,
  })
  const body32 = (n: number) =>
    JSON.stringify({
      project: 'django',
      version: '5.2',
      dependencies: dependencies32(`3.11.${n}`, true),
    })
  const cpu = tierCpuTimings(body32, rounds)
  console.log(['## What each tier buys', '', ...lines, '', ...cpu].join('\n'))
}

/** Each endpoint's answer from the service as a file under `root` for nginx; notes its size. */
async function writeStaticRoot(
  serviceUrl: string,
  endpoints: readonly Endpoint[],
  root: string,
): Promise<void> {
  for (const endpoint of endpoints) {
    const body = await fetchBody(serviceUrl, endpoint)
    const file = join(root, endpoint.staticPath)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, body)
    endpoint.bytes = body.length
  }
}

/** Alternating rounds of wrk (on `core`) against `base` and nginx; the best round of each. */
function bestRounds(
  base: string,
  nginxUrl: string,
  endpoint: Endpoint,
  core: string,
): [WrkResult, WrkResult] {
  let best: WrkResult | null = null
  let bestNginx: WrkResult | null = null
  for (let round = 0; round < rounds; round++) {
    const options = { endpoint, duration, connections, core, work }
    const s = runWrk({ ...options, base })
    const n = runWrk({ ...options, base: nginxUrl, nginx: true })
    if (best === null || s.requestsPerSecond > best.requestsPerSecond) best = s
    if (bestNginx === null || n.requestsPerSecond > bestNginx.requestsPerSecond) bestNginx = n
  }
  return [best as WrkResult, bestNginx as WrkResult]
}

async function compareWithNginx(): Promise<void> {
  const dataDir = join(process.cwd(), 'data/projects')
  const service = await startService({ dataDir, port: SERVICE_PORT, core: SERVICE_CORE })
  let nginx: StartedServer | null = null
  let bare: StartedServer | null = null
  let bareDocument: StartedServer | null = null
  try {
    // --only TEXT: the rows whose name contains TEXT (the ceiling row always runs).
    const only = values.only
    const endpoints = benchEndpoints()
    const root = join(work, 'nginx-root')
    await writeStaticRoot(service.url, endpoints, root)
    nginx = await startNginx({ root, endpoints, port: NGINX_PORT, core: SERVICE_CORE, work })
    const single = endpoints[0] as Endpoint
    const documentRow = endpoints.find((endpoint) => endpoint.path.startsWith('/api/v1/projects/'))
    bare = await startBareFor(service.url, single, BARE_PORT)
    bareDocument =
      documentRow === undefined ? null : await startBareFor(service.url, documentRow, BARE_PORT + 1)
    const nginxUrl = nginx.url
    const againstNginx = (base: string, endpoint: Endpoint) =>
      bestRounds(base, nginxUrl, endpoint, LOAD_CORE)
    const rows: string[] = []
    for (const endpoint of endpoints) {
      if (only !== undefined && !endpoint.name.includes(only)) continue
      rows.push(...comparisonRow(endpoint, ...againstNginx(service.url, endpoint)))
    }
    // The runtime's ceiling: bare node:http writing the same bytes, against nginx; for the
    // single check, and for the document (larger bodies, where nginx's sendfile pulls ahead).
    const ceilings: Array<[Endpoint, StartedServer | null, string]> = [
      [single, bare, 'bare node:http writing the single check’s bytes (the ceiling)'],
    ]
    if (documentRow !== undefined && (only === undefined || documentRow.name.includes(only))) {
      ceilings.push([documentRow, bareDocument, 'bare node:http writing the document’s bytes'])
    }
    for (const [endpoint, server, name] of ceilings) {
      if (server === null) continue
      rows.push(
        ...comparisonRow({ ...endpoint, name, target: 0 }, ...againstNginx(server.url, endpoint)),
      )
    }
    for (const line of COMPARISON_HEADER) console.log(line)
    for (const row of rows) console.log(row)
    console.log()
  } finally {
    await service.stop()
    await nginx?.stop()
    await bare?.stop()
    await bareDocument?.stop()
  }
}

/** A bare node:http server answering every request with the endpoint's bytes and headers. */
async function startBareFor(
  base: string,
  endpoint: Endpoint,
  port: number,
): Promise<StartedServer> {
  const answer = await fetch(`${base}${endpoint.path}`)
  return startBareNode({
    body: Buffer.from(await answer.arrayBuffer()),
    headers: Object.fromEntries(
      [...answer.headers].filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
      ),
    ),
    port,
    core: SERVICE_CORE,
    work,
  })
}

function comparisonRow(endpoint: Endpoint, s: WrkResult, n: WrkResult): string[] {
  const ratio = s.requestsPerSecond / n.requestsPerSecond
  const target =
    endpoint.target === 0
      ? '—'
      : `≥ ${endpoint.target.toFixed(2)} ${mark(ratio >= endpoint.target)}`
  const rows = [
    `| ${endpoint.name} | ${endpoint.bytes} | ${fmt(s.requestsPerSecond)} | ${s.p50} | ${s.p99} | ${fmt(n.requestsPerSecond)} | ${n.p50} | ${n.p99} | **${ratio.toFixed(2)}** | ${target} |`,
  ]
  if (s.errors > 0 || n.errors > 0) {
    rows.push(`|  | non-2xx or socket errors: service ${s.errors}, nginx ${n.errors} |`)
  }
  return rows
}

interface ScaleTargets {
  readonly readyMs: number
  readonly rssBytes: number
  readonly throughput: number
}

async function scaleMode(factor: number): Promise<void> {
  const targets: ScaleTargets =
    factor >= 10
      ? { readyMs: 40_000, rssBytes: 3 * 2 ** 30, throughput: 0.9 }
      : { readyMs: 3_000, rssBytes: 400 * 1e6, throughput: 0.9 }
  const dataDir = join(work, 'scale')
  const generated = await generateScaleDataset(dataDir, {
    projects: 2000 * factor,
    versions: 10,
    dependencies: 10,
  })
  // Loading may use every core (worker threads parse in parallel, as in production); once
  // ready, the server is pinned to the service core like every other measured server.
  const startLarge = () =>
    startService({
      dataDir,
      port: SERVICE_PORT + 10,
      core: `${SERVICE_CORE},${LOAD_CORE}`,
      // As docs/operations.md advises for millions of entries: the default heap limit is below
      // what they need, and with a heap that large each young-generation collection costs
      // milliseconds (it walks every old-generation page), so fewer, larger ones.
      nodeFlags: factor >= 5 ? ['--max-old-space-size=4096', '--max-semi-space-size=128'] : [],
      // A new directory: the first start parses every file, as on a machine that never ran it.
      cacheDir: join(work, 'parse-cache'),
    })
  const large = await startLarge()
  const readyMs = large.readyMs
  const rss = large.rssBytes()
  // Ready means validated: the projects compile after that, between requests. The project
  // list reads every one of them, so asked at once it waits for what is not compiled yet.
  const listAsked = performance.now()
  await (await fetch(`${large.url}/api/v1/projects`)).arrayBuffer()
  const listMs = performance.now() - listAsked
  const compiledRss = large.rssBytes()
  execFileSync('taskset', ['-a', '-p', '-c', SERVICE_CORE, String(large.pid)], { stdio: 'ignore' })
  const small = await startService({
    dataDir: join(process.cwd(), 'data/projects'),
    port: SERVICE_PORT,
    core: SERVICE_CORE,
  })
  try {
    // Like for like: each pair asks both datasets the same kind of question, answered by the
    // same path with a reason of the same shape, so the ratio shows what the size costs.
    //   compatible:   a version in a documented series ("is in the documented 3.12 series");
    //   incompatible: a version outside several documented ranges, some of them quoted.
    const { sampleProject, sampleVersion, sampleDependency } = generated
    const pairs = {
      compatible: {
        small: singleCheck('django', '5.2', 'python', '3.12.4'),
        large: singleCheck(
          sampleProject,
          sampleVersion,
          sampleDependency,
          `${generated.sampleSeries}.4`,
        ),
      },
      incompatible: {
        small: singleCheck('angular', '21.2', 'nodejs', '23.1.4'),
        large: singleCheck(
          sampleProject,
          sampleVersion,
          sampleDependency,
          `${generated.sampleOutside}.4`,
        ),
      },
    }
    // A data change must not turn a pair into two different questions unnoticed.
    for (const [verdict, pair] of Object.entries(pairs)) {
      for (const [side, server] of [
        ['small', small],
        ['large', large],
      ] as const) {
        const answer = JSON.parse((await fetchBody(server.url, pair[side])).toString())
        if (answer.compatible !== verdict) {
          throw new Error(`scale mode: the ${side} ${verdict} check answers ${answer.compatible}`)
        }
      }
    }
    const everyNew = (endpoint: Endpoint): Endpoint => ({
      ...endpoint,
      varying: endpoint.path.replace(/\.4$/, '.%d'),
    })
    const largeEndpoint = pairs.compatible.large
    const largeNew = everyNew(largeEndpoint)
    const best = {
      small: 0,
      large: 0,
      smallNew: 0,
      largeNew: 0,
      smallNewIncompatible: 0,
      largeNewIncompatible: 0,
    }
    const measure = (key: keyof typeof best, base: string, endpoint: Endpoint) => {
      const result = runWrk({ base, endpoint, duration, connections, core: LOAD_CORE, work })
      best[key] = Math.max(best[key], result.requestsPerSecond)
    }
    // Alternated, like the nginx comparison, so that a slow moment of the machine hits both.
    for (let round = 0; round < rounds; round++) {
      measure('small', small.url, pairs.compatible.small)
      measure('large', large.url, largeEndpoint)
      measure('smallNew', small.url, everyNew(pairs.compatible.small))
      measure('largeNew', large.url, largeNew)
      measure('smallNewIncompatible', small.url, everyNew(pairs.incompatible.small))
      measure('largeNewIncompatible', large.url, everyNew(pairs.incompatible.large))
    }
    console.log(
      `## scale ×${factor}: ${fmt(generated.projects)} projects × ${generated.versions} versions × ${generated.dependencies} dependencies = ${fmt(generated.entries)} entries (${fmt(generated.files)} YAML files, ${(generated.bytes / MIB).toFixed(0)} MiB)\n`,
    )
    console.log('| measure | result | target |')
    console.log('|---|---:|---|')
    console.log(
      `| start to ready | ${(readyMs / 1000).toFixed(2)} s | ≤ ${targets.readyMs / 1000} s ${mark(readyMs <= targets.readyMs)} |`,
    )
    console.log(
      `| resident memory when ready | ${(rss / MIB).toFixed(0)} MiB | ≤ ${targets.rssBytes >= 2 ** 30 ? `${targets.rssBytes / 2 ** 30} GiB` : `${targets.rssBytes / 1e6} MB`} ${mark(rss <= targets.rssBytes)} |`,
    )
    console.log(
      `| the project list, asked as soon as ready (it compiles every project not compiled yet) | ${(listMs / 1000).toFixed(2)} s | |`,
    )
    console.log(
      `| resident memory with every project compiled | ${(compiledRss / MIB).toFixed(0)} MiB | |`,
    )
    const throughputRow = (label: string, largeRps: number, smallRps: number) => {
      const ratio = largeRps / smallRps
      return `| ${label}: large / small | ${fmt(largeRps)} / ${fmt(smallRps)} = **${ratio.toFixed(2)}** | ≥ ${targets.throughput} ${mark(ratio >= targets.throughput)} |`
    }
    console.log(throughputRow('single check req/s, answered before', best.large, best.small))
    console.log(throughputRow('every check new, compatible', best.largeNew, best.smallNew))
    console.log(
      throughputRow(
        'every check new, incompatible',
        best.largeNewIncompatible,
        best.smallNewIncompatible,
      ),
    )
    // The reload target is set for the 200,000-entry dataset; a reload ten times larger under
    // full load would take many minutes on the one core the server is pinned to.
    if (factor === 1) {
      const reload = await reloadUnderLoad(large, largeEndpoint, largeNew)
      console.log(
        `| SIGHUP reload under load: failed requests | ${reload.errors} of ${fmt(reload.requests)} | 0 ${mark(reload.errors === 0)} |`,
      )
      console.log(
        Number.isNaN(reload.reloadMs)
          ? `| … the reload did not finish while wrk ran | ${reload.p99} | ≤ 50 ms ✗ |`
          : `| … p99 latency while reloading (reload took ${(reload.reloadMs / 1000).toFixed(1)} s) | ${reload.p99} | ≤ 50 ms ${mark(reload.p99Ms <= 50)} |`,
      )
    }
    console.log(
      `| resident memory after the load${factor === 1 ? ' and the reload' : ''} | ${(large.rssBytes() / MIB).toFixed(0)} MiB | |`,
    )
  } finally {
    await small.stop()
    await large.stop()
  }
  // The stop waited for the parse cache to be written: this start finds every file there.
  const again = await startLarge()
  await again.stop()
  console.log(
    `| start to ready again, every file in the parse cache | ${(again.readyMs / 1000).toFixed(2)} s | ≤ ${targets.readyMs / 1000} s ${mark(again.readyMs <= targets.readyMs)} |`,
  )
  console.log()
}

/**
 * Checks (half answered before, half new) against a server while it reloads its dataset on
 * SIGHUP; wrk runs from a second before the signal until after the new dataset is served.
 */
async function reloadUnderLoad(
  server: StartedServer & { readonly pid: number },
  cached: Endpoint,
  fresh: Endpoint,
): Promise<WrkResult & { reloadMs: number }> {
  const before = await loadedAt(server.url)
  // Under full load a reload gets only part of the core (its workers run at a lower
  // priority), so it takes several times the start-up; wrk must outlast it.
  const window = Math.ceil((server.readyMs / 1000) * 6 + 4)
  const mixed: Endpoint = {
    ...cached,
    mix: [
      { method: 'GET', path: cached.path },
      { method: 'GET', path: fresh.varying as string },
    ],
  }
  const started = Date.now()
  let reloadMs = Number.NaN
  const signal = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const sent = Date.now()
    process.kill(server.pid, 'SIGHUP')
    while (Date.now() - started < window * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      if ((await loadedAt(server.url).catch(() => before)) !== before) {
        reloadMs = Date.now() - sent
        return
      }
    }
  })()
  // wrk runs as a child without blocking this process, so the signal above fires during it.
  const result = await runWrkAsync({
    base: server.url,
    endpoint: mixed,
    duration: window,
    connections,
    core: LOAD_CORE,
    work,
  })
  await signal
  return { ...result, reloadMs }
}

/** When the served dataset was loaded; retried, as the server is busy reloading meanwhile. */
async function loadedAt(url: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const info = (await (await fetch(`${url}/api/v1`)).json()) as {
        dataset: { loadedAt: string }
      }
      return info.dataset.loadedAt
    } catch (error) {
      if (attempt >= 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Mixed load for `minutes`; resident memory sampled each minute (growth after the first). */
async function soakMode(minutes: number): Promise<void> {
  const dataDir = join(process.cwd(), 'data/projects')
  const service = await startService({ dataDir, port: SERVICE_PORT, core: SERVICE_CORE })
  try {
    const deps = dependencies32('3.11.%d')
    const mixed: Endpoint = {
      ...singleCheck('django', '5.2', 'python', '3.12.4'),
      name: 'mixed',
      mix: [
        { method: 'GET', path: '/api/v1/projects' },
        { method: 'GET', path: '/api/v1/projects/django' },
        { method: 'GET', path: '/api/v1/projects/kubernetes' },
        {
          method: 'GET',
          path: '/api/v1/check?project=django&version=5.2&dependency=python&dependencyVersion=3.12.4',
        },
        {
          method: 'GET',
          path: '/api/v1/check?project=django&version=5.2&dependency=python&dependencyVersion=3.12.%d',
        },
        {
          method: 'GET',
          path: '/api/v1/check?project=cloudnative-pg&version=1.27&dependency=kubernetes&dependencyVersion=1.33.%d',
        },
        {
          method: 'POST',
          path: '/api/v1/check',
          body: JSON.stringify({
            project: 'django',
            version: '5.2',
            dependencies: dependencies32('3.11.4'),
          }),
        },
        {
          method: 'POST',
          path: '/api/v1/check',
          body: JSON.stringify({ project: 'django', version: '5.2', dependencies: deps }),
        },
      ],
    }
    console.log(
      `## soak: ${minutes} minutes of mixed load (list, documents, cached and new checks, POSTs)\n`,
    )
    console.log('| minute | req/s | p99 | errors | resident memory |')
    console.log('|---:|---:|---:|---:|---:|')
    const samples: number[] = []
    let errors = 0
    for (let minute = 1; minute <= minutes; minute++) {
      const result = runWrk({
        base: service.url,
        endpoint: mixed,
        duration: 60,
        connections,
        core: LOAD_CORE,
        work,
      })
      const rss = rssOfPid(service.pid)
      samples.push(rss)
      errors += result.errors
      console.log(
        `| ${minute} | ${fmt(result.requestsPerSecond)} | ${result.p99} | ${result.errors} | ${(rss / MIB).toFixed(0)} MiB |`,
      )
    }
    const first = samples[0] as number
    const last = samples[samples.length - 1] as number
    const growth = (last - first) / first
    console.log()
    console.log('| measure | result | target |')
    console.log('|---|---:|---|')
    console.log(
      `| resident memory growth after the first minute | ${(first / MIB).toFixed(0)} → ${(last / MIB).toFixed(0)} MiB = ${(growth * 100).toFixed(1)} % | ≤ 10 % ${mark(growth <= 0.1)} |`,
    )
    console.log(`| failed requests | ${errors} | 0 ${mark(errors === 0)} |`)
    console.log()
  } finally {
    await service.stop()
  }
}

/** 32 dependencies of django 5.2: four it documents, the rest unknown to it; `version` for the first, or for all. */
function dependencies32(version: string, everyOne = false): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: 32 }, (_, index) => [
      index < 4
        ? (['python', 'postgresql', 'mysql', 'mariadb'][index] as string)
        : `dependency-${index}`,
      index === 0 || everyOne ? version : '3.11.4',
    ]),
  )
}

function benchEndpoints(): Endpoint[] {
  const post = (
    name: string,
    dependencies: Record<string, string>,
    target: number,
    varying?: string,
  ): Endpoint => ({
    name,
    method: 'POST',
    path: '/api/v1/check',
    nginxPath: '/post/api/v1/check',
    staticPath: `api/v1/${varying === undefined ? 'check-post' : 'check-post-new'}.json`,
    body: JSON.stringify({ project: 'django', version: '5.2', dependencies }),
    ...(varying === undefined ? {} : { varying }),
    target,
    bytes: 0,
  })
  // Every one of the 32 versions new on every request: no check can be answered from before.
  const newBody = JSON.stringify({
    project: 'django',
    version: '5.2',
    dependencies: dependencies32('3.11.%d', true),
  })
  return [
    {
      ...singleCheck('django', '5.2', 'python', '3.12.4'),
      name: 'single check GET /api/v1/check',
      target: 0.65,
    },
    {
      ...singleCheck('django', '5.2', 'python', '3.12.4'),
      name: 'single check, every request a new dependency version',
      staticPath: 'api/v1/check-new.json',
      varying:
        '/api/v1/check?project=django&version=5.2&dependency=python&dependencyVersion=3.12.%d',
      target: 0.45,
    },
    {
      name: 'project document GET /api/v1/projects/django',
      method: 'GET',
      path: '/api/v1/projects/django',
      staticPath: 'api/v1/projects/django',
      target: 0.65,
      bytes: 0,
    },
    {
      name: 'project list GET /api/v1/projects',
      method: 'GET',
      path: '/api/v1/projects',
      staticPath: 'api/v1/projects.json',
      target: 0.75,
      bytes: 0,
    },
    post('POST /api/v1/check, 32 dependencies', dependencies32('3.11.4'), 0.45),
    post(
      'POST of 32 dependencies, every request new versions',
      dependencies32('3.11.4'),
      0.15,
      newBody,
    ),
    ...wholeStackEndpoints(),
  ]
}

/**
 * The whole-stack questions (docs/api.md, "Versions that fit", "Who documents a dependency",
 * "Stacks"): each asked again (the answer cache and the front door, as for checks) and asked
 * new every request. Targets only where a row's kind has one: a repeated GET as a repeated
 * check; a new answer's rate is recorded against nginx without one.
 */
function wholeStackEndpoints(): Endpoint[] {
  const versionsPath = (kubernetes: string) =>
    `/api/v1/projects/cnpg/versions?dependencies=${encodeURIComponent(JSON.stringify({ kubernetes, postgresql: '18.1' }))}`
  const dependencyPath = (version: string) => `/api/v1/dependencies/postgresql?version=${version}`
  const stack = (count: number, first: string) => {
    const named = [
      ['kubernetes', first],
      ['cnpg', 'v1.27.1'],
      ['postgresql', '17.2'],
      ['cert-manager', '1.17.0'],
      ['django', '5.2.8'],
      ['python', '3.12.4'],
      ['redis', '7.2.4'],
      ['ingress-nginx', '1.13.2'],
    ]
    const components = Object.fromEntries([
      ...named.slice(0, count),
      ...Array.from({ length: Math.max(0, count - named.length) }, (_, index) => [
        `component-${index}`,
        '1.0.0',
      ]),
    ])
    return JSON.stringify({ components })
  }
  // The counter's place in the text (wrk.ts fills every %d).
  const counted = (text: string) => text.replace('COUNTER', '%d')
  const stackPost = (name: string, count: number, varying: boolean): Endpoint => ({
    name,
    method: 'POST',
    path: '/api/v1/stack',
    nginxPath: `/post${count}/api/v1/stack`,
    staticPath: `api/v1/stack-${count}${varying ? '-new' : ''}.json`,
    body: stack(count, '1.33.2'),
    ...(varying ? { varying: counted(stack(count, '1.33.COUNTER')) } : {}),
    target: 0,
    bytes: 0,
  })
  return [
    {
      name: 'versions GET /api/v1/projects/cnpg/versions, answered before',
      method: 'GET',
      path: versionsPath('1.34.1'),
      staticPath: 'api/v1/versions.json',
      target: 0.6,
      bytes: 0,
    },
    {
      name: 'versions GET, every request a new dependency version',
      method: 'GET',
      path: versionsPath('1.34.1'),
      staticPath: 'api/v1/versions.json',
      varying: counted(versionsPath('1.34.COUNTER')),
      target: 0,
      bytes: 0,
    },
    {
      name: 'dependency GET /api/v1/dependencies/postgresql?version=18, answered before',
      method: 'GET',
      path: dependencyPath('18'),
      staticPath: 'api/v1/dependency.json',
      target: 0.6,
      bytes: 0,
    },
    {
      name: 'dependency GET with a version, every request a new version',
      method: 'GET',
      path: dependencyPath('18'),
      staticPath: 'api/v1/dependency.json',
      varying: counted(dependencyPath('18.COUNTER')),
      target: 0,
      bytes: 0,
    },
    stackPost('stack POST of 8 components, the same body again', 8, false),
    stackPost('stack POST of 8 components, every request a new version', 8, true),
    stackPost('stack POST of 32 components, every request a new version', 32, true),
    planPost('plan POST of the README stack → Kubernetes 1.34, the same body again', false),
    planPost('plan POST of the README stack, every request a new version', true),
  ]
}

/**
 * Plans (docs/api.md, "Plans") over HTTP: the README's example asked again (the answer cache
 * and the front door) and new every request (a search each time; CPU time per answer is
 * `--plans`).
 */
function planPost(name: string, varying: boolean): Endpoint {
  const body = (kubernetes: string) =>
    JSON.stringify({
      components: {
        kubernetes,
        cnpg: 'v1.27.1',
        postgresql: '17.2',
        'cert-manager': '1.17.0',
      },
      target: { kubernetes: '1.34' },
    })
  return {
    name,
    method: 'POST',
    path: '/api/v1/plan',
    nginxPath: `/post-plan${varying ? '-new' : ''}/api/v1/plan`,
    staticPath: `api/v1/plan${varying ? '-new' : ''}.json`,
    body: body('1.33.2'),
    ...(varying ? { varying: body('1.33.COUNTER').replace('COUNTER', '%d') } : {}),
    target: 0,
    bytes: 0,
  }
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

function mark(ok: boolean): string {
  return ok ? '✓' : '✗'
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}
