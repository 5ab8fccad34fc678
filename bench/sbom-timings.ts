/**
 * `npm run bench -- --sbom`: what a 4 MiB SBOM costs, and what it costs everyone else. The
 * service on one core, wrk on the other asking small checks at a steady pace, first alone,
 * then while SBOMs are posted one after another (docs/performance.md, "SBOMs").
 */

import { request } from 'node:http'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { componentMatcher } from '../src/core/identifiers/component-matcher.ts'
import { loadDataset } from '../src/data/load-dataset.ts'
import { deriveSbom } from '../src/data/stack-files/derive-sbom.ts'
import { type Endpoint, startService } from './servers.ts'
import { runWrkAsync } from './wrk.ts'

const MIB = 2 ** 20

/**
 * A CycloneDX 1.6 SBOM of about `bytes`, shaped as syft writes an image's: npm, PyPI and Debian
 * packages with purls, licenses, hashes and a dependency graph; a few of them catalogued.
 */
export function generateSbom(bytes: number): { text: string; components: number } {
  const catalogued = [
    ['next', '14.2.3', 'pkg:npm/next@14.2.3'],
    ['django', '5.2.1', 'pkg:pypi/django@5.2.1'],
    ['postgres', '17.2', 'pkg:docker/library/postgres@17.2'],
    ['redis', '7.4.1', 'pkg:docker/library/redis@7.4.1'],
  ]
  const components: object[] = catalogued.map(([name, version, purl]) => ({
    'bom-ref': purl,
    type: 'library',
    name,
    version,
    purl,
  }))
  const dependencies: object[] = []
  const kinds = ['npm', 'pypi', 'deb/debian']
  let size = 0
  for (let index = 0; size < bytes - 4096; index++) {
    const kind = kinds[index % kinds.length] as string
    const name = `package-${index.toString(36)}`
    const version = `${index % 7}.${index % 13}.${index % 5}`
    const purl = `pkg:${kind}/${name}@${version}`
    const component = {
      'bom-ref': purl,
      type: 'library',
      name,
      version,
      purl,
      description: `A package the image carries, number ${index}, with a description of some length.`,
      licenses: [{ license: { id: 'MIT' } }],
      hashes: [{ alg: 'SHA-256', content: index.toString(16).padStart(64, '0') }],
      properties: [{ name: 'syft:package:foundBy', value: `${kind}-cataloger` }],
    }
    components.push(component)
    dependencies.push({
      ref: purl,
      dependsOn: index > 0 ? [`pkg:${kind}/package-${(index - 1).toString(36)}@0.0.0`] : [],
    })
    size += JSON.stringify(component).length + 120
  }
  const text = JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    version: 1,
    metadata: {
      component: { 'bom-ref': 'root', type: 'container', name: 'app', version: '1.0.0' },
    },
    components,
    dependencies: [
      { ref: 'root', dependsOn: catalogued.map(([, , purl]) => purl) },
      ...dependencies,
    ],
  })
  return { text, components: components.length }
}

export async function sbomTimings(options: {
  readonly work: string
  readonly port: number
  readonly serviceCore: string
  readonly loadCore: string
  readonly duration: number
}): Promise<string[]> {
  const { text, components } = generateSbom(4 * MIB - 64 * 1024)
  const bytes = Buffer.from(text)
  const lines = [
    `## SBOMs: a ${(bytes.length / MIB).toFixed(2)} MiB CycloneDX 1.6 document, ${components} components\n`,
  ]

  // The work itself, in this process: decoding, parsing, reading and matching.
  const loaded = await loadDataset(join(process.cwd(), 'data/projects'))
  if (!loaded.ok) throw new Error('the bundled dataset does not load')
  const { matcher } = componentMatcher(loaded.loaded.dataset)
  const times: number[] = []
  for (let run = 0; run < 7; run++) {
    const started = performance.now()
    const derived = deriveSbom(bytes, 'cyclonedx', matcher)
    times.push(performance.now() - started)
    if (!derived.ok) throw new Error(`the generated SBOM is refused: ${derived.faults[0]?.reason}`)
  }
  times.sort((a, b) => a - b)
  lines.push(
    `read and matched in one thread: median ${ms(times[3])}, best ${ms(times[0])} (7 runs)\n`,
  )

  const service = await startService({
    dataDir: join(process.cwd(), 'data/projects'),
    port: options.port,
    core: options.serviceCore,
  })
  try {
    const check: Endpoint = {
      name: 'single check',
      method: 'GET',
      path: '/api/v1/check?project=django&version=5.2&dependency=python&dependencyVersion=3.12.4',
      staticPath: '',
      target: 0,
      bytes: 0,
    }
    const wrk = () =>
      runWrkAsync({
        base: service.url,
        endpoint: check,
        duration: options.duration,
        connections: 8,
        core: options.loadCore,
        work: options.work,
      })
    // The worker starts at the first SBOM: start it before measuring.
    await postSbom(service.url, bytes)
    const alone = await wrk()
    let posting = true
    const sbomTimes: number[] = []
    const poster = (async () => {
      while (posting) {
        const started = performance.now()
        await postSbom(service.url, bytes)
        sbomTimes.push(performance.now() - started)
      }
    })()
    const during = await wrk()
    posting = false
    await poster
    sbomTimes.sort((a, b) => a - b)
    lines.push('| small checks (GET, cached answer, 8 connections) | req/s | p50 | p99 |')
    lines.push('|---|---:|---:|---:|')
    lines.push(`| alone | ${Math.round(alone.requestsPerSecond)} | ${alone.p50} | ${alone.p99} |`)
    lines.push(
      `| while 4 MiB SBOMs are posted one after another | ${Math.round(during.requestsPerSecond)} | ${during.p50} | ${during.p99} |`,
    )
    lines.push(
      `\n${sbomTimes.length} SBOMs answered meanwhile, each in ${ms(sbomTimes[Math.floor(sbomTimes.length / 2)])} (median, upload to answer on loopback)`,
    )
  } finally {
    await service.stop()
  }
  return lines
}

function postSbom(base: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}/api/v1/stack`,
      { method: 'POST', headers: { 'content-type': 'application/vnd.cyclonedx+json' } },
      (response) => {
        response.resume()
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`the SBOM got ${response.statusCode}`)),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

function ms(value: number | undefined): string {
  return `${(value ?? Number.NaN).toFixed(0)} ms`
}
