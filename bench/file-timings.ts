/**
 * `npm run bench -- --files`: what large files posted to the server cost everyone else. The
 * service on one core, wrk on the other asking a small check over 8 connections as fast as it
 * answers; first alone, then while four 4 MiB files are posted back to back — to the stack
 * page's form (`POST /stack`, read and rendered in the file reader's worker), then as SBOMs to
 * the API (`POST /api/v1/stack`). wrk runs until the four are answered. The small checks' p99
 * must stay under 50 ms (docs/performance.md, "Files").
 *
 * Each file is a CycloneDX SBOM of tens of thousands of small components nothing catalogues
 * but one: the shape that once drew a 20 MB page on the thread that answers.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { request } from 'node:http'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { detectStackFile } from '../src/data/stack-files/detect-stack-file.ts'
import { type StartedServer, startService } from './servers.ts'

const MIB = 2 ** 20
const FILES = 4
const P99_TARGET_MS = 50
const CHECK_PATH =
  '/api/v1/check?project=django&version=5.2&dependency=python&dependencyVersion=3.12.4'

/** A CycloneDX SBOM of about `bytes`: Django, then unknown npm packages. */
export function unmatchedSbom(bytes: number): { text: string; components: number } {
  const components = [
    '{"type":"library","name":"django","version":"5.2.1","purl":"pkg:pypi/django@5.2.1"}',
  ]
  let size = 200
  for (let index = 0; size < bytes; index++) {
    const component = `{"type":"library","name":"pkg-${index.toString(36)}","version":"1.${index % 13}.${index % 7}","purl":"pkg:npm/pkg-${index.toString(36)}@1.${index % 13}.${index % 7}"}`
    components.push(component)
    size += component.length + 1
  }
  return {
    text: `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[${components.join(',')}]}`,
    components: components.length,
  }
}

// Columns: the shape of a hostile file, as a function of its size in bytes. Each once took
// time that grew with the square of a line.
const GROWING: readonly (readonly [string, (bytes: number) => string])[] = [
  ['a line of spaces between two words', (bytes) => `a${' '.repeat(bytes - 2)}x`],
  ['backslashes inside a continued line', (bytes) => `x${'\\'.repeat(bytes - 3)}x\\`],
  [
    'a helm chart column of versions after every dash',
    (bytes) => `[{"name":"r","chart":"a${'-1.1.1'.repeat(Math.floor((bytes - 40) / 6))}!"}]`,
  ],
  [
    'numbers where components belong',
    (bytes) =>
      `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[1${',1'.repeat(Math.floor((bytes - 64) / 2))}]}`,
  ],
]

/** Each reader over hostile files of doubling size, CPU time in this process: linear shows. */
function growingInputs(): string[] {
  const sizes = [256 * 1024, 512 * 1024, MIB, 2 * MIB, 4 * MIB]
  const lines = [
    '## Readers over growing hostile files (CPU ms in one thread; linear: each column about twice the last)\n',
    `| file | ${sizes.map((size) => `${size / 1024} KiB`).join(' | ')} |`,
    `|---|${sizes.map(() => '---:').join('|')}|`,
  ]
  for (const [shape, make] of GROWING) {
    const times = sizes.map((size) => {
      const text = make(size)
      const started = process.cpuUsage()
      detectStackFile(text)
      const used = process.cpuUsage(started)
      return ((used.user + used.system) / 1000).toFixed(0)
    })
    lines.push(`| ${shape} | ${times.join(' | ')} |`)
  }
  return [...lines, '']
}

