/**
 * `/api/v1/plan`: what must move, and to what, for a target to hold (docs/api.md, "Plans").
 * POST only (a plan is a search, its body a stack). An encapsulated plugin: the JSON body
 * parser belongs to this route alone. Answers are kept by the answer cache by body text and
 * answered by the front door, as stacks' are.
 */
import type { FastifyPluginAsync } from 'fastify'
import { readPlanBody } from '../../api/named-versions.ts'
import { planTargetFaults } from '../../api/plan-target-faults.ts'
import { MAX_BODY_TEXT, MAX_DEPENDENCIES } from '../../api/request-limits.ts'
import { type PlanBody, PlanBodySchema } from '../../api/request-schemas.ts'
import { validateNoQuery, validatePlanBody } from '../../api/request-validator.ts'
import type { PlanResult } from '../../api/response-schemas.ts'
import { PlanResultSchema } from '../../api/response-schemas.ts'
import { PLAN_PATH } from '../../api/url-paths.ts'
import { evaluatePlan, type PlanRequest } from '../../core/plan/evaluate-plan.ts'
import { registerJsonBody, validateUnlessProven } from '../json-body.ts'
import { jsonResponse, problemResponses } from '../openapi-responses.ts'
import { checkQuery } from '../query-check.ts'
import { requireJsonContentType } from '../require-json-content-type.ts'
import type { ServedDataset } from '../served-dataset.ts'
import {
  type BodyAnswer,
  type BodyValue,
  bodyAtFrontDoor,
  bodyHandler,
  bodyValue,
} from './body-answer.ts'
import type { RouteContext } from './route-context.ts'

/**
 * The plan route's body: a plan of the body's stack, its result's support judged on
 * supportedOn or today; answers are kept by body text for the day. A target that names nothing
 * known is refused (400), never planned.
 */
function planPost({ today }: Pick<RouteContext, 'today'>): BodyAnswer<PlanRequest> {
  return {
    path: PLAN_PATH,
    answerKey: () => `${PLAN_PATH} ${today()}`,
    read: (body, keyOrder) => readPlanBody(body, keyOrder, 'body'),
    refuse: (dataset, request) => planTargetFaults(dataset, request, 'body'),
    answer: (dataset, request) => evaluatePlan(dataset, request, today()),
  }
}

/** A plan body's answer as the route gives it, as a value: the stack page draws its plans so. */
export function planBodyValue(
  context: Pick<RouteContext, 'today'>,
): (served: ServedDataset, text: string) => BodyValue<PlanResult> {
  const post = planPost(context)
  return (served, text) => bodyValue(post, served, text) as BodyValue<PlanResult>
}

export const planRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const post = planPost(context)
  app.frontDoor.answerBodies([bodyAtFrontDoor(post)])
  registerJsonBody(app, context.holder, post)

  app.post<{ Body: PlanBody }>(
    PLAN_PATH,
    {
      onRequest: requireJsonContentType,
      // A plan takes no query: a parameter is refused, with the body's faults.
      preValidation: checkQuery({
        validate: validateNoQuery,
        bodyFields: Object.keys(PlanBodySchema.properties),
        body: (request) => {
          const read = post.read(request.body, request.jsonBody?.keyOrder ?? null)
          return 'errors' in read ? read.errors : []
        },
      }),
      validatorCompiler: () => validateUnlessProven(validatePlanBody),
      schema: {
        summary: 'Plan an upgrade: what must move, and to what',
        description: `The target's versions replace the components they name (by name, or by another name of the same catalogued project) or join the stack; every other component that names a catalogued project may stay or move up to a documented key (a final release; never down). The answer is the acceptable plan that moves the fewest components, then the lowest keys in request order: no pair incompatible and, with unknown block (the default), none unknown and no catalogued version that resolves to no key. feasible is null when the search budget ran out. With path: true, the steps that get there, one hop of one component each (its project's upgrade rule), none breaking a pair that was acceptable in the stack as sent: the fewest steps, then the final stack a plan prefers, then the lower component and key at the first differing step. With supportedOn, every component with lifecycle data must end on a line supported (or security-only) that day, and target may be left out. At most ${MAX_DEPENDENCIES} distinct names across components and target; body at most ${MAX_BODY_TEXT}, content-type application/json.`,
        operationId: 'planUpgrade',
        tags: ['plan'],
        body: PlanBodySchema,
        response: {
          200: jsonResponse(
            'The plan: whether one exists, its moves, the resulting stack and its pairs, and what blocks it.',
            PlanResultSchema,
          ),
          ...problemResponses(400, 413, 415, 503),
        },
      },
    },
    bodyHandler(post, context),
  )
}
