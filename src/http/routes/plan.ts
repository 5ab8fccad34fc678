/**
 * `/api/v1/plan`: what must move, and to what, for a target to hold (docs/api.md, "Plans").
 * POST only (a plan is a search, its body a stack). An encapsulated plugin: the JSON body
 * parser belongs to this route alone. Answers are kept by the answer cache by body text and
 * replayed by the front door, as stacks' are.
 */
import type { FastifyPluginAsync } from 'fastify'
import { MAX_BODY_TEXT, MAX_DEPENDENCIES, MAX_JSON_DEPTH } from '../../api/limits.ts'
import { readPlanBody } from '../../api/named-versions.ts'
import { PLAN_PATH } from '../../api/paths.ts'
import { type PlanBody, PlanBodySchema } from '../../api/request-schemas.ts'
import { validatePlanBody } from '../../api/request-validator.ts'
import { PlanResultSchema } from '../../api/response-schemas.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import { parseJsonObject } from '../../core/json/parse-json-object.ts'
import { evaluatePlan, type PlanRequest } from '../../core/plan/evaluate-plan.ts'
import { apiBody, type CachedBody } from '../cached-body.ts'
import { jsonResponse, problemResponses } from '../openapi-responses.ts'
import { parseJsonBodyText } from '../parse-json-body-text.ts'
import { requireJsonContentType } from '../require-json-content-type.ts'
import { sendBody } from '../send-body.ts'
import { sendBadRequest, sendNoDataset } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { BodyReplayRoute, RouteContext } from './route-context.ts'

/** POST bodies: answered before, or valid as read; any other body goes to the route. */
export const planBodyReplays: readonly BodyReplayRoute[] = [
  {
    route: PLAN_PATH,
    answer: (served, text) => {
      const cached = served.answers.forBody(PLAN_PATH, text)
      if (cached !== undefined) return cached.body
      let parsed: ReturnType<typeof parseJsonObject>
      try {
        parsed = parseJsonObject(text, MAX_JSON_DEPTH)
      } catch {
        return undefined
      }
      const read = readPlanBody(parsed.value, parsed.keyOrder, 'body')
      return 'errors' in read ? undefined : planBody(served, text, read.request)
    },
  },
]

/** A POST's answer, kept when its text comes again; `text` is null when it is not known. */
function planBody(served: ServedDataset, text: string | null, request: PlanRequest): CachedBody {
  const body = apiBody(serializeAnswer(evaluatePlan(served.dataset, request)), null, false)
  if (text !== null) served.answers.keepForBody(PLAN_PATH, text, body, null)
  return body
}

export const planRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { holder, cacheControl },
) => {
  parseJsonBodyText(app)

  app.post<{ Body: PlanBody }>(
    PLAN_PATH,
    {
      onRequest: requireJsonContentType,
      validatorCompiler: () => validatePlanBody,
      schema: {
        summary: 'Plan an upgrade: what must move, and to what',
        description: `The target's versions replace the components they name (by name, or by another name of the same catalogued project) or join the stack; every other component that names a catalogued project may stay or move up to a documented key (a final release; never down). The answer is the acceptable plan that moves the fewest components, then the lowest keys in request order: no pair incompatible and, with unknown block (the default), none unknown and no catalogued version that resolves to no key. feasible is null when the search budget ran out. At most ${MAX_DEPENDENCIES} distinct names across components and target; body at most ${MAX_BODY_TEXT}, content-type application/json.`,
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
    (request, reply) => {
      const served = holder.current
      if (served === null) return sendNoDataset(reply)
      const received = request.jsonBody
      const read = readPlanBody(request.body, received?.keyOrder ?? null, 'body')
      if ('errors' in read) return sendBadRequest(reply, read.errors)
      const cached =
        received === null ? undefined : served.answers.forBody(PLAN_PATH, received.text)
      const body = cached?.body ?? planBody(served, received?.text ?? null, read.request)
      return sendBody(request, reply, body, cacheControl)
    },
  )
}
