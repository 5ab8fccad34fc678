/** `/api/v1/projects` and `/api/v1/projects/{project}`: the index and each project's document. */
import type { FastifyPluginAsync } from 'fastify'
import { problem } from '../../api/problem.ts'
import { ProjectParamsSchema } from '../../api/request-schemas.ts'
import { ProjectDocumentSchema, ProjectListSchema } from '../../api/response-schemas.ts'
import { PROJECT_PATH_PREFIX, PROJECTS_PATH } from '../../api/url-paths.ts'
import { describeUnknownProject } from '../../core/check/describe-unknown.ts'
import { ID_PATTERN } from '../../core/dataset/schema.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { checkQuery } from '../query-check.ts'
import { sendBody } from '../send-body.ts'
import { sendProblem } from '../send-problem.ts'
import type { FrontDoorRoute, RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

const PROJECT_ROUTE = `${PROJECT_PATH_PREFIX}:project`
// Exactly what an id can be: anything else (percent-encoding, say) goes to the router.
const PLAIN_ID = new RegExp(ID_PATTERN)

/** The list and every document are made once per dataset: the front door may send them. */
export const projectAtFrontDoor: readonly FrontDoorRoute[] = [
  {
    route: PROJECTS_PATH,
    path: PROJECTS_PATH,
    exact: true,
    answer: (served) => served.projectList(),
  },
  {
    route: PROJECT_ROUTE,
    path: PROJECT_PATH_PREFIX,
    exact: false,
    answer: (served, url) => {
      const id = url.slice(PROJECT_PATH_PREFIX.length)
      return PLAIN_ID.test(id) ? served.projectDocument(id) : undefined
    },
  },
]

export const projectRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { holder, cacheControl },
) => {
  app.frontDoor.answer(projectAtFrontDoor)
  app.get(
    PROJECTS_PATH,
    {
      preValidation: checkQuery(),
      schema: {
        summary: 'List projects',
        description: 'Every project with its display data and known versions, newest first.',
        operationId: 'listProjects',
        tags: ['projects'],
        response: {
          200: jsonResponse('The project index.', ProjectListSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    withServedDataset(holder, (request, reply, served) => {
      return sendBody(request, reply, served.projectList(), cacheControl)
    }),
  )

  app.get<{ Params: { project: string } }>(
    PROJECT_ROUTE,
    {
      preValidation: checkQuery(),
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
    withServedDataset(holder, (request, reply, served) => {
      const body = served.projectDocument(request.params.project)
      if (body === undefined) {
        return sendProblem(
          reply,
          problem(404, describeUnknownProject(served.dataset, request.params.project)),
        )
      }
      return sendBody(request, reply, body, cacheControl)
    }),
  )
}
