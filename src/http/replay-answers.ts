/**
 * Replays answers the app has already made for the current dataset — the project list,
 * project documents, and GET checks answered before — straight from Node's request handler,
 * before Fastify is entered. Node's own HTTP handling is the floor of what an answer costs;
 * this path adds a Map lookup to it. Anything else (other methods, other paths, percent-encoded
 * ids, unseen checks, overload, shutdown) falls through to Fastify unchanged. Status, headers
 * and bytes come from `answerFor`, exactly as the Fastify routes send them (a test compares
 * the two paths).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import type { CachedBody } from './cached-body.ts'
import type { DatasetHolder } from './dataset-holder.ts'
import { logRequest } from './log-request.ts'
import type { Metrics } from './metrics.ts'
import { answerFor } from './send-json.ts'

export interface ReplayOptions {
  readonly holder: DatasetHolder
  readonly metrics: Metrics
  readonly cacheMaxAge: number
  readonly log: FastifyBaseLogger
  readonly logRequests: boolean
  /** True while requests should go through Fastify (shedding load, shutting down). */
  readonly bypass: () => boolean
}

const PROJECTS = '/api/v1/projects'
const PROJECT_PREFIX = '/api/v1/projects/'
const CHECK_PREFIX = '/api/v1/check?'
// Exactly what an id can be: anything else (percent-encoding, dots first) goes to the router.
const PLAIN_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/

/** Returns true when it answered the request. */
export function createReplay(options: ReplayOptions) {
  let replayed = 0
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const { method, url } = request
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false
    const served = options.holder.current
    if (served === null) return false
    let body: CachedBody | undefined
    let route: string
    if (url === PROJECTS) {
      body = served.projectList
      route = PROJECTS
    } else if (url.startsWith(PROJECT_PREFIX)) {
      const id = url.slice(PROJECT_PREFIX.length)
      body = PLAIN_ID.test(id) ? served.projectDocument(id) : undefined
      route = '/api/v1/projects/:project'
    } else if (url.startsWith(CHECK_PREFIX)) {
      body = served.answers.get(url)?.body
      route = '/api/v1/check'
    } else {
      return false
    }
    if (body === undefined || options.bypass()) return false
    const started = performance.now()
    const answer = answerFor(
      body,
      options.cacheMaxAge,
      request.headers['if-none-match'],
      request.headers['accept-encoding'],
    )
    response.writeHead(answer.status, answer.headers)
    response.end(method === 'HEAD' ? undefined : (answer.payload ?? undefined))
    const milliseconds = performance.now() - started
    options.metrics.record(route, method, answer.status, milliseconds)
    if (options.logRequests) {
      const reqId = request.headers['x-request-id'] ?? `replay-${++replayed}`
      logRequest(options.log, String(reqId), method, url, answer.status, milliseconds)
    }
    return true
  }
}
