/**
 * Prometheus metrics (`GET /metrics`): requests by route and status, latency, the dataset
 * being served, reloads, and the process. The per-request part is plain counters kept per
 * route (a route-level hook knows its route without asking Fastify per request); they are
 * written out in the text format when scraped, after prom-client's own metrics.
 */
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify'
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import type { DatasetHolder } from './dataset-holder.ts'

export interface Metrics {
  readonly registry: Registry
  /** The onResponse hook for one route pattern. */
  recorderFor(route: string): onResponseHookHandler
  /** For answers given outside any route (unknown paths, malformed URLs). */
  record(route: string, method: string, status: number, milliseconds: number): void
  recordReload(outcome: 'success' | 'failure'): void
  /** The whole exposition: prom-client's metrics and the HTTP metrics (of every worker, when set). */
  render(): Promise<string>
  /** This process's metrics as data, for the worker that answers a scrape to add up. */
  snapshot(): Promise<MetricsSnapshot>
  /** With workers: how to gather every worker's snapshot; render() then adds them up. */
  gatherWith(gather: () => Promise<MetricsSnapshot[]>): void
}

/** One process's metrics as plain data (they cross processes as JSON). */
export interface MetricsSnapshot {
  readonly registry: Awaited<ReturnType<Registry['getMetricsAsJSON']>>
  readonly routes: [
    string,
    { answers: [string, [number, number][]][]; buckets: number[]; sum: number; count: number },
  ][]
}

// Seconds; a metadata API should answer in well under a millisecond to tens of milliseconds.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

interface RouteStats {
  /** method → status → count */
  readonly answers: Map<string, Map<number, number>>
  /** Cumulative only when rendered; here one slot per bucket plus +Inf. */
  readonly buckets: Float64Array
  sum: number
  count: number
}

export function createMetrics(holder: DatasetHolder): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const reloads = new Counter({
    name: 'compat_dataset_reloads_total',
    help: 'Dataset reloads, by outcome; a failed reload keeps the last good dataset.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  reloads.inc({ outcome: 'success' }, 0)
  reloads.inc({ outcome: 'failure' }, 0)
  datasetGauges(registry, holder)

  const routes = new Map<string, RouteStats>()
  let gather: (() => Promise<MetricsSnapshot[]>) | null = null
  const statsOf = (route: string): RouteStats => statsIn(routes, route)
  const add = (stats: RouteStats, method: string, status: number, milliseconds: number) => {
    countAnswers(stats, method, status, 1)
    const seconds = milliseconds / 1000
    let bucket = 0
    while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] as number))
      bucket++
    stats.buckets[bucket] = (stats.buckets[bucket] as number) + 1
    stats.sum += seconds
    stats.count++
  }

  return {
    registry,
    recorderFor(route) {
      const stats = statsOf(route)
      return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        add(stats, request.method, reply.statusCode, reply.elapsedTime)
        done()
      }
    },
    record(route, method, status, milliseconds) {
      add(statsOf(route), method, status, milliseconds)
    },
    recordReload(outcome) {
      reloads.inc({ outcome })
    },
    async render() {
      if (gather !== null) return renderSnapshots(await gather())
      return `${await registry.metrics()}\n${renderHttp(routes)}`
    },
    async snapshot() {
      return {
        registry: await registry.getMetricsAsJSON(),
        routes: [...routes].map(([route, stats]) => [
          route,
          {
            answers: [...stats.answers].map(([method, byStatus]) => [method, [...byStatus]]),
            buckets: [...stats.buckets],
            sum: stats.sum,
            count: stats.count,
          },
        ]),
      }
    },
    gatherWith(gatherer) {
      gather = gatherer
    },
  }
}

/**
 * Every worker's metrics as one exposition: prom-client adds up its own metrics (counters
 * summed; per-process gauges as each metric declares), and the HTTP counters and histograms
 * are summed route by route.
 */
