/**
 * Builds the Fastify app; never listens (src/server.ts does). Tests use `app.inject`.
 */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { parseJsonObject } from '../core/json/parse-json-object.ts'
import { DatasetHolder } from './dataset-holder.ts'
import {
  CORS_MAX_AGE_SECONDS,
  DEFAULT_CACHE_MAX_AGE_SECONDS,
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
} from './limits.ts'
import { problem, problemFromError, sendProblem } from './problem.ts'
import { ajv } from './request-validator.ts'
import { checkRoutes } from './routes/check.ts'
import { projectRoutes } from './routes/projects.ts'
import type { RouteContext } from './routes/route-context.ts'
import { serviceRoutes } from './routes/service.ts'
import { webRoutes } from './routes/web.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Key order of each object in a JSON body, as written by the client. */
    jsonKeyOrder: WeakMap<object, string[]> | null
  }
}

export interface AppOptions {
  readonly holder?: DatasetHolder
  readonly cacheMaxAge?: number
  readonly logger?: FastifyServerOptions['logger']
  /** The public base URL for the OpenAPI `servers` list. */
  readonly publicUrl?: string
}

/** Methods this API answers on every known path, besides those the path routes itself. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'etag, retry-after',
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const holder = options.holder ?? new DatasetHolder()
  const context: RouteContext = {
    holder,
    cacheMaxAge: options.cacheMaxAge ?? DEFAULT_CACHE_MAX_AGE_SECONDS,
  }
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    // The querystring parser yields null-prototype objects and arrays for repeated keys.
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false },
    return503OnClosing: true,
  })
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema))
  app.decorateRequest('jsonKeyOrder', null)

  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      const parsed = parseJsonObject(body as string, MAX_JSON_DEPTH)
      request.jsonKeyOrder = parsed.keyOrder
      done(null, parsed.value)
    } catch (error) {
      ;(error as FastifyError).statusCode = 400
      done(error as FastifyError, undefined)
    }
  })

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(CORS_HEADERS)
    done()
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = problemFromError(error, request)
    if (body.status >= 500) request.log.error({ err: error }, 'request failed')
    return sendProblem(reply, body)
  })
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problem(404, `No route ${request.method} ${request.url.split('?')[0]}; see /api/v1.`),
    ),
  )

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'compat: software compatibility metadata API',
        version: '1.0.0',
        description:
          'A public, read-only JSON API: which versions of runtimes, databases, bundled parts and installers each project version documents as compatible, with the evidence. Errors are RFC 9457 problem details.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: options.publicUrl ?? '/', description: 'This server' }],
      security: [],
      tags: [
        { name: 'projects', description: 'Project index and compatibility documents.' },
        { name: 'check', description: 'Compatibility checks.' },
        { name: 'service', description: 'Service description and health.' },
      ],
    },
  })
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', staticCSP: true })

  const knownPaths = new Map<string, Set<string>>()
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*') || route.url.startsWith('/api/v1/docs')) return
    const methods = knownPaths.get(route.url) ?? new Set<string>()
    for (const method of [route.method].flat()) methods.add(method)
    knownPaths.set(route.url, methods)
  })

  serviceRoutes(app, context)
  projectRoutes(app, context)
  checkRoutes(app, context)
  let openApiJson: string | undefined
  app.get(
    '/api/v1/openapi.json',
    {
      schema: {
        summary: 'OpenAPI document',
        description:
          'This API described as OpenAPI 3.1, generated from the schemas that validate requests.',
        operationId: 'openapi',
        tags: ['service'],
        response: { 200: { description: 'The OpenAPI 3.1 document.', type: 'object' } },
      },
    },
    (_request, reply) => {
      openApiJson ??= JSON.stringify(app.swagger())
      return reply
        .header('cache-control', 'no-cache')
        .header('content-type', 'application/json; charset=utf-8')
        .send(openApiJson)
    },
  )
  await webRoutes(app, context)
  await app.after()
  addMethodHandling(app, knownPaths)
  return app
}

/** 405 with Allow for other methods on a known path (CONTRACT §5); OPTIONS answers CORS preflights. */
function addMethodHandling(app: FastifyInstance, knownPaths: Map<string, Set<string>>): void {
  for (const [url, methods] of knownPaths) {
    const allow = [...methods, 'OPTIONS'].join(', ')
    app.options(url, { schema: { hide: true } }, (request, reply) =>
      reply
        .code(204)
        .header('allow', allow)
        .header('access-control-allow-methods', allow)
        .header(
          'access-control-allow-headers',
          request.headers['access-control-request-headers'] ?? 'content-type, if-none-match',
        )
        .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
        .send(),
    )
    const others = app.supportedMethods.filter(
      (method) => !methods.has(method) && method !== 'OPTIONS' && method !== 'CONNECT',
    )
    const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
      await sendProblem(
        reply.header('allow', allow),
        problem(405, `${request.method} is not allowed on ${url}; allowed: ${allow}.`),
      )
    }
    // Answered in onRequest: before any body is parsed, so a body cannot turn 405 into 413/415.
    app.route({
      method: others,
      url,
      schema: { hide: true },
      onRequest: notAllowed,
      handler: notAllowed,
    })
  }
}
