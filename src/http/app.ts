/**
 * Builds the Fastify app; never listens (src/server.ts does). Tests use `app.inject`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import underPressure from '@fastify/under-pressure'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type onResponseHookHandler,
} from 'fastify'
import { parseJsonObject } from '../core/json/parse-json-object.ts'
import type { CachedAnswer } from './answer-cache.ts'
import { clientErrorHandler } from './client-errors.ts'
import { DatasetHolder } from './dataset-holder.ts'
import {
  DEFAULT_CACHE_MAX_AGE_SECONDS,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_BODY_BYTES,
  MAX_CONNECTIONS,
  MAX_EVENT_LOOP_DELAY_MS,
  MAX_HEADER_BYTES,
  MAX_JSON_DEPTH,
  REQUEST_TIMEOUT_MS,
  RETRY_AFTER_SECONDS,
  SOCKET_IDLE_TIMEOUT_MS,
  TIMEOUT_CHECK_INTERVAL_MS,
} from './limits.ts'
import { logRequest } from './log-request.ts'
import { addMethodHandling, collectKnownPaths } from './method-handling.ts'
import { createMetrics, type Metrics } from './metrics.ts'
import { openApiRoute, registerOpenApi } from './openapi.ts'
import { problem, problemFromError, sendProblem } from './problem.ts'
import { createReplay } from './replay-answers.ts'
import { ajv } from './request-validator.ts'
import { checkRoutes, postAnswerKey } from './routes/check.ts'
import { metricsRoute } from './routes/metrics.ts'
import { projectRoutes } from './routes/projects.ts'
import type { RouteContext } from './routes/route-context.ts'
import { serviceRoutes } from './routes/service.ts'
import { webRoutes } from './routes/web.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Key order of each object in a JSON body, as written by the client. */
    jsonKeyOrder: WeakMap<object, string[]> | null
    /** The JSON body as sent, the key of its cached answer. */
    bodyText: string | null
    /** The answer to an identical body, computed earlier on the same dataset. */
    cachedAnswer: CachedAnswer | null
  }
  interface FastifyInstance {
    readonly metrics: Metrics
  }
}

export interface AppOptions {
  readonly holder?: DatasetHolder
  readonly cacheMaxAge?: number
  readonly logger?: FastifyServerOptions['logger']
  /** The public base URL for the OpenAPI `servers` list. */
  readonly publicUrl?: string
  /** Tests shorten these to observe them; production uses the constants of limits.ts. */
  readonly limits?: Partial<AppLimits>
}

export interface AppLimits {
  readonly headersTimeoutMs: number
  readonly requestTimeoutMs: number
  readonly maxEventLoopDelayMs: number
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const limits: AppLimits = {
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    maxEventLoopDelayMs: MAX_EVENT_LOOP_DELAY_MS,
    ...options.limits,
  }
  const holder = options.holder ?? new DatasetHolder()
  const cacheMaxAge = options.cacheMaxAge ?? DEFAULT_CACHE_MAX_AGE_SECONDS
  const metrics = createMetrics(holder)
  let closing = false
  // Bound once the app exists; the server (and so this) only answers after that.
  let replay: ReturnType<typeof createReplay> = () => false
  const context: RouteContext = {
    holder,
    cacheMaxAge,
  }
  const app = Fastify({
    logger: options.logger ?? false,
    // One log line per request, written in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    connectionTimeout: SOCKET_IDLE_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: limits.requestTimeoutMs,
    serverFactory: (handler) => {
      const answer = (request: IncomingMessage, response: ServerResponse) => {
        if (!replay(request, response)) handler(request, response)
      }
      const server = createServer(
        {
          maxHeaderSize: MAX_HEADER_BYTES,
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          // How often Node enforces the two timeouts above; its default (30 s) lets slow
          // clients linger three times longer than the limit says.
          connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
        },
        answer,
      )
      server.maxConnections = MAX_CONNECTIONS
      return server
    },
    // Errors the router raises before any route runs (a malformed URL, a path parameter
    // beyond maxParamLength) get the same problem+json as everything else.
    frameworkErrors: (error, request, reply) =>
      sendProblem(reply, problemFromError(error, request)),
    clientErrorHandler: (error, socket) =>
      clientErrors(error as unknown as Parameters<typeof clientErrors>[0], socket),
  })
  const clientErrors = clientErrorHandler(app.log)
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema))
  app.decorateRequest('jsonKeyOrder', null)
  app.decorate('metrics', metrics)

  app.removeAllContentTypeParsers()
  app.decorateRequest('bodyText', null)
  app.decorateRequest('cachedAnswer', null)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.bodyText = body as string
    // A body seen before (same dataset) has its answer ready: skip parsing it again.
    const cached = holder.current?.answers.get(postAnswerKey(request.bodyText))
    if (cached !== undefined) {
      request.cachedAnswer = cached
      done(null, cached.request)
      return
    }
    try {
      const parsed = parseJsonObject(body as string, MAX_JSON_DEPTH)
      request.jsonKeyOrder = parsed.keyOrder
      done(null, parsed.value)
    } catch (error) {
      ;(error as FastifyError).statusCode = 400
      done(error as FastifyError, undefined)
    }
  })

  // Each route gets its own onResponse hook: it knows its route pattern without asking
  // Fastify per request, counts the answer, and writes the one log line of the request.
  const logRequests =
    (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false
  const requestLog = (request: FastifyRequest, reply: FastifyReply) =>
    logRequest(
      request.log,
      request.id,
      request.method,
      request.url,
      reply.statusCode,
      reply.elapsedTime,
    )
  app.addHook('onRoute', (route) => {
    const record = metrics.recorderFor(route.url)
    const onResponse: onResponseHookHandler = logRequests
      ? (request, reply, done) => {
          requestLog(request, reply)
          record.call(app, request, reply, done)
        }
      : record
    route.onResponse = [...[route.onResponse ?? []].flat(), onResponse]
  })
  /** Answers given outside any route: counted and logged like the rest. */
  const outsideRoutes = (request: FastifyRequest, reply: FastifyReply, route: string) => {
    metrics.record(route, request.method, reply.statusCode, reply.elapsedTime)
    if (logRequests) requestLog(request, reply)
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = problemFromError(error, request)
    if (body.status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed')
    return sendProblem(reply, body)
  })
  app.setNotFoundHandler(async (request, reply) => {
    await sendProblem(
      reply,
      problem(404, `No route ${request.method} ${request.url.split('?')[0]}; see /api/v1.`),
    )
    outsideRoutes(request, reply, 'unmatched')
  })

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async (_request, reply) => {
      await sendProblem(
        reply.header('retry-after', String(RETRY_AFTER_SECONDS)),
        problem(503, 'The server is overloaded; retry later.'),
      )
    },
  })
  await registerOpenApi(app, options.publicUrl ?? '/')

  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  replay = createReplay({
    holder,
    metrics,
    cacheMaxAge,
    log: app.log,
    logRequests,
    bypass: () => closing || app.isUnderPressure(),
  })

  const knownPaths = collectKnownPaths(app)
  serviceRoutes(app, context)
  projectRoutes(app, context)
  checkRoutes(app, context)
  metricsRoute(app, metrics)
  openApiRoute(app)
  await webRoutes(app, context)
  await app.after()
  addMethodHandling(app, knownPaths)
  return app
}
