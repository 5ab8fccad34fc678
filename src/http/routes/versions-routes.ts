/**
 * `/api/v1/projects/{project}/versions`: which documented versions of a project fit the given
 * dependency versions (docs/api.md, "Versions that fit"). Answers are computed once per URL
 * and dataset, then kept by the answer cache and answered by the front door.
 */

import type { FastifyPluginAsync } from 'fastify'
import { readNamedVersionsParameter } from '../../api/named-versions.ts'
import { problem } from '../../api/problem.ts'
import {
  ProjectParamsSchema,
  type VersionsQuery,
  VersionsQuerySchema,
} from '../../api/request-schemas.ts'
import { VersionsResultSchema } from '../../api/response-schemas.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import { PROJECT_PATH_PREFIX, VERSIONS_SEGMENT } from '../../api/url-paths.ts'
import { describeUnknownProject } from '../../core/check/describe-unknown.ts'
import { evaluateVersions } from '../../core/fitting-versions/evaluate-versions.ts'
import { dateParameterErrors } from '../date-parameter.ts'
import { dayAnswersAtFrontDoor, pathEndsWith, sendDayAnswer } from '../day-answers.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { sendBadRequest, sendProblem } from '../send-problem.ts'
import type { FrontDoorRoute, RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

export const VERSIONS_ROUTE = `${PROJECT_PATH_PREFIX}:project${VERSIONS_SEGMENT}`

/** Answers made before on the served dataset, by exact URL (and the day, when it names none). */
export function versionsAtFrontDoor(context: RouteContext): readonly FrontDoorRoute[] {
  return [
    dayAnswersAtFrontDoor(context, VERSIONS_ROUTE, PROJECT_PATH_PREFIX, (url) =>
      pathEndsWith(url, VERSIONS_SEGMENT),
    ),
  ]
}

export const versionsRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { holder, today } = context
  app.frontDoor.answer(versionsAtFrontDoor(context))
  app.get<{ Params: { project: string }; Querystring: VersionsQuery }>(
    VERSIONS_ROUTE,
    {
      attachValidation: true,
      schema: {
        summary: 'Which versions of a project fit these dependency versions',
        description:
          'Every documented version key of the project, newest first, judged as a combination check against the given dependency versions (since keys laid over their line), with its release line’s support status on the day asked (today in UTC by default), the newest compatible one and the newest compatible one still supported. A dependency name may be any name of the project it links to (k8s for kubernetes).',
        operationId: 'listFittingVersions',
        tags: ['versions'],
        params: ProjectParamsSchema,
        querystring: VersionsQuerySchema,
        response: {
          200: jsonResponse('Every documented version with its verdict.', VersionsResultSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 404, 503),
        },
      },
    },
    withServedDataset(
      holder,
      (request, reply, served) => {
        const read = readNamedVersionsParameter('dependencies', request.query.dependencies)
        if ('errors' in read) return sendBadRequest(reply, read.errors)
        const { project } = request.params
        const day = today()
        const date = request.query.date ?? day
        const result = evaluateVersions(served.dataset, { project, dependencies: read.pairs, date })
        if (result === undefined) {
          return sendProblem(reply, problem(404, describeUnknownProject(served.dataset, project)))
        }
        return sendDayAnswer(request, reply, served, day, serializeAnswer(result), context)
      },
      { validated: true, moreErrors: (request) => dateParameterErrors(request.query.date) },
    ),
  )
}
