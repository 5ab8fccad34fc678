/**
 * Methods a path does not route: `OPTIONS` answers CORS preflights with `Allow`, any other
 * method is 405 with `Allow` (docs/api.md, "Errors and limits"). Both answer in onRequest,
 * before any body is read, so a body can never turn them into 413 or 415.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { problem } from '../../api/problem.ts'
import { API_HEADERS } from '../cors.ts'
import { sendProblem } from '../send-problem.ts'
import { CORS_MAX_AGE_SECONDS } from '../server-limits.ts'

/** Each routed path and its methods, as routes are added. */
export type KnownPaths = ReadonlyMap<string, ReadonlySet<string>>

/** Call before any route is registered; the map fills as routes are added. */
export function trackKnownPaths(app: FastifyInstance): KnownPaths {
  const knownPaths = new Map<string, Set<string>>()
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*') || route.url.startsWith('/api/v1/docs')) return
    const methods = knownPaths.get(route.url) ?? new Set<string>()
    for (const method of [route.method].flat()) methods.add(method)
    knownPaths.set(route.url, methods)
  })
  return knownPaths
}

/** Register after every route: it answers the methods those routes left out. */
export const methodHandling: FastifyPluginAsync<{ knownPaths: KnownPaths }> = async (
  app,
  { knownPaths },
) => {
  for (const [url, methods] of [...knownPaths]) {
    const allow = [...methods, 'OPTIONS'].join(', ')
    const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
      await reply
        .headers(API_HEADERS)
        .code(204)
        .header('allow', allow)
        .header('access-control-allow-methods', allow)
        .header(
          'access-control-allow-headers',
          request.headers['access-control-request-headers'] ?? 'content-type, if-none-match',
        )
        .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
        .send()
    }
    app.route({
      method: 'OPTIONS',
      url,
      schema: { hide: true },
      onRequest: preflight,
      handler: preflight,
    })
    const others = app.supportedMethods.filter(
      (method) => !methods.has(method) && method !== 'OPTIONS' && method !== 'CONNECT',
    )
    const notAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
      await sendProblem(
        reply.header('allow', allow),
        problem(405, `${request.method} is not allowed on ${url}; allowed: ${allow}.`),
      )
    }
    app.route({
      method: others,
      url,
      schema: { hide: true },
      onRequest: notAllowed,
      handler: notAllowed,
    })
  }
}
