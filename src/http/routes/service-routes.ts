/** `/api/v1` (what this service serves), `/healthz` (alive) and `/readyz` (serving a dataset). */
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { HealthSchema, type ServiceInfo, ServiceInfoSchema } from '../../api/response-schemas.ts'
import {
  API_PREFIX,
  CHECK_PATH,
  DEPENDENCIES_PATH,
  DOCS_PATH,
  OPENAPI_PATH,
  PLAN_PATH,
  PROJECTS_PATH,
  STACK_PATH,
} from '../../api/url-paths.ts'
import { apiBody, JSON_CONTENT_TYPE } from '../cached-body.ts'
import { API_HEADERS } from '../cors.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { checkQuery } from '../query-check.ts'
import { sendBody } from '../send-body.ts'
import { sendNoDataset } from '../send-problem.ts'
import type { RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

export const serviceRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { holder, cacheControl, versionLookup },
) => {
  app.get(
    API_PREFIX,
    {
      preValidation: checkQuery(),
      schema: {
        summary: 'Describe the service',
        description:
          'API version, the dataset being served (content hash, counts, load time) and links.',
        operationId: 'describeService',
        tags: ['service'],
        response: {
          200: jsonResponse('The service description.', ServiceInfoSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    withServedDataset(holder, (request, reply, served) => {
      const info: ServiceInfo = {
        name: 'compat',
        apiVersion: 'v1',
        versionLookup,
        dataset: {
          version: served.contentHash,
          projects: served.dataset.projects.size,
          entries: served.dataset.entryCount,
          loadedAt: served.loadedAt.toISOString(),
        },
        links: {
          projects: PROJECTS_PATH,
          check: CHECK_PATH,
          dependencies: DEPENDENCIES_PATH,
          stack: STACK_PATH,
          plan: PLAN_PATH,
          openapi: OPENAPI_PATH,
          docs: DOCS_PATH,
        },
      }
      const etag = `W/"${served.tag}-${served.loadedAt.getTime().toString(36)}"`
      return sendBody(request, reply, apiBody(JSON.stringify(info), etag), cacheControl)
    }),
  )

  app.get(
    '/healthz',
    {
      preValidation: checkQuery(),
      schema: {
        summary: 'Liveness',
        description: 'The process is up and answering.',
        operationId: 'healthz',
        tags: ['service'],
        response: { 200: jsonResponse('Alive.', HealthSchema), ...problemResponses(400) },
      },
    },
    (_request, reply) => sendStatus(reply, '{"status":"ok"}'),
  )

  app.get(
    '/readyz',
    {
      preValidation: checkQuery(),
      schema: {
        summary: 'Readiness',
        description: 'A validated dataset is loaded and being served.',
        operationId: 'readyz',
        tags: ['service'],
        response: { 200: jsonResponse('Ready.', HealthSchema), ...problemResponses(400, 503) },
      },
    },
    (_request, reply) =>
      holder.ready ? sendStatus(reply, '{"status":"ready"}') : sendNoDataset(reply),
  )
}

function sendStatus(reply: FastifyReply, json: string): FastifyReply {
  return reply
    .headers(API_HEADERS)
    .header('cache-control', 'no-store')
    .header('content-type', JSON_CONTENT_TYPE)
    .send(json)
}
