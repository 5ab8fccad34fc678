/**
 * `compat readiness` as installed (dist/cli.js), a fresh process per run: on a lockfile of 2,000
 * packages offline (the goal: 0.3 s of wall time, start-up included), and asking the registry
 * with a cold and a warm cache. The registry is the recorded one the tests use
 * (test/support/recorded-registry.ts) on this machine, so the rows measure compat, not a
 * network: a cold cache fetches every answer, a warm one revalidates each with its ETag (a
 * 304), and a fresh one (answers younger than their max-age, as the npm registry's are for
 * five minutes) asks nothing.
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { recordedRegistry } from '../test/support/recorded-registry.ts'

const BIN = fileURLToPath(new URL('../bin/compat.js', import.meta.url))
const APP = fileURLToPath(new URL('../test/fixtures/readiness/react18-app/', import.meta.url))
const PACKAGES = 2_000
const OFFLINE_TARGET_MS = 300

export async function readinessTimings(work: string, runs: number): Promise<string[]> {
  const lockfile = join(work, 'readiness', 'package-lock.json')
  await mkdir(join(work, 'readiness'), { recursive: true })
  await writeFile(lockfile, await lockfileOf(PACKAGES))
  const sbom = join(APP, 'sbom.cdx.json')
  const rows = [
    `## compat readiness, as installed (dist/cli.js), ${runs} fresh processes each`,
    '',
    '| question | registry | median ms | best ms | target |',
    '|---|---|---:|---:|---:|',
  ]
  const row = (question: string, registry: string, times: number[], target: number | null) => {
    const sorted = [...times].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)] as number
    const verdict = target === null ? '—' : `≤ ${target} ${median <= target ? '✓' : '✗'}`
    rows.push(
      `| ${question} | ${registry} | ${median.toFixed(0)} | ${(sorted[0] as number).toFixed(0)} | ${verdict} |`,
    )
  }
  const lockArgs = (target: string) => [
    'readiness',
    '--from',
    lockfile,
    '--target',
    target,
    '--json',
  ]
  const offline = [...lockArgs('nodejs=24'), '--offline']
  await run(offline, {})
  row(
    `${PACKAGES} packages of a package-lock.json, nodejs=24`,
    'none (--offline)',
    await times(runs, offline, () => ({})),
    OFFLINE_TARGET_MS,
  )
  for (const maxAge of [0, 300]) {
    const registry = await recordedRegistry({ maxAge })
    try {
      const env = (cache: string) => ({
        npm_config_registry: registry.npm,
        XDG_CACHE_HOME: join(work, 'readiness', cache),
      })
      const questions: [string, string[]][] = [
        [
          `${PACKAGES} packages of a package-lock.json, nodejs=16.20.2 (22 blockers asked)`,
          lockArgs('nodejs=16.20.2'),
        ],
        [
          'a CycloneDX SBOM of 580 npm components, react=19.0.0 (554 documents asked)',
          ['readiness', '--from', sbom, '--target', 'react=19.0.0', '--json'],
        ],
      ]
      for (const [index, [question, args]] of questions.entries()) {
        if (maxAge === 0) {
          row(
            question,
            'cold cache',
            await times(runs, args, (round) => env(`cold-${index}-${round}`)),
            null,
          )
        }
        const warm = `warm-${maxAge}-${index}`
        await run(args, env(warm))
        row(
          question,
          maxAge === 0
            ? 'warm cache, each answer revalidated (304)'
            : 'warm cache, answers fresh (no request)',
          await times(runs, args, () => env(warm)),
          null,
        )
      }
    } finally {
      await registry.close()
    }
  }
  rows.push(
    '',
    `The ${PACKAGES}-package lockfile is the React 18 app's (test/fixtures/readiness/) with its entries repeated under nested folders.`,
  )
  return rows
}

/** The React 18 app's lockfile, its entries repeated under nested folders up to `count`. */
async function lockfileOf(count: number): Promise<string> {
  const lock = JSON.parse(await readFile(join(APP, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>
  }
  const entries = Object.entries(lock.packages).filter(([path]) => path !== '')
  const packages: Record<string, unknown> = { '': lock.packages[''] }
  for (let index = 0; Object.keys(packages).length <= count; index++) {
    const [path, entry] = entries[index % entries.length] as [string, unknown]
    const copy = Math.floor(index / entries.length)
    packages[copy === 0 ? path : `node_modules/copy-${copy}/${path}`] = entry
  }
  return JSON.stringify({ ...lock, packages }, null, 2)
}

/**
 * One fresh process, timed; asynchronous, so that the recorded registry in this process
 * answers it meanwhile.
 */
function run(args: readonly string[], env: Readonly<Record<string, string>>): Promise<number> {
  const started = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 2 ** 20 },
      (error, _stdout, stderr) => {
        const code = error === null ? 0 : (error as { code?: unknown }).code
        if (typeof code !== 'number' || code > 1) {
          reject(new Error(`compat ${args.join(' ')} exited ${String(code)}: ${stderr}`))
          return
        }
        resolve(Number(process.hrtime.bigint() - started) / 1e6)
      },
    )
  })
}

/** `runs` runs, one after another (`name` picks each one's cache). */
async function times(
  runs: number,
  args: readonly string[],
  env: (round: number) => Record<string, string>,
): Promise<number[]> {
  const measured: number[] = []
  for (let round = 0; round < runs; round++) measured.push(await run(args, env(round)))
  return measured
}