export async function renderSnapshots(snapshots: readonly MetricsSnapshot[]): Promise<string> {
  const registry = AggregatorRegistry.aggregate(snapshots.map((snapshot) => snapshot.registry))
  const routes = new Map<string, RouteStats>()
  for (const snapshot of snapshots) {
    for (const [route, stats] of snapshot.routes) {
      const total = statsIn(routes, route)
      for (const [method, byStatus] of stats.answers) {
        for (const [status, count] of byStatus) countAnswers(total, method, status, count)
      }
      stats.buckets.forEach((count, at) => {
        total.buckets[at] = (total.buckets[at] as number) + count
      })
      total.sum += stats.sum
      total.count += stats.count
    }
  }
  return `${await registry.metrics()}\n${renderHttp(routes)}`
}

/** Adds `count` answers of `method` with `status` to a route's stats. */
function countAnswers(stats: RouteStats, method: string, status: number, count: number): void {
  let byStatus = stats.answers.get(method)
  if (byStatus === undefined) {
    byStatus = new Map()
    stats.answers.set(method, byStatus)
  }
  byStatus.set(status, (byStatus.get(status) ?? 0) + count)
}

/** The stats of `route` in `routes`, made empty on first use. */
function statsIn(routes: Map<string, RouteStats>, route: string): RouteStats {
  let stats = routes.get(route)
  if (stats === undefined) {
    stats = {
      answers: new Map(),
      buckets: new Float64Array(LATENCY_BUCKETS.length + 1),
      sum: 0,
      count: 0,
    }
    routes.set(route, stats)
  }
  return stats
}

function renderHttp(routes: ReadonlyMap<string, RouteStats>): string {
  const lines = [
    '# HELP compat_http_requests_total HTTP requests answered, by route, method and status.',
    '# TYPE compat_http_requests_total counter',
  ]
  for (const [route, stats] of routes) {
    for (const [method, byStatus] of stats.answers) {
      for (const [status, count] of byStatus)
        lines.push(
          `compat_http_requests_total{route="${label(route)}",method="${method}",status="${status}"} ${count}`,
        )
    }
  }
  lines.push(
    '# HELP compat_http_request_duration_seconds Time from receiving a request to sending its answer, by route.',
    '# TYPE compat_http_request_duration_seconds histogram',
  )
  for (const [route, stats] of routes) {
    if (stats.count === 0) continue
    let cumulative = 0
    LATENCY_BUCKETS.forEach((bound, index) => {
      cumulative += stats.buckets[index] as number
      lines.push(
        `compat_http_request_duration_seconds_bucket{le="${bound}",route="${label(route)}"} ${cumulative}`,
      )
    })
    lines.push(
      `compat_http_request_duration_seconds_bucket{le="+Inf",route="${label(route)}"} ${stats.count}`,
    )
    lines.push(`compat_http_request_duration_seconds_sum{route="${label(route)}"} ${stats.sum}`)
    lines.push(`compat_http_request_duration_seconds_count{route="${label(route)}"} ${stats.count}`)
  }
  return `${lines.join('\n')}\n`
}

function label(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')
}

function datasetGauges(registry: Registry, holder: DatasetHolder): void {
  new Gauge({
    name: 'compat_dataset_projects',
    help: 'Projects in the dataset being served.',
    registers: [registry],
    collect() {
      this.set(holder.current?.dataset.projects.size ?? 0)
    },
  })
  new Gauge({
    name: 'compat_dataset_entries',
    help: 'Dependency entries (version × dependency) in the dataset being served.',
    registers: [registry],
    collect() {
      this.set(holder.current?.dataset.entryCount ?? 0)
    },
  })
  new Gauge({
    name: 'compat_dataset_loaded_timestamp_seconds',
    help: 'When the dataset being served was loaded (Unix time).',
    registers: [registry],
    collect() {
      this.set((holder.current?.loadedAt.getTime() ?? 0) / 1000)
    },
  })
  new Gauge({
    name: 'compat_dataset_info',
    help: 'The dataset being served; content_hash is the sha256 of its files.',
    labelNames: ['content_hash'] as const,
    registers: [registry],
    collect() {
      this.reset()
      if (holder.current !== null) this.set({ content_hash: holder.current.contentHash }, 1)
    },
  })
}
