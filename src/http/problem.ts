/**
 * Every error answer is RFC 9457 problem details (CONTRACT §5), built here and only here,
 * whether it comes from our handlers, from schema validation or from Fastify itself.
 */
import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { type Static, Type } from 'typebox'
import { JsonSyntaxError } from '../core/json/parse-json-object.ts'
import { allowAnyOrigin } from './send-json.ts'

export type ParameterLocation = 'query' | 'body' | 'path' | 'header'

export const ParameterErrorSchema = Type.Object(
  {
    name: Type.String({ description: 'The offending parameter (for a body, its field).' }),
    in: Type.Union(
      [Type.Literal('query'), Type.Literal('body'), Type.Literal('path'), Type.Literal('header')],
      {
        description: 'Where the parameter was sent.',
      },
    ),
    reason: Type.String({ description: 'What is wrong with it.' }),
  },
  { additionalProperties: false, description: 'One offending parameter.' },
)

export const ProblemSchema = Type.Object(
  {
    type: Type.String({
      description: 'Problem type URI; about:blank: the status code says it all.',
    }),
    title: Type.String({ description: 'Short summary: the HTTP status phrase.' }),
    status: Type.Integer({ description: 'The HTTP status code, repeated.' }),
    detail: Type.String({ description: 'What went wrong with this request, in one sentence.' }),
    errors: Type.Optional(
      Type.Array(ParameterErrorSchema, {
        description: 'Each offending parameter, when there are any.',
      }),
    ),
  },
  { additionalProperties: false, description: 'RFC 9457 problem details.' },
)

export type ParameterError = Static<typeof ParameterErrorSchema>
export type Problem = Static<typeof ProblemSchema>

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export function problem(
  status: number,
  detail: string,
  errors?: readonly ParameterError[],
): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors !== undefined && errors.length > 0 ? { errors: [...errors] } : {}),
  }
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return allowAnyOrigin(reply)
    .code(body.status)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body))
}

/** The shape shared by Ajv's and our own validation errors. */
export interface SchemaError {
  readonly keyword: string
  readonly instancePath: string
  readonly params: Record<string, unknown>
  readonly message?: string
  readonly propertyName?: string
}

const LOCATION_OF_CONTEXT: Readonly<Record<string, ParameterLocation>> = {
  querystring: 'query',
  body: 'body',
  params: 'path',
  headers: 'header',
}

/** Turns schema errors into one entry per offending parameter, with a reason a person can act on. */
export function toParameterErrors(
  errors: readonly SchemaError[],
  location: ParameterLocation,
  input: unknown,
): ParameterError[] {
  const result: ParameterError[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const described = describe(error, input)
    if (described === null) continue
    const key = `${described.name}\0${described.reason}`
    if (seen.has(key)) continue
    seen.add(key)
    result.push({ name: described.name, in: location, reason: described.reason })
  }
  return result
}

function describe(error: SchemaError, input: unknown): { name: string; reason: string } | null {
  const [field, key] = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
  if (field === undefined) {
    if (error.keyword === 'required') {
      return { name: String(error.params.missingProperty), reason: 'is required' }
    }
    if (error.keyword === 'additionalProperties') {
      return {
        name: String(error.params.additionalProperty),
        reason: 'is not a parameter of this request',
      }
    }
    if (error.keyword === 'type') return { name: 'body', reason: 'must be a JSON object' }
    return { name: 'body', reason: error.message ?? error.keyword }
  }
  const value = (input as Record<string, unknown> | null | undefined)?.[field]
  if (field === 'dependencies' && key === undefined) {
    if (error.propertyName !== undefined) {
      return {
        name: field,
        reason: `key ${JSON.stringify(error.propertyName)} ${valueRule(error, undefined)}`,
      }
    }
    switch (error.keyword) {
      case 'propertyNames':
        return null
      case 'type':
        return {
          name: field,
          reason:
            Array.isArray(value) && typeof value[0] === 'string'
              ? 'is given more than once'
              : 'must be a JSON object of dependency keys to version strings',
        }
      case 'minProperties':
      case 'maxProperties':
        return { name: field, reason: 'must hold 1 to 32 dependencies' }
    }
  }
  if (field === 'dependencies' && key !== undefined) {
    return { name: field, reason: `value of ${JSON.stringify(key)} ${valueRule(error, undefined)}` }
  }
  return { name: field, reason: valueRule(error, value) }
}

function valueRule(error: SchemaError, value: unknown): string {
  switch (error.keyword) {
    case 'type':
      return Array.isArray(value) ? 'is given more than once' : 'must be a string'
    case 'minLength':
      return 'must not be empty'
    case 'maxLength':
      return `must be at most ${String(error.params.limit)} characters`
    case 'pattern':
      return 'must not contain control characters'
    default:
      return error.message ?? error.keyword
  }
}

/** Fastify's own errors (body limits, media types, JSON syntax) and ours, as problem details. */
export function problemFromError(error: FastifyError, request: FastifyRequest): Problem {
  if (error.validation !== undefined) {
    const location = LOCATION_OF_CONTEXT[error.validationContext ?? 'body'] ?? 'body'
    const input = location === 'query' ? request.query : request.body
    return problem(
      400,
      'The request has invalid parameters.',
      toParameterErrors(error.validation, location, input),
    )
  }
  if (error instanceof JsonSyntaxError) {
    return problem(400, `The body is not valid JSON: ${error.message}.`, [
      { name: 'body', in: 'body', reason: `is not valid JSON: ${error.message}` },
    ])
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem(413, 'The body is larger than 16 KiB.')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem(415, 'The body must be sent as content-type: application/json.')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem(400, 'The body is empty; send a JSON object.', [
        { name: 'body', in: 'body', reason: 'must not be empty' },
      ])
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problem(400, 'The content-length header does not match the body.')
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return problem(status, error.message)
  return problem(500, 'The server failed to answer this request.')
}
