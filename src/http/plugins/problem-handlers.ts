/** Every error Fastify routes to us, and every unknown route, answered as problem+json. */
import type { FastifyError, FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { problem } from '../../api/problem.ts'
import { problemFromError, sendProblem } from '../send-problem.ts'

const problemHandlersPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = problemFromError(error, request)
    if (body.status >= 500) request.log.error({ err: error }, 'request failed')
    return sendProblem(reply, body)
  })
  app.setNotFoundHandler(async (request, reply) => {
    await sendProblem(
      reply,
      problem(404, `No route ${request.method} ${request.url.split('?')[0]}; see /api/v1.`),
    )
    app.answered(
      'unmatched',
      request.method,
      request.url,
      reply.statusCode,
      reply.elapsedTime,
      request.id,
    )
  })
}

export const problemHandlers = fastifyPlugin(problemHandlersPlugin, {
  name: 'problem-handlers',
  dependencies: ['observability'],
})
