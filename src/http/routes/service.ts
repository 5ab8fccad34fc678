import type { FastifyInstance } from 'fastify'
import { cachedBody } from '../cached-body.ts'
import { problem, sendProblem } from '../problem.ts'
import {
  HealthSchema,
  jsonResponse,
  notModifiedResponse,
  problemResponses,
  ServiceInfoSchema,
} from '../response-schemas.ts'
import { allowAnyOrigin, JSON_CONTENT_TYPE, sendBody } from '../send-json.ts'
import type { RouteContext } from './route-context.ts'

export function serviceRoutes(app: FastifyInstance, { holder, cacheMaxAge }: RouteContext): void {
  app.get(
    '/api/v1',
    {
      schema: {
        summary: 'Describe the service',
        description:
          'API version, the dataset being served (content hash, counts, load time) and links.',
        operationId: 'describeService',
        tags: ['service'],
        response: {
          200: jsonResponse('The service description.', ServiceInfoSchema),
          304: notModifiedResponse,
          ...problemResponses(503),
        },
      },
    },
    (request, reply) => {
      const served = holder.current
      if (served === null) return sendProblem(reply, problem(503, 'No dataset is loaded yet.'))
      const body = JSON.stringify({
        name: 'compat',
        apiVersion: 'v1',
        dataset: {
          version: served.contentHash,
          projects: served.dataset.projects.size,
          entries: served.dataset.entryCount,
          loadedAt: served.loadedAt.toISOString(),
        },
        links: {
          projects: '/api/v1/projects',
          check: '/api/v1/check',
          openapi: '/api/v1/openapi.json',
          docs: '/api/v1/docs',
        },
      })
      const etag = `W/"${served.tag}-${served.loadedAt.getTime().toString(36)}"`
      return sendBody(request, reply, cachedBody(body, etag), cacheMaxAge)
    },
  )

  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness',
        description: 'The process is up and answering.',
        operationId: 'healthz',
        tags: ['service'],
        response: { 200: jsonResponse('Alive.', HealthSchema), ...problemResponses() },
      },
    },
    (_request, reply) =>
      allowAnyOrigin(reply)
        .header('cache-control', 'no-store')
        .header('content-type', JSON_CONTENT_TYPE)
        .send('{"status":"ok"}'),
  )

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness',
        description: 'A validated dataset is loaded and being served.',
        operationId: 'readyz',
        tags: ['service'],
        response: { 200: jsonResponse('Ready.', HealthSchema), ...problemResponses(503) },
      },
    },
    (_request, reply) => {
      if (holder.current === null)
        return sendProblem(reply, problem(503, 'No dataset is loaded yet.'))
      return allowAnyOrigin(reply)
        .header('cache-control', 'no-store')
        .header('content-type', JSON_CONTENT_TYPE)
        .send('{"status":"ready"}')
    },
  )
}