export async function fileTimings(options: {
  readonly port: number
  readonly serviceCore: string
  readonly loadCore: string
  readonly duration: number
}): Promise<string[]> {
  const growing = growingInputs()
  const { text, components } = unmatchedSbom(4 * MIB - 4096)
  const sbom = Buffer.from(text)
  const form = Buffer.from(new URLSearchParams({ file: text }).toString())
  const service = await startService({
    dataDir: join(process.cwd(), 'data/projects'),
    port: options.port,
    core: options.serviceCore,
  })
  const lines = [
    ...growing,
    `## Files: four ${(sbom.length / MIB).toFixed(2)} MiB CycloneDX SBOMs of ${components} components (one catalogued) posted back to back\n`,
    `| small checks (GET, cached answer, 8 connections) | req/s | p50 | p99 | p99 < ${P99_TARGET_MS} ms | the four files: answers, each (median), all four |`,
    '|---|---:|---:|---:|---|---|',
  ]
  try {
    // The file reader's worker starts at the first file: start it before measuring.
    await post(service, '/stack', 'application/x-www-form-urlencoded', form)
    const alone = await smallChecks(service, options, null)
    lines.push(row('alone', alone, null))
    const posts = [
      [
        'to the stack page’s form (POST /stack)',
        '/stack',
        'application/x-www-form-urlencoded',
        form,
      ],
      [
        'as SBOMs to the API (POST /api/v1/stack)',
        '/api/v1/stack',
        'application/vnd.cyclonedx+json',
        sbom,
      ],
    ] as const
    for (const [what, path, type, body] of posts) {
      const during = await smallChecks(service, options, async () => {
        const answers: { status: number; ms: number; bytes: number }[] = []
        for (let file = 0; file < FILES; file++) answers.push(await post(service, path, type, body))
        return answers
      })
      lines.push(row(`while four files are posted ${what}`, during.wrk, during.files))
    }
  } finally {
    await service.stop()
  }
  return lines
}

interface Wrk {
  readonly requestsPerSecond: number
  readonly p50: string
  readonly p99: string
  readonly p99Ms: number
}

type Posted = { status: number; ms: number; bytes: number }[]

/**
 * wrk's small checks for `duration` seconds, or (with `during`) until the files it posts are
 * answered: wrk stops at SIGINT and prints what it measured.
 */
function smallChecks(
  service: StartedServer,
  options: { readonly loadCore: string; readonly duration: number },
  during: null,
): Promise<Wrk>
function smallChecks(
  service: StartedServer,
  options: { readonly loadCore: string; readonly duration: number },
  during: () => Promise<Posted>,
): Promise<{ wrk: Wrk; files: { answers: Posted; allMs: number } }>
async function smallChecks(
  service: StartedServer,
  options: { readonly loadCore: string; readonly duration: number },
  during: (() => Promise<Posted>) | null,
): Promise<Wrk | { wrk: Wrk; files: { answers: Posted; allMs: number } }> {
  const seconds = during === null ? options.duration : 600
  const wrk = spawn(
    'taskset',
    [
      '-c',
      options.loadCore,
      'wrk',
      '-t1',
      '-c8',
      `-d${seconds}s`,
      '--latency',
      `${service.url}${CHECK_PATH}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const output = collected(wrk)
  if (during === null) return parseWrk(await output)
  // Let wrk reach its pace before the first file.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const started = performance.now()
  const answers = await during()
  const allMs = performance.now() - started
  wrk.kill('SIGINT')
  return { wrk: parseWrk(await output), files: { answers, allMs } }
}

function collected(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    child.stdout?.on('data', (chunk) => {
      text += chunk
    })
    child.on('error', reject)
    child.on('close', () => resolve(text))
  })
}

function parseWrk(output: string): Wrk {
  const text = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '?'
  const p99 = text(/\n\s+99%\s+(\S+)/)
  const match = /^([\d.]+)(us|ms|s)$/.exec(p99)
  const value = Number(match?.[1] ?? Number.NaN)
  return {
    requestsPerSecond: Number(text(/Requests\/sec:\s+([\d.]+)/)),
    p50: text(/\n\s+50%\s+(\S+)/),
    p99,
    p99Ms: match?.[2] === 'us' ? value / 1000 : match?.[2] === 's' ? value * 1000 : value,
  }
}

function row(what: string, wrk: Wrk, files: { answers: Posted; allMs: number } | null): string {
  const filesText =
    files === null
      ? '-'
      : `${files.answers.map((answer) => `${answer.status} (${(answer.bytes / 1024).toFixed(0)} KiB)`).join(', ')}; ${ms(median(files.answers.map((answer) => answer.ms)))}; ${ms(files.allMs)}`
  return `| ${what} | ${Math.round(wrk.requestsPerSecond)} | ${wrk.p50} | ${wrk.p99} | ${wrk.p99Ms < P99_TARGET_MS ? '✓' : '✗'} | ${filesText} |`
}

function post(
  service: StartedServer,
  path: string,
  contentType: string,
  body: Buffer,
): Promise<{ status: number; ms: number; bytes: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${service.url}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': contentType, 'accept-encoding': 'gzip, br' },
      },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, bytes }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function ms(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`
}
