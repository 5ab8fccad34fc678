/**
 * Observability: Prometheus metrics (`app.metrics`) and the one log line of each request, at
 * info. Each route gets its own onResponse hook that knows its route pattern without asking
 * Fastify per request; answers given outside any route (unknown paths, the front door's) are counted
 * and logged through `app.answered`.
 */
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
} from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { DatasetHolder } from '../dataset-holder.ts'
import { logRequest } from '../log-request.ts'
import { createMetrics, type Metrics } from '../metrics.ts'

declare module 'fastify' {
  interface FastifyInstance {
    readonly metrics: Metrics
    /** Counts and logs an answer given outside Fastify's routes. */
    readonly answered: AnsweredOutsideRoutes
  }
}

export interface AnsweredOutsideRoutes {
  /** True when each request gets a log line (level info or finer). */
  readonly logsRequests: boolean
  (route: string, method: string, url: string, status: number, ms: number, reqId: string): void
}

export interface ObservabilityOptions {
  readonly holder: DatasetHolder
}

const observabilityPlugin: FastifyPluginAsync<ObservabilityOptions> = async (app, { holder }) => {
  const metrics = createMetrics(holder)
  const logsRequests =
    (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false
  const answered: AnsweredOutsideRoutes = Object.assign(
    (route: string, method: string, url: string, status: number, ms: number, reqId: string) => {
      metrics.record(route, method, status, ms)
      if (logsRequests) logRequest(app.log, reqId, method, url, status, ms)
    },
    { logsRequests },
  )
  app.decorate('metrics', metrics)
  app.decorate('answered', answered)

  // The root logger: the request's own child logger already carries reqId, and a line must
  // name it once (log processors disagree on which of two equal keys wins).
  const requestLog = (request: FastifyRequest, reply: FastifyReply) =>
    logRequest(
      app.log,
      request.id,
      request.method,
      request.url,
      reply.statusCode,
      reply.elapsedTime,
    )
  app.addHook('onRoute', (route) => {
    const record = metrics.recorderFor(route.url)
    const onResponse: onResponseHookHandler = logsRequests
      ? (request, reply, done) => {
          requestLog(request, reply)
          record.call(app, request, reply, done)
        }
      : record
    route.onResponse = [...[route.onResponse ?? []].flat(), onResponse]
  })
}

export const observability = fastifyPlugin(observabilityPlugin, { name: 'observability' })
