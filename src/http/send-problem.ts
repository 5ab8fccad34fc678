/**
 * Sends every error answer as problem+json (docs/api.md, "Errors and limits"), whether it comes
 * from our handlers, from schema validation or from Fastify itself.
 */
import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { type SchemaError, toParameterErrors } from '../api/parameter-errors.ts'
import {
  type ParameterError,
  type ParameterLocation,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  problem,
} from '../api/problem.ts'
import { MAX_BODY_TEXT, MAX_SBOM_TEXT } from '../api/request-limits.ts'
import { sbomFormatOf } from '../api/sbom-content-types.ts'
import { JsonSyntaxError } from '../core/json/parse-json-object.ts'
import { cachedBody } from './cached-body.ts'
import { API_HEADERS } from './cors.ts'
import { NotUtf8Error } from './json-body.ts'
import { answerFor } from './send-body.ts'

const PROBLEM_HEADERS = { ...API_HEADERS, vary: 'accept-encoding' }

/**
 * Sends a problem, compressed as the client accepts like every answer (`answerFor`): a file's
 * problem lists up to 100 faults.
 */
export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  const answer = answerFor(
    cachedBody(JSON.stringify(body), {
      etag: null,
      contentType: PROBLEM_CONTENT_TYPE,
      headers: PROBLEM_HEADERS,
      retained: false,
    }),
    'no-store',
    undefined,
    reply.request.headers['accept-encoding'],
  )
  reply.code(body.status)
  const { headers } = answer
  for (let index = 0; index < headers.length; index += 2) {
    reply.header(headers[index] as string, headers[index + 1])
  }
  return reply.send(answer.payload ?? undefined)
}

/** 503 while the server has no dataset to answer from (it is still starting). */
export function sendNoDataset(reply: FastifyReply): FastifyReply {
  return sendProblem(reply, problem(503, 'No dataset is loaded yet.'))
}

export function sendBadRequest(
  reply: FastifyReply,
  errors: readonly ParameterError[],
): FastifyReply {
  return sendProblem(reply, problem(400, 'The request has invalid parameters.', errors))
}

const LOCATION_OF_CONTEXT: Readonly<Record<string, ParameterLocation>> = {
  querystring: 'query',
  body: 'body',
  params: 'path',
  headers: 'header',
}

/** Fastify's own errors (body limits, media types, JSON syntax) and ours, as problem details. */
export function problemFromError(error: FastifyError, request: FastifyRequest): Problem {
  if (error.validation !== undefined) {
    const location = LOCATION_OF_CONTEXT[error.validationContext ?? 'body'] ?? 'body'
    const input = location === 'query' ? request.query : request.body
    return problem(
      400,
      'The request has invalid parameters.',
      toParameterErrors(error.validation as SchemaError[], location, input),
    )
  }
  if (error instanceof NotUtf8Error) {
    return problem(400, error.message, [{ name: 'body', in: 'body', reason: 'is not UTF-8 text' }])
  }
  if (error instanceof JsonSyntaxError) {
    return problem(400, `The body is not valid JSON: ${error.message}.`, [
      { name: 'body', in: 'body', reason: `is not valid JSON: ${error.message}` },
    ])
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // A file posted as a stack: an SBOM by its content type, or any with ?format=.
      return sbomFormatOf(request.headers['content-type']) === null &&
        (request.query as { format?: unknown } | undefined)?.format === undefined
        ? problem(413, `The body is larger than ${MAX_BODY_TEXT}.`)
        : problem(413, `The file is larger than ${MAX_SBOM_TEXT}.`)
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
  if (status >= 400 && status < 500) {
    return { ...problem(status, error.message), title: STATUS_CODES[status] ?? 'Error' }
  }
  return problem(500, 'The server failed to answer this request.')
}
