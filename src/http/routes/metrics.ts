import type { FastifyInstance } from 'fastify'
import type { Metrics } from '../metrics.ts'
import { problemResponses } from '../response-schemas.ts'

export function metricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get(
    '/metrics',
    {
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
          ...problemResponses(),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-type', metrics.registry.contentType)
        .send(await metrics.render()),
  )
}
