/**
 * `/api/v1/stack`: is a whole stack documented compatible with itself (docs/api.md, "Stacks")?
 * POST (recommended) and its GET form. An encapsulated plugin: the JSON body parser belongs to
 * this route alone. Answers are kept by the answer cache, by body text or by URL, and the
 * front door answers them again, as it does checks'.
 */

import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { readNamedVersionsParameter, readStackBody } from '../../api/named-versions.ts'
import {
  DEPENDENCY_COUNT_TEXT,
  MAX_BODY_TEXT,
  MAX_DERIVED_COMPONENTS,
  MAX_SBOM_TEXT,
} from '../../api/request-limits.ts'
import {
  type StackBody,
  StackBodySchema,
  type StackPostQuery,
  StackPostQuerySchema,
  type StackQuery,
  StackQuerySchema,
} from '../../api/request-schemas.ts'
import { validateStackBody } from '../../api/request-validator.ts'
import type { StackAnswer } from '../../api/response-schemas.ts'
import { CycloneDxBodySchema, SpdxBodySchema } from '../../api/sbom-body-schemas.ts'
import { SBOM_CONTENT_TYPES } from '../../api/sbom-content-types.ts'
import { serializeAnswer } from '../../api/serialize-answer.ts'
import { STACK_PATH } from '../../api/url-paths.ts'
import { DerivedStackAnswerSchema } from '../../core/stack/derived-stack-answer.ts'
import { evaluateStackAnswer, StackAnswerSchema } from '../../core/stack/stack-answer.ts'
import { apiBody } from '../cached-body.ts'
import { dateParameterErrors } from '../date-parameter.ts'
import { dayAnswersAtFrontDoor, sendDayAnswer } from '../day-answers.ts'
import { validateUnlessProven } from '../json-body.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { sendBody } from '../send-body.ts'
import { sendBadRequest } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import {
  type BodyAnswer,
  type BodyValue,
  bodyAtFrontDoor,
  bodyHandler,
  bodyValue,
} from './body-answer.ts'
import type { FrontDoorRoute, RouteContext } from './route-context.ts'
import {
  answerPostedFile,
  checkStackRequest,
  registerStackBodies,
  requireStackContentType,
  stackQueryRules,
} from './sbom-stack.ts'
import { withServedDataset } from './with-served-dataset.ts'

const STACK_QUERY_PREFIX = `${STACK_PATH}?`

/** GET stacks asked before (by URL and, when it names none, the day). */
export function stackAtFrontDoor(context: RouteContext): readonly FrontDoorRoute[] {
  return [dayAnswersAtFrontDoor(context, STACK_PATH, STACK_QUERY_PREFIX)]
}

interface StackPost {
  readonly components: [string, string][]
  readonly date: string | null
}

/** A stack body's answer as the route gives it, as a value: the stack page draws its stacks so. */
export function stackBodyValue(
  context: Pick<RouteContext, 'today'>,
): (served: ServedDataset, text: string) => BodyValue<StackAnswer> {
  const post = stackPost(context)
  return (served, text) => bodyValue(post, served, text) as BodyValue<StackAnswer>
}

/**
 * The POST form: a stack from the body's components, its support judged on the body's date
 * or today; answers are kept by body text for the day.
 */
function stackPost({ today }: Pick<RouteContext, 'today'>): BodyAnswer<StackPost> {
  return {
    path: STACK_PATH,
    answerKey: () => `${STACK_PATH} ${today()}`,
    read: (body, keyOrder) => {
      const read = readStackBody(body, keyOrder, 'body')
      return 'errors' in read ? read : { request: { components: read.pairs, date: read.date } }
    },
    answer: (dataset, { components, date }) =>
      evaluateStackAnswer(dataset, { components, date: date ?? today() }),
  }
}

