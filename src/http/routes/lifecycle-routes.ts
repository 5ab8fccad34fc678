/**
 * `/api/v1/projects/{project}/lifecycle`: a project's release lines and where each stands on
 * a day (docs/api.md, "Support windows"). Answers are kept by the answer cache by URL and, for
 * a request that names no day, by today's date, and sent again by the front door.
 */
import type { FastifyPluginAsync } from 'fastify'
import { problem } from '../../api/problem.ts'
import {
  type LifecycleQuery,
  LifecycleQuerySchema,
  ProjectParamsSchema,
} from '../../api/request-schemas.ts'
import { LifecycleResultSchema } from '../../api/response-schemas.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import { LIFECYCLE_SEGMENT, PROJECT_PATH_PREFIX } from '../../api/url-paths.ts'
import { describeUnknownProject } from '../../core/check/describe-unknown.ts'
import { evaluateLifecycle } from '../../core/lifecycle/evaluate-lifecycle.ts'
import { dateParameterErrors } from '../date-parameter.ts'
import { dayAnswersAtFrontDoor, pathEndsWith, sendDayAnswer } from '../day-answers.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { sendProblem } from '../send-problem.ts'
import type { FrontDoorRoute, RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

export const LIFECYCLE_ROUTE = `${PROJECT_PATH_PREFIX}:project${LIFECYCLE_SEGMENT}`

/** Answers made before on the served dataset, by URL (and the day, when it names none). */
export function lifecycleAtFrontDoor(context: RouteContext): readonly FrontDoorRoute[] {
  return [
    dayAnswersAtFrontDoor(context, LIFECYCLE_ROUTE, PROJECT_PATH_PREFIX, (url) =>
      pathEndsWith(url, LIFECYCLE_SEGMENT),
    ),
  ]
}

export const lifecycleRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { holder, today } = context
  app.frontDoor.answer(lifecycleAtFrontDoor(context))
  app.get<{ Params: { project: string }; Querystring: LifecycleQuery }>(
    LIFECYCLE_ROUTE,
    {
      attachValidation: true,
      schema: {
        summary: 'Which release lines of a project are supported on a day',
        description:
          'Every release line of the project, newest first, with its dates (released, end of active support, end of life, end of extended support), whether it is LTS, its latest release, and its status on the day asked (date, today in UTC by default): unreleased, supported, security-only or end-of-life, with the days left to its end of life. A project without lifecycle data answers with no lines.',
        operationId: 'getLifecycle',
        tags: ['lifecycle'],
        params: ProjectParamsSchema,
        querystring: LifecycleQuerySchema,
        response: {
          200: jsonResponse('The release lines and their support.', LifecycleResultSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 404, 503),
        },
      },
    },
    withServedDataset(
      holder,
      (request, reply, served) => {
        const { project } = request.params
        const day = today()
        const result = evaluateLifecycle(served.dataset, project, request.query.date ?? day)
        if (result === undefined) {
          return sendProblem(reply, problem(404, describeUnknownProject(served.dataset, project)))
        }
        return sendDayAnswer(request, reply, served, day, serializeAnswer(result), context)
      },
      { validated: true, moreErrors: (request) => dateParameterErrors(request.query.date) },
    ),
  )
}
