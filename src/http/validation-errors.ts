import type { FastifyRequest } from 'fastify'
import { type SchemaError, toParameterErrors } from '../api/parameter-errors.ts'
import type { ParameterError, ParameterLocation } from '../api/problem.ts'

const LOCATION: Readonly<Record<string, ParameterLocation>> = {
  params: 'path',
  querystring: 'query',
  body: 'body',
  headers: 'header',
}

/**
 * The schema errors of a route that takes them itself (`attachValidation`), one per offending
 * parameter with its location; empty when the request is valid.
 */
export function validationErrors(request: FastifyRequest): ParameterError[] {
  const error = request.validationError
  if (error === undefined || error === null) return []
  const location = LOCATION[error.validationContext ?? 'querystring'] ?? 'query'
  const input =
    location === 'path' ? request.params : location === 'body' ? request.body : request.query
  return toParameterErrors((error.validation ?? []) as SchemaError[], location, input)
}
