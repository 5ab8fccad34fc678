import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CORS_MAX_AGE_SECONDS } from './limits.ts'
import { problem, sendProblem } from './problem.ts'
import { allowAnyOrigin } from './send-json.ts'

/** Records each routed path and its methods, so that `addMethodHandling` can answer the rest. */
export function collectKnownPaths(app: FastifyInstance): Map<string, Set<string>> {
  const knownPaths = new Map<string, Set<string>>()
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*') || route.url.startsWith('/api/v1/docs')) return
    const methods = knownPaths.get(route.url) ?? new Set<string>()
    for (const method of [route.method].flat()) methods.add(method)
    knownPaths.set(route.url, methods)
  })
  return knownPaths
}

/** 405 with Allow for other methods on a known path (CONTRACT §5); OPTIONS answers CORS preflights. */
export function addMethodHandling(
  app: FastifyInstance,
  knownPaths: Map<string, Set<string>>,
): void {
  for (const [url, methods] of knownPaths) {
    const allow = [...methods, 'OPTIONS'].join(', ')
    app.options(url, { schema: { hide: true } }, (request, reply) =>
      allowAnyOrigin(reply)
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
