/**
 * `npm run bench -- --tiers`: what each of the front door's tiers buys on its own row, side by
 * side in one run. For every row the server with every tier on, the same build with that one
 * tier switched off (COMPAT_TIERS_OFF, src/http/front-door-tiers.ts) and nginx on the same
 * bytes take turns, on the same core. A tier's gain is the median, over the rounds, of the
 * first server's rate over the second's in that round, less one: on a shared machine whose
 * speed moves between seconds, a pair of runs back to back (in turns which goes first) is
 * compared, not the best of one side with the best of the other.
 */
import { join } from 'node:path'
import { type Endpoint, type StartedServer, startNginx, startService } from './servers.ts'
import { runWrk } from './wrk.ts'

/** A tier, the rows that show it, and the name COMPAT_TIERS_OFF gives it. */
interface TierRows {
  readonly tier: string
  readonly off: string
  /** The endpoints (by name in run.ts's list) whose rate the tier is there to raise. */
  readonly rows: readonly string[]
}

export const TIERS: readonly TierRows[] = [
  {
    tier: 'answers made before, sent from the front door',
    off: 'cached',
    rows: [
      'single check GET /api/v1/check',
      'project document GET /api/v1/projects/django',
      'project list GET /api/v1/projects',
    ],
  },
  {
    tier: 'a never-asked single check, read and answered at the front door',
    off: 'new-check',
    rows: ['single check, every request a new dependency version'],
  },
  {
    tier: 'the hand body readers (front door, proven valid), against Fastify’s parser and Ajv',
    off: 'bodies',
    rows: [
      'POST /api/v1/check, 32 dependencies',
      'POST of 32 dependencies, every request new versions',
    ],
  },
]

export interface TierOptions {
  readonly dataDir: string
  readonly endpoints: readonly Endpoint[]
  /** nginx's root, already holding each endpoint's bytes. */
  readonly root: string
  readonly ports: { readonly service: number; readonly nginx: number }
  readonly serviceCore: string
  readonly loadCore: string
  readonly rounds: number
  readonly duration: number
  readonly connections: number
  readonly work: string
}

export async function tierTimings(options: TierOptions): Promise<string[]> {
  const { endpoints, rounds, duration, connections, work, loadCore } = options
  const byName = new Map(endpoints.map((endpoint) => [endpoint.name, endpoint]))
  const servers: StartedServer[] = []
  const start = async (tiersOff: string, offset: number) => {
    const server = await startService({
      dataDir: options.dataDir,
      port: options.ports.service + offset,
      core: options.serviceCore,
      tiersOff,
    })
    servers.push(server)
    return server
  }
  try {
    const nginx = await startNginx({
      root: options.root,
      endpoints,
      port: options.ports.nginx,
      core: options.serviceCore,
      work,
    })
    servers.push(nginx)
    const every = await start('', 0)
    const lines = [
      '| tier | row | every tier on: best req/s | tier off: best req/s | nginx best req/s | on / nginx | off / nginx | gain of the tier (median of paired rounds) |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    ]
    for (const [index, { tier, off, rows }] of TIERS.entries()) {
      const without = await start(off, 20 + index)
      for (const name of rows) {
        const endpoint = byName.get(name)
        if (endpoint === undefined) throw new Error(`bench --tiers: no row named '${name}'`)
        const best = { on: 0, off: 0, nginx: 0 }
        const ratios: number[] = []
        for (let round = 0; round < rounds; round++) {
          const run = (base: string, nginx = false): number =>
            runWrk({ endpoint, duration, connections, core: loadCore, work, base, nginx })
              .requestsPerSecond
          const [on, off] =
            round % 2 === 0
              ? [run(every.url), run(without.url)]
              : [run(without.url), run(every.url)].reverse()
          ratios.push((on as number) / (off as number))
          best.on = Math.max(best.on, on as number)
          best.off = Math.max(best.off, off as number)
          best.nginx = Math.max(best.nginx, run(nginx.url, true))
        }
        const gain = median(ratios) - 1
        lines.push(
          `| ${tier} (\`${off}\`) | ${name} | ${fmt(best.on)} | ${fmt(best.off)} | ${fmt(best.nginx)} | ${(best.on / best.nginx).toFixed(2)} | ${(best.off / best.nginx).toFixed(2)} | **${(gain * 100).toFixed(0)} %** |`,
        )
      }
      await without.stop()
      servers.splice(servers.indexOf(without), 1)
    }
    return lines
  } finally {
    for (const server of servers) await server.stop()
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US')
}

export const tierRoot = (work: string) => join(work, 'nginx-root-tiers')
