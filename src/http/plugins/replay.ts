/**
 * Replays answers the routes have already made for the dataset being served — the project
 * list, project documents, GET checks answered before — straight from Node's request handler,
 * before Fastify is entered. Node's own HTTP handling is the floor of what an answer costs;
 * this path adds a Map lookup to it. Which URLs qualify is the routes' say (their
 * `ReplayRoute` tables); anything else (other methods, unseen checks, overload, shutdown)
 * goes to Fastify unchanged. Status, headers and bytes come from `answerFor`, exactly as the
 * routes send them (a test compares the two paths).
 */
import { performance } from 'node:perf_hooks'
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { DatasetHolder } from '../dataset-holder.ts'
import type { ReplayRoute } from '../routes/route-context.ts'
import { answerFor } from '../send-body.ts'
import type { FrontDoor } from '../server-options.ts'

export interface ReplayOptions {
  readonly holder: DatasetHolder
  readonly frontDoor: FrontDoor
  readonly routes: readonly ReplayRoute[]
  readonly cacheControl: string
}

const replayPlugin: FastifyPluginAsync<ReplayOptions> = async (app, options) => {
  const { holder, routes, cacheControl } = options
  let closing = false
  let replayed = 0
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  // While shedding load or shutting down, Fastify's own answers (503) must go out.
  const bypass = () => closing || app.isUnderPressure()

  options.frontDoor.handler = (request, response) => {
    const { method, url } = request
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false
    const served = holder.current
    if (served === null) return false
    const route = routes.find((candidate) =>
      candidate.exact ? url === candidate.path : url.startsWith(candidate.path),
    )
    const body = route?.answer(served, url)
    if (route === undefined || body === undefined || bypass()) return false
    const started = performance.now()
    const answer = answerFor(
      body,
      cacheControl,
      request.headers['if-none-match'],
      request.headers['accept-encoding'],
    )
    response.writeHead(answer.status, answer.headers as string[])
    response.end(method === 'HEAD' ? undefined : (answer.payload ?? undefined))
    const reqId = app.answered.logsRequests
      ? String(request.headers['x-request-id'] ?? `replay-${++replayed}`)
      : ''
    app.answered(route.route, method, url, answer.status, performance.now() - started, reqId)
    return true
  }
}

export const replay = fastifyPlugin(replayPlugin, {
  name: 'replay',
  dependencies: ['observability', 'load-shedding'],
})
