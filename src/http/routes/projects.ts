import type { FastifyInstance } from 'fastify'
import { problem, sendProblem } from '../problem.ts'
import { ProjectParamsSchema } from '../request-schemas.ts'
import {
  jsonResponse,
  notModifiedResponse,
  ProjectDocumentSchema,
  ProjectListSchema,
  problemResponses,
} from '../response-schemas.ts'
import { sendBody } from '../send-json.ts'
import type { RouteContext } from './route-context.ts'

export function projectRoutes(app: FastifyInstance, { holder, cacheMaxAge }: RouteContext): void {
  app.get(
    '/api/v1/projects',
    {
      schema: {
        summary: 'List projects',
        description: 'Every project with its display data and known versions, newest first.',
        operationId: 'listProjects',
        tags: ['projects'],
        response: {
          200: jsonResponse('The project index.', ProjectListSchema),
          304: notModifiedResponse,
          ...problemResponses(503),
        },
      },
    },
    (request, reply) => {
      const served = holder.current
      if (served === null) return sendProblem(reply, problem(503, 'No dataset is loaded yet.'))
      return sendBody(request, reply, served.projectList, cacheMaxAge)
    },
  )

  app.get<{ Params: { project: string } }>(
    '/api/v1/projects/:project',
    {
      schema: {
        summary: 'Get a project compatibility document',
        description:
          'The whole document of one project: every version, its dependencies with ranges, constraints, confidence, notes, sources and verification dates.',
        operationId: 'getProject',
        tags: ['projects'],
        params: ProjectParamsSchema,
        response: {
          200: jsonResponse('The project compatibility document.', ProjectDocumentSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 404, 503),
        },
      },
    },
    (request, reply) => {
      const served = holder.current
      if (served === null) return sendProblem(reply, problem(503, 'No dataset is loaded yet.'))
      const body = served.projectDocument(request.params.project)
      if (body === undefined) {
        return sendProblem(
          reply,
          problem(
            404,
            `No project "${request.params.project}" is known; GET /api/v1/projects lists them.`,
          ),
        )
      }
      return sendBody(request, reply, body, cacheMaxAge)
    },
  )
}
