/**
 * `/api/v1/check`: the single check and the combination (GET form and POST), docs/api.md
 * "Results". An encapsulated plugin: the JSON body parser and the request field it fills
 * belong to this route alone.
 */
import type { FastifyPluginAsync } from 'fastify'
import { type SchemaError, toParameterErrors } from '../../api/parameter-errors.ts'
import type { ParameterError } from '../../api/problem.ts'
import { orderedDependencies, readDependenciesParameter } from '../../api/read-combination.ts'
import { readValidCheckBody } from '../../api/read-valid-check-body.ts'
import { readValidSingleCheck } from '../../api/read-valid-single-check.ts'
import { DEPENDENCY_COUNT_TEXT, MAX_BODY_TEXT } from '../../api/request-limits.ts'
import {
  type CheckBody,
  CheckBodySchema,
  type CheckQuery,
  CheckQuerySchema,
} from '../../api/request-schemas.ts'
import { validateCheckBody, validateNoQuery } from '../../api/request-validator.ts'
import {
  CombinationCheckResultSchema,
  SingleCheckResultSchema,
} from '../../api/response-schemas.ts'
import { measuredSingleCheck, serializeCombinationCheckBytes } from '../../api/serialize-check.ts'
import { CHECK_PATH } from '../../api/url-paths.ts'
import type { CheckRequest } from '../../core/check/evaluate-check.ts'
import { evaluateCheck } from '../../core/check/evaluate-check.ts'
import {
  type CombinationRequest,
  evaluateCombination,
} from '../../core/check/evaluate-combination.ts'
import type { VersionLookup } from '../../core/check/resolve-project-version.ts'
import { apiBody, type CachedBody } from '../cached-body.ts'
import type { FrontDoorTiers } from '../front-door-tiers.ts'
import { getAnswerBody } from '../get-answer-body.ts'
import {
  answeredOrProven,
  type JsonBodyRoute,
  markProvenValid,
  type ReceivedBody,
  registerJsonBody,
  validateUnlessProven,
} from '../json-body.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { checkQuery } from '../query-check.ts'
import { requireJsonContentType } from '../require-json-content-type.ts'
import { sendBody } from '../send-body.ts'
import { sendBadRequest } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { FrontDoorBodyRoute, FrontDoorRoute, RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

const CHECK_PREFIX = `${CHECK_PATH}?`

/**
 * GET checks the front door may answer before Fastify: those answered before on the served
 * dataset (by exact URL), and plain single checks never asked before, which need no
 * validation beyond what `readValidSingleCheck` proves; every other query goes to the route.
 */
export function checkAtFrontDoor({
  versionLookup,
  tiers,
}: RouteContext): readonly FrontDoorRoute[] {
  return [
    {
      route: CHECK_PATH,
      path: CHECK_PREFIX,
      exact: false,
      answer: (served, url) => {
        const cached = served.answers.forUrl(url)
        if (cached !== undefined) return cached
        if (!tiers.newSingleCheck) return undefined
        const plain = readValidSingleCheck(url.slice(CHECK_PREFIX.length))
        return plain === null ? undefined : singleCheckBody(served, url, plain, versionLookup)
      },
    },
  ]
}

/** How the check route reads a body: the usual one is proven valid as it is read. */
function checkBodyRoute(tiers: FrontDoorTiers): JsonBodyRoute<CombinationRequest> {
  return tiers.bodyReaders ? { path: CHECK_PATH, prove: readValidCheckBody } : { path: CHECK_PATH }
}

/**
 * POST checks the front door may answer before Fastify: bodies answered before on the served
 * dataset (by exact text), and the usual body never sent before, proven valid as it is read;
 * every other body goes to the route.
 */
export function checkBodiesAtFrontDoor({
  versionLookup,
  tiers,
}: RouteContext): readonly FrontDoorBodyRoute[] {
  const route = checkBodyRoute(tiers)
  return [
    {
      route: CHECK_PATH,
      answer: (served, text) => {
        const known = answeredOrProven(served, route, text)
        if (known === null) return undefined
        const { answered, request } = known.body
        return (
          answered ??
          combinationBody(
            served,
            text,
            request as CombinationRequest,
            known.value as object,
            versionLookup,
          )
        )
      },
    },
  ]
}

/** A combination's answer as bytes: the GET form's and the POST's. */
function combinationBytes(
  served: ServedDataset,
  request: CombinationRequest,
  versionLookup: VersionLookup,
): Buffer {
  return serializeCombinationCheckBytes(evaluateCombination(served.dataset, request, versionLookup))
}

/**
 * A POST's answer, kept (with the value its body was read into) when its text comes again;
 * `text` is null when the body's text is not known.
 */
function combinationBody(
  served: ServedDataset,
  text: string | null,
  request: CombinationRequest,
  parsed: object,
  versionLookup: VersionLookup,
): CachedBody {
  const body = apiBody(combinationBytes(served, request, versionLookup), null, false)
  if (text !== null && served.answers.keepForBody(CHECK_PATH, text, body, parsed))
    markProvenValid(parsed)
  return body
}

/** A single check's answer for a GET of `url`, kept for the next identical request. */
function singleCheckBody(
  served: ServedDataset,
  url: string,
  request: CheckRequest,
  versionLookup: VersionLookup,
): CachedBody {
  const { json, byteLength } = measuredSingleCheck(
    evaluateCheck(served.dataset, request, versionLookup),
  )
  return getAnswerBody(served, url, json, byteLength)
}

const SINGLE_PARAMETERS = ['project', 'version', 'dependency', 'dependencyVersion'] as const

export const checkRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { holder, cacheControl, versionLookup, tiers } = context
  app.frontDoor.answer(checkAtFrontDoor(context))
  app.frontDoor.answerBodies(checkBodiesAtFrontDoor(context))
  registerJsonBody(app, holder, checkBodyRoute(tiers))

  app.get<{ Querystring: CheckQuery }>(
    CHECK_PATH,
    {
      attachValidation: true,
      schema: {
        summary: 'Check one dependency version (or a combination)',
        description:
          'Single check: project, version, dependency and dependencyVersion. Combination: project, version and dependencies (a URL-encoded JSON object); POST is recommended for combinations. Unknown projects, versions and dependencies answer 200 with "unknown".',
        operationId: 'checkDependency',
        tags: ['check'],
        querystring: CheckQuerySchema,
        response: {
          200: {
            description:
              'The check result: a single result, or a combination result when `dependencies` was sent.',
            content: {
              'application/json': {
                schema: { anyOf: [SingleCheckResultSchema, CombinationCheckResultSchema] },
              },
            },
          },
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    withServedDataset(
      holder,
      (request, reply, served) => {
        const query = request.query
        if (query.dependencies === undefined) {
          const single = query as CheckRequest
          const body = singleCheckBody(served, request.url, single, versionLookup)
          return sendBody(request, reply, body, cacheControl)
        }
        const read = readDependenciesParameter(
          query.project as string,
          query.version as string,
          query.dependencies,
        )
        if ('errors' in read) return sendBadRequest(reply, read.errors)
        const bytes = combinationBytes(served, read.request, versionLookup)
        return sendBody(request, reply, getAnswerBody(served, request.url, bytes), cacheControl)
      },
      { validated: true, moreErrors: (request) => formErrors(request.query) },
    ),
  )

  app.post<{ Body: CheckBody }>(
    CHECK_PATH,
    {
      onRequest: requireJsonContentType,
      // The POST form takes no query: a parameter is refused, with the body's faults.
      preValidation: checkQuery({
        validate: validateNoQuery,
        bodyFields: Object.keys(CheckBodySchema.properties),
        body: (request) =>
          validateCheckBody(request.body)
            ? []
            : toParameterErrors(validateCheckBody.errors as SchemaError[], 'body', request.body),
      }),
      validatorCompiler: () => validateUnlessProven(validateCheckBody),
      schema: {
        summary: 'Check a combination of dependency versions',
        description: `Checks ${DEPENDENCY_COUNT_TEXT} dependencies against one project version. The aggregate is incompatible if any check is, else unknown if any is, else compatible. Body at most ${MAX_BODY_TEXT}, content-type application/json.`,
        operationId: 'checkCombination',
        tags: ['check'],
        body: CheckBodySchema,
        response: {
          200: jsonResponse(
            'The combination result, one check per requested dependency in request order.',
            CombinationCheckResultSchema,
          ),
          ...problemResponses(400, 413, 415, 503),
        },
      },
    },
    withServedDataset(holder, (request, reply, served) => {
      const checkBody = request.jsonBody as ReceivedBody<CombinationRequest> | null
      if (checkBody?.answered != null) {
        return sendBody(request, reply, checkBody.answered, cacheControl)
      }
      // The body is valid (proven as read, or judged by the route schema); only the order of
      // its keys may be left to read.
      const { project, version, dependencies } = request.body
      const combination = checkBody?.request ?? {
        project,
        version,
        dependencies: orderedDependencies(dependencies, checkBody?.keyOrder?.get(dependencies)),
      }
      const text = checkBody?.text ?? null
      const body = combinationBody(served, text, combination, request.body, versionLookup)
      return sendBody(request, reply, body, cacheControl)
    }),
  )
}

/** Which form the query takes, and what it then lacks or must not carry (docs/api.md). */
function formErrors(query: CheckQuery): ParameterError[] {
  const errors: ParameterError[] = []
  const isCombination = Object.hasOwn(query, 'dependencies')
  const required = isCombination ? (['project', 'version'] as const) : SINGLE_PARAMETERS
  for (const name of required) {
    if (!Object.hasOwn(query, name)) errors.push({ name, in: 'query', reason: 'is required' })
  }
  if (isCombination) {
    for (const name of ['dependency', 'dependencyVersion'] as const) {
      if (Object.hasOwn(query, name)) {
        errors.push({
          name,
          in: 'query',
          reason:
            'cannot be combined with dependencies: send one dependency pair, or a dependencies object',
        })
      }
    }
  }
  return errors
}
