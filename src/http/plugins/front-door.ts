/**
 * The front door: an answer cache in front of the router. It answers from Node's request
 * handler, before Fastify is entered, what the routes have already made for the dataset being
 * served (the project list, documents, checks and stacks asked before) and the usual requests
 * that need no validation beyond what a strict reading proves (a plain single check, the
 * usual combination body). Node's own HTTP handling is the floor of what an answer costs; this
 * path adds a Map lookup to it. This module alone decides when the front door answers: GET or
 * HEAD of a URL a route's table claims, POST of JSON of an allowed length to a route that reads
 * bodies here, while a dataset is served and the server is neither shedding load nor closing.
 * What each route may answer here is that route's say: its plugin adds its tables
 * (`app.frontDoor`). Anything else goes to Fastify unchanged. Status, headers and bytes come
 * from `answerFor`, exactly as the routes send them (tests compare the two paths; the whole
 * way of a request is drawn in docs/architecture.md).
 *
 * A POST body read here and left unanswered goes on to Fastify, which gets the bytes already
 * read through a preParsing hook and answers as if it had read them itself.
 */
import { isUtf8 } from 'node:buffer'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import { Readable } from 'node:stream'
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { MAX_BODY_BYTES } from '../../api/request-limits.ts'
import type { CachedBody } from '../cached-body.ts'
import type { DatasetHolder } from '../dataset-holder.ts'
import type { FrontDoorTiers } from '../front-door-tiers.ts'
import type { FrontDoorBodyRoute, FrontDoorRoute } from '../routes/route-context.ts'
import { answerFor } from '../send-body.ts'
import type { FrontDoorHook } from '../server-options.ts'

export interface FrontDoorOptions {
  readonly holder: DatasetHolder
  /** Where Node's request handler asks the front door first (server-options.ts). */
  readonly hook: FrontDoorHook
  readonly cacheControl: string
  /** Off: the front door leaves GETs (`cachedAnswers`) or POSTs (`bodyReaders`) to Fastify. */
  readonly tiers: FrontDoorTiers
}

/** What each route plugin tells the front door it may answer. */
export interface FrontDoorTables {
  /** GET (and HEAD) URLs, asked in the order added: routes may share a prefix. */
  answer(routes: readonly FrontDoorRoute[]): void
  /** POST routes whose bodies the front door reads. */
  answerBodies(routes: readonly FrontDoorBodyRoute[]): void
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly frontDoor: FrontDoorTables
  }
}

/** A body read by the front door and handed on to Fastify. */
const READ_BODY = Symbol('compat.readBody')

interface ReadRequest extends IncomingMessage {
  [READ_BODY]?: Buffer
}

// The content types read before Fastify: what clients send. Every other form the route may
// still accept (other parameters, spacing, case) goes to Fastify unread.
const JSON_CONTENT_TYPES = new Set(['application/json', 'application/json; charset=utf-8'])

const frontDoorPlugin: FastifyPluginAsync<FrontDoorOptions> = async (app, options) => {
  const { holder, cacheControl, hook, tiers } = options
  const routes: FrontDoorRoute[] = []
  const bodyRoutes: FrontDoorBodyRoute[] = []
  app.decorate('frontDoor', {
    answer: (added) => void routes.push(...added),
    answerBodies: (added) => void bodyRoutes.push(...added),
  } satisfies FrontDoorTables)
  let closing = false
  let answered = 0
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  // While shedding load or shutting down, Fastify's own answers (503) must go out.
  const bypass = () => closing || app.isUnderPressure()

  // A body the front door read reaches the route's parser as if read from the socket.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const read = (request.raw as ReadRequest)[READ_BODY]
    done(null, read === undefined ? payload : Readable.from([read], { objectMode: false }))
  })

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    route: string,
    body: CachedBody,
    started: number,
    routeCacheControl = cacheControl,
  ) => {
    const { method = 'GET', url = '' } = request
    const answer = answerFor(
      body,
      routeCacheControl,
      request.headers['if-none-match'],
      request.headers['accept-encoding'],
    )
    response.writeHead(answer.status, answer.headers as string[])
    response.end(method === 'HEAD' ? undefined : (answer.payload ?? undefined))
    const reqId = app.answered.logsRequests
      ? String(request.headers['x-request-id'] ?? `front-door-${++answered}`)
      : ''
    app.answered(route, method, url, answer.status, performance.now() - started, reqId)
  }

  /** Reads the body of a POST the front door may answer; false leaves the request to Fastify. */
  const readPost = (request: ReadRequest, response: ServerResponse): boolean => {
    const route = bodyRoutes.find((candidate) => candidate.route === request.url)
    const { headers } = request
    const length = Number(headers['content-length'])
    if (
      route === undefined ||
      !JSON_CONTENT_TYPES.has(headers['content-type'] as string) ||
      headers['transfer-encoding'] !== undefined ||
      // Fastify refuses a coding it does not read (415): the same answer either way.
      headers['content-encoding'] !== undefined ||
      !(length > 0 && length <= MAX_BODY_BYTES) ||
      holder.current === null ||
      bypass()
    ) {
      return false
    }
    const started = performance.now()
    const chunks: Buffer[] = []
    // A client gone mid-body leaves nobody to answer; Node closes the socket.
    request.on('error', () => {})
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)
      // Admitted when its headers came, as Fastify admits a request: a shutdown or overload
      // that began during the upload does not turn it away.
      const served = holder.current
      let body: CachedBody | undefined
      try {
        // Bytes that are not UTF-8 are Fastify's to refuse (400), never read with U+FFFD.
        body =
          served === null || !isUtf8(bytes)
            ? undefined
            : route.answer(served, bytes.toString('utf8'))
      } catch {
        // Fastify's route answers it again and reports what went wrong.
        body = undefined
      }
      if (body !== undefined) {
        send(request, response, route.route, body, started)
        return
      }
      // A copy: a single chunk may be a view of a read buffer the socket goes on using.
      request[READ_BODY] = chunks.length === 1 ? Buffer.from(bytes) : bytes
      hook.fastify(request, response)
    })
    return true
  }

  hook.handler = (request, response) => {
    const { method, url } = request
    if (method === 'POST') {
      return tiers.bodyReaders && bodyRoutes.length > 0 && readPost(request, response)
    }
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || !tiers.cachedAnswers) {
      return false
    }
    const served = holder.current
    if (served === null) return false
    // Routes may share a prefix (a project's document and its versions): the first that
    // answers the URL sends it.
    for (const route of routes) {
      if (route.exact ? !isExactly(url, route) : !url.startsWith(route.path)) continue
      const body = route.answer(served, url)
      if (body === undefined) continue
      if (bypass()) return false
      const cacheControl =
        typeof route.cacheControl === 'function' ? route.cacheControl(url) : route.cacheControl
      send(request, response, route.route, body, performance.now(), cacheControl)
      return true
    }
    return false
  }
}

/** The route's own URL, or (when it takes any query) that URL and a query. */
function isExactly(url: string, route: FrontDoorRoute): boolean {
  if (url === route.path) return true
  return (
    route.anyQuery === true &&
    url.length > route.path.length &&
    url.startsWith(route.path) &&
    url.charCodeAt(route.path.length) === 63 /* ? */
  )
}

export const frontDoor = fastifyPlugin(frontDoorPlugin, {
  name: 'front-door',
  dependencies: ['observability', 'load-shedding'],
})
