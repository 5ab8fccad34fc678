import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import { evaluateCheck, evaluateCombination } from '../../core/check/evaluate-check.ts'
import { JsonSyntaxError, parseJsonObject } from '../../core/json/parse-json-object.ts'
import { cachedBody } from '../cached-body.ts'
import { MAX_JSON_DEPTH } from '../limits.ts'
import {
  type ParameterError,
  problem,
  type SchemaError,
  sendProblem,
  toParameterErrors,
} from '../problem.ts'
import { CheckBodySchema, CheckQuerySchema } from '../request-schemas.ts'
import { ajv } from '../request-validator.ts'
import {
  CombinationCheckResultSchema,
  jsonResponse,
  notModifiedResponse,
  problemResponses,
  SingleCheckResultSchema,
} from '../response-schemas.ts'
import { sendBody, urlTag } from '../send-json.ts'
import { serializeCombinationCheck, serializeSingleCheck } from '../serialize-check.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { RouteContext } from './route-context.ts'

type CheckQuery = Static<typeof CheckQuerySchema>
type CheckBody = Static<typeof CheckBodySchema>

const validateCombination = ajv.compile(CheckBodySchema)
const SINGLE_PARAMETERS = ['project', 'version', 'dependency', 'dependencyVersion'] as const

export function checkRoutes(app: FastifyInstance, { holder, cacheMaxAge }: RouteContext): void {
  app.get<{ Querystring: CheckQuery }>(
    '/api/v1/check',
    {
      attachValidation: true,
      // An answer already computed for this URL goes out before validation and evaluation:
      // a repeated check costs what a static file costs.
      onRequest: (request, reply, done) => {
        const cached = holder.current?.answers.get(getAnswerKey(request.url))
        if (cached === undefined) return done()
        sendBody(request, reply, cached.body, cacheMaxAge)
      },
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
      if (served === null) return sendProblem(reply, problem(503, 'No dataset is loaded yet.'))
      const query = request.query
      const errors = [
        ...(request.validationError?.validation === undefined
          ? []
          : toParameterErrors(request.validationError.validation as SchemaError[], 'query', query)),
        ...formErrors(query),
      ]
      if (errors.length > 0) return badRequest(reply, errors)
      const json =
        query.dependencies === undefined
          ? serializeSingleCheck(evaluateCheck(served.dataset, query as Required<CheckQuery>))
          : combinationJson(served, query)
      if (typeof json !== 'string') return badRequest(reply, json)
      const body = cachedBody(json, `W/"${served.tag}-${urlTag(request.url)}"`)
      served.answers.set(getAnswerKey(request.url), { body })
      return sendBody(request, reply, body, cacheMaxAge)
    },
  )

  app.post<{ Body: CheckBody }>(
    '/api/v1/check',
    {
      onRequest: requireJsonContentType,
      schema: {
        summary: 'Check a combination of dependency versions',
        description:
          'Checks 1 to 32 dependencies against one project version. The aggregate is incompatible if any check is, else unknown if any is, else compatible. Body at most 16 KiB, content-type application/json.',
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
      if (served === null) return sendProblem(reply, problem(503, 'No dataset is loaded yet.'))
      if (request.cachedAnswer !== null) {
        return sendBody(request, reply, request.cachedAnswer.body, cacheMaxAge)
      }
      const { project, version, dependencies } = request.body
      const order = request.jsonKeyOrder?.get(dependencies) ?? Object.keys(dependencies)
      const result = evaluateCombination(served.dataset, {
        project,
        version,
        dependencies: order.map((key) => [key, dependencies[key] as string] as const),
      })
      const body = cachedBody(serializeCombinationCheck(result), null)
      if (request.bodyText !== null) {
        served.answers.set(postAnswerKey(request.bodyText), { body, request: request.body })
      }
      return sendBody(request, reply, body, cacheMaxAge)
    },
  )
}

/** Where a GET answer is cached: by the exact URL (path and query). */
function getAnswerKey(url: string): string {
  return url
}

/** Where a POST answer is cached: by the exact body text (never starts with '/'). */
export function postAnswerKey(bodyText: string): string {
  return `POST ${bodyText}`
}

/** The GET form's combination: its JSON answer, or what is wrong with `dependencies`. */
function combinationJson(served: ServedDataset, query: CheckQuery): string | ParameterError[] {
  let parsed: ReturnType<typeof parseJsonObject>
  try {
    parsed = parseJsonObject(query.dependencies as string, MAX_JSON_DEPTH)
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    return [
      {
        name: 'dependencies',
        in: 'query',
        reason: `must be a URL-encoded JSON object: ${error.message}`,
      },
    ]
  }
  const candidate = { project: query.project, version: query.version, dependencies: parsed.value }
  if (!validateCombination(candidate)) {
    return toParameterErrors(validateCombination.errors as SchemaError[], 'query', candidate)
  }
  const dependencies = parsed.value as Record<string, string>
  const order = parsed.keyOrder.get(dependencies) ?? Object.keys(dependencies)
  const result = evaluateCombination(served.dataset, {
    project: query.project as string,
    version: query.version as string,
    dependencies: order.map((key) => [key, dependencies[key] as string] as const),
  })
  return serializeCombinationCheck(result)
}

/** Which form the query takes, and what it then lacks or must not carry (CONTRACT §4). */
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

function badRequest(reply: FastifyReply, errors: ParameterError[]): FastifyReply {
  return sendProblem(reply, problem(400, 'The request has invalid parameters.', errors))
}

/** 415 before the body is read: only application/json (any parameters, such as charset). */
async function requireJsonContentType(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    await sendProblem(
      reply,
      problem(415, 'The body must be sent as content-type: application/json.'),
    )
  }
}
