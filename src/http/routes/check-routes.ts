/**
 * `/api/v1/check`: the single check and the combination (GET form and POST), docs/api.md
 * "Results". An encapsulated plugin: the JSON body parser and the request field it fills
 * belong to this route alone.
 */
import type { FastifyPluginAsync } from 'fastify'
import { type SchemaError, toParameterErrors } from '../../api/parameter-errors.ts'
import { readPlainCheckBody } from '../../api/plain-check-body.ts'
import { readPlainSingleCheck } from '../../api/plain-single-check.ts'
import type { ParameterError } from '../../api/problem.ts'
import { orderedDependencies, readDependenciesParameter } from '../../api/read-combination.ts'
import { DEPENDENCY_COUNT_TEXT, MAX_BODY_TEXT, MAX_JSON_DEPTH } from '../../api/request-limits.ts'
import {
  type CheckBody,
  CheckBodySchema,
  type CheckQuery,
  CheckQuerySchema,
} from '../../api/request-schemas.ts'
import { validateCheckBody } from '../../api/request-validator.ts'
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
import { parseJsonObject } from '../../core/json/parse-json-object.ts'
import { parsePlainJsonObject } from '../../core/json/parse-plain-json-object.ts'
import { apiBody, type CachedBody } from '../cached-body.ts'
import { getAnswerBody } from '../get-answer-body.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { requireJsonContentType } from '../require-json-content-type.ts'
import { sendBody } from '../send-body.ts'
import { sendBadRequest, sendNoDataset } from '../send-problem.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { BodyReplayRoute, ReplayRoute, RouteContext } from './route-context.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The POST body as sent, and what is known of it (filled by this route's parser). */
    checkBody: ReceivedBody | null
  }
}

interface ReceivedBody {
  readonly text: string
  /** Key order of each object in the body, as written; null when the objects keep it. */
  readonly keyOrder: WeakMap<object, string[]> | null
  /** The answer to an identical body, made earlier on the same dataset. */
  readonly answered: CachedBody | null
  /** The request, when the body was proven valid as it was read (`readPlainCheckBody`). */
  readonly request: CombinationRequest | null
}

const CHECK_PREFIX = `${CHECK_PATH}?`

/**
 * GET checks the replay may answer before Fastify: those answered before on the served
 * dataset (by exact URL), and plain single checks never asked before, which need no
 * validation beyond what `readPlainSingleCheck` proves; every other query goes to the route.
 */
export function checkReplays({ versionLookup }: RouteContext): readonly ReplayRoute[] {
  return [
    {
      route: CHECK_PATH,
      path: CHECK_PREFIX,
      exact: false,
      answer: (served, url) => {
        const cached = served.answers.forUrl(url)
        if (cached !== undefined) return cached
        const plain = readPlainSingleCheck(url.slice(CHECK_PREFIX.length))
        return plain === null ? undefined : singleCheckBody(served, url, plain, versionLookup)
      },
    },
  ]
}

/**
 * POST checks the replay may answer before Fastify: bodies answered before on the served
 * dataset (by exact text), and the usual body never sent before, which `readPlainCheckBody`
 * proves valid; every other body goes to the route.
 */
export function checkBodyReplays({ versionLookup }: RouteContext): readonly BodyReplayRoute[] {
  return [
    {
      route: CHECK_PATH,
      answer: (served, text) => {
        const cached = served.answers.forBody(CHECK_PATH, text)
        if (cached !== undefined) return cached.body
        const valid = readPlainCheckBody(text)
        if (valid === null) return undefined
        return combinationBody(served, text, valid.request, valid.value, versionLookup)
      },
    },
  ]
}

// Bodies proven valid before the schema runs: read plain, or answered before (the answer
// cache hands back the value that passed then). The route's validator does not run the
// schema over them again. Shared by the replay and the route, which may both keep answers.
const validatedBodies = new WeakSet<object>()

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
    validatedBodies.add(parsed)
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

export const checkRoutes: FastifyPluginAsync<RouteContext> = async (
  app,
  { holder, cacheControl, versionLookup },
) => {
  const validateBody = Object.assign(
    (data: unknown): boolean => {
      if (typeof data === 'object' && data !== null && validatedBodies.has(data)) return true
      const valid = validateCheckBody(data)
      validateBody.errors = validateCheckBody.errors
      return valid
    },
    { errors: null as typeof validateCheckBody.errors },
  )

  app.decorateRequest('checkBody', null)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    // A body seen before (same dataset) has its answer ready: no parsing again.
    const cached = holder.current?.answers.forBody(CHECK_PATH, text as string)
    if (cached !== undefined) {
      const answered = cached.body
      request.checkBody = { text: text as string, keyOrder: null, answered, request: null }
      done(null, cached.parsed)
      return
    }
    // The usual body: valid as read, its request ready.
    const valid = readPlainCheckBody(text as string)
    if (valid !== null) {
      request.checkBody = {
        text: text as string,
        keyOrder: null,
        answered: null,
        request: valid.request,
      }
      validatedBodies.add(valid.value)
      done(null, valid.value)
      return
    }
    // Next, a body the engine's parser can read with keys in written order; the schema judges it.
    const plain = parsePlainJsonObject(text as string)
    if (plain !== null) {
      request.checkBody = { text: text as string, keyOrder: null, answered: null, request: null }
      done(null, plain)
      return
    }
    try {
      const parsed = parseJsonObject(text as string, MAX_JSON_DEPTH)
      const keyOrder = parsed.keyOrder
      request.checkBody = { text: text as string, keyOrder, answered: null, request: null }
      done(null, parsed.value)
    } catch (error) {
      ;(error as { statusCode?: number }).statusCode = 400
      done(error as Error, undefined)
    }
  })

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
    (request, reply) => {
      const served = holder.current
      if (served === null) return sendNoDataset(reply)
      const query = request.query
      const validation = request.validationError?.validation as SchemaError[] | undefined
      const errors = [
        ...(validation === undefined ? [] : toParameterErrors(validation, 'query', query)),
        ...formErrors(query),
      ]
      if (errors.length > 0) return sendBadRequest(reply, errors)
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
  )

  app.post<{ Body: CheckBody }>(
    CHECK_PATH,
    {
      onRequest: requireJsonContentType,
      validatorCompiler: () => validateBody,
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
    (request, reply) => {
      const served = holder.current
      if (served === null) return sendNoDataset(reply)
      const checkBody = request.checkBody
      if (checkBody?.answered != null) {
        return sendBody(request, reply, checkBody.answered, cacheControl)
      }
      // The body is valid (read plain, or judged by the route schema); only the order of its
      // keys may be left to read.
      const { project, version, dependencies } = request.body
      const combination = checkBody?.request ?? {
        project,
        version,
        dependencies: orderedDependencies(dependencies, checkBody?.keyOrder?.get(dependencies)),
      }
      const text = checkBody?.text ?? null
      const body = combinationBody(served, text, combination, request.body, versionLookup)
      return sendBody(request, reply, body, cacheControl)
    },
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
