/**
 * Prometheus metrics (`GET /metrics`): requests by route and status, latency, the dataset
 * being served, reloads, and the process. Per-request work is a cached child lookup and two
 * increments; everything about the dataset is read when scraped.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { DatasetHolder } from './dataset-holder.ts'

export interface Metrics {
  readonly registry: Registry
  observe(request: FastifyRequest, reply: FastifyReply): void
  recordReload(outcome: 'success' | 'failure'): void
}

// Seconds; a metadata API should answer in well under a millisecond to tens of milliseconds.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

export function createMetrics(holder: DatasetHolder): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'compat_http_requests_total',
    help: 'HTTP requests answered, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'compat_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const reloads = new Counter({
    name: 'compat_dataset_reloads_total',
    help: 'Dataset reloads, by outcome; a failed reload keeps the last good dataset.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  reloads.inc({ outcome: 'success' }, 0)
  reloads.inc({ outcome: 'failure' }, 0)
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

  const requestChildren = new Map<string, ReturnType<typeof requests.labels>>()
  const latencyChildren = new Map<string, ReturnType<typeof latency.labels>>()
  return {
    registry,
    observe(request, reply) {
      // The route pattern, never the raw URL: label values must stay few.
      const route = request.routeOptions.url ?? 'unmatched'
      const key = `${route} ${request.method} ${reply.statusCode}`
      let counter = requestChildren.get(key)
      if (counter === undefined) {
        counter = requests.labels(route, request.method, String(reply.statusCode))
        requestChildren.set(key, counter)
      }
      counter.inc()
      let histogram = latencyChildren.get(route)
      if (histogram === undefined) {
        histogram = latency.labels(route)
        latencyChildren.set(route, histogram)
      }
      histogram.observe(reply.elapsedTime / 1000)
    },
    recordReload(outcome) {
      reloads.inc({ outcome })
    },
  }
}