export const stackRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const post = stackPost(context)
  app.frontDoor.answer(stackAtFrontDoor(context))
  // POST bodies: answered before, or valid as read; any other body goes to the route.
  app.frontDoor.answerBodies([bodyAtFrontDoor(post)])
  const { holder, today, cacheControl } = context
  registerStackBodies(app, holder, post)
  const jsonHandler = bodyHandler(post, context)
  // A JSON stack for the day the query names: answered as asked, not kept (the body's text
  // keys the answers of today).
  const datedJsonHandler = (date: string) =>
    withServedDataset(holder, (request, reply, served) => {
      const read = post.read(request.body, request.jsonBody?.keyOrder ?? null)
      if ('errors' in read) return sendBadRequest(reply, read.errors)
      const answer = evaluateStackAnswer(served.dataset, { ...read.request, date })
      return sendBody(request, reply, apiBody(serializeAnswer(answer), null, false), cacheControl)
    })
  const queryRules = stackQueryRules((request) => {
    const read = post.read(request.body, request.jsonBody?.keyOrder ?? null)
    return 'errors' in read ? read.errors : []
  })

  const description = `Every component that names a catalogued project is resolved as deployed (line lookup, since keys laid over its line), and each of its entries that names another component (by that name or a name of the project it links to) is judged as a single check. The aggregate is incompatible if any pair is; else unknown if any is, if there is no pair, or if a catalogued component's version resolves to no key; else compatible. ${DEPENDENCY_COUNT_TEXT} components. Beside the verdict, each component’s release line and its support status on the day asked (date, today in UTC by default); support never changes the verdict.`

  app.get<{ Querystring: StackQuery }>(
    STACK_PATH,
    {
      attachValidation: true,
      schema: {
        summary: 'Check a whole stack (GET form)',
        description: `${description} POST is recommended (readable, no URL length limits).`,
        operationId: 'checkStackGet',
        tags: ['stack'],
        querystring: StackQuerySchema,
        response: {
          200: jsonResponse(
            'The stack’s verdict, its pairs, what nothing pairs, and each component’s support on the day.',
            StackAnswerSchema,
          ),
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    withServedDataset(
      holder,
      (request, reply, served) => {
        const read = readNamedVersionsParameter('components', request.query.components)
        if ('errors' in read) return sendBadRequest(reply, read.errors)
        const day = today()
        const date = request.query.date ?? day
        const result = evaluateStackAnswer(served.dataset, { components: read.pairs, date })
        return sendDayAnswer(request, reply, served, day, serializeAnswer(result), context)
      },
      { validated: true, moreErrors: (request) => dateParameterErrors(request.query.date) },
    ),
  )

  app.post<{ Body: StackBody }>(
    STACK_PATH,
    {
      onRequest: requireStackContentType,
      preValidation: checkStackRequest(queryRules),
      // The query is judged by checkStackRequest, with the body's faults.
      validatorCompiler: ({ httpPart }) =>
        httpPart === 'body' ? validateUnlessProven(validateStackBody) : () => true,
      schema: {
        summary: 'Check a whole stack',
        description: `${description} Body at most ${MAX_BODY_TEXT}, content-type application/json; or a CycloneDX (1.4 to 1.6) or SPDX 2.3 JSON SBOM of at most ${MAX_SBOM_TEXT} (content-type ${Object.keys(SBOM_CONTENT_TYPES).join(' or ')}), whose components are matched to catalogued projects (by package URL, else by name) and answered as a stack of at most ${MAX_DERIVED_COMPONENTS} components, with what it was derived from, what matched nothing, and the names found at several versions; its day may be given as ?date=YYYY-MM-DD.`,
        operationId: 'checkStack',
        tags: ['stack'],
        querystring: StackPostQuerySchema,
        body: { content: stackPostContent() },
        response: {
          200: jsonResponse(
            'The stack’s verdict, its pairs, what nothing pairs, and each component’s support on the day; for an SBOM, also what the stack was derived from.',
            Type.Union([StackAnswerSchema, DerivedStackAnswerSchema]),
          ),
          ...problemResponses(400, 413, 415, 503),
        },
      },
    },
    (request, reply) => {
      if (request.postedFile !== null) return answerPostedFile(request, reply, context)
      const date = (request.query as StackPostQuery).date
      return date === undefined
        ? jsonHandler(request, reply)
        : datedJsonHandler(date)(request, reply)
    },
  )
}

/** The POST body's content types, each with its schema, for validation and OpenAPI. */
function stackPostContent(): Record<string, { schema: object }> {
  return {
    'application/json': { schema: StackBodySchema },
    'application/vnd.cyclonedx+json': { schema: CycloneDxBodySchema },
    'application/spdx+json': { schema: SpdxBodySchema },
    'text/plain': {
      schema: {
        type: 'string',
        description: `With ?format= only: a stack file sent as text (a requirements file, or any format of ?format=), at most ${MAX_SBOM_TEXT}.`,
      },
    },
  }
}
