/** `/metrics`: Prometheus metrics of the app (see the observability plugin). */
import type { FastifyPluginAsync } from 'fastify'
import { problemResponses } from '../openapi-responses.ts'
import { checkQuery } from '../query-check.ts'

export const metricsRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/metrics',
    {
      preValidation: checkQuery(),
      schema: {
        summary: 'Prometheus metrics',
        description:
          'Requests by route and status, latency, the dataset being served, reloads, and process metrics, in the Prometheus text format.',
        operationId: 'metrics',
        tags: ['service'],
        response: {
          200: {
            description: 'Metrics in the Prometheus text exposition format.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          ...problemResponses(400),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-type', app.metrics.registry.contentType)
        .send(await app.metrics.render()),
  )
}
