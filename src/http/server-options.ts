/**
 * The Fastify instance's own settings: the HTTP server with its timeouts and limits, the
 * router, the errors raised before any route runs, and the hook through which the front door
 * (plugins/front-door.ts) answers known requests before Fastify is entered.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { Socket } from 'node:net'
import {
  type FastifyBaseLogger,
  type FastifyServerOptions,
  LogController,
  type RawServerDefault,
} from 'fastify'
import { MAX_BODY_BYTES } from '../api/request-limits.ts'
import { clientErrorHandler } from './client-errors.ts'
import { lazySerializerFactory } from './lazy-compilers.ts'
import type { RateLimitGate } from './rate-limit/rate-limit-gate.ts'
import { problemFromError, sendProblem } from './send-problem.ts'
import {
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_CONNECTIONS,
  MAX_HEADER_BYTES,
  MAX_PATH_PARAMETER_LENGTH,
  SOCKET_IDLE_TIMEOUT_MS,
  TIMEOUT_CHECK_INTERVAL_MS,
} from './server-limits.ts'

/** Answers a raw request and returns true, or returns false to let Fastify route it. */
export type FrontDoorHandler = (request: IncomingMessage, response: ServerResponse) => boolean

/** Where the front door installs itself once the app exists; until then it answers nothing. */
export class FrontDoorHook {
  handler: FrontDoorHandler = () => false
  /**
   * Fastify's own request handler, for a request the front door took and then leaves to the
   * routes after all (a body it read and will not answer).
   */
  fastify: (request: IncomingMessage, response: ServerResponse) => void = () => {}
}

export interface ServerLimits {
  readonly headersTimeoutMs: number
  readonly requestTimeoutMs: number
}

/** A certificate chain and its private key (PEM): the server speaks HTTPS. */
export interface TlsCredentials {
  readonly cert: Buffer
  readonly key: Buffer
}

export function serverOptions(
  limits: ServerLimits,
  frontDoor: FrontDoorHook,
  logger: FastifyServerOptions['logger'],
  log: () => FastifyBaseLogger,
  tls: TlsCredentials | null = null,
  rateLimit: RateLimitGate | null = null,
): FastifyServerOptions & { serverFactory: NonNullable<unknown> } {
  const clientErrors = clientErrorHandler(log)
  return {
    logger: logger ?? false,
    // One log line per request, written by the observability plugin.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    bodyLimit: MAX_BODY_BYTES,
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory } },
    routerOptions: {
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      maxParamLength: MAX_PATH_PARAMETER_LENGTH,
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    connectionTimeout: SOCKET_IDLE_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: limits.requestTimeoutMs,
    // Fastify names the scheme in its "listening at" line from this; the server is ours.
    ...(tls === null ? {} : { https: {} }),
    serverFactory: (handler): RawServerDefault => {
      const settings = {
        maxHeaderSize: MAX_HEADER_BYTES,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        // How often Node enforces the two timeouts above; its default (30 s) lets slow
        // clients linger three times longer than the limit says.
        connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      }
      frontDoor.fastify = handler
      const answer =
        rateLimit === null
          ? (request: IncomingMessage, response: ServerResponse) => {
              if (!frontDoor.handler(request, response)) handler(request, response)
            }
          : (request: IncomingMessage, response: ServerResponse) => {
              if (rateLimit(request, response)) return
              if (!frontDoor.handler(request, response)) handler(request, response)
            }
      // HTTP/1.1 over TLS: the front door and every route write through Node's HTTP/1 response
      // API, which HTTP/2's compatibility layer would only imitate.
      const server =
        tls === null
          ? createServer(settings, answer)
          : (createTlsServer(
              { ...settings, cert: tls.cert, key: tls.key },
              answer,
            ) as unknown as RawServerDefault)
      server.maxConnections = MAX_CONNECTIONS
      return server
    },
    // Errors the router raises before any route runs (a malformed URL, a path parameter
    // beyond maxParamLength) get the same problem+json as everything else.
    frameworkErrors: (error, request, reply) =>
      sendProblem(reply, problemFromError(error, request)),
    clientErrorHandler: (error, socket) =>
      clientErrors(error as unknown as Parameters<typeof clientErrors>[0], socket as Socket),
  }
}
