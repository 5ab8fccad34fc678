/**
 * `/api/v1/dependencies` and `/api/v1/dependencies/{dependency}`: the reverse view, who
 * documents a dependency (docs/api.md, "Who documents a dependency"). The index is made once
 * per dataset; each view once per URL, then kept by the answer cache.
 */

import type { FastifyPluginAsync } from 'fastify'
import { problem } from '../../api/problem.ts'
import {
  DependencyParamsSchema,
  type DependencyQuery,
  DependencyQuerySchema,
  NoQuerySchema,
} from '../../api/request-schemas.ts'
import { DependencyIndexSchema, DependencyViewSchema } from '../../api/response-schemas.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import { DEPENDENCIES_PATH, DEPENDENCY_PATH_PREFIX } from '../../api/url-paths.ts'
import { evaluateDependency } from '../../core/dependencies/evaluate-dependency.ts'
import { dateParameterErrors } from '../date-parameter.ts'
import { dayAnswersAtFrontDoor, sendDayAnswer } from '../day-answers.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { sendBody } from '../send-body.ts'
import { sendProblem } from '../send-problem.ts'
import type { FrontDoorRoute, RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

const DEPENDENCY_ROUTE = `${DEPENDENCY_PATH_PREFIX}:dependency`

/** The index (one per dataset), and views made before (by URL and, naming no day, today). */
export function dependencyAtFrontDoor(context: RouteContext): readonly FrontDoorRoute[] {
  return [
    {
      route: DEPENDENCIES_PATH,
      path: DEPENDENCIES_PATH,
      exact: true,
      answer: (served) => served.dependencyIndex(),
    },
    dayAnswersAtFrontDoor(context, DEPENDENCY_ROUTE, DEPENDENCY_PATH_PREFIX),
  ]
}

export const dependencyRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { holder, cacheControl, today } = context
  app.frontDoor.answer(dependencyAtFrontDoor(context))
  app.get(
    DEPENDENCIES_PATH,
    {
      attachValidation: true,
      schema: {
        summary: 'List dependency keys',
        description:
          'Every dependency key of the dataset, ordered by key, with the project it links to (its id or an alias) and how many projects and entries use it.',
        operationId: 'listDependencies',
        tags: ['dependencies'],
        querystring: NoQuerySchema,
        response: {
          200: jsonResponse('The dependency index.', DependencyIndexSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    withServedDataset(
      holder,
      (request, reply, served) => {
        return sendBody(request, reply, served.dependencyIndex(), cacheControl)
      },
      { validated: true },
    ),
  )

  app.get<{ Params: { dependency: string }; Querystring: DependencyQuery }>(
    DEPENDENCY_ROUTE,
    {
      attachValidation: true,
      schema: {
        summary: 'Who documents a dependency',
        description:
          'Every entry, across all projects, whose key is the dependency or links to the same catalogued project (postgres finds postgresql), by project id, then version newest first. With version, each entry also carries the verdict for that version as a single check would give it.',
        operationId: 'getDependency',
        tags: ['dependencies'],
        params: DependencyParamsSchema,
        querystring: DependencyQuerySchema,
        response: {
          200: jsonResponse('The entries that document the dependency.', DependencyViewSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 404, 503),
        },
      },
    },
    withServedDataset(
      holder,
      (request, reply, served) => {
        const { dependency } = request.params
        const { version } = request.query
        const day = today()
        const view = evaluateDependency(served.dataset, {
          dependency,
          ...(version === undefined ? {} : { version }),
          date: request.query.date ?? day,
        })
        if ('unknown' in view) return sendProblem(reply, problem(404, view.unknown))
        return sendDayAnswer(request, reply, served, day, serializeAnswer(view), context)
      },
      { validated: true, moreErrors: (request) => dateParameterErrors(request.query.date) },
    ),
  )
}
